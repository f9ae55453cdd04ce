"""The bench runner end to end: sandbox + reference model in real Chromium, N workers, timeouts, crashes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path
from typing import Sequence

import pytest

from tests.bench.procs import browser_main_processes
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.runs.store import RunStore
from webvoyager.bench.suites import load_suite
from webvoyager.errors import ConfigError
from webvoyager.models.base import Completion, Message
from webvoyager.api import create_model

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FAST = ["flights--1", "flights--7", "hotels--1", "hotels--3"]


class Saboteur:
    """A test double model: the reference model, except for the tasks whose question it is told to spoil."""

    def __init__(self, hang_on: str | None = None, crash_browser_on: str | None = None) -> None:
        self.inner = create_model("reference")
        self.spec = "reference"
        self.hang_on, self.crash_on = hang_on, crash_browser_on
        self.before = browser_main_processes()   # browsers other fixtures own; never touched
        self.crashed = 0

    async def complete(self, messages: Sequence[Message], **kwargs: object) -> Completion:
        text = "\n".join(m.text_content for m in messages)
        if self.hang_on and self.hang_on in text:
            await asyncio.Event().wait()          # never answers: only the task timeout ends it
        if self.crash_on and self.crash_on in text and not self.crashed:
            for pid in browser_main_processes() - self.before:
                os.kill(pid, signal.SIGKILL)
                self.crashed += 1
        return await self.inner.complete(messages, **kwargs)  # type: ignore[arg-type]


def _results(run: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in run.glob("*/result.json")}


async def test_two_workers_run_tasks_and_summarize(sandbox, tmp_path: Path) -> None:
    tasks = load_suite("sandbox", port=sandbox.port, ids=FAST)
    run = tmp_path / "run"
    outcome = await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=run,
                              options=BenchOptions(workers=2))
    results = _results(run)
    assert sorted(results) == sorted(FAST)
    assert all(r["status"] == "answered" and r["success"] is True for r in results.values())
    assert all(r["attempt"] == 1 for r in results.values())
    assert outcome.ran == 4 and outcome.kept == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["overall"]["tasks"] == 4 and summary["overall"]["by_signal"]["checked"]["success"] == 4
    assert set(summary["sites"]) == {tasks[0].site, tasks[2].site}
    with RunStore(run) as store:
        assert all(r.state == "done" and r.attempts == 1 for r in store.rows())
    # the same run directory is not silently reused
    with pytest.raises(ConfigError, match="--resume"):
        await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=run,
                        options=BenchOptions())
    again = await run_bench(tasks, model=create_model("reference"), settings=RunSettings(), run_dir=run,
                            options=BenchOptions(resume=True))
    assert again.ran == 0 and again.kept == 4


async def test_timeout_and_browser_crash_do_not_stop_the_run(sandbox, tmp_path: Path) -> None:
    tasks = load_suite("sandbox", port=sandbox.port, ids=FAST)
    model = Saboteur(hang_on=tasks[0].question, crash_browser_on=tasks[1].question)
    run = tmp_path / "run"
    await run_bench(tasks, model=model, settings=RunSettings(), run_dir=run,  # type: ignore[arg-type]
                    options=BenchOptions(workers=1, task_timeout_s=15))
    results = _results(run)
    assert model.crashed == 1
    assert results[tasks[0].id]["status"] == "timeout" and "--task-timeout" in results[tasks[0].id]["error"]
    assert results[tasks[1].id]["status"] == "error"   # the crash ends that task, not the run
    # the browser was started again for the tasks after the crash, and they succeeded
    assert results[tasks[2].id]["success"] is True and results[tasks[3].id]["success"] is True
    summary = json.loads((run / "summary.json").read_text())
    assert summary["overall"]["stop_reasons"] == {"answered": 2, "error": 1, "timeout": 1}
