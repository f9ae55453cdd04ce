"""Recording a page someone else drives: a screenshot after each navigation or DOM change has settled,
and the trail of every URL the tab's main frame went to.

Each screenshot becomes a step of the task's trajectory (url, title, screenshot files, a note saying what
triggered it), written by the same Recorder as our own agents' steps, so `report` and `judge` read an
external agent's folder like any other. Nothing is drawn on the page (no Set-of-Mark labels): the agent
would see them.
"""

from __future__ import annotations

import asyncio
import logging

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame

from webvoyager.agent.recorder import Recorder
from webvoyager.browser.action_set import Answer, action_text, action_to_dict
from webvoyager.browser.observe import screenshot
from webvoyager.browser.session import Session
from webvoyager.browser.types import Observation
from webvoyager.errors import BrowserError
from webvoyager.trajectory import Step

log = logging.getLogger("webvoyager.bench")

WATCH_CAP_S = 5.0
"""The longest one wait for a change lasts before it starts again (it returns at the first change)."""

MAX_FAILURES = 20
"""Failed looks in a row after which the watcher gives up (the final page is still recorded)."""


class PageWatcher:
    """Screenshots and URL trail of `session`'s tab, recorded by `recorder` as trajectory steps."""

    def __init__(self, session: Session, recorder: Recorder) -> None:
        self.session, self.recorder = session, recorder
        self.urls: list[str] = []
        self._last: tuple[str, bytes] | None = None
        session.page.on("framenavigated", self._navigated)

    def _navigated(self, frame: Frame) -> None:
        if frame == self.session.page.main_frame and (not self.urls or self.urls[-1] != frame.url):
            self.urls.append(frame.url)

    async def watch(self) -> None:
        """Until cancelled: at each change of the page, let it settle and take a screenshot."""
        failures = 0
        while True:
            try:
                if await self.session.wait_for_change(WATCH_CAP_S):
                    await self.session.settle()
                    await self.snapshot("the page changed")
                failures = 0
            except (PlaywrightError, BrowserError) as exc:
                failures += 1
                if self.session.page.is_closed() or self.session.crashed or failures >= MAX_FAILURES:
                    log.info("stopped watching the page: %s", exc)
                    return
                # a navigation in the middle of a wait or a screenshot: look again

    async def snapshot(self, note: str, *, answer: str | None = None) -> None:
        """Record the tab as it is now as one step, unless it shows exactly what the last step showed;
        with `answer` (the agent's final answer, the step's action) always."""
        page = self.session.page
        try:
            png = await screenshot(page)
            title = await page.title()
        except (PlaywrightError, BrowserError) as exc:
            log.info("no screenshot of %s: %s", page.url, exc)
            return
        if self._last == (page.url, png) and answer is None:
            return
        self._last = (page.url, png)
        step = Step(index=len(self.recorder.steps) + 1, url=page.url, title=title, notes=[note])
        if answer is not None:
            step.action, step.action_data = action_text(Answer(answer)), action_to_dict(Answer(answer))
        self.recorder.record_step(step, Observation(url=page.url, title=title, screenshot=png, marked_screenshot=b"",
                                                    elements=[], text="", viewport=self.session.config.viewport))

    def stop(self) -> None:
        self.session.page.remove_listener("framenavigated", self._navigated)


async def stop_watching(watching: asyncio.Future[None]) -> None:
    """Cancel a `PageWatcher.watch` task and wait until it has stopped."""
    watching.cancel()
    await asyncio.wait({watching})
