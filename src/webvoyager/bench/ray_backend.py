"""`webvoyager bench --backend ray`: the tasks of a run on a Ray cluster, one browser per actor.

`RayExecutor` is a `TaskExecutor` (bench/runner.py): the runner on the driver keeps the books
(`runs.sqlite`, resume, summary, progress bar) exactly as with the local backend. The executor starts N
`BrowserWorker` actors; each launches (or connects to) its own browser once and runs one task at a time in
a fresh context of it, recording into a scratch folder on its node. The actor returns the Result and the
task's files as bytes; the driver writes the task folder in one rename (`attempt.unpack_folder`). When an
actor dies under a task (its process killed, its node lost), the executor replaces it with a fresh actor
and raises WorkerLostError, so the runner retries the task once and then records an error.

Ray is an optional dependency (`pip install 'webvoyager[ray]'`), imported only when this backend starts.
"""

from __future__ import annotations

import asyncio
import logging
import os
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from webvoyager.api.models import create_model
from webvoyager.api.settings import RunSettings
from webvoyager.bench.attempt import browser_died, pack_folder, run_attempt, unpack_folder
from webvoyager.browser.relaunch import LiveBrowser
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError, WorkerLostError
from webvoyager.tasks import Task
from webvoyager.text import first_line
from webvoyager.trajectory import Result, safe_dirname

log = logging.getLogger("webvoyager.bench")

CLOSE_TIMEOUT_S = 30.0
"""How long an actor may take to close its browser when the run ends before it is killed."""


