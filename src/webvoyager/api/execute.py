"""Running a task: in a browser you manage (`execute_task`, as `bench` does) or a new one (`run_task`).

```python
from webvoyager import run_task
result = run_task("Find the price of the cheapest lasagna recipe", url="https://example.org",
                  model="openai:gpt-4o", out_dir="runs/demo")
print(result.status, result.answer)
```
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from webvoyager.agent.episode import Episode
from webvoyager.agent.gate import ConfirmGate
from webvoyager.agent.loop import Agent, StepCallback
from webvoyager.agent.recorder import Recorder
from webvoyager.api.models import check_model_ready, create_model, default_model_spec
from webvoyager.api.policies import make_policy
from webvoyager.api.rundir import new_run_dir, write_run_json
from webvoyager.api.settings import RunSettings
from webvoyager.browser.browser import Browser
from webvoyager.browser.types import BrowserConfig
from webvoyager.cache.policy import CachedPolicy, cached_policy, save_cache
from webvoyager.errors import ConfigError, StorageError, disk_failure, storage_error
from webvoyager.fileio import ensure_writable_dir
from webvoyager.models.base import ChatModel
from webvoyager.protocol import task_timeout_for
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, TaskDir, safe_dirname
from webvoyager.usage import Usage

log = logging.getLogger("webvoyager.agent")


def timeout_result(task: Task, task_dir: Path, model: ChatModel, settings: RunSettings, limit_s: float) -> Result:
    """The "timeout" result of a task stopped at its wall-clock limit, from the steps it recorded."""
    steps = TaskDir(task_dir).load_steps()
    return Result.failure(task, "timeout", f"the task took longer than the --task-timeout of {limit_s:g} s",
                          model=model.spec, policy=settings.policy, steps=len(steps),
                          final_url=steps[-1].url if steps else "", usage=sum((s.usage for s in steps), Usage()),
                          wall_s=limit_s)


async def execute_task(task: Task, *, browser: Browser, model: ChatModel, settings: RunSettings, task_dir: Path,
                       on_step: StepCallback | None = None, gate: ConfirmGate | None = None,
                       episode: Episode | None = None, timeout_s: float | None = None) -> Result:
    """Run `task` in a fresh session of `browser` and record it in `task_dir`, within `timeout_s` seconds
    of wall-clock time (None: no limit).

    Never raises for task-level failures (bad page, model error, crash in a policy): the Result then has
    status "error" and the message (status "timeout" at the limit), and `result.json` is written either way.
    A disk that refuses the task's files (full, read-only) raises StorageError: there is no whole record to
    return. `episode`: the task's environment starts and ends it itself (MiniWoB++, see agent/episode.py).
    Settings that cannot run on this machine (`RunSettings.validate`) raise ConfigError before the session
    starts.
    """
    settings.validate()
    task_dir = Path(task_dir)
    recorder = Recorder(task_dir, redactor=settings.redactor())
    run = asyncio.ensure_future(_execute(task, browser=browser, model=model, settings=settings, recorder=recorder,
                                         on_step=on_step, gate=gate, episode=episode))
    try:
        done, _ = await asyncio.wait({run}, timeout=timeout_s)
    finally:
        if not run.done():   # the limit, or the caller was cancelled: stop the task and let it clean up
            run.cancel()
            await asyncio.wait({run})
    if run in done:
        return run.result()
    return recorder.finish(timeout_result(task, task_dir, model, settings, timeout_s or 0.0))


async def _execute(task: Task, *, browser: Browser, model: ChatModel, settings: RunSettings, recorder: Recorder,
                   on_step: StepCallback | None, gate: ConfirmGate | None, episode: Episode | None) -> Result:
    task_dir = recorder.files.path
    started = time.perf_counter()
    session = None
    try:
        policy = make_policy(settings, model)
        session = await browser.new_session(download_dir=task_dir / "downloads",
                                            allowed_domains=settings.allowed_domains or None,
                                            config=settings.browser_config(browser.config))
        if settings.cache is not None:
            policy = cached_policy(policy, settings.cache, session, recorder.redactor)
        # API keys never reach a page, typed secrets may; too short to redact is too short to mask
        session.mask_secrets([v for v in settings.run_secrets() if v in recorder.redactor.secrets])
        if settings.trace:
            await session.start_trace()
        agent = Agent(session, policy, max_steps=settings.steps_for(task), recorder=recorder,
                      rules=settings.loop_rules(), text_only=settings.text_only, on_step=on_step,
                      placeholders=settings.placeholders(), gate=gate or ConfirmGate(settings.confirm),
                      episode=episode)
        result = await agent.run(task)
        if isinstance(policy, CachedPolicy):
            save_cache(policy, result, recorder.steps)
        return result
    except Exception as exc:  # noqa: BLE001 - one task's failure must not stop a benchmark
        if disk_failure(exc):
            recorder.drain()
            raise _disk_error(exc, task_dir) from None
        log.exception("task %s failed outside the agent loop", task.id)
        try:
            return recorder.finish(Result.from_exception(task, exc, model=getattr(model, "spec", ""),
                                                         policy=settings.policy, steps=len(recorder.steps),
                                                         wall_s=time.perf_counter() - started))
        except OSError as write_exc:
            if not disk_failure(write_exc):
                raise
            raise _disk_error(write_exc, task_dir) from None
    finally:
        if session is not None and settings.trace:
            try:
                await session.stop_trace(recorder.files.trace)
            except Exception as exc:  # noqa: BLE001 - a lost trace must not change the task's result
                log.warning("the trace of task %s was not saved: %s", task.id, exc)
        if session is not None:
            try:
                await session.close()
            except Exception as exc:  # noqa: BLE001 - closing a crashed context may fail; the result stands
                log.warning("closing the session of task %s failed: %s", task.id, exc)


def _disk_error(exc: BaseException, task_dir: Path) -> StorageError:
    """The one-line error of a task whose files the disk refused (full, read-only, not writable)."""
    if isinstance(exc, StorageError):
        return exc
    hint = "free some space or choose a writable --out folder, then run again (bench --resume reruns this task)"
    if isinstance(exc, OSError):
        return storage_error(exc, task_dir, hint=hint)
    return StorageError(f"cannot write the files of {task_dir}: {exc}; {hint}")


def _resolve_model(model: str | ChatModel | None, base_url: str | None, settings: RunSettings) -> ChatModel:
    if model is None or isinstance(model, str):
        spec = model or default_model_spec()
        check_model_ready(spec, base_url=base_url)  # before any browser starts
        return create_model(spec, settings=settings, base_url=base_url)
    return model


async def run_task_async(task: Task | str, *, url: str | None = None, model: str | ChatModel | None = None,
                         out_dir: Path | str | None = None, settings: RunSettings | None = None,
                         browser_config: BrowserConfig | None = None, base_url: str | None = None,
                         on_step: StepCallback | None = None, task_timeout_s: float | None = None) -> Result:
    """Run one task in a new browser and record it under `out_dir` (default `runs/run-<time>`).

    `task` is a Task, or a question with `url` as its start page. `model` is a spec string (see DESIGN.md)
    or a ChatModel. The task's files go to `out_dir/<task id>/`, the settings to `out_dir/run.json`.
    `task_timeout_s`: its wall-clock limit (None: the protocol's, as `bench`: 600 s, none in the paper's).
    """
    settings = (settings or RunSettings()).validate()
    timeout_s = task_timeout_for(settings.protocol, task_timeout_s)
    if isinstance(task, str):
        if not url:
            raise ConfigError("a task given as text needs its start page: pass url='https://...'")
        task = Task(id="task", question=task, start_url=url)
    chat_model = _resolve_model(model, base_url, settings)
    run_dir = Path(out_dir) if out_dir is not None else new_run_dir()
    ensure_writable_dir(run_dir)
    write_run_json(run_dir, settings, chat_model.spec, base_url=base_url,
                   extra={"task_id": task.id, "task_timeout_s": timeout_s})
    config = browser_config or settings.new_browser_config()
    config = replace(config, allowed_domains=settings.allowed_domains or config.allowed_domains)
    config = settings.launch_config(config)
    browser = await Browser.launch(config)
    try:
        return await execute_task(task, browser=browser, model=chat_model, settings=settings,
                                  task_dir=run_dir / safe_dirname(task.id), on_step=on_step, timeout_s=timeout_s)
    finally:
        await browser.close()
        if chat_model is not model:  # we built it from a spec: free its HTTP connections
            close = getattr(chat_model, "aclose", None)
            if close is not None:
                await close()


def run_task(task: Task | str, **kwargs: Any) -> Result:
    """Synchronous `run_task_async` for scripts and notebooks (not from inside a running event loop)."""
    return asyncio.run(run_task_async(task, **kwargs))
