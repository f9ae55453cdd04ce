"""One `webvoyager bench` run of a suite, the generic part: check everything up front, serve the
suite, load and choose its tasks, write run.json, run them (bench/runner.py), collect its results.

The CLI drives it and prints: `prepare_run` (every check, before any server or browser starts), then
`with run.open():` (the suite's servers, its tasks and run.json), `run.execute(listener)` inside it, and
`run.sections(outcome)` afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from webvoyager.api.models import check_model_ready, create_model
from webvoyager.api.rundir import new_run_dir, write_run_json
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchListener, BenchOptions, BenchOutcome, TaskExecutor, run_bench
from webvoyager.bench.suites.base import BACKENDS, FinishedRun, Suite
from webvoyager.bench.suites.sections import Section
from webvoyager.bench.suites.select import select_tasks
from webvoyager.browser.launch import endpoint_is_local, endpoint_options
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError
from webvoyager.fileio import ensure_writable_dir
from webvoyager.protocol import task_timeout_for
from webvoyager.runs.store import STORE_NAME, RunStore
from webvoyager.tasks import Task


@dataclass(frozen=True)
class BenchRequest:
    """What `bench` was asked, but the suite and its own arguments."""

    model: str
    base_url: str | None = None
    workers: int = 1
    backend: str = "local"
    address: str | None = None           # ray: the cluster
    browser_endpoint: str | None = None
    out: Path | None = None
    resume: bool = False
    task_timeout_s: float | None = None  # None: the protocol's
    sites: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    limit: int | None = None
    redate: bool = False


def prepare_run(suite: Suite, request: BenchRequest, settings_for: Callable[[str], RunSettings]) -> SuiteRun:
    """Check the request against the suite (ConfigError that says what to change) before anything starts.
    `settings_for(default_confirm)` gives the run's settings when the suite's default confirm mode is this."""
    if request.resume and request.out is None:
        raise ConfigError("--resume needs --out DIR: the run directory to continue")
    if request.backend not in BACKENDS:
        raise ConfigError(f"--backend {request.backend!r}: use {' or '.join(BACKENDS)}")
    if request.address is not None and request.backend != "ray":
        raise ConfigError("--address is the Ray cluster to use; add --backend ray")
    suite.check_backend(request.backend)
    remote = endpoint_options(request.browser_endpoint) if request.browser_endpoint else {}
    if request.backend == "ray":
        from webvoyager.bench.ray_backend import import_ray

        import_ray()   # an actionable error now, before the suite's servers or any browser start
    settings = suite.settings(settings_for(suite.default_confirm))
    check_model_ready(request.model, base_url=request.base_url, settings=settings)
    if request.browser_endpoint and settings.allowed_domains and not endpoint_is_local(request.browser_endpoint):
        raise ConfigError("allowed domains (--allowed-domain, the hostile suite's rails) filter through a proxy on "
                          "this machine's loopback, which a browser elsewhere cannot reach: run the browser here "
                          "(--browser-endpoint on localhost), or drop --browser-endpoint")
    options = BenchOptions(workers=request.workers, resume=request.resume,
                           task_timeout_s=task_timeout_for(settings.protocol, request.task_timeout_s)).validate()
    return SuiteRun(suite, request, settings, options, BrowserConfig(headless=settings.headless, **remote),
                    request.out or new_run_dir(prefix="bench"))


@dataclass
class SuiteRun:
    """A checked bench run of one suite (made by `prepare_run`); its tasks are loaded by `open`."""

    suite: Suite
    request: BenchRequest
    settings: RunSettings
    options: BenchOptions
    browser_config: BrowserConfig
    run_dir: Path
    loaded: list[Task] | None = None

    @property
    def tasks(self) -> list[Task]:
        """The run's tasks, chosen by `open`."""
        if self.loaded is None:
            raise RuntimeError("the suite's tasks are loaded by SuiteRun.open(); use it as a `with` block first")
        return self.loaded

    @contextlib.contextmanager
    def open(self) -> Iterator[SuiteRun]:
        """The suite's servers for the duration of the block, its tasks chosen, run.json written."""
        r = self.request
        with self.suite.serve():
            self.loaded = select_tasks(self.suite.load(), sites=r.sites, ids=r.ids, limit=r.limit, redate=r.redate)
            self.browser_config = self.settings.launch_config(self.suite.browser_config(self.browser_config))
            ensure_writable_dir(self.run_dir)
            if not (self.run_dir / "run.json").is_file():
                write_run_json(self.run_dir, self.settings, r.model, command="bench", base_url=r.base_url,
                               extra={"suite": self.suite.label, "tasks": len(self.tasks), "workers": r.workers,
                                      "backend": r.backend, "browser_endpoint": r.browser_endpoint,
                                      "redate": r.redate, "task_timeout_s": self.options.task_timeout_s,
                                      "sites": list(r.sites), "ids": list(r.ids), "limit": r.limit,
                                      "groups": [g.to_dict() for g in self.suite.groupings],
                                      **self.suite.run_extra(self.tasks)})
            yield self

    def already_done(self) -> int:
        """Tasks of this run finished before (a resumed run), not counting the infrastructure failures that
        `--resume` runs again."""
        if not (self.run_dir / STORE_NAME).is_file():
            return 0
        with RunStore(self.run_dir) as store:
            done = {row.task_id for row in store.rows() if row.state == "done" and row.infrastructure is None}
        return sum(1 for t in self.tasks if t.id in done)

    def execute(self, listener: BenchListener | None = None) -> BenchOutcome:
        """Run the tasks (inside `open`) on the request's backend."""
        r, hooks = self.request, self.suite.hooks()
        executor: TaskExecutor | None = None
        if r.backend == "ray":
            from webvoyager.bench.ray_backend import RayExecutor

            executor = RayExecutor(workers=r.workers, model_spec=r.model, base_url=r.base_url, settings=self.settings,
                                   browser_config=self.browser_config, task_timeout_s=self.options.task_timeout_s,
                                   address=r.address)
        model = create_model(r.model, settings=self.settings, base_url=r.base_url)
        return asyncio.run(run_bench(self.tasks, model=model,
                                     settings=self.settings, run_dir=self.run_dir, options=self.options,
                                     browser_config=self.browser_config, listener=listener,
                                     after_task=hooks.after_task, executor=executor, episode_for=hooks.episode_for,
                                     group_keys=tuple(g.key for g in self.suite.groupings)))

    def sections(self, outcome: BenchOutcome) -> list[Section]:
        """The suite's result sections (it may write its own files beside summary.json first)."""
        return self.suite.results(FinishedRun(self.run_dir, self.tasks, outcome.summary, self.request.model))
