"""One attempt at one benchmark task, the same on every backend.

`run_attempt` runs a task in a given browser into a folder under the wall-clock limit and always returns
a Result (a timeout or a crash becomes a failed Result). `finalize` adds the bench's own facts (golden
answer and match, original question, attempt) and rewrites `result.json` through the one writer of run
files (agent/task_writer.py), redacted like everything else the run wrote. `pack_folder` and
`unpack_folder` carry a finished task's files between processes: a remote worker returns them as bytes,
and the driver writes the task folder in one rename, so a folder is either whole or absent.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from dataclasses import replace
from pathlib import Path

from webvoyager.agent.episode import Episode
from webvoyager.agent.redact import Redactor
from webvoyager.agent.task_writer import TaskWriter
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.browser.browser import Browser
from webvoyager.errors import infrastructure_kind
from webvoyager.models.base import ChatModel
from webvoyager.runs.golden import golden_match
from webvoyager.tasks import Task
from webvoyager.trajectory import Result

log = logging.getLogger("webvoyager.bench")

PARTIAL_PREFIX = ".partial-"
"""Folders being written by `unpack_folder` start with this; a crash leaves only such a folder behind."""


async def run_attempt(task: Task, *, browser: Browser, model: ChatModel, settings: RunSettings, folder: Path,
                      timeout_s: float | None, episode: Episode | None = None) -> Result:
    """Run `task` in a fresh session of `browser`, recording into `folder` (with `episode`, the page runs
    the episode: MiniWoB++); never raises for the task's own failures (a timeout gives status "timeout",
    anything else status "error")."""
    t0 = time.perf_counter()
    try:
        return await execute_task(task, browser=browser, model=model, settings=settings, task_dir=folder,
                                  episode=episode, timeout_s=timeout_s)
    except Exception as exc:  # noqa: BLE001 - a task error never stops the run
        if infrastructure_kind(exc) in (None, "harness"):   # a bug: its traceback, for the issue
            log.exception("task %s failed in the runner", task.id)
        else:   # one line: the bench says what to do about it
            log.info("task %s: %s", task.id, exc)
        return Result.from_exception(task, exc, model=model.spec, policy=settings.policy,
                                     wall_s=time.perf_counter() - t0)


def browser_died(result: Result, connected: bool) -> Result:
    """The result of an attempt whose browser is gone afterwards: whatever error the task saw, the cause
    was the browser (killed, crashed), an infrastructure failure."""
    if connected or result.status != "error" or result.infrastructure not in (None, "harness"):
        return result
    return replace(result, infrastructure="browser")


def finalize(task: Task, result: Result, folder: Path, attempt: int, redactor: Redactor,
             group_keys: tuple[str, ...] = (), repeat: int = 1) -> Result:
    """Add the bench's facts to the result (`attempt`: the try, `repeat`: which of `--repeat N`; the
    task's value of each of the suite's `group_keys`, its replaced flag) and rewrite result.json
    (atomically, redacted); returns the result as written."""
    groups = {key: str(value) for key in group_keys if (value := getattr(task, key)) is not None}
    result = replace(result, site=result.site or task.site, attempt=attempt, repeat=repeat,
                     golden_answer=task.golden_answer,
                     golden_match=golden_match(result.answer, task.golden_answer),
                     original_question=task.original_question, groups=groups, replaced=task.replaced)
    return TaskWriter(folder, redactor).result(result)


def pack_folder(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by its POSIX path relative to `folder`."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def unpack_folder(files: dict[str, bytes], folder: Path) -> None:
    """Write `files` (from `pack_folder`) as `folder`, which must not exist: everything goes into a
    hidden sibling first, which is then renamed, so readers never see half a task."""
    staging = folder.parent / f"{PARTIAL_PREFIX}{folder.name}"
    if staging.exists():
        shutil.rmtree(staging)
    for name, data in files.items():
        target = (staging / name).resolve()
        if not target.is_relative_to(staging.resolve()):
            raise ValueError(f"a task file escapes its folder: {name}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    staging.mkdir(parents=True, exist_ok=True)   # a task without files still gets its folder
    for path in (staging, *staging.rglob("*")):
        if path.is_file():
            with open(path, "rb") as fh:
                os.fsync(fh.fileno())
    os.replace(staging, folder)
