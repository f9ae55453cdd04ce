"""The `online-mind2web` suite: Online-Mind2Web's 300 tasks on live websites (the JSON array of
`{task_id, confirmed_task, website, reference_length, level}` in --data; never shipped).

Every task starts on its own website, never on a search engine. The tasks have no answer checks: a
judge decides them afterwards (the benchmark's WebJudge). Results are split by `level`; tasks the
maintainers replaced (ids with a date suffix, e.g. `_110325`) are flagged, since results on them are not
comparable with results on the tasks they replaced. `--site-map FILE` points live hosts at local copies
(browser/site_map.py): a mapped task starts on its copy, and the browser redirects the live host there.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from webvoyager.bench.suites.base import FinishedRun, Suite, SuiteArgs, find_data
from webvoyager.bench.suites.sections import Section, TextSection, group_table, replaced_lines
from webvoyager.runs.manifest import ManifestSource
from webvoyager.browser.site_map import SiteMap, load_site_map
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError, TaskFileError
from webvoyager.fileio import read_text_file
from webvoyager.runs.summary import Grouping
from webvoyager.tasks import Task

LEVELS = ("easy", "medium", "hard")
TASK_FILE = "Online_Mind2Web.json"
GET_DATA = ("get the task file Online_Mind2Web.json from the gated Hugging Face dataset osunlp/Online-Mind2Web "
            "(accept its terms at https://huggingface.co/datasets/osunlp/Online-Mind2Web) or from "
            "https://github.com/OSU-NLP-Group/Online-Mind2Web, and pass it with --data FILE (or its folder, "
            "or WEBVOYAGER_DATA)")
REPLACED_ID = re.compile(r"_\d{6}$")
"""A task id with a date suffix (`_110325`: 2025-11-03) names a task the maintainers replaced."""
FIELDS = ("task_id", "confirmed_task", "website", "reference_length", "level")
JUDGE_METHOD = "webjudge"


class OnlineMind2WebSuite(Suite):
    name = "online-mind2web"
    help = ("Online-Mind2Web's 300 tasks on live websites, judged afterwards by WebJudge (the task file in --data; "
            "--level, --site-map).")
    groupings = (Grouping("level", LEVELS),)

    def __init__(self, args: SuiteArgs | None = None) -> None:
        super().__init__(args)
        level = self.args.level
        if level is not None and level not in LEVELS:
            raise ConfigError(f"--level {level!r}: use one of {', '.join(LEVELS)}")
        # read now: a bad site map is refused before any server or browser starts
        self.site_map = load_site_map(self.args.site_map) if self.args.site_map else SiteMap()
        self.replaced_ids: tuple[str, ...] = ()   # of the tasks `load` read, for the manifest

    def load(self) -> list[Task]:
        path = self.task_file()
        self.task_files = [path]
        tasks = load_online_mind2web(path, self.site_map)
        tasks = [t for t in tasks if t.level == self.args.level] if self.args.level else tasks
        self.replaced_ids = tuple(t.id for t in tasks if t.replaced)
        return tasks

    def manifest_source(self) -> ManifestSource:
        """The task file and the tasks the maintainers replaced, for the run's manifest."""
        return ManifestSource(files=tuple((p.name, p) for p in self.task_files), replaced=self.replaced_ids)

    def task_file(self) -> Path:
        """The user's task file: --data (a file, or a folder holding Online_Mind2Web*.json)."""
        data = self.args.data_path()
        if data is not None and data.is_dir() and not (data / TASK_FILE).is_file():
            found = sorted(data.glob("Online_Mind2Web*.json"))
            if len(found) == 1:
                return found[0]
        return find_data(data, TASK_FILE, "the Online-Mind2Web task file", GET_DATA)

    def browser_config(self, config: BrowserConfig) -> BrowserConfig:
        return replace(config, site_map=self.site_map) if self.site_map else config

    def run_extra(self, tasks: list[Task]) -> dict[str, Any]:
        return {"level": self.args.level, "site_map": dict(self.site_map.entries) or None}

    def results(self, run: FinishedRun) -> list[Section]:
        return [group_table(run.summary, "level", title="Online-Mind2Web results by level"),
                *replaced_lines(run.summary),
                TextSection(f"These tasks have no answer checks: judge the run with `webvoyager judge {run.run_dir} "
                            f"--method {JUDGE_METHOD}` (the benchmark's WebJudge), then `webvoyager report "
                            f"{run.run_dir}`.")]


def load_online_mind2web(path: Path, site_map: SiteMap | None = None) -> list[Task]:
    """The task file's entries as tasks (TaskFileError naming the file, the entry and the field); a task on
    a host of `site_map` starts on its copy."""
    text = read_text_file(path, TaskFileError, what="Online-Mind2Web task file")
    try:
        records = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskFileError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno}); expected Online-Mind2Web's "
                            f"JSON array of {{{', '.join(FIELDS)}}}") from None
    if not isinstance(records, list):
        raise TaskFileError(f"{path}: expected a JSON array of {{{', '.join(FIELDS)}}}, got "
                            f"{type(records).__name__}")
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for number, rec in enumerate(records, start=1):
        task = _task(path, number, rec, site_map or SiteMap())
        if task.id in seen:
            raise TaskFileError(f"{path}, entry {number}: duplicate task_id {task.id!r} (first in entry "
                                f"{seen[task.id]})")
        seen[task.id] = number
        tasks.append(task)
    if not tasks:
        raise TaskFileError(f"{path} holds no tasks")
    return tasks


def _task(path: Path, number: int, rec: Any, site_map: SiteMap) -> Task:
    where = f"{path}, entry {number}"
    if not isinstance(rec, dict):
        raise TaskFileError(f"{where}: expected an object {{{', '.join(FIELDS)}}}, got {type(rec).__name__}")
    missing = [f for f in FIELDS if f not in rec]
    if missing:
        raise TaskFileError(f"{where}: missing field(s) {', '.join(missing)}; each entry needs {', '.join(FIELDS)}")
    task_id = rec["task_id"]
    if not isinstance(task_id, str) or not task_id.strip():
        raise TaskFileError(f"{where}: field 'task_id' must be a non-empty string (got {task_id!r})")
    where = f"{where} (task {task_id})"
    question = rec["confirmed_task"]
    if not isinstance(question, str) or not question.strip():
        raise TaskFileError(f"{where}: field 'confirmed_task' must be a non-empty string (got {question!r})")
    website = rec["website"]
    host = urlparse(website).hostname if isinstance(website, str) else None
    if not isinstance(website, str) or urlparse(website).scheme not in ("http", "https") or not host:
        raise TaskFileError(f"{where}: field 'website' must be an http(s) URL (got {website!r})")
    length = rec["reference_length"]
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise TaskFileError(f"{where}: field 'reference_length' must be a whole number of steps (got {length!r})")
    level = rec["level"]
    if level not in LEVELS:
        raise TaskFileError(f"{where}: field 'level' must be one of {', '.join(LEVELS)} (got {level!r})")
    return Task(id=task_id.strip(), question=question.strip(), start_url=site_map.rewrite(website) or website,
                site=host.removeprefix("www."), level=level, reference_length=length,
                replaced=bool(REPLACED_ID.search(task_id.strip())))
