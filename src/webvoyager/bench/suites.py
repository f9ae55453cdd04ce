"""Task suites for `webvoyager bench`: the WebVoyager 643, the GAIA web subset, SeeAct's online tasks,
the local sandbox, or any JSONL file in the WebVoyager schema.

Benchmark data is never shipped with the package; the user points at their own copy with `--data` or
the `WEBVOYAGER_DATA` environment variable (a folder holding the files, or the file itself).
"""

from __future__ import annotations

import ast
import json
import os
from datetime import date
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlparse

from webvoyager.runs.golden import load_reference_answers
from webvoyager.bench.redate import redate_task
from webvoyager.errors import ConfigError, TaskFileError
from webvoyager.fileio import iter_jsonl
from webvoyager.sandbox.catalog import load_hostile_tasks, load_sandbox_tasks
from webvoyager.tasks import Task, load_tasks, task_from_record

SUITES = ("webvoyager", "gaia", "seeact-online", "sandbox", "hostile")

_GET_DATA = ("download it from https://github.com/MinorJerry/WebVoyager (folder data/) and pass its folder "
             "with --data or the WEBVOYAGER_DATA environment variable")
_GET_SEEACT = ("download the task list from https://github.com/OSU-NLP-Group/SeeAct (data/online_tasks/) and "
               "pass it with --data or WEBVOYAGER_DATA")


def load_suite(
    name_or_path: str,
    *,
    data_dir: str | Path | None = None,
    sites: Iterable[str] = (),
    ids: Iterable[str] = (),
    limit: int | None = None,
    redate: bool = False,
    today: date | None = None,
    port: int | None = None,
    site_table: str | Path | None = None,
) -> list[Task]:
    """Load a suite by name (see SUITES) or a JSONL path, then filter, limit and optionally redate it.

    `port` is the running sandbox's port (suite "sandbox"); `site_table` maps SeeAct short site names
    to URLs (a JSON object, or SeeAct's `website_dict` in JSON or Python form).
    """
    data = Path(data_dir) if data_dir else (Path(os.environ["WEBVOYAGER_DATA"]) if os.environ.get("WEBVOYAGER_DATA") else None)
    if name_or_path == "webvoyager":
        path = _find(data, "WebVoyager_data.jsonl", "the WebVoyager task file WebVoyager_data.jsonl", _GET_DATA)
        tasks = _with_golden(load_tasks(path), path.parent / "reference_answer.json")
    elif name_or_path == "gaia":
        tasks = _load_gaia(_find(data, "GAIA_web.jsonl", "the GAIA web subset GAIA_web.jsonl", _GET_DATA))
    elif name_or_path == "seeact-online":
        path = _find(data, "online_tasks/merged_online_90_tasks.json", "a SeeAct online task list", _GET_SEEACT)
        tasks = _load_seeact(path, site_table)
    elif name_or_path == "sandbox":
        tasks = load_sandbox_tasks(port)
    elif name_or_path == "hostile":
        tasks = load_hostile_tasks(port)
    else:
        path = Path(name_or_path)
        if not path.is_file():
            raise ConfigError(f"unknown suite {name_or_path!r}: use one of {', '.join(SUITES)} or the path of a "
                              "tasks JSONL file")
        tasks = load_tasks(path)
        if (path.parent / "reference_answer.json").is_file():
            tasks = _with_golden(tasks, path.parent / "reference_answer.json")
    tasks = filter_tasks(tasks, sites=sites, ids=ids, limit=limit)
    if redate:
        today = today or date.today()
        tasks = [redate_task(t, today) for t in tasks]
    return tasks


def filter_tasks(tasks: list[Task], *, sites: Iterable[str] = (), ids: Iterable[str] = (),
                 limit: int | None = None) -> list[Task]:
    """Keep tasks on the given sites and/or with the given ids, then the first `limit`.

    A site is named case-insensitively by its display name, its host's first label ("hotels" for
    http://hotels.localhost/) or its task-id prefix ("Allrecipes" in "Allrecipes--3").
    """
    sites, ids = list(sites), list(ids)
    if sites:
        wanted = {s.lower() for s in sites}
        unknown = [s for s in sites if not any(s.lower() in _site_names(t) for t in tasks)]
        if unknown:
            raise ConfigError(f"no tasks on site(s) {', '.join(unknown)}; sites in this suite: "
                              f"{', '.join(sorted({t.site for t in tasks}))}")
        tasks = [t for t in tasks if _site_names(t) & wanted]
    if ids:
        by_id = {t.id for t in tasks}
        missing = [i for i in ids if i not in by_id]
        if missing:
            examples = ", ".join(t.id for t in tasks[:3])
            raise ConfigError(f"unknown task id(s) {', '.join(missing)} (after the site filter); "
                              f"ids in this suite look like {examples or 'nothing: the filter left no task'}")
        wanted_ids = set(ids)
        tasks = [t for t in tasks if t.id in wanted_ids]
    if limit is not None:
        if limit < 1:
            raise ConfigError("--limit must be at least 1")
        tasks = tasks[:limit]
    return tasks


