"""The paper protocol's fixed sleeps after an action (WebVoyager's run.py sleeps instead of settling).

The values are `protocol.PAPER_SLEEPS`; the session calls `sleep_after` when `BrowserConfig.sleeps` is
set, which only the paper protocol does: everywhere else the project waits for the page to settle.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from webvoyager.browser import scripts
from webvoyager.browser.types import Action, Click, GoBack, Scroll, Search, Type, TypeWarning
from webvoyager.protocol import ActionSleeps
from webvoyager.text import first_line

log = logging.getLogger("webvoyager.browser")


@dataclass
class PaperStep:
    """What the paper's timing and warnings need to know about the action being executed, filled in by
    its handler (browser/actions.py) and read by the session."""

    type_warning: TypeWarning | None = None
    submit_click: bool = False     # the click went to a <button> whose type is "submit"


def sleep_after(action: Action, sleeps: ActionSleeps, step: PaperStep, *, downloaded: bool, start_url: str) -> float:
    """Seconds to sleep after `action` succeeded, as the original does: a click sleeps, then more when
    the download folder changed, then more after a submit button; Type sleeps (more on WolframAlpha,
    judged by the task's start page); Scroll, GoBack and Google sleep their own; Wait and ANSWER none
    here (Wait is its own fixed sleep)."""
    if isinstance(action, Click):
        return (sleeps.click + (sleeps.download if downloaded else 0.0)
                + (sleeps.submit_click if step.submit_click else 0.0))
    if isinstance(action, Type):
        return sleeps.type + (sleeps.wolfram_type if "wolfram" in start_url else 0.0)
    if isinstance(action, Scroll):
        return sleeps.scroll
    if isinstance(action, GoBack):
        return sleeps.go_back
    if isinstance(action, Search):
        return sleeps.search
    return 0.0


async def paper_start(page: Page) -> None:
    """What run.py does once the start page has loaded: click the <body> (Selenium clicks the centre of
    its box in view, whatever is there) and keep the space bar from scrolling the page."""
    try:
        point = await scripts.call(page.main_frame, "W.bodyPoint()")
        if point:
            await page.mouse.click(float(point[0]), float(point[1]))
        await scripts.call(page.main_frame, "W.blockSpace(false)")
    except PlaywrightError as exc:   # as the original's try/except: a page that refuses goes on
        log.info("the paper's start-page click failed on %s: %s", page.url, first_line(exc))
