"""Hostile and busy pages end each browser call quickly with a clear outcome (issue 22, items 1 and 2).

Each probe is a small page under tests/pages/robust, served by tests/probe_server.py. The limits are set
short here; the tests assert how each call ended (settled_by, the error, the notes), never how long it took.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from webvoyager.browser import Browser
from webvoyager.browser.session import Session
from webvoyager.browser.types import BrowserConfig, Click
from webvoyager.errors import PageCrashedError, PageUnresponsiveError

pytestmark = pytest.mark.browser


async def _session(browser: Browser, tmp_path: Path, **config: object) -> Session:
    return await browser.new_session(download_dir=tmp_path / "downloads", config=replace(browser.config, **config))


def _label(observation, text: str) -> int:
    return next(e.label for e in observation.elements if e.text == text)


async def test_a_page_that_churns_forever_settles_as_churn(browser, probe_url, tmp_path) -> None:
    # A cap far above the settle's own rule: only the churn rule can end these settles before it.
    session = await _session(browser, tmp_path, settle_timeout_s=60.0)
    try:
        await session.goto(f"{probe_url}/robust/churn.html")
        assert session.settled_by == "churn"
        observation = await session.observe()
        await session.execute(Click(_label(observation, "Details")))
        assert session.settled_by == "churn"
        assert "Details shown" in (await session.page_state()).text
    finally:
        await session.close()


async def test_churn_does_not_hide_content_that_is_still_arriving(browser, probe_url, tmp_path) -> None:
    # New content (a list that grows) is not churn: the settle waits for every burst, then ends on churn.
    session = await _session(browser, tmp_path, settle_timeout_s=60.0)
    try:
        await session.goto(f"{probe_url}/robust/churn_grow.html")
        observation = await session.observe()
        await session.execute(Click(_label(observation, "Load results")))
        assert session.settled_by == "churn"
        texts = [e.text for e in (await session.observe()).elements]
        got = [t for t in texts if t.startswith("Result")]
        assert got == [f"Result {k}" for k in range(1, 31)], got
    finally:
        await session.close()


async def test_an_endless_dialog_loop_ends_the_settle_and_then_the_observation(browser, probe_url, tmp_path) -> None:
    session = await _session(browser, tmp_path, settle_timeout_s=60.0, response_timeout_s=3.0)
    try:
        await session.goto(f"{probe_url}/robust/dialog_loop.html")
        assert session.settled_by == "dialogs"      # a dialog storm: settling stopped waiting
        with pytest.raises(PageUnresponsiveError, match="did not answer within 3 s.*JavaScript dialogs"):
            await session.observe()
        with pytest.raises(PageUnresponsiveError):   # the final page state: no second full wait either
            await session.page_state()
    finally:
        await session.close()


async def test_dialog_spam_leaves_the_page_usable(browser, probe_url, tmp_path) -> None:
    session = await _session(browser, tmp_path, settle_timeout_s=60.0)
    try:
        await session.goto(f"{probe_url}/robust/dialog_spam.html")
        assert session.settled_by is not None
        observation = await session.observe()
        assert any("Special offer!" in note for note in observation.notes)
        outcome = await session.execute(Click(_label(observation, "More offers")))
        assert session.settled_by is not None
        # After a storm the page answers its own dialogs: the click is no longer lost between two of them.
        assert "More offers shown" in (await session.page_state()).text
        notes = observation.notes + outcome.notes + (await session.observe()).notes
        assert any("its further dialogs on this page are answered (OK) without being shown" in n for n in notes)
    finally:
        await session.close()


async def test_an_endless_download_is_cancelled_with_a_note(browser, probe_url, tmp_path) -> None:
    session = await _session(browser, tmp_path, download_timeout_s=2.0)
    try:
        await session.goto(f"{probe_url}/robust/endless_download.html")
        observation = await session.observe()
        outcome = await session.execute(Click(_label(observation, "Get the data file")))
        assert any("/endless-download did not finish within 2 s; it was cancelled" in n for n in outcome.notes)
        assert outcome.download is None and session.downloads == []
        assert "Files" in (await session.page_state()).text   # the session goes on
    finally:
        await session.close()


async def test_twenty_thousand_elements_are_capped_with_a_note(browser, probe_url, tmp_path) -> None:
    session = await _session(browser, tmp_path)
    try:
        await session.goto(f"{probe_url}/robust/many.html")
        observation = await session.observe()
        # At most BrowserConfig.max_labels (1000), fewer when the scan's time budget runs out first.
        labels = len(observation.elements)
        assert 0 < labels <= 1000 and [e.label for e in observation.elements] == list(range(labels))
        assert observation.elements[0].text == "b0" and observation.elements[-1].text == f"b{labels - 1}"
        assert observation.marked_screenshot and observation.screenshot
        note = next(n for n in observation.notes if "too many interactive elements" in n)
        assert f"only the first {labels} (in reading order) have labels; {20000 - labels} more elements" in note
        session.config = replace(session.config, max_labels=50)
        observation = await session.observe()
        assert len(observation.elements) == 50 and len(observation.text.splitlines()) == 50
        assert any("only the first 50 " in n and "19950 more" in n for n in observation.notes)
    finally:
        await session.close()


async def test_a_renderer_crash_is_reported_at_once(probe_url, tmp_path) -> None:
    # A small JavaScript heap makes the probe exhaust it in a moment (Chromium's default is gigabytes).
    async with await Browser.launch(BrowserConfig(extra_args=("--js-flags=--max-old-space-size=64",))) as browser:
        session = await browser.new_session(download_dir=tmp_path / "downloads")
        with pytest.raises(PageCrashedError, match="the page crashed: the browser's renderer process"):
            await session.goto(f"{probe_url}/robust/heap.html")
            await session.observe()   # when the crash comes after the load settled
        assert session.crashed
        with pytest.raises(PageCrashedError):
            await session.observe()
        with pytest.raises(PageCrashedError):
            await session.page_state()
        await session.close()

