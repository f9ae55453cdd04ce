"""Agent test fixtures: a session-wide Browser when the shared browser fixtures do not provide one."""

from __future__ import annotations

from typing import AsyncIterator

import pytest

from webvoyager.browser.types import BrowserConfig


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[object]:
    from webvoyager.browser.session import Browser

    launched = await Browser.launch(BrowserConfig(headless=True))
    try:
        yield launched
    finally:
        await launched.close()
