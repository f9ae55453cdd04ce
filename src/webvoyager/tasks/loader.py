"""Reading task files: JSONL in the WebVoyager schema (`web_name`, `id`, `ques`, `web`) plus our fields.

A line that does not fit the schema is a `TaskFileError` naming the file, the line and the field, and
saying what is expected, e.g. `tasks.jsonl, line 3: check.answer.0.value: a number is needed (got 'six')`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlparse

from pydantic import ValidationError

from webvoyager.errors import TaskFileError
from webvoyager.fileio import iter_jsonl, read_text_file
from webvoyager.tasks.model import Task

KNOWN_KEYS = frozenset({"web_name", "id", "task_id", "ques", "web", "check", "reference", "probes", "max_steps",
                        "attack", "twin_of"})


def _where(source: str, line: int) -> str:
    return f"{source}, line {line}" if line else source


def _describe(exc: ValidationError) -> str:
    """The first problems pydantic found, as `field.path: message` in plain words."""
    parts = []
    for error in exc.errors()[:3]:
        path = ".".join(str(p) for p in error["loc"] if not str(p).startswith("function-"))
        message = error["msg"].removeprefix("Value error, ")
        got = error.get("input")
        shown = "" if isinstance(got, (dict, list)) else f" (got {got!r})"
        parts.append(f"{path or 'the task'}: {message}{shown}")
    more = f" (and {len(exc.errors()) - 3} more)" if len(exc.errors()) > 3 else ""
    return "; ".join(parts) + more


# The plain fields of a record and the JSON types each may have (null: absent); the nested ones (check,
# reference, probes, attack) are typed by the pydantic schema. bool is refused where a number is meant.
_FIELD_TYPES: dict[str, tuple[type, ...]] = {"web_name": (str,), "max_steps": (int,), "twin_of": (str,)}
_JSON_NAMES = {str: "a string", int: "a whole number"}


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", bool: "true/false", str: "a string", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def _check_field_types(rec: dict[str, Any], where: str, task_id: str) -> None:
    """TaskFileError naming the task and the field when a plain field has the wrong JSON type (a site
    name given as an object or a number would otherwise be shown as one)."""
    for key, types in _FIELD_TYPES.items():
        value = rec.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, types):
            wanted = " or ".join(_JSON_NAMES[t] for t in types)
            raise TaskFileError(f"{where}: task {task_id!r}: field {key!r} must be {wanted}, got "
                                f"{_json_type(value)} ({value!r})")


def task_from_record(rec: dict[str, Any], *, source: str = "<record>", line: int = 0) -> Task:
    """Build a Task from one JSONL record; raises TaskFileError naming what is wrong."""
    where = _where(source, line)
    if not isinstance(rec, dict):
        raise TaskFileError(f"{where}: expected a JSON object, got {type(rec).__name__}")
    task_id = rec.get("id", rec.get("task_id"))
    if isinstance(task_id, int) and not isinstance(task_id, bool):
        task_id = str(task_id)
    if not isinstance(task_id, str) or not task_id.strip():
        raise TaskFileError(f"{where}: field 'id' must be a non-empty string; each line needs 'id', 'ques' and 'web'")
    for key in ("ques", "web"):
        if not isinstance(rec.get(key), str) or not rec[key].strip():
            raise TaskFileError(f"{where}: field {key!r} must be a non-empty string (got {rec.get(key)!r}); "
                                "each line needs 'id', 'ques' and 'web'")
    _check_field_types(rec, where, task_id.strip())
    url = rec["web"]
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https", "file") or not (parsed.netloc or parsed.scheme == "file"):
        raise TaskFileError(f"{where}: field 'web' must be an http(s) URL, got {url!r}")
    try:
        return Task.model_validate({
            "id": task_id.strip(), "question": rec["ques"], "start_url": url,
            "site": rec.get("web_name") or parsed.hostname or "",
            "checks": rec.get("check"), "reference": rec.get("reference"), "probes": rec.get("probes"),
            "max_steps": rec.get("max_steps"), "attack": rec.get("attack"), "twin_of": rec.get("twin_of"),
            "extra": {k: v for k, v in rec.items() if k not in KNOWN_KEYS},
        })
    except ValidationError as exc:
        message = _describe(exc).replace("checks.", "check.").replace("checks:", "check:")
        raise TaskFileError(f"{where}: {message}") from None


def task_to_record(task: Task) -> dict[str, Any]:
    """The JSONL record of a task (the inverse of `task_from_record`)."""
    rec: dict[str, Any] = {"web_name": task.site, "id": task.id, "ques": task.question, "web": task.start_url}
    if task.checks is not None:
        rec["check"] = task.checks.model_dump(mode="json", exclude_defaults=True)
    if task.reference is not None:
        rec["reference"] = task.reference.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if task.probes is not None:
        rec["probes"] = task.probes.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if task.max_steps is not None:
        rec["max_steps"] = task.max_steps
    if task.attack is not None:
        rec["attack"] = task.attack.model_dump(mode="json", exclude_defaults=True)
    if task.twin_of is not None:
        rec["twin_of"] = task.twin_of
    rec.update(task.extra)
    return rec


def parse_tasks(lines: Iterable[str], *, source: str = "<tasks>") -> list[Task]:
    """Parse JSONL text lines into Tasks; blank lines are skipped, duplicate ids are an error."""
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for number, rec in iter_jsonl(lines, source=source):
        task = task_from_record(rec, source=source, line=number)
        if task.id in seen:
            raise TaskFileError(f"{source}, line {number}: duplicate task id {task.id!r} (first on line {seen[task.id]})")
        seen[task.id] = number
        tasks.append(task)
    return tasks


def load_tasks(path: str | Path) -> list[Task]:
    """Read a tasks JSONL file (WebVoyager schema plus optional checks, reference solutions and probes)."""
    path = Path(path)
    if not path.is_file():
        raise TaskFileError(f"task file {path} does not exist; pass the path of a JSONL file with one task per line")
    tasks = parse_tasks(read_text_file(path, TaskFileError, what="task file").splitlines(), source=str(path))
    if not tasks:
        raise TaskFileError(f"task file {path} holds no tasks")
    return tasks
