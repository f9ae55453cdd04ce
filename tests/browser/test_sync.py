"""The synchronous wrapper drives the same browser from plain (non-async) code."""

from __future__ import annotations

from pathlib import Path

import pytest

from webvoyager.browser.sync import SyncBrowser
from webvoyager.browser.types import Click

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_sync_wrapper_observes_and_clicks(tmp_path: Path) -> None:
    page = Path(__file__).parents[1] / "pages" / "zoo" / "basic.html"
    with SyncBrowser() as browser:
        assert browser.browser.connected
        session = browser.new_session(download_dir=tmp_path)
        session.goto(page.as_uri())
        observation = session.observe()
        assert observation.text.splitlines()[1] == '[1]: <button> "Search"'
        session.execute(Click(2))
        assert session.page_state().url.endswith("basic.html")
        assert observation.elements[2].checked is False and session.observe().elements[2].checked is True
        session.close()
