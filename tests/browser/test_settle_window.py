"""The DOM-quiet window after an action counts from the action's dispatch: what the action sets off
shortly afterwards (a timer, no request) is still waited for."""

from __future__ import annotations

import pytest

from webvoyager.browser.types import Click

pytestmark = pytest.mark.browser


async def test_effect_shortly_after_a_click_is_waited_for(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/delayed.html")
    first = await session.observe()
    assert [e.text for e in first.elements] == ["Show later"]
    for _ in range(3):   # each click adds one more button 100 ms later
        await session.execute(Click(0))
    assert session.settled
    after = await session.observe()
    assert [e.text for e in after.elements] == ["Show later", "Appeared", "Appeared", "Appeared"]
