"""Choosing a suite's tasks: `--site`, `--id`, `--limit` and `--redate`, the same for every suite."""

from __future__ import annotations

from datetime import date
from typing import Iterable
from urllib.parse import urlparse

from webvoyager.bench.redate import redate_task
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task


def select_tasks(tasks: list[Task], *, sites: Iterable[str] = (), ids: Iterable[str] = (), limit: int | None = None,
                 redate: bool = False, today: date | None = None) -> list[Task]:
    """`filter_tasks`, then (with `redate`) dates that have passed moved into the future."""
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
