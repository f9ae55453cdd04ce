"""The Wait action: wait until the page changes, or until the configured time has passed.

The default Wait returns as soon as the page starts changing (a DOM mutation that is not a style
change, a request starting, a navigation of the tab), and the session then lets the page settle as after
any action; when nothing happens it returns after `BrowserConfig.wait_s`. So a page whose content
arrives two seconds late is waited for two seconds, not five, and not a DOM-quiet instant.
The paper's protocol (`wait_for_change=False`) sleeps exactly `wait_s`, as WebVoyager's code does.
"""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from webvoyager.browser import scripts
from webvoyager.browser.settle import NetworkTracker


async def _dom_changed(page: Page, cap_s: float) -> bool:
    try:
        return bool(await scripts.call(page.main_frame, "W.changed(arg)", cap_s * 1000))
    except PlaywrightError as exc:
        # The document went away under the wait: a navigation, i.e. a change (unless the tab closed).
        return "closed" not in str(exc)


async def wait_for_change(page: Page, network: NetworkTracker, *, cap_s: float) -> bool:
    """Return True as soon as the page starts changing, False after `cap_s` seconds without a change."""
    request = network.watch()
    navigated = asyncio.Event()

    def on_navigation(frame: Frame) -> None:
        if frame == page.main_frame:
            navigated.set()

    page.on("framenavigated", on_navigation)
    dom = asyncio.ensure_future(_dom_changed(page, cap_s))
    others: list[asyncio.Future[Any]] = [asyncio.ensure_future(request.wait()),
                                         asyncio.ensure_future(navigated.wait())]
    try:
        done, _ = await asyncio.wait([dom, *others], timeout=cap_s, return_when=asyncio.FIRST_COMPLETED)
    finally:
        page.remove_listener("framenavigated", on_navigation)
        network.unwatch(request)
        for future in (dom, *others):
            if not future.done():
                future.cancel()
    return any(f in done for f in others) or (dom in done and not dom.cancelled() and dom.result())


async def fixed_wait(seconds: float) -> None:
    """The paper's Wait: a sleep of exactly `seconds`, whatever the page does (paper protocol only)."""
    await asyncio.sleep(seconds)