def import_ray() -> ModuleType:
    """The `ray` module, or a ConfigError that says how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ConfigError("--backend ray needs Ray, which is not installed: pip install 'webvoyager[ray]' "
                          "(or drop --backend ray to run on this machine)") from exc
    return ray


class BrowserWorker:
    """The body of one Ray actor: a browser and a model, reused for every task the actor runs.

    An async actor (its methods are coroutines on the actor's event loop) made to run one call at a time.
    """

    def __init__(self, model_spec: str, base_url: str | None, settings: RunSettings, config: BrowserConfig,
                 task_timeout_s: float | None) -> None:
        self.settings, self.config, self.task_timeout_s = settings, config, task_timeout_s
        self.model = create_model(model_spec, settings=settings, base_url=base_url)
        self.live = LiveBrowser(config)

    async def ready(self) -> int:
        """Start the browser; returns this actor's process id."""
        await self.live.get()
        return os.getpid()

    async def run(self, task: Task) -> tuple[Result, dict[str, bytes]]:
        """Run one attempt of `task`; returns its Result and its folder's files."""
        with tempfile.TemporaryDirectory(prefix="webvoyager-task-") as scratch:
            folder = Path(scratch) / safe_dirname(task.id)
            try:
                browser = await self.live.get()
            except Exception as exc:  # noqa: BLE001 - a relaunch that fails is this task's error
                result = Result.from_exception(task, exc, model=self.model.spec, policy=self.settings.policy,
                                               infrastructure="browser")
            else:
                result = browser_died(await run_attempt(task, browser=browser, model=self.model,
                                                        settings=self.settings, folder=folder,
                                                        timeout_s=self.task_timeout_s), browser.connected)
            return result, pack_folder(folder) if folder.is_dir() else {}

    async def close(self) -> None:
        await self.live.close()
        close = getattr(self.model, "aclose", None)
        if close is not None:
            await close()


def _why(exc: BaseException) -> str:
    """The first line of what went wrong inside Ray (the worker's own exception when there is one)."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, BaseException):
        return f"{type(cause).__name__}: {first_line(cause)}"
    return first_line(exc)


async def _wait(ref: Any) -> Any:
    """Await a Ray ObjectRef (also a Ray Client one) without blocking the event loop."""
    return await asyncio.wrap_future(ref.future())


class RayExecutor:
    """Runs the bench's attempts on `workers` BrowserWorker actors (see the module docstring).

    `address`: the cluster to join (None: $RAY_ADDRESS, else a new local cluster; "auto": the running
    one; "ray://host:10001": through Ray Client). When Ray is already initialised in this process, that
    connection is used and left open.
    """

    def __init__(self, *, workers: int, model_spec: str, settings: RunSettings, browser_config: BrowserConfig,
                 task_timeout_s: float | None, base_url: str | None = None, address: str | None = None,
                 cpus_per_worker: float = 1.0) -> None:
        self.workers, self.model_spec, self.base_url = workers, model_spec, base_url
        self.settings, self.browser_config, self.task_timeout_s = settings, browser_config, task_timeout_s
        self.address, self.cpus_per_worker = address, cpus_per_worker
        self.pids: dict[str, int] = {}            # task id -> pid of the actor process running it now
        self.replaced = 0                         # actors that died and were replaced
        self._ray: ModuleType | None = None
        self._owns_ray = False
        self._actor_class: Any = None
        self._actors: list[Any] = []
        self._pid_of: dict[Any, int] = {}
        self._idle: asyncio.Queue[Any] = asyncio.Queue()

    @property
    def worker_pids(self) -> list[int]:
        """The process ids of the live actors (one browser each)."""
        return [self._pid_of[a] for a in self._actors]

    async def _new_actor(self) -> Any:
        assert self._ray is not None
        actor = self._actor_class.remote(self.model_spec, self.base_url, self.settings, self.browser_config,
                                         self.task_timeout_s)
        try:
            pid = await _wait(actor.ready.remote())
        except self._ray.exceptions.RayError as exc:
            self._ray.kill(actor)
            raise ConfigError(f"a Ray worker could not start its browser or model: {_why(exc)}. Check that "
                              "webvoyager, its browser and the model's API key are available on every node "
                              "(see 'Running on a cluster' in the README)") from exc
        self._actors.append(actor)
        self._pid_of[actor] = pid
        return actor

    async def start(self) -> None:
        ray = self._ray = import_ray()
        if not ray.is_initialized():
            # Worker output goes to Ray's log files (/tmp/ray/session_latest/logs), not over the progress bar.
            try:
                ray.init(address=self.address, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ConfigError(f"could not join the Ray cluster at {self.address or '$RAY_ADDRESS'}: "
                                  f"{first_line(exc)}. Start one with `ray start --head`, or drop --address to "
                                  "start a cluster on this machine") from exc
            self._owns_ray = True
        self._actor_class = ray.remote(num_cpus=self.cpus_per_worker, max_restarts=0,
                                        max_concurrency=1)(BrowserWorker)
        for actor in await asyncio.gather(*(self._new_actor() for _ in range(self.workers))):
            self._idle.put_nowait(actor)

    async def run(self, task: Task, folder: Path, attempt: int) -> Result:
        assert self._ray is not None
        errors = self._ray.exceptions
        actor = await self._idle.get()
        self.pids[task.id] = self._pid_of[actor]
        try:
            result, files = await _wait(actor.run.remote(task))
        except (errors.RayActorError, errors.WorkerCrashedError) as exc:
            self._actors.remove(actor)
            self._ray.kill(actor)
            self.replaced += 1
            self._idle.put_nowait(await self._new_actor())
            raise WorkerLostError(f"the Ray worker running this task died ({_why(exc)})") from exc
        except errors.RayTaskError as exc:   # a bug in the worker, not in the task: record it, keep going
            self._idle.put_nowait(actor)
            return Result.failure(task, "error", f"the Ray worker failed: {_why(exc)}", model=self.model_spec,
                                  policy=self.settings.policy)
        finally:
            self.pids.pop(task.id, None)
        self._idle.put_nowait(actor)
        await asyncio.to_thread(unpack_folder, files, folder)
        return result

    async def close(self) -> None:
        if self._ray is None:
            return
        ray, actors, self._actors = self._ray, self._actors, []
        if actors:
            try:
                await asyncio.wait_for(asyncio.gather(*(_wait(a.close.remote()) for a in actors),
                                                      return_exceptions=True), CLOSE_TIMEOUT_S)
            except asyncio.TimeoutError:
                log.warning("Ray workers did not close their browsers within %g s", CLOSE_TIMEOUT_S)
            for actor in actors:
                ray.kill(actor)
        if self._owns_ray:
            ray.shutdown()
            self._owns_ray = False
