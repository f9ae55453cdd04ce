"""How long the session waits after an action: the DOM-quiet window counts from the action's dispatch,
and ends early only when nothing the page scheduled is still due (timers, animation frames, finishing
transitions); what such work changes 110-130 ms after a click is still seen."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import AsyncIterator

import pytest
import pytest_asyncio

from webvoyager.browser import Browser, Session
from webvoyager.browser.types import Click

pytestmark = pytest.mark.browser

BUTTONS = ["Timer chain", "Frames", "Transition", "Interval", "Passthrough", "Long timer",
           "Spin forever"]


async def test_effect_shortly_after_a_click_is_waited_for(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/delayed.html")
    first = await session.observe()
    assert [e.text for e in first.elements] == ["Show later"]
    for _ in range(3):   # each click adds one more button 100 ms later
        await session.execute(Click(0))
    assert session.settled
    after = await session.observe()
    assert [e.text for e in after.elements] == ["Show later", "Appeared", "Appeared", "Appeared"]


@pytest_asyncio.fixture(loop_scope="session")
async def patient(browser: Browser, tmp_path: Path) -> AsyncIterator[Session]:
    """A session whose DOM-quiet fallback (2 s) cannot end a settle before work due in ~120 ms has run,
    however late a loaded machine runs the page's timers: what these tests see after a click is
    the ledger's doing, and `settled_by == "idle"` says the settle did not wait out the window."""
    config = dataclasses.replace(browser.config, dom_quiet_ms=2000)
    fresh = await browser.new_session(download_dir=tmp_path / "downloads", config=config)
    yield fresh
    await fresh.close()


async def _click(session, pages_url, name: str) -> list[str]:
    await session.goto(f"{pages_url}/zoo/scheduled.html")
    first = await session.observe()
    assert [e.text for e in first.elements] == BUTTONS
    await session.execute(Click(BUTTONS.index(name)))
    after = await session.observe()
    return [e.text for e in after.elements][len(BUTTONS):]


@pytest.mark.parametrize(("button", "effect"), [
    ("Timer chain", "After timers"),
    ("Frames", "After frames"),
    ("Transition", "After transition"),
    ("Interval", "After interval"),
])
async def test_work_still_due_after_a_click_is_waited_for(patient, pages_url, button, effect) -> None:
    assert await _click(patient, pages_url, button) == [effect]
    assert patient.settled_by == "idle"   # ended once the work was done, not by the full window


async def test_a_page_with_nothing_due_settles_without_the_full_window(patient, pages_url) -> None:
    # A timer beyond the window (a carousel, a session timeout) is not waited for by either rule.
    assert await _click(patient, pages_url, "Long timer") == []
    assert patient.settled_by == "idle"


async def test_a_page_that_never_stops_falls_back_to_the_quiet_window(session, pages_url) -> None:
    assert await _click(session, pages_url, "Spin forever") == []
    assert session.settled and session.settled_by == "quiet"


async def test_the_pages_own_timers_behave_as_without_the_bookkeeping(patient, pages_url) -> None:
    assert sorted(await _click(patient, pages_url, "Passthrough")) == ["Argument with window", "String ran"]


async def test_each_outcome_says_how_the_page_settled_after_the_action(session, pages_url) -> None:
    """The step record keeps how the settle after its action ended, so a bench can count the steps whose
    observation came at the settle cap: a click that starts a request that never ends says "cap"."""
    await session.page.route("**/never*", lambda route: None)   # held open, never answered
    await session.goto(f"{pages_url}/zoo/longpoll.html")
    await session.observe()
    session.config = dataclasses.replace(session.config, settle_timeout_s=1)
    plain = await session.execute(Click(0))
    assert plain.settled_by in ("idle", "quiet")
    await session.page.evaluate("() => { document.querySelector('button').onclick = () => fetch('/never-again'); }")
    held = await session.execute(Click(0))
    assert held.settled_by == "cap" and not session.settled
