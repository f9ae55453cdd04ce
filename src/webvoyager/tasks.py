"""Tasks and their success checks, read from JSONL files in the WebVoyager schema.

A task file has one JSON object per line with the WebVoyager fields `web_name`, `id`, `ques`, `web`,
and optionally (sandbox and custom suites):

* `check`: `{"answer": {...}, "state": {...}}`; every check given must pass for success.
  answer checks: `{"type": "exact", "value": "..."}`, `{"type": "contains_all", "values": [...]}`,
  `{"type": "number", "value": 12.5, "tolerance": 0.01}`, `{"type": "one_of", "values": [...]}`;
  all compare case- and whitespace-insensitively.
  state checks: `{"type": "url", "contains": "...", "regex": "..."}`,
  `{"type": "page_text", "contains": [...]}`, `{"type": "storage", "key": "cart", "contains": [...]}`
  (cookie or localStorage value of the final page).
* `reference`: a reference solution, `{"steps": [...], "answer": "..."}` (see `ReferenceStep`).
* `max_steps`: a per-task step budget.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlparse

from webvoyager.errors import TaskFileError
from webvoyager.fileio import iter_jsonl


def normalize_text(text: str) -> str:
    """Lower-case, unify quotes and dashes, and collapse whitespace, for lenient comparisons."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


_NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")


def _numbers_in(text: str) -> list[float]:
    return [float(m.group(0).replace(",", "")) for m in _NUMBER.finditer(text)]


