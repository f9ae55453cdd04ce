"""First contact: a page loads, gets labelled, and a click and a type reach the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from webvoyager.browser.types import Click, Type

pytestmark = pytest.mark.browser


async def test_observe_click_type(session, tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text("<input placeholder='Name' onkeydown=\"log.textContent += event.key === 'Enter' ? '[enter]' : ''\">"
                    "<button onclick=\"log.textContent += '[go]'\">Go</button><div id=log></div>")
    await session.goto(page.as_uri())
    observation = await session.observe()
    assert observation.text.splitlines() == ['[0]: <input type=text> "" placeholder="Name"', '[1]: <button> "Go"']
    await session.execute(Type(0, "Ada"))
    await session.execute(Click(1))
    assert await session.page.input_value("input") == "Ada"
    assert await session.page.inner_text("#log") == "[enter][go]"
