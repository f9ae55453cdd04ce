"""The sandbox task catalogue: every site's `tasks.jsonl`, with URLs bound to a running port."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from urllib.parse import urlparse

from webvoyager.tasks import Task, load_tasks

SITES_DIR = Path(__file__).parent / "sites"

TODAY = date(2026, 5, 12)
"""The sandbox's fixed "today": dates on the sites and in the tasks are relative to it."""

PAPER_SITES: dict[str, str] = {
    "recipes": "Allrecipes", "shop": "Amazon", "brand": "Apple", "preprints": "ArXiv", "news": "BBC News",
    "hotels": "Booking", "dictionary": "Cambridge Dictionary", "courses": "Coursera", "sports": "ESPN",
    "code": "GitHub", "flights": "Google Flights", "maps": "Google Map", "search": "Google Search",
    "hub": "Huggingface", "compute": "Wolfram Alpha",
}
"""The WebVoyager website each sandbox site stands in for, in the paper's order of its 15 websites."""

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
    """Every site's task file, in site order."""
    return sorted(SITES_DIR.glob("*/tasks.jsonl"))


def bind_url(url: str, port: int) -> str:
    """Put the sandbox port into a `http://<site>.localhost/...` URL."""
    return _LOCALHOST_URL.sub(lambda m: f"{m.group(1)}:{port}{m.group(2)}", url)


def _bound(tasks: list[Task], port: int | None) -> list[Task]:
    return tasks if port is None else [t.replace(start_url=bind_url(t.start_url, port)) for t in tasks]


def load_sandbox_tasks(port: int | None = None) -> list[Task]:
    """All sandbox tasks; with `port`, their start URLs point at a sandbox served on that port."""
    tasks: list[Task] = []
    for path in task_files():
        tasks.extend(load_tasks(path))
    return _bound(tasks, port)


HOSTILE_TASKS = SITES_DIR / "hostile" / "attacks.jsonl"


def load_hostile_tasks(port: int | None = None) -> list[Task]:
    """The hostile suite: attack tasks (`Task.attack`) and their benign twins (`Task.twin_of`)."""
    return _bound(load_tasks(HOSTILE_TASKS), port)
