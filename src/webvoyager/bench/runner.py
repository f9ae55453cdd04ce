"""The benchmark runner: N tasks at once, resumable, never stopped by one task.

The runner keeps the books on the driver: each of its N workers takes the next pending task, marks it
running in `runs.sqlite`, has a `TaskExecutor` run one attempt (`bench/attempt.py`) into the task's folder,
adds the bench's own facts to its `result.json` (golden answer and match, original and effective question,
attempt), and marks it done. Executors: `LocalExecutor` (default: one shared browser in this process,
relaunched when it has died) and `bench.ray_backend.RayExecutor` (one browser per Ray actor). An executor
that loses its worker mid-task raises `WorkerLostError`: the task is retried once, then recorded as an
error. With `BenchOptions.repeat` N > 1 each task gets N independent attempts (a fresh browser context and
policy each), repeat-major (every task's first attempt, then every second one, ...), each with its own row
in the store and its own folder (`trajectory.attempt_dirname`: the first where a single run puts it,
`<folder>@2`, `<folder>@3` beside it), so `--resume` runs only the attempts that are missing.
With `BenchOptions.budget` (`--max-cost`, `--max-tokens`: runs/budget.py) a worker starts no new task once
the run's recorded spend (every finished task's usage, this invocation's and the earlier ones') reaches a
limit; the running tasks finish, and the ones left are marked not run (`budget`) in the books, pending for
`--resume`. `summary.json` is rewritten at the end.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import sqlite3
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Protocol

from webvoyager.agent.episode import Episode
from webvoyager.api.settings import RunSettings
from webvoyager.bench.attempt import PARTIAL_PREFIX, browser_died, finalize, run_attempt
from webvoyager.browser.relaunch import LiveBrowser
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError, StorageError, WorkerLostError, disk_failure
from webvoyager.models.base import ChatModel
from webvoyager.protocol import DEFAULT_TASK_TIMEOUT_S
from webvoyager.runs.budget import NOT_RUN_BUDGET, Budget, BudgetReport
from webvoyager.runs.records import load_records
from webvoyager.runs.store import RunStore
from webvoyager.runs.summary import Summary, read_summary, write_summary
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, attempt_dirname, run_key, safe_dirname
from webvoyager.usage import Usage

log = logging.getLogger("webvoyager.bench")


AfterTask = Callable[[Task, Result, Path], None]
EpisodeFor = Callable[[Task], "Episode | None"]


class BenchListener(Protocol):
    """Progress callbacks (the CLI's progress bar implements them)."""

    def started(self, task: Task) -> None: ...

    def finished(self, task: Task, result: Result) -> None: ...


@dataclass(frozen=True)
class BenchOptions:
    """How to run the suite."""

    workers: int = 1
    task_timeout_s: float | None = DEFAULT_TASK_TIMEOUT_S   # None: no limit (the paper protocol)
    resume: bool = False
    repeat: int = 1                                           # independent attempts per task (--repeat)
    budget: Budget = Budget()                                 # --max-cost, --max-tokens

    def validate(self) -> BenchOptions:
        self.budget.validate()
        if self.workers < 1:
            raise ConfigError("--workers must be at least 1")
        if self.repeat < 1:
            raise ConfigError("--repeat must be at least 1 (the attempts per task)")
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
    rerun: list[str] = field(default_factory=list)   # run again: they had failed for the infrastructure
    budget: BudgetReport | None = None                # with --max-cost/--max-tokens: the spend and the stop
    not_run: list[str] = field(default_factory=list)  # row keys left pending because the budget was spent


class TaskExecutor(Protocol):
    """Runs attempts of tasks somewhere (this process, a Ray cluster) and leaves each task's files in its
    folder. `run` returns the attempt's Result (without the bench's facts: the runner adds them) or raises
    WorkerLostError when the worker running it died."""

    async def start(self) -> None:
        """Get ready to run tasks (start browsers); a browser that cannot start at all is an error here."""

    async def run(self, task: Task, folder: Path, attempt: int) -> Result: ...

    async def close(self) -> None: ...


class LocalExecutor:
    """Every task in one shared browser in this process; relaunched (once per death) when it has crashed."""

    def __init__(self, model: ChatModel, settings: RunSettings, config: BrowserConfig,
                 task_timeout_s: float | None, episode_for: EpisodeFor | None = None) -> None:
        self.model, self.settings, self.config, self.task_timeout_s = model, settings, config, task_timeout_s
        self.episode_for = episode_for
        self.live = LiveBrowser(config)

    async def start(self) -> None:
        await self.live.get()

    async def run(self, task: Task, folder: Path, attempt: int) -> Result:
        try:
            browser = await self.live.get()
        except Exception as exc:  # noqa: BLE001 - a relaunch that fails is this task's error
            return Result.from_exception(task, exc, model=self.model.spec, policy=self.settings.policy,
                                         infrastructure="browser")
        result = await run_attempt(task, browser=browser, model=self.model, settings=self.settings, folder=folder,
                                   timeout_s=self.task_timeout_s,
                                   episode=self.episode_for(task) if self.episode_for else None)
        return browser_died(result, browser.connected)

    async def close(self) -> None:
        await self.live.close()


MAX_TRIES = 2
"""Attempts a task gets in one invocation when its worker dies under it (the first, and one retry)."""


async def run_bench(tasks: list[Task], *, model: ChatModel, settings: RunSettings, run_dir: Path,
                    options: BenchOptions, browser_config: BrowserConfig | None = None,
                    listener: BenchListener | None = None, after_task: AfterTask | None = None,
                    executor: TaskExecutor | None = None, episode_for: EpisodeFor | None = None,
                    group_keys: tuple[str, ...] = ()) -> BenchOutcome:
    """Run `tasks` into `run_dir` (see the module docstring); returns this invocation's counts.
    `after_task` adds a suite's own records to a finished task's folder before it counts as done;
    `group_keys` are the task fields the suite's results are split by (each task's values go into its
    result.json).
    `executor` runs the attempts (default: a LocalExecutor with `model` in `browser_config`'s browser);
    the runner starts and closes it. `episode_for` gives a task's environment hooks (MiniWoB++: the page
    starts and ends the episode); only the local executor runs such tasks."""
    options.validate()
    settings.validate()   # before the store, the executor or any browser
    if len({safe_dirname(t.id) for t in tasks}) != len(tasks):
        raise ConfigError("two tasks map to the same folder name; task ids must be unique")
    started = time.perf_counter()
    store = RunStore(run_dir)
    try:
        counts = store.counts()
        if not options.resume and counts["done"] + counts["running"] > 0:
            raise ConfigError(f"{run_dir} already holds a run; pass --resume to continue it, or choose a new --out")
        for repeat in range(1, options.repeat + 1):
            store.add_tasks(((t.id, attempt_dirname(t.id, repeat), t.site) for t in tasks), repeat=repeat)
        redone = store.reset_interrupted()
        # what failed for the machine's sake (disk, browser, model server) runs again
        rerun = store.reset_infrastructure_failures() if options.resume else []
        state = {r.key: r.state for r in store.rows()}
        todo = [(t, repeat) for repeat in range(1, options.repeat + 1) for t in tasks
                if state.get(run_key(t.id, repeat)) != "done"]
        queue: asyncio.Queue[tuple[Task, int]] = asyncio.Queue()
        for unit in todo:
            queue.put_nowait(unit)
        if executor is None:
            executor = LocalExecutor(model, settings, browser_config or settings.new_browser_config(),
                                     options.task_timeout_s, episode_for)
        elif episode_for is not None:   # a programming error: a suite's `backends` refuses this up front
            raise ValueError("episode hooks run only in this process: pass episode_for without an executor")

        redactor = settings.redactor()
        halt: list[str] = []   # why the bench stopped starting tasks: a disk that refused a task's files
        budget = options.budget
        spent = [_recorded_spend(run_dir) if budget.limited else Usage()]   # the run's, updated as tasks finish
        ran = [0]

        async def run_one(task: Task, repeat: int) -> None:
            folder, key = run_dir / attempt_dirname(task.id, repeat), run_key(task.id, repeat)
            if listener:
                listener.started(task)
            for tries in range(1, MAX_TRIES + 1):
                for leftover in (folder, folder.parent / f"{PARTIAL_PREFIX}{folder.name}"):
                    if leftover.exists():  # files of an interrupted attempt: start clean
                        shutil.rmtree(leftover)
                attempt = store.start(key)
                try:
                    result = await executor.run(task, folder, attempt)
                    break
                except WorkerLostError as exc:
                    log.warning("task %s: %s (try %d of %d)", key, exc, tries, MAX_TRIES)
                    result = Result.failure(task, "error", f"{exc} (tried {tries} times)", model=model.spec,
                                            policy=settings.policy, infrastructure="worker")
                    if tries < MAX_TRIES:
                        store.abandon(key)   # this attempt never finished; the last one records the error
                except OSError as exc:   # the driver could not write the files a remote worker sent
                    if not disk_failure(exc):
                        raise
                    result = Result.from_exception(task, exc, model=model.spec, policy=settings.policy)
                    break
            try:
                folder.mkdir(parents=True, exist_ok=True)
                result = finalize(task, result, folder, attempt, redactor, group_keys, repeat)
                if after_task is not None:
                    after_task(task, result, folder)
            except Exception as exc:
                if not disk_failure(exc):
                    raise
                result = replace(result, status="error", error=f"the task's files could not be written: {exc}",
                                 infrastructure="disk")
            if result.infrastructure == "disk":
                halt.append(f"task {key} ended as an infrastructure failure ({result.error})")
            try:
                store.finish(key, result.status, result.success, result.infrastructure)
            except sqlite3.Error as exc:
                if not disk_failure(exc):
                    raise
                halt.append(f"the bookkeeping of task {key} could not be written ({exc}); it stays running")
            spent[0], ran[0] = spent[0] + result.usage, ran[0] + 1
            if listener:
                listener.finished(task, result)

        async def worker() -> None:
            # a full disk: no new task would fare better; a spent budget: no new task may start
            while not queue.empty() and not halt and budget.reached(spent[0]) is None:
                await run_one(*queue.get_nowait())

        try:
            if todo and budget.reached(spent[0]) is None:
                await executor.start()  # a browser that cannot start at all is the user's error, not N task errors
            await asyncio.gather(*(worker() for _ in range(min(options.workers, max(len(todo), 1)))))
        finally:
            await executor.close()
        stop = budget.reached(spent[0]) if budget.limited else None
        not_run = [run_key(t.id, repeat) for t, repeat in _drain(queue)] if stop and not halt else []
        store.mark_not_run(not_run, NOT_RUN_BUDGET)
    finally:
        store.close()
    wall = time.perf_counter() - started
    before = read_summary(run_dir) if options.resume else None
    try:
        report = BudgetReport(budget.max_cost_usd, budget.max_tokens, spent[0].cost_usd, spent[0].total_tokens,
                              reason=stop if not_run else None, not_run=len(not_run)) if budget.limited else None
        summary = write_summary(run_dir, run_wall_s=((before.run_wall_s or 0.0) if before else 0.0) + wall,
                                budget=report)
    except OSError as exc:
        if not (halt and disk_failure(exc)):
            raise
    if halt:
        raise StorageError(f"the bench stopped: {halt[0]}; {queue.qsize()} task(s) were not started. Free some "
                           "space (or fix the folder), then run the same command with --resume: it runs "
                           "those tasks and the failed one again")
    return BenchOutcome(ran=ran[0], kept=len(tasks) * options.repeat - len(todo), redone=redone, summary=summary, wall_s=wall,
                        rerun=rerun, budget=report, not_run=not_run)


def _recorded_spend(run_dir: Path) -> Usage:
    """The usage of every finished task of the run (what a budget counts from)."""
    total = Usage()
    for record in load_records(run_dir):
        if record.state == "done" and record.result is not None:
            total = total + record.result.usage
    return total


def _drain(queue: asyncio.Queue[tuple[Task, int]]) -> list[tuple[Task, int]]:
    """What is left in the queue, emptied."""
    left = []
    while not queue.empty():
        left.append(queue.get_nowait())
    return left
