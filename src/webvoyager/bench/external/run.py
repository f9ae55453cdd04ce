"""One task for an external agent (`run_external`), and the bench executor that runs a suite that way.

Per task: a filtering proxy for the run's allowed domains (browser-wide, so even a context the agent opens
over CDP goes through it), a Chromium with its DevTools port open, our own Playwright connected to it
over CDP with the same session our agents get (a context behind the per-session proxy, popups folded into
the tab, downloads saved, dialogs answered), the start page loaded. Then the agent runs with the task
JSON while a PageWatcher records screenshots and the URL trail; afterwards the final page is recorded,
the task's checks run on it, and `result.json` is written by the same Recorder as for our agents.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from webvoyager.agent.recorder import Recorder
from webvoyager.api.settings import RunSettings
from webvoyager.bench.external.chromium import DebugChromium, launch_debug_chromium
from webvoyager.bench.external.command import AgentTimeoutError
from webvoyager.bench.external.protocol import (AgentReply, ExternalAgent, ExternalAgentError, reply_from,
                                                task_payload)
from webvoyager.bench.external.watch import PageWatcher, stop_watching
from webvoyager.browser.browser import Browser
from webvoyager.browser.netguard import NetworkGuard
from webvoyager.browser.session import Session
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import disk_failure
from webvoyager.fileio import write_json_atomic
from webvoyager.tasks import PageState, Task
from webvoyager.trajectory import Result

log = logging.getLogger("webvoyager.bench")

POLICY_NAME = "external"
"""result.json's `policy` for a task an external agent did (its `model` is the agent's name)."""
EXTERNAL_FILE = "external.json"
"""The task folder's record of the external run: the agent, the URL trail, the steps the agent reported."""
TIMEOUT_GRACE_S = 5.0
"""How long past the time limit an agent may take to stop (a command is killed at the limit itself)."""


async def run_external(task: Task, agent: ExternalAgent, task_dir: Path, *, settings: RunSettings | None = None,
                       browser_config: BrowserConfig | None = None, timeout_s: float | None = None) -> Result:
    """Let `agent` do `task` in a browser of its own, recorded into `task_dir` like our agents' tasks.

    `timeout_s`: the agent's time limit (None: none). Never raises for the agent's failures: a crash, a
    result that is not JSON or the time limit give status "error" or "timeout" with the cause (and the
    tail of a command's stderr); `result.json` is written either way."""
    settings = (settings or RunSettings()).validate()
    config = settings.launch_config(browser_config or settings.new_browser_config())
    task_dir = Path(task_dir)
    recorder = Recorder(task_dir, redactor=settings.redactor())
    started = time.perf_counter()
    domains = settings.allowed_domains
    guard: NetworkGuard | None = None
    chromium: DebugChromium | None = None
    browser: Browser | None = None
    session: Session | None = None
    watcher: PageWatcher | None = None
    record: dict[str, Any] = {"agent": agent.name, "urls": [], "agent_steps": []}
    try:
        guard = await NetworkGuard(domains).start() if domains else None
        chromium = await launch_debug_chromium(config, proxy=guard.url if guard else None)
        browser = await Browser.launch(replace(config, cdp_url=chromium.cdp_url))
        session = await browser.new_session(download_dir=task_dir / "downloads", allowed_domains=domains or None,
                                            config=settings.browser_config(browser.config))
        target_id = await _only_our_tab(session)
        recorder.start(task, policy=POLICY_NAME, model=agent.name)
        watcher = PageWatcher(session, recorder)
        await session.goto(task.start_url)
        await watcher.snapshot("the start page")
        payload = task_payload(task, cdp_url=chromium.cdp_url, browser_ws=chromium.browser_ws, target_id=target_id,
                               page_ws=chromium.page_ws(target_id), viewport=session.config.viewport,
                               max_steps=settings.steps_for(task), time_limit_s=timeout_s)
        reply = await _run_agent(agent, payload, watcher, timeout_s)
        record["agent_steps"] = [asdict(s) for s in reply.steps]
        page = await _final_page(session, watcher, answer=reply.answer)
        success = task.check(reply.answer, page) if task.checkable else None   # on the real page, before redaction
        result = Result(task_id=task.id, question=task.question, start_url=task.start_url, status="answered",
                        answer=reply.answer, success=success,
                        steps=len(reply.steps) or len(recorder.steps), final_url=page.url if page else "",
                        timings={"wall_s": time.perf_counter() - started}, site=task.site, model=agent.name,
                        policy=POLICY_NAME)
    except Exception as exc:  # noqa: BLE001 - an agent's (or its browser's) failure is this task's error only
        if disk_failure(exc):
            raise
        status = "timeout" if isinstance(exc, (AgentTimeoutError, asyncio.TimeoutError)) else "error"
        if not isinstance(exc, ExternalAgentError | asyncio.TimeoutError):
            log.warning("task %s failed around its external agent: %s", task.id, exc)
        page = await _final_page(session, watcher) if session is not None and watcher is not None else None
        message = str(exc) if isinstance(exc, ExternalAgentError) else (
            f"the agent did not finish within its {timeout_s:g} s limit" if isinstance(exc, asyncio.TimeoutError)
            else f"{type(exc).__name__}: {exc}")
        failed = Result.from_exception(task, exc, model=agent.name, policy=POLICY_NAME,
                                       wall_s=time.perf_counter() - started)
        # checked like our loop checks a task that ended in an error: no answer, on the page as it was left
        result = replace(failed, status=status, error=message, steps=len(recorder.steps),
                         success=task.check(None, page) if task.checkable and page is not None else None,
                         final_url=page.url if page else "",
                         infrastructure=None if isinstance(exc, ExternalAgentError | asyncio.TimeoutError)
                         else failed.infrastructure)
    finally:
        if watcher is not None:
            record["urls"] = list(watcher.urls)
            watcher.stop()
        await _close(session, browser, chromium, guard)
    write_json_atomic(task_dir / EXTERNAL_FILE, recorder.redactor.data(record))
    return recorder.finish(result)


