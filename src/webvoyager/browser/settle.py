"""Waiting until a page has settled: navigation done, network quiet, DOM still for a moment.

Event driven, never a fixed sleep: requests are counted as Playwright reports them, the page agent's
MutationObserver says when the DOM last changed, and its ledger of the page's own timers, animation
frames and finishing animations says whether anything is still due. Everything is capped by one timeout.
"""

from __future__ import annotations

import asyncio
import time
from typing import Literal

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Request
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from webvoyager.browser import scripts
from webvoyager.browser.events import SessionEvents
from webvoyager.browser.types import BrowserConfig

# How a settle ended: "idle" (nothing due, DOM still for the idle window), "quiet" (DOM still for the
# full window while work was still due), "churn" (nothing changed for the full window but nodes that the
# page rewrites again and again: it will never be still), "dialogs" (the page opens dialog after dialog:
# the session stops waiting, see Session._settle), None (the cap came first).
Settled = Literal["idle", "quiet", "churn", "dialogs"] | None

# Long-lived channels never "finish"; they must not hold the page unsettled.
_IGNORED_TYPES = {"websocket", "eventsource", "manifest", "other"}

SETTLE_ROUNDS = 3
"""Settle rounds after an action: a popup, dialog or download handled in one round gets another."""

# How much longer than the in-page cap the page may take to answer the quiet check.
_ANSWER_MARGIN_S = 1.0


class NetworkTracker:
    """Counts a page's in-flight requests and lets callers wait until none are left."""

    def __init__(self, page: Page) -> None:
        self._inflight: set[Request] = set()
        self.idle_since = time.monotonic()   # when the last request in flight ended (or was forgotten)
        self._idle = asyncio.Event()
        self._idle.set()
        self._watchers: set[asyncio.Event] = set()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    @property
    def inflight(self) -> int:
        return len(self._inflight)

    def _started(self, request: Request) -> None:
        if request.resource_type in _IGNORED_TYPES:
            return
        self._inflight.add(request)
        self._idle.clear()
        for event in self._watchers:
            event.set()

    def _ended(self, request: Request) -> None:
        if request not in self._inflight:
            return
        self._inflight.discard(request)
        if not self._inflight:
            self.idle_since = time.monotonic()
            self._idle.set()

    def forget_pending(self) -> None:
        """Stop waiting for the requests in flight now (call before an action): long polls and
        slow beacons that predate the action would otherwise hold every settle to its cap."""
        self._inflight.clear()
        self.idle_since = time.monotonic()
        self._idle.set()

    def watch(self) -> asyncio.Event:
        """An event set when the next request starts; give it back with `unwatch`."""
        event = asyncio.Event()
        self._watchers.add(event)
        return event

    def unwatch(self, event: asyncio.Event) -> None:
        self._watchers.discard(event)

    async def wait_idle(self) -> None:
        """Return when no request is in flight."""
        await self._idle.wait()


async def settle(page: Page, network: NetworkTracker, *, quiet_ms: int, cap_s: float, idle_ms: int | None = None,
                 popup_arrived: asyncio.Event | None = None, since: float | None = None) -> Settled:
    """Wait until `page` has settled; say how (see `Settled`), or None when the cap was hit first (never raises).

    Settled: loaded, no request in flight, and either the page idle -- DOM unchanged and none of its
    timers or animation frames run for `idle_ms`, with no timer, frame or finishing animation due within
    `quiet_ms` -- or, whatever is scheduled, the DOM still for `quiet_ms` -- or no change for `quiet_ms`
    but the steady churn of nodes the page rewrites in place again and again. All count from the
    latest of: the last DOM change, the last request's end, and `since` (the `time.monotonic()` at which
    the action was dispatched; default: this call). Counting from the action rather than from this call
    spares the round trips in between without shortening the window anything the action set off gets.
    When the page tried to open a popup, also wait (within the cap) until `popup_arrived` is set:
    on a busy machine the new tab can show up well after the DOM has gone quiet.
    """
    called = time.monotonic()
    deadline = called + cap_s
    idle_ms = quiet_ms if idle_ms is None else min(idle_ms, quiet_ms)

    def left() -> float:
        return max(0.0, deadline - time.monotonic())

    while left() > 0:
        try:
            await page.wait_for_load_state("load", timeout=left() * 1000)
            await asyncio.wait_for(network.wait_idle(), timeout=left())
            origin = max(called if since is None else since, network.idle_since)
            since_ms = max(0.0, (time.monotonic() - origin) * 1000)
            # Bounded here too: a page stuck in a script (or in dialog after dialog) never runs W.quiet's own cap.
            how, popups = await asyncio.wait_for(scripts.call(
                page.main_frame, "W.quiet(arg[0], arg[1], arg[2], arg[3]).then((q) => [q, W.takePopups()])",
                [quiet_ms, left() * 1000, since_ms, idle_ms]), timeout=left() + _ANSWER_MARGIN_S)
            if popups and popup_arrived is not None and not popup_arrived.is_set():
                await asyncio.wait_for(popup_arrived.wait(), timeout=left())
                continue
        except (asyncio.TimeoutError, PlaywrightTimeoutError):
            return None
        except PlaywrightError as exc:
            if _is_closed(exc):
                return None
            continue   # a navigation destroyed the context mid-wait: start over on the new document
        if how in ("idle", "quiet", "churn") and network.inflight == 0:
            return how
    return None


async def settle_rounds(page: Page, network: NetworkTracker, events: SessionEvents, config: BrowserConfig, *,
                        since: float | None = None) -> Settled:
    """Settle after an action or load, with the popups, dialogs and downloads it set off: up to
    SETTLE_ROUNDS settles, draining the background work between two. A dialog storm ends it at once
    ("dialogs"): such a page is never quiet, and each of its dialogs would restart the wait."""
    storm = events.storm
    how: Settled = None
    for _ in range(SETTLE_ROUNDS):
        settling = asyncio.ensure_future(settle(
            page, network, quiet_ms=config.dom_quiet_ms, idle_ms=config.dom_idle_ms, cap_s=config.settle_timeout_s,
            popup_arrived=events.popup_arrived, since=since))
        stormed = asyncio.ensure_future(storm.wait())
        try:
            await asyncio.wait({settling, stormed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stormed.cancel()
            if not settling.done():
                settling.cancel()
                await asyncio.gather(settling, return_exceptions=True)
        how = "dialogs" if storm.is_set() else settling.result()
        since = None   # a second round (after a popup or dialog was handled) counts from its own start
        if storm.is_set() or not events.busy:
            return how
        await events.drain(config.navigation_timeout_s)
    return how


def _is_closed(exc: PlaywrightError) -> bool:
    text = str(exc)
    return "has been closed" in text or "Target closed" in text
