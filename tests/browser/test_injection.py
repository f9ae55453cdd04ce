"""The page agent is injected on demand into documents that lack it (a context we did not create,
e.g. a browser reached over CDP), and it never changes the page."""

from __future__ import annotations

import json

import pytest

from webvoyager.browser import scripts

pytestmark = pytest.mark.browser


async def test_agent_injected_on_demand(browser, pages_url) -> None:
    context = await browser._browser.new_context()   # no init script in this context
    try:
        page = await context.new_page()
        await page.goto(f"{pages_url}/zoo/select.html")
        assert await page.evaluate("typeof window.__webvoyager__") == "undefined"
        raw = await scripts.call(page.main_frame, "JSON.stringify(W.discover(1, arg, true))",
                                 {"x": 0, "y": 0, "w": 1024, "h": 768})
        found = json.loads(raw)
        assert [e["tag"] for e in found["elements"]] == ["select", "select", "div"]
        assert found["tree"]   # all three parts arrived: discovery, outline, action helpers
        assert await page.evaluate("[typeof __webvoyager__.tree, typeof __webvoyager__.hitTest]") == [
            "function", "function"]
    finally:
        await context.close()