async def _run_agent(agent: ExternalAgent, payload: dict[str, Any], watcher: PageWatcher,
                     timeout_s: float | None) -> AgentReply:
    """The agent's reply, with the page watched while it works."""
    watching = asyncio.ensure_future(watcher.watch())
    try:
        limit = None if timeout_s is None else timeout_s + TIMEOUT_GRACE_S
        return reply_from(await asyncio.wait_for(agent.run(payload), limit))
    finally:
        await stop_watching(watching)


async def _only_our_tab(session: Session) -> str:
    """Close the tab Chromium opened at launch (so an agent that takes the first page it finds takes
    ours) and return the DevTools target id of the session's tab."""
    cdp = await session.context.new_cdp_session(session.page)
    try:
        own = (await cdp.send("Target.getTargetInfo"))["targetInfo"]["targetId"]
        for target in (await cdp.send("Target.getTargets"))["targetInfos"]:
            if target["type"] == "page" and target["targetId"] != own:
                await cdp.send("Target.closeTarget", {"targetId": target["targetId"]})
        return str(own)
    finally:
        await cdp.detach()


async def _final_page(session: Session | None, watcher: PageWatcher | None,
                      answer: str | None = None) -> PageState | None:
    """Record the final screen (with the agent's answer as the step's action) and read the page state;
    None when the page cannot be read any more."""
    if session is None or watcher is None:
        return None
    try:
        await session.settle()
        await watcher.snapshot("the final page", answer=answer)
        return await session.page_state()
    except Exception as exc:  # noqa: BLE001 - a crashed page must not hide the agent's result
        log.warning("could not read the final page: %s", exc)
        return None


async def _close(session: Session | None, browser: Browser | None, chromium: DebugChromium | None,
                 guard: NetworkGuard | None) -> None:
    for closing in (session.close() if session else None, browser.close() if browser else None):
        if closing is not None:
            try:
                await closing
            except Exception as exc:  # noqa: BLE001 - closing a crashed browser may fail; the result stands
                log.warning("closing the external agent's browser failed: %s", exc)
    if chromium is not None:
        chromium.stop()
    if guard is not None:
        await guard.stop()


class ExternalExecutor:
    """The bench's TaskExecutor for an external agent: each task in a browser of its own (this process)."""

    def __init__(self, agent: ExternalAgent, settings: RunSettings, config: BrowserConfig,
                 timeout_s: float | None) -> None:
        self.agent, self.settings, self.config, self.timeout_s = agent, settings, config, timeout_s

    async def start(self) -> None:
        """Nothing to start: every task launches its own browser."""

    async def run(self, task: Task, folder: Path, attempt: int) -> Result:
        return await run_external(task, self.agent, folder, settings=self.settings, browser_config=self.config,
                                  timeout_s=self.timeout_s)

    async def close(self) -> None:
        """Nothing to close: every task closed its own browser."""
