"""Choosing the Chromium executable and failing with a remedy when it cannot start."""

from __future__ import annotations

import pytest

from webvoyager.browser import Browser
from webvoyager.browser.launch import SYSTEM_CHROMIUM, resolve_executable
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import BrowserError


def test_executable_preference(monkeypatch, tmp_path) -> None:
    fake = tmp_path / "chrome"
    fake.write_text("")
    monkeypatch.setenv("WEBVOYAGER_CHROMIUM", str(fake))
    assert resolve_executable(BrowserConfig()) == str(fake)
    assert resolve_executable(BrowserConfig(executable_path=SYSTEM_CHROMIUM)) == SYSTEM_CHROMIUM
    monkeypatch.delenv("WEBVOYAGER_CHROMIUM")
    import os

    expected = SYSTEM_CHROMIUM if os.path.exists(SYSTEM_CHROMIUM) else None
    assert resolve_executable(BrowserConfig()) == expected


def test_missing_executable_is_a_browser_error(monkeypatch) -> None:
    monkeypatch.setenv("WEBVOYAGER_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(BrowserError, match="does not exist.*WEBVOYAGER_CHROMIUM"):
        resolve_executable(BrowserConfig())


@pytest.mark.browser
async def test_broken_executable_fails_with_a_remedy(tmp_path) -> None:
    broken = tmp_path / "chromium"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    with pytest.raises(BrowserError, match="could not start Chromium.*chromium --version"):
        await Browser.launch(BrowserConfig(executable_path=str(broken)))


@pytest.mark.browser
async def test_connect_over_cdp_failure_names_the_url() -> None:
    with pytest.raises(BrowserError, match="could not connect to the browser at http://127.0.0.1:1"):
        await Browser.launch(BrowserConfig(cdp_url="http://127.0.0.1:1"))
