"""How long the session waits after an action: the DOM-quiet window counts from the action's dispatch,
and ends early only when nothing the page scheduled is still due (timers, animation frames, finishing
transitions); what such work changes 110-130 ms after a click is still seen."""

from __future__ import annotations

import pytest

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
async def test_work_still_due_after_a_click_is_waited_for(session, pages_url, button, effect) -> None:
    assert await _click(session, pages_url, button) == [effect]
    assert session.settled_by == "idle"   # ended once the work was done, not by the full window


async def test_a_page_with_nothing_due_settles_without_the_full_window(session, pages_url) -> None:
    # A timer beyond the window (a carousel, a session timeout) is not waited for by either rule.
    assert await _click(session, pages_url, "Long timer") == []
    assert session.settled_by == "idle"


async def test_a_page_that_never_stops_falls_back_to_the_quiet_window(session, pages_url) -> None:
    assert await _click(session, pages_url, "Spin forever") == []
    assert session.settled and session.settled_by == "quiet"


async def test_the_pages_own_timers_behave_as_without_the_bookkeeping(session, pages_url) -> None:
    assert sorted(await _click(session, pages_url, "Passthrough")) == ["Argument with window", "String ran"]
