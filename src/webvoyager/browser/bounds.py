"""Bounded browser calls: every call a step makes ends within its limit, or at once when the tab crashes.

A page can stop answering for good (a script in an endless loop, an endless run of dialogs) and a tab's
renderer can die (the page exhausted its memory). Playwright's own timeouts cover only some calls, and a
crashed tab leaves the rest waiting until their own timeouts (or forever). `PageWatch` listens for the
page's "crash" event and runs each call of a step against its limit and that event.
"""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, TypeVar

from playwright.async_api import Page

from webvoyager.errors import PageCrashedError, PageUnresponsiveError

T = TypeVar("T")

STALLED_LIMIT_S = 2.0
"""Once a call has timed out, later calls (the final page state, closing the tab) get this long at most:
a page that stopped answering rarely starts again, and the task's files must not wait for it."""

CRASHED = ("the page crashed: the browser's renderer process for {url} died (the page may have run out of "
           "memory). The task cannot continue in this tab.")


class PageWatch:
    """Watches one tab for its crash; `dialogs` counts the JavaScript dialogs it opened so far (for the
    message of a call that timed out)."""

    def __init__(self, page: Page, dialogs: Callable[[], int] = lambda: 0) -> None:
        self.page = page
        self.dialogs = dialogs
        self.crashed = asyncio.Event()
        self.crashed_at = ""      # the URL the tab showed when it crashed
        self.stalled = False      # a call timed out: the page stopped answering
        page.on("crash", self._on_crash)

    def _on_crash(self, page: Page) -> None:
        self.crashed_at = page.url
        self.crashed.set()

    def crash_error(self) -> PageCrashedError:
        """The error that ends a task whose tab crashed."""
        return PageCrashedError(CRASHED.format(url=self.crashed_at or self.page.url))

    def limit(self, limit_s: float) -> float:
        """`limit_s`, or STALLED_LIMIT_S once the page has stopped answering."""
        return min(limit_s, STALLED_LIMIT_S) if self.stalled else limit_s

    def check(self) -> None:
        """Raise PageCrashedError if the tab has crashed."""
        if self.crashed.is_set():
            raise self.crash_error()

    async def bounded(self, work: Awaitable[T], limit_s: float, doing: str) -> T:
        """Await `work` for at most `limit_s` seconds; PageCrashedError as soon as the tab crashes,
        PageUnresponsiveError when the limit passes first (`doing` says what the call was doing)."""
        self.check()
        limit_s = self.limit(limit_s)
        task = asyncio.ensure_future(work)
        crash = asyncio.ensure_future(self.crashed.wait())
        dialogs = self.dialogs()
        try:
            done, _ = await asyncio.wait({task, crash}, timeout=limit_s, return_when=asyncio.FIRST_COMPLETED)
        finally:
            crash.cancel()
            if not task.done():
                task.cancel()
        if task in done:
            return task.result()
        _forget(task)
        if crash in done:
            raise self.crash_error()
        self.stalled = True
        shown = self.dialogs() - dialogs
        why = (f"; it opened {shown} JavaScript dialogs in that time and answered nothing else" if shown else
               " (a script may be stuck in an endless loop)")
        raise PageUnresponsiveError(f"the page {self.page.url} did not answer within {limit_s:g} s while "
                                    f"{doing}{why}. The task cannot continue on this page.")


def _forget(task: asyncio.Future[object]) -> None:
    """Let a cancelled call finish in the background without an 'exception never retrieved' warning."""
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