@dataclass(frozen=True)
class PageState:
    """What the browser shows at the end of a task, for final-state checks."""

    url: str = ""
    title: str = ""
    text: str = ""
    cookies: dict[str, str] = field(default_factory=dict)
    local_storage: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AnswerCheck:
    """A check on the agent's final answer text."""

    type: str
    value: str | float | None = None
    values: tuple[str, ...] = ()
    tolerance: float = 0.0

    TYPES = ("exact", "contains_all", "number", "one_of")

    def passes(self, answer: str | None) -> bool:
        """True when `answer` satisfies the check (None never does)."""
        if answer is None:
            return False
        got = normalize_text(answer)
        if self.type == "exact":
            want = normalize_text(str(self.value)).rstrip(".")
            return got.rstrip(".") == want
        if self.type == "contains_all":
            return all(normalize_text(v) in got for v in self.values)
        if self.type == "one_of":
            return any(normalize_text(v) == got.rstrip(".") or normalize_text(v) in got for v in self.values)
        if self.type == "number":
            assert isinstance(self.value, (int, float))
            return any(math.isclose(n, float(self.value), abs_tol=self.tolerance, rel_tol=0.0)
                       for n in _numbers_in(answer))
        raise ValueError(f"unknown answer check type {self.type!r}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.value is not None:
            out["value"] = self.value
        if self.values:
            out["values"] = list(self.values)
        if self.tolerance:
            out["tolerance"] = self.tolerance
        return out


@dataclass(frozen=True)
class StateCheck:
    """A check on the final page state (URL, visible text, or a cookie/localStorage value)."""

    type: str
    contains: tuple[str, ...] = ()
    regex: str | None = None
    key: str | None = None

    TYPES = ("url", "page_text", "storage")

    def passes(self, state: PageState | None) -> bool:
        """True when `state` satisfies the check (None never does)."""
        if state is None:
            return False
        if self.type == "url":
            target = state.url
            ok = all(c.lower() in target.lower() for c in self.contains)
            return ok and (self.regex is None or re.search(self.regex, target) is not None)
        if self.type == "page_text":
            text = normalize_text(state.text)
            return all(normalize_text(c) in text for c in self.contains)
        if self.type == "storage":
            assert self.key is not None
            raw = state.local_storage.get(self.key, state.cookies.get(self.key))
            if raw is None:
                return False
            value = normalize_text(raw)
            return all(normalize_text(c) in value for c in self.contains)
        raise ValueError(f"unknown state check type {self.type!r}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.contains:
            out["contains"] = list(self.contains)
        if self.regex:
            out["regex"] = self.regex
        if self.key:
            out["key"] = self.key
        return out


@dataclass(frozen=True)
class Target:
    """How a reference step names an element: by what a person sees, never by a label number.

    `text` must equal the element's visible text or aria-label (normalized); `text_contains` must
    occur in it; `placeholder` must equal the placeholder; `tag`/`role`/`type` narrow the match;
    `nth` picks among several matches in reading order (otherwise several matches is an error).
    """

    text: str | None = None
    text_contains: str | None = None
    placeholder: str | None = None
    tag: str | None = None
    role: str | None = None
    type: str | None = None
    nth: int | None = None

    def describe(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.__dict__.items() if v is not None]
        return "element with " + ", ".join(parts)


@dataclass(frozen=True)
class ReferenceStep:
    """One step of a reference solution.

    `do` is one of: click, type, select, hover, scroll, press, back, wait, answer.
    click/type/select/hover need `target`; type needs `text` (and `enter`, default true);
    select needs `option`; scroll has `direction` (up/down) and an optional `target` (an inner
    scrollable element); press needs `key`.
    """

    do: str
    target: Target | None = None
    text: str | None = None
    option: str | None = None
    direction: str = "down"
    key: str | None = None
    enter: bool = True

    KINDS = ("click", "type", "select", "hover", "scroll", "press", "back", "wait", "answer")


@dataclass(frozen=True)
class ReferenceSolution:
    """The steps a person would take and the final answer."""

    steps: tuple[ReferenceStep, ...]
    answer: str


@dataclass(frozen=True)
class Task:
    """One thing for the agent to do, starting at `start_url`."""

    id: str
    question: str
    start_url: str
    site: str = ""
    answer_check: AnswerCheck | None = None
    state_check: StateCheck | None = None
    reference: ReferenceSolution | None = None
    max_steps: int | None = None
    golden_answer: str | None = None
    original_question: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def checkable(self) -> bool:
        """True when success can be decided by code (an answer or state check exists)."""
        return self.answer_check is not None or self.state_check is not None

    def check(self, answer: str | None, final_page_state: PageState | None = None) -> bool | None:
        """Success by the task's own checks; None when the task has no check."""
        if not self.checkable:
            return None
        ok = True
        if self.answer_check is not None:
            ok = ok and self.answer_check.passes(answer)
        if self.state_check is not None:
            ok = ok and self.state_check.passes(final_page_state)
        return ok

    def to_record(self) -> dict[str, Any]:
        """The JSONL record for this task (inverse of `task_from_record`)."""
        rec: dict[str, Any] = {"web_name": self.site, "id": self.id, "ques": self.question, "web": self.start_url}
        check: dict[str, Any] = {}
        if self.answer_check:
            check["answer"] = self.answer_check.to_dict()
        if self.state_check:
            check["state"] = self.state_check.to_dict()
        if check:
            rec["check"] = check
        if self.reference:
            rec["reference"] = {
                "steps": [_step_to_dict(s) for s in self.reference.steps],
                "answer": self.reference.answer,
            }
        if self.max_steps is not None:
            rec["max_steps"] = self.max_steps
        rec.update(self.extra)
        return rec


def _step_to_dict(step: ReferenceStep) -> dict[str, Any]:
    out: dict[str, Any] = {"do": step.do}
    if step.target:
        out["target"] = {k: v for k, v in step.target.__dict__.items() if v is not None}
    for name in ("text", "option", "key"):
        if getattr(step, name) is not None:
            out[name] = getattr(step, name)
    if step.do == "scroll":
        out["direction"] = step.direction
    if step.do == "type" and not step.enter:
        out["enter"] = False
    return out


class _Where:
    """Builds TaskFileError messages that name the file, the line and the field."""

    def __init__(self, source: str, line: int) -> None:
        self.source, self.line = source, line

    def error(self, msg: str) -> TaskFileError:
        return TaskFileError(f"{self.source}, line {self.line}: {msg}")


def _req_str(rec: dict[str, Any], key: str, where: _Where) -> str:
    value = rec.get(key)
    if not isinstance(value, str) or not value.strip():
        raise where.error(f"field {key!r} must be a non-empty string (got {value!r}); "
                          "each line needs 'id', 'ques' and 'web'")
    return value


def _parse_answer_check(raw: Any, where: _Where) -> AnswerCheck:
    if not isinstance(raw, dict) or raw.get("type") not in AnswerCheck.TYPES:
        raise where.error(f"check.answer must be an object with type one of {AnswerCheck.TYPES}, got {raw!r}")
    kind = raw["type"]
    if kind in ("exact",) and not isinstance(raw.get("value"), (str, int, float)):
        raise where.error("check.answer of type 'exact' needs a 'value'")
    if kind == "number" and not isinstance(raw.get("value"), (int, float)):
        raise where.error("check.answer of type 'number' needs a numeric 'value'")
    if kind in ("contains_all", "one_of"):
        vals = raw.get("values")
        if not isinstance(vals, list) or not vals or not all(isinstance(v, str) for v in vals):
            raise where.error(f"check.answer of type {kind!r} needs 'values': a non-empty list of strings")
    return AnswerCheck(type=kind, value=raw.get("value"), values=tuple(raw.get("values") or ()),
                       tolerance=float(raw.get("tolerance", 0.0)))


def _parse_state_check(raw: Any, where: _Where) -> StateCheck:
    if not isinstance(raw, dict) or raw.get("type") not in StateCheck.TYPES:
        raise where.error(f"check.state must be an object with type one of {StateCheck.TYPES}, got {raw!r}")
    contains = raw.get("contains", [])
    if isinstance(contains, str):
        contains = [contains]
    if raw["type"] == "storage" and not isinstance(raw.get("key"), str):
        raise where.error("check.state of type 'storage' needs a 'key'")
    if not contains and not raw.get("regex"):
        raise where.error("check.state needs 'contains' (string or list) or 'regex'")
    return StateCheck(type=raw["type"], contains=tuple(contains), regex=raw.get("regex"), key=raw.get("key"))


def _parse_reference(raw: Any, where: _Where) -> ReferenceSolution:
    if not isinstance(raw, dict) or not isinstance(raw.get("steps"), list) or not isinstance(raw.get("answer"), str):
        raise where.error("reference must be {\"steps\": [...], \"answer\": \"...\"}")
    steps = []
    for i, s in enumerate(raw["steps"]):
        if not isinstance(s, dict) or s.get("do") not in ReferenceStep.KINDS:
            raise where.error(f"reference step {i}: 'do' must be one of {ReferenceStep.KINDS}, got {s!r}")
        target = None
        if s.get("target") is not None:
            t = s["target"]
            known = set(Target.__dataclass_fields__)
            if not isinstance(t, dict) or not set(t) <= known or not t:
                raise where.error(f"reference step {i}: target must be an object with keys from {sorted(known)}")
            target = Target(**t)
        if s["do"] in ("click", "type", "select", "hover") and target is None:
            raise where.error(f"reference step {i}: {s['do']!r} needs a target")
        if s["do"] == "type" and not isinstance(s.get("text"), str):
            raise where.error(f"reference step {i}: 'type' needs 'text'")
        if s["do"] == "select" and not isinstance(s.get("option"), str):
            raise where.error(f"reference step {i}: 'select' needs 'option'")
        if s["do"] == "press" and not isinstance(s.get("key"), str):
            raise where.error(f"reference step {i}: 'press' needs 'key'")
        if s.get("direction", "down") not in ("up", "down"):
            raise where.error(f"reference step {i}: direction must be 'up' or 'down'")
        steps.append(ReferenceStep(do=s["do"], target=target, text=s.get("text"), option=s.get("option"),
                                   direction=s.get("direction", "down"), key=s.get("key"),
                                   enter=bool(s.get("enter", True))))
    return ReferenceSolution(steps=tuple(steps), answer=raw["answer"])


_KNOWN_KEYS = {"web_name", "id", "ques", "web", "check", "reference", "max_steps", "task_id"}


def task_from_record(rec: dict[str, Any], *, source: str = "<record>", line: int = 0) -> Task:
    """Build a Task from one JSONL record; raises TaskFileError naming what is wrong."""
    where = _Where(source, line)
    if not isinstance(rec, dict):
        raise where.error(f"expected a JSON object, got {type(rec).__name__}")
    task_id = rec.get("id", rec.get("task_id"))
    if isinstance(task_id, int):
        task_id = str(task_id)
    if not isinstance(task_id, str) or not task_id.strip():
        raise where.error("field 'id' must be a non-empty string; each line needs 'id', 'ques' and 'web'")
    question = _req_str(rec, "ques", where)
    url = _req_str(rec, "web", where)
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https", "file") or not (parsed.netloc or parsed.scheme == "file"):
        raise where.error(f"field 'web' must be an http(s) URL, got {url!r}")
    check = rec.get("check") or {}
    if not isinstance(check, dict):
        raise where.error("field 'check' must be an object with 'answer' and/or 'state'")
    max_steps = rec.get("max_steps")
    if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
        raise where.error("field 'max_steps' must be a positive integer")
    site = rec.get("web_name") or (parsed.hostname or "")
    return Task(
        id=task_id.strip(),
        question=question,
        start_url=url,
        site=str(site),
        answer_check=_parse_answer_check(check["answer"], where) if check.get("answer") else None,
        state_check=_parse_state_check(check["state"], where) if check.get("state") else None,
        reference=_parse_reference(rec["reference"], where) if rec.get("reference") is not None else None,
        max_steps=max_steps,
        extra={k: v for k, v in rec.items() if k not in _KNOWN_KEYS},
    )


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
    """Read a tasks JSONL file (WebVoyager schema plus optional checks and reference solutions)."""
    path = Path(path)
    if not path.is_file():
        raise TaskFileError(f"task file {path} does not exist; pass the path of a JSONL file with one task per line")
    with path.open(encoding="utf-8") as handle:
        tasks = parse_tasks(handle, source=str(path))
    if not tasks:
        raise TaskFileError(f"task file {path} holds no tasks")
    return tasks
