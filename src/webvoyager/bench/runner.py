"""The benchmark runner: N tasks at once in one shared browser, resumable, never stopped by one task.

Each worker takes the next pending task, marks it running in `runs.sqlite`, runs it through the agent
(`agent.api.execute_task`, one fresh browser context per task) under a wall-clock timeout, adds the
bench's own facts to its `result.json` (golden answer and match, original and effective question,
attempt), and marks it done. The browser is relaunched when it has died. `summary.json` is rewritten
at the end.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Protocol

from webvoyager.agent.episode import Episode
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.browser.session import Browser
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.models.base import ChatModel
from webvoyager.protocol import DEFAULT_TASK_TIMEOUT_S, check_protocol
from webvoyager.runs.golden import golden_match
from webvoyager.runs.store import RunStore
from webvoyager.runs.summary import Summary, read_summary, write_summary
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, TaskDir, safe_dirname
from webvoyager.usage import Usage

log = logging.getLogger("webvoyager.bench")


AfterTask = Callable[[Task, Result, Path], None]
EpisodeFor = Callable[[Task], "Episode | None"]


class BenchListener(Protocol):
    """Progress callbacks (the CLI's progress bar implements them)."""

    def started(self, task: Task) -> None: ...

    def finished(self, task: Task, result: Result) -> None: ...


def task_timeout_for(protocol: str, explicit: float | None = None) -> float | None:
    """The per-task wall-clock limit: `explicit`, else 600 s; the paper protocol has none (and refuses one)."""
    if check_protocol(protocol) == "paper":
        if explicit is not None:
            raise ConfigError("the paper protocol has no per-task timeout; drop --task-timeout, or use "
                              "--protocol default to set one")
        return None
    return DEFAULT_TASK_TIMEOUT_S if explicit is None else explicit


@dataclass(frozen=True)
class BenchOptions:
    """How to run the suite."""

    workers: int = 1
    task_timeout_s: float | None = DEFAULT_TASK_TIMEOUT_S   # None: no limit (the paper protocol)
    resume: bool = False

    def validate(self) -> BenchOptions:
        if self.workers < 1:
            raise ConfigError("--workers must be at least 1")
        if self.task_timeout_s is not None and self.task_timeout_s <= 0:
            raise ConfigError("--task-timeout must be a positive number of seconds")
        return self


@dataclass
class BenchOutcome:
    """What this invocation did (the whole run's numbers are in summary.json)."""

    ran: int
    kept: int
    redone: list[str]
    summary: Summary
    wall_s: float


class _SharedBrowser:
    """The one browser all workers use; relaunched (once per death) when it has crashed."""

    def __init__(self, config: BrowserConfig) -> None:
        self.config = config
        self.browser: Browser | None = None
        self.restarts = 0
        self._lock = asyncio.Lock()

    async def get(self) -> Browser:
        async with self._lock:
            if self.browser is not None and not self.browser.connected:
                log.warning("the browser died; starting a new one")
                old, self.browser = self.browser, None
                self.restarts += 1
                try:
                    await old.close()
                except Exception:  # noqa: BLE001 - it is already dead
                    pass
            if self.browser is None:
                self.browser = await Browser.launch(self.config)
            return self.browser

    async def close(self) -> None:
        if self.browser is not None:
            await self.browser.close()
            self.browser = None


def _finalize(task: Task, result: Result, folder: Path, attempt: int) -> Result:
    """Add the bench's facts to the result and rewrite result.json (atomically)."""
    result = replace(result, site=result.site or task.site, attempt=attempt, golden_answer=task.golden_answer,
                     golden_match=golden_match(result.answer, task.golden_answer),
                     original_question=task.original_question)
    write_json_atomic(TaskDir(folder).result, result.to_dict())
    return result


def _timeout_result(task: Task, folder: Path, model: ChatModel, settings: RunSettings, limit: float) -> Result:
    steps = TaskDir(folder).load_steps()
    return Result.failure(task, "timeout", f"the task took longer than the --task-timeout of {limit:g} s",
                          model=model.spec, policy=settings.policy, steps=len(steps),
                          final_url=steps[-1].url if steps else "", usage=sum((s.usage for s in steps), Usage()),
                          wall_s=limit)


async def run_bench(tasks: list[Task], *, model: ChatModel, settings: RunSettings, run_dir: Path,
                    options: BenchOptions, browser_config: BrowserConfig | None = None,
                    listener: BenchListener | None = None, after_task: AfterTask | None = None,
                    episode_for: EpisodeFor | None = None) -> BenchOutcome:
    """Run `tasks` into `run_dir` (see the module docstring); returns this invocation's counts.
    `after_task` adds a suite's own records to a finished task's folder before it counts as done;
    `episode_for` gives a task's environment hooks (MiniWoB++: the page starts and ends the episode)."""
    options.validate()
    if len({safe_dirname(t.id) for t in tasks}) != len(tasks):
        raise ConfigError("two tasks map to the same folder name; task ids must be unique")
    started = time.perf_counter()
    store = RunStore(run_dir)
    try:
        counts = store.counts()
        if not options.resume and counts["done"] + counts["running"] > 0:
            raise ConfigError(f"{run_dir} already holds a run; pass --resume to continue it, or choose a new --out")
        store.add_tasks((t.id, safe_dirname(t.id), t.site) for t in tasks)
        redone = store.reset_interrupted()
        state = {r.task_id: r.state for r in store.rows()}
        todo = [t for t in tasks if state.get(t.id) != "done"]
        queue: asyncio.Queue[Task] = asyncio.Queue()
        for t in todo:
            queue.put_nowait(t)
        shared = _SharedBrowser(browser_config or BrowserConfig(headless=settings.headless))

        async def run_one(task: Task) -> None:
            folder = run_dir / safe_dirname(task.id)
            if folder.exists():  # leftovers of an interrupted attempt: start clean
                shutil.rmtree(folder)
            attempt = store.start(task.id)
            if listener:
                listener.started(task)
            t0 = time.perf_counter()
            try:
                browser = await shared.get()
                coro = execute_task(task, browser=browser, model=model, settings=settings, task_dir=folder,
                                    episode=episode_for(task) if episode_for else None)
                result = await asyncio.wait_for(coro, options.task_timeout_s)
            except asyncio.TimeoutError:
                result = _timeout_result(task, folder, model, settings, options.task_timeout_s or 0.0)
            except Exception as exc:  # noqa: BLE001 - a task error never stops the run
                log.exception("task %s failed in the runner", task.id)
                result = Result.failure(task, "error", f"{type(exc).__name__}: {exc}", model=model.spec,
                                        policy=settings.policy, wall_s=time.perf_counter() - t0)
            result = _finalize(task, result, folder, attempt)
            if after_task is not None:
                after_task(task, result, folder)
            store.finish(task.id, result.status, result.success)
            if listener:
                listener.finished(task, result)

        async def worker() -> None:
            while not queue.empty():
                await run_one(queue.get_nowait())

        try:
            if todo:
                await shared.get()  # a browser that cannot start at all is the user's error, not N task errors
            await asyncio.gather(*(worker() for _ in range(min(options.workers, max(len(todo), 1)))))
        finally:
            await shared.close()
    finally:
        store.close()
    wall = time.perf_counter() - started
    before = read_summary(run_dir) if options.resume else None
    summary = write_summary(run_dir, run_wall_s=((before.run_wall_s or 0.0) if before else 0.0) + wall)
    return BenchOutcome(ran=len(todo), kept=len(tasks) - len(todo), redone=redone, summary=summary, wall_s=wall)

