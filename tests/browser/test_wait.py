"""The Wait action: it waits until the page changes (default) or exactly its time (the paper's protocol).

The late page fills in its opening hours about two seconds after it has loaded. Bounds are generous on
purpose: they tell "returned at the change" from "returned at the cap", never measure speed.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from webvoyager.browser.session import WAITED_NOTE
from webvoyager.browser.types import Wait

pytestmark = pytest.mark.browser

LATE = "/agent/late.html"


async def _session(browser, tmp_path: Path, **config):
    return await browser.new_session(download_dir=tmp_path / "downloads", config=replace(browser.config, **config))


async def _has_hours(session) -> bool:
    return "Open today" in (await session.observe()).text


async def test_wait_returns_when_the_late_content_arrives(browser, pages_url, tmp_path) -> None:
    session = await _session(browser, tmp_path, wait_s=30.0)
    try:
        await session.goto(pages_url + LATE)
        assert not await _has_hours(session)          # the settle after loading does not wait for it
        outcome = await session.execute(Wait())
        assert await _has_hours(session)              # it waited for the content ...
        assert outcome.waited_s is not None and outcome.waited_s < 30.0   # ... and not for its whole cap
        assert WAITED_NOTE.split("{")[0] not in " ".join(outcome.notes)
    finally:
        await session.close()


async def test_wait_on_a_page_that_does_not_change_ends_at_its_time_and_says_so(browser, pages_url,
                                                                                tmp_path) -> None:
    session = await _session(browser, tmp_path, wait_s=0.5)
    try:
        await session.goto(pages_url + "/agent/index.html")
        outcome = await session.execute(Wait())
        assert outcome.waited_s is not None and outcome.waited_s >= 0.5
        assert outcome.notes == [WAITED_NOTE.format(seconds=0.5)]
    finally:
        await session.close()


async def test_paper_wait_sleeps_its_whole_time_even_when_the_page_changes(browser, pages_url, tmp_path) -> None:
    session = await _session(browser, tmp_path, wait_s=4.0, wait_for_change=False)
    try:
        await session.goto(pages_url + LATE)
        outcome = await session.execute(Wait())
        assert outcome.waited_s is not None and outcome.waited_s >= 4.0   # not cut short at the change
        assert outcome.notes == [] and await _has_hours(session)
    finally:
        await session.close()
