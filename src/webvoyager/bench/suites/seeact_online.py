"""The `seeact-online` suite: SeeAct's online tasks (a JSON list of {confirmed_task, website, task_id}),
their short site names resolved to URLs through SeeAct's site table."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from webvoyager.bench.suites.base import Suite, find_data
from webvoyager.errors import ConfigError, TaskFileError
from webvoyager.fileio import read_text_file
from webvoyager.tasks import Task, task_from_record

GET_SEEACT = ("download the task list from https://github.com/OSU-NLP-Group/SeeAct (data/online_tasks/) and "
              "pass it with --data or WEBVOYAGER_DATA")
SITES_ENV = "WEBVOYAGER_SEEACT_SITES"


class SeeActOnlineSuite(Suite):
    name = "seeact-online"
    help = "SeeAct's online tasks (online_tasks/*.json in --data; short site names through --site-table)."

    def load(self) -> list[Task]:
        path = find_data(self.args.data_path(), "online_tasks/merged_online_90_tasks.json",
                         "a SeeAct online task list", GET_SEEACT)
        self.task_files = [path]
        return load_seeact(path, self.args.site_table)


def load_site_table(path: Path) -> dict[str, str]:
    """SeeAct's short site name -> URL table, from JSON (flat, or under `website_dict`) or SeeAct's .py."""
    text = read_text_file(path, TaskFileError, what="SeeAct site table")
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


def load_seeact(path: Path, site_table: str | Path | None) -> list[Task]:
    """SeeAct's online task list as tasks (site table: given, else $WEBVOYAGER_SEEACT_SITES, else found
    beside the task file)."""
    try:
        records = json.loads(read_text_file(path, TaskFileError, what="SeeAct task file"))
    except json.JSONDecodeError as exc:
        raise TaskFileError(f"{path}: not valid JSON ({exc.msg}); expected SeeAct's list of online tasks") from None
    if not isinstance(records, list):
        raise TaskFileError(f"{path}: expected a JSON list of {{confirmed_task, website, task_id}}")
    table_path = Path(site_table) if site_table else (
        Path(os.environ[SITES_ENV]) if os.environ.get(SITES_ENV) else _default_site_table(path))
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
                              f"--site-table or {SITES_ENV}")
        host = urlparse(url).hostname or site
        record = {"id": rec["task_id"], "ques": rec["confirmed_task"], "web": url,
                  "web_name": host.removeprefix("www.")}
        tasks.append(task_from_record(record, source=str(path), line=number))
    return tasks