def _site_names(task: Task) -> set[str]:
    """Names a task's site answers to: its display name, its host's first label, its id prefix ("Site--n")."""
    host = (urlparse(task.start_url).hostname or "").removeprefix("www.")
    names = {task.site.lower(), host.split(".")[0]}
    if "--" in task.id:
        names.add(task.id.split("--")[0].lower())
    return names - {""}


def _find(data: Path | None, name: str, what: str, how: str) -> Path:
    """The file: `data` itself, or `data/name`, or `data/<basename of name>`."""
    if data is None:
        raise ConfigError(f"this suite needs {what}; {how}")
    for candidate in (data, data / name, data / Path(name).name):
        if candidate.is_file():
            return candidate
    raise ConfigError(f"{what} not found at {data}; {how}")


def _with_golden(tasks: list[Task], answers_path: Path) -> list[Task]:
    """Attach golden answers (type 'golden') and keep every reference answer in `extra`."""
    if not answers_path.is_file():
        return tasks
    answers = load_reference_answers(answers_path)
    out = []
    for task in tasks:
        kind, ans = answers.get(task.id, (None, None))
        if kind is None:
            out.append(task)
            continue
        extra = {**task.extra, "reference_answer": ans, "reference_answer_type": kind}
        out.append(task.replace(golden_answer=ans if kind == "golden" else None, extra=extra))
    return out


def _load_gaia(path: Path) -> list[Task]:
    tasks = []
    with path.open(encoding="utf-8") as handle:
        for number, rec in iter_jsonl(handle, source=str(path)):
            if "Final answer" not in rec:
                raise TaskFileError(f"{path}, line {number}: a GAIA record needs 'Final answer'")
            level = rec.get("Level")
            base = {k: v for k, v in rec.items() if k not in ("Final answer", "Level", "task_id")}
            base["web_name"] = f"GAIA level {level}"
            task = task_from_record(base, source=str(path), line=number)
            extra = {**task.extra, "gaia_task_id": rec.get("task_id"), "level": level}
            tasks.append(task.replace(golden_answer=str(rec["Final answer"]), extra=extra))
    return tasks


def load_site_table(path: Path) -> dict[str, str]:
    """SeeAct's short site name -> URL table, from JSON (flat, or under `website_dict`) or SeeAct's .py."""
    text = path.read_text(encoding="utf-8")
    table: Any
    if path.suffix == ".py":
        # Read the literal only; the user's file is never executed.
        tree = ast.parse(text)
        table = None
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "website_dict" for t in node.targets):
                table = ast.literal_eval(node.value)
    else:
        table = json.loads(text)
        if isinstance(table, dict) and isinstance(table.get("website_dict"), dict):
            table = table["website_dict"]
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise ConfigError(f"{path} holds no site table (a JSON object of short name -> URL, or website_dict)")
    return dict(table)


def _default_site_table(task_file: Path) -> Path | None:
    for folder in (task_file.parent, *task_file.parents[:3]):
        for name in ("website_dict.json", "derived/online_task_lists_from_website_dict.json", "website_dict.py"):
            if (folder / name).is_file():
                return folder / name
    return None


def _load_seeact(path: Path, site_table: str | Path | None) -> list[Task]:
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TaskFileError(f"{path}: not valid JSON ({exc.msg}); expected SeeAct's list of online tasks") from None
    if not isinstance(records, list):
        raise TaskFileError(f"{path}: expected a JSON list of {{confirmed_task, website, task_id}}")
    table_path = Path(site_table) if site_table else (
        Path(os.environ["WEBVOYAGER_SEEACT_SITES"]) if os.environ.get("WEBVOYAGER_SEEACT_SITES")
        else _default_site_table(path))
    table = load_site_table(table_path) if table_path else {}
    tasks = []
    for number, rec in enumerate(records, start=1):
        if not isinstance(rec, dict) or not {"confirmed_task", "website", "task_id"} <= set(rec):
            raise TaskFileError(f"{path}, entry {number}: needs confirmed_task, website and task_id")
        site = str(rec["website"])
        url = site if urlparse(site).scheme in ("http", "https") else table.get(site)
        if url is None:
            raise ConfigError(f"{path}, entry {number}: short site name {site!r} has no URL; pass SeeAct's site "
                              "table (src/demo_utils/website_dict.py, or a JSON object name -> URL) with "
                              "--site-table or WEBVOYAGER_SEEACT_SITES")
        host = urlparse(url).hostname or site
        record = {"id": rec["task_id"], "ques": rec["confirmed_task"], "web": url,
                  "web_name": host.removeprefix("www.")}
        tasks.append(task_from_record(record, source=str(path), line=number))
    return tasks
