"""Browser fixtures: `browser` (one Chromium per test session) and `session` (a fresh context per test).

Loaded as a plugin from tests/conftest.py, so every test directory can use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest_asyncio

from webvoyager.browser import Browser, Session


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    """A launched headless Chromium shared by the whole test session."""
    launched = await Browser.launch()
    yield launched
    await launched.close()


@pytest_asyncio.fixture(loop_scope="session")
async def session(browser: Browser, tmp_path: Path) -> AsyncIterator[Session]:
    """A fresh session (new context, one tab) whose downloads go to tmp_path/downloads."""
    fresh = await browser.new_session(download_dir=tmp_path / "downloads")
    yield fresh
    await fresh.close()
