"""The sandbox task catalogue: every site's `tasks.json`, with URLs bound to a running port, and the
paper websites the sites stand in for.

A site's task source is `sites/<site>/tasks.json`: one JSON array, one task object per block, in the
same schema as a line of a JSONL task file (which stays the format for users' own task files).
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from webvoyager.errors import TaskFileError
from webvoyager.tasks import Task, load_tasks, task_from_record

SITES_DIR = Path(__file__).parent / "sites"

TODAY = date(2026, 5, 12)
"""The sandbox's fixed "today": dates on the sites and in the tasks are relative to it."""

TASK_SOURCE = "tasks.json"
"""The name of a site's task source inside its folder."""

PAPER_WEBSITES: tuple[str, ...] = (
    "Allrecipes", "Amazon", "Apple", "ArXiv", "BBC News", "Booking", "Cambridge Dictionary", "Coursera", "ESPN",
    "GitHub", "Google Flights", "Google Map", "Google Search", "Huggingface", "Wolfram Alpha",
)
"""The WebVoyager paper's 15 websites, in the paper's order; a site names its own in `Site.paper_site`."""


def paper_sites() -> dict[str, str]:
    """The WebVoyager website each sandbox site stands in for (site name -> paper website), in the paper's
    order, read from the sites' `paper_site` attributes; sites that stand for none are left out."""
    from webvoyager.sandbox.registry import site_classes   # imports every site module: only when asked

    declared = {cls.name: cls.paper_site for cls in site_classes().values() if cls.paper_site is not None}
    unknown = sorted(f"{name}: {paper!r}" for name, paper in declared.items() if paper not in PAPER_WEBSITES)
    if unknown:
        raise ValueError(f"paper_site must be one of the paper's websites ({', '.join(PAPER_WEBSITES)}) or None; "
                         f"got {', '.join(unknown)}")
    return {name: paper for paper in PAPER_WEBSITES for name, declared_paper in sorted(declared.items())
            if declared_paper == paper}


def __getattr__(name: str) -> Any:
    # PAPER_SITES is derived from the site classes, so it is built on first use rather than on import
    # (importing every site module costs half a second that loading tasks does not need).
    if name == "PAPER_SITES":
        return paper_sites()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_LOCALHOST_URL = re.compile(r"^(https?://[a-z0-9-]+\.localhost)(?::\d+)?(/|$)")


def site_of(task: Task) -> str:
    """The sandbox site (host label) a task starts on, e.g. "recipes" for http://recipes.localhost/."""
    host = urlparse(task.start_url).hostname or ""
    return host.removesuffix(".localhost")


def reference_steps(task: Task) -> int:
    """How many steps the task's reference solution takes, its final answer included (0 without one)."""
    if task.reference is None:
        return 0
    steps = task.reference.steps
    return len(steps) + (0 if steps and steps[-1].do == "answer" else 1)


def task_files() -> list[Path]:
    """Every site's task source, in site order."""
    return sorted(SITES_DIR.glob(f"*/{TASK_SOURCE}"))


def load_task_source(path: str | Path) -> list[Task]:
    """Read a site's task source: a JSON array of task records (one object per task, JSONL schema).

    Raises TaskFileError naming the file and the task (by position) when the file or a record is wrong,
    or two tasks share an id."""
    path = Path(path)
    if not path.is_file():
        raise TaskFileError(f"task source {path} does not exist; a site keeps its tasks in <site>/{TASK_SOURCE}")
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TaskFileError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    if not isinstance(records, list) or not records:
        raise TaskFileError(f"{path}: expected a non-empty JSON array of task objects")
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for number, record in enumerate(records, start=1):
        task = task_from_record(record, source=f"{path}, task {number}")
        if task.id in seen:
            raise TaskFileError(f"{path}, task {number}: duplicate task id {task.id!r} (first in task {seen[task.id]})")
        seen[task.id] = number
        tasks.append(task)
    return tasks


def site_tasks(site: str) -> list[Task]:
    """One site's tasks, from `sites/<site>/tasks.json` (URLs unbound)."""
    return load_task_source(SITES_DIR / site / TASK_SOURCE)


def bind_url(url: str, port: int) -> str:
    """Put the sandbox port into a `http://<site>.localhost/...` URL."""
    return _LOCALHOST_URL.sub(lambda m: f"{m.group(1)}:{port}{m.group(2)}", url)


def _bound(tasks: list[Task], port: int | None) -> list[Task]:
    return tasks if port is None else [t.replace(start_url=bind_url(t.start_url, port)) for t in tasks]


def load_sandbox_tasks(port: int | None = None) -> list[Task]:
    """All sandbox tasks; with `port`, their start URLs point at a sandbox served on that port."""
    tasks: list[Task] = []
    for path in task_files():
        tasks.extend(load_task_source(path))
    return _bound(tasks, port)


HOSTILE_TASKS = SITES_DIR / "hostile" / "attacks.jsonl"


def load_hostile_tasks(port: int | None = None) -> list[Task]:
    """The hostile suite: attack tasks (`Task.attack`) and their benign twins (`Task.twin_of`)."""
    return _bound(load_tasks(HOSTILE_TASKS), port)
