"""One `webvoyager bench` run of a suite, the generic part: check everything up front, serve the
suite, load and choose its tasks, write run.json, run them (bench/runner.py), collect its results.

The CLI drives it and prints: `prepare_run` (every check, before any server or browser starts), then
`with run.open():` (the suite's servers, its tasks and run.json), `run.execute(listener)` inside it, and
`run.sections(outcome)` afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from webvoyager.api.models import check_model_ready, create_model
from webvoyager.api.rundir import new_run_dir, write_run_json
from webvoyager.api.settings import RunSettings
from webvoyager.bench.external.suite import check_external_request, external_executor
from webvoyager.bench.runner import BenchListener, BenchOptions, BenchOutcome, TaskExecutor, run_bench
from webvoyager.bench.suites.base import BACKENDS, FinishedRun, Suite
from webvoyager.bench.suites.sections import Section
from webvoyager.bench.suites.select import select_tasks
from webvoyager.browser.launch import endpoint_is_local, endpoint_options
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError
from webvoyager.fileio import ensure_writable_dir
from webvoyager.protocol import task_timeout_for
from webvoyager.runs.budget import Budget
from webvoyager.runs.manifest import MANIFEST_KEY, SuiteManifest, make_manifest, read_manifest
from webvoyager.runs.store import STORE_NAME, RunStore
from webvoyager.tasks import Task
from webvoyager.trajectory import run_key


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
    repeat: int | None = None            # attempts per task; None: 1, or what a resumed run recorded
    infra_as_failure: bool = False       # the headline counts infrastructure failures as failures
    agent: str | None = None             # an external agent (`cmd:COMMAND`, bench/external) instead of our own
    agent_timeout_s: float | None = None  # the external agent's limit per task (None: the task timeout)
    budget: Budget = Budget()            # --max-cost, --max-tokens: no new task once the run's spend reaches one


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
    if request.agent is not None:
        check_external_request(request.agent, backend=request.backend, browser_endpoint=request.browser_endpoint,
                               agent_timeout_s=request.agent_timeout_s)
    else:
        check_model_ready(request.model, base_url=request.base_url, settings=settings)
    if request.browser_endpoint and settings.allowed_domains and not endpoint_is_local(request.browser_endpoint):
        raise ConfigError("allowed domains (--allowed-domain, the hostile suite's rails) filter through a proxy on "
                          "this machine's loopback, which a browser elsewhere cannot reach: run the browser here "
                          "(--browser-endpoint on localhost), or drop --browser-endpoint")
    options = BenchOptions(workers=request.workers, resume=request.resume, repeat=_repeat(request), budget=request.budget,
                           task_timeout_s=task_timeout_for(settings.protocol, request.task_timeout_s)).validate()
    return SuiteRun(suite, request, settings, options, settings.new_browser_config(**remote),
                    request.out or new_run_dir(prefix="bench"))


def _recorded(run_dir: Path | None) -> dict[str, Any]:
    """The run.json of a run being resumed ({} when there is none)."""
    try:
        data = json.loads((Path(run_dir) / "run.json").read_text(encoding="utf-8")) if run_dir else {}
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _repeat(request: BenchRequest) -> int:
    """The attempts per task: --repeat; on --resume the run's own (a different --repeat is refused)."""
    recorded = _recorded(request.out).get("repeat") if request.resume else None
    if recorded is None:
        return 1 if request.repeat is None else request.repeat
    if request.repeat is not None and request.repeat != int(recorded):
        raise ConfigError(f"{request.out} was started with --repeat {recorded}; resume it with --repeat {recorded} "
                          "(or leave --repeat out), or start a new run with another --out")
    return int(recorded)


def check_manifest(run_dir: Path, now: SuiteManifest) -> None:
    """Refuse to resume a run whose recorded suite manifest differs from the suite's as it is now."""
    recorded = read_manifest(run_dir)
    if recorded is None:   # a run from before manifests: nothing to compare
        return
    differences = recorded.differences(now)
    if differences:
        raise ConfigError(f"cannot resume {run_dir}: its suite changed since it started ({'; '.join(differences)}); "
                          "start a new run with another --out, or restore the suite's files")


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
    manifest: SuiteManifest | None = None   # the suite's, made by `open`

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
            every = self.suite.load()
            self.manifest = make_manifest(self.suite.label, [t.id for t in every], self.suite.manifest_source())
            if r.resume:
                check_manifest(self.run_dir, self.manifest)
            self.loaded = select_tasks(every, sites=r.sites, ids=r.ids, limit=r.limit, redate=r.redate)
            self.browser_config = self.settings.launch_config(self.suite.browser_config(self.browser_config))
            ensure_writable_dir(self.run_dir)
            if not (self.run_dir / "run.json").is_file():
                write_run_json(self.run_dir, self.settings, r.model, command="bench", base_url=r.base_url,
                               extra={"suite": self.suite.label, "tasks": len(self.tasks), "workers": r.workers,
                                      "backend": r.backend, "browser_endpoint": r.browser_endpoint,
                                      "redate": r.redate, "task_timeout_s": self.options.task_timeout_s,
                                      "sites": list(r.sites), "ids": list(r.ids), "limit": r.limit,
                                      "repeat": self.options.repeat, "infra_as_failure": r.infra_as_failure,
                                      MANIFEST_KEY: self.manifest.to_dict(),
                                      "groups": [g.to_dict() for g in self.suite.groupings],
                                      **self.suite.run_extra(self.tasks)})
            yield self

    @property
    def attempts(self) -> int:
        """Attempts this run makes in all: its tasks times `--repeat`."""
        return len(self.tasks) * self.options.repeat

    def already_done(self) -> int:
        """Attempts of this run finished before (a resumed run), not counting the infrastructure failures
        that `--resume` runs again."""
        if not (self.run_dir / STORE_NAME).is_file():
            return 0
        with RunStore(self.run_dir) as store:
            done = {row.key for row in store.rows() if row.state == "done" and row.infrastructure is None}
        return sum(1 for t in self.tasks for k in range(1, self.options.repeat + 1) if run_key(t.id, k) in done)

    def execute(self, listener: BenchListener | None = None) -> BenchOutcome:
        """Run the tasks (inside `open`) on the request's backend."""
        r, hooks = self.request, self.suite.hooks()
        executor: TaskExecutor | None = None
        if r.backend == "ray":
            from webvoyager.bench.ray_backend import RayExecutor

            executor = RayExecutor(workers=r.workers, model_spec=r.model, base_url=r.base_url, settings=self.settings,
                                   browser_config=self.browser_config, task_timeout_s=self.options.task_timeout_s,
                                   address=r.address)
        if r.agent is not None:
            executor, model = external_executor(r.agent, self.settings, self.browser_config,
                                                r.agent_timeout_s or self.options.task_timeout_s,
                                                episodes=hooks.episode_for is not None)
        else:
            model = create_model(r.model, settings=self.settings, base_url=r.base_url)
        return asyncio.run(run_bench(self.tasks, model=model,
                                     settings=self.settings, run_dir=self.run_dir, options=self.options,
                                     browser_config=self.browser_config, listener=listener,
                                     after_task=hooks.after_task, executor=executor, episode_for=hooks.episode_for,
                                     group_keys=tuple(g.key for g in self.suite.groupings)))

    def sections(self, outcome: BenchOutcome) -> list[Section]:
        """The suite's result sections (it may write its own files beside summary.json first)."""
        return self.suite.results(FinishedRun(self.run_dir, self.tasks, outcome.summary, self.request.model))
