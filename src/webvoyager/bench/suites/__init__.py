"""Task suites for `webvoyager bench`, as plug-ins: one module per suite (a `Suite` subclass, see
`base.py`), registered in `registry.py`. Benchmark data is never shipped with the package; the user
points at their own copy with `--data` or the `WEBVOYAGER_DATA` environment variable.

`load_suite` loads a suite's tasks without running it (for scripts and tests).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Iterable

from webvoyager.bench.suites.base import FinishedRun, Suite, SuiteArgs, TaskHooks
from webvoyager.bench.suites.registry import open_suite, register, registered, report_sections, unregister
from webvoyager.bench.suites.seeact_online import load_site_table
from webvoyager.bench.suites.sections import Section, TableSection, TextSection
from webvoyager.bench.suites.select import filter_tasks, select_tasks
from webvoyager.tasks import Task

__all__ = ["FinishedRun", "Section", "Suite", "SuiteArgs", "TableSection", "TaskHooks", "TextSection",
           "filter_tasks", "load_site_table", "load_suite", "open_suite", "register", "registered",
           "report_sections", "select_tasks", "unregister"]


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
    level: str | None = None,
    site_map: str | Path | None = None,
) -> list[Task]:
    """Load a registered suite by name, or a JSONL path, then filter, limit and optionally redate it.

    `port` is a running sandbox's port (suites "sandbox", "hostile"); `site_table` maps SeeAct short site
    names to URLs (a JSON object, or SeeAct's `website_dict` in JSON or Python form); `level` and `site_map`
    are online-mind2web's --level and --site-map.
    """
    args = SuiteArgs(data_dir=Path(data_dir) if data_dir else None,
                     site_table=Path(site_table) if site_table else None, port=port, level=level,
                     site_map=Path(site_map) if site_map else None)
    return select_tasks(open_suite(name_or_path, args).load(), sites=sites, ids=ids, limit=limit, redate=redate,
                        today=today)
