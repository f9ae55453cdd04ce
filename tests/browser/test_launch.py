"""Choosing the Chromium executable and failing with a remedy when it cannot start."""

from __future__ import annotations

import pytest

from webvoyager.browser import Browser
from webvoyager.browser.launch import SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELLS, resolve_executable
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

    full = SYSTEM_CHROMIUM if os.path.exists(SYSTEM_CHROMIUM) else None
    shell = next((p for p in SYSTEM_HEADLESS_SHELLS if os.path.exists(p)), full)
    assert resolve_executable(BrowserConfig()) == shell   # headless: the headless shell when installed
    assert resolve_executable(BrowserConfig(headless_mode="new")) == full
    assert resolve_executable(BrowserConfig(headless=False)) == full   # the shell has no window


def test_the_headless_shell_is_preferred_where_installed(monkeypatch, tmp_path) -> None:
    from webvoyager.browser import launch

    shell, full = tmp_path / "chromium-headless-shell", tmp_path / "chromium"
    full.write_text("")
    monkeypatch.delenv("WEBVOYAGER_CHROMIUM", raising=False)
    monkeypatch.setattr(launch, "SYSTEM_CHROMIUM", str(full))
    monkeypatch.setattr(launch, "SYSTEM_HEADLESS_SHELLS", (str(shell),))
    assert resolve_executable(BrowserConfig()) == str(full)   # no shell installed: the full browser
    shell.write_text("")
    assert resolve_executable(BrowserConfig()) == str(shell)
    assert resolve_executable(BrowserConfig(headless_mode="new")) == str(full)


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


@pytest.mark.browser
@pytest.mark.slow
async def test_connect_over_cdp_to_a_running_chromium(tmp_path, pages_url) -> None:
    import asyncio
    import os
    import re

    from webvoyager.browser.launch import CHROMIUM_ARGS

    executable = os.environ.get("WEBVOYAGER_CHROMIUM") or SYSTEM_CHROMIUM
    if not os.path.exists(executable):
        pytest.skip("no system Chromium to start for the CDP test")
    process = await asyncio.create_subprocess_exec(
        executable, "--headless", "--remote-debugging-port=0", f"--user-data-dir={tmp_path / 'profile'}",
        *CHROMIUM_ARGS, "about:blank", stderr=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL)
    try:
        assert process.stderr is not None
        endpoint = None
        while endpoint is None:   # Chromium prints its DevTools address once it listens
            line = (await asyncio.wait_for(process.stderr.readline(), timeout=60)).decode()
            assert line, "Chromium exited before listening"
            match = re.search(r"DevTools listening on ws://([^/]+)/", line)
            endpoint = f"http://{match.group(1)}" if match else None
        async with await Browser.launch(BrowserConfig(cdp_url=endpoint)) as browser:
            assert browser.connected
            session = await browser.new_session(download_dir=tmp_path / "downloads")
            await session.goto(f"{pages_url}/zoo/select.html")
            observation = await session.observe()
            assert [e.tag for e in observation.elements] == ["select", "select", "div"]
    finally:
        process.kill()
        await process.wait()


@pytest.mark.browser
async def test_headless_mode_reaches_the_browser_from_the_options(tmp_path) -> None:
    """`--headless-mode new` launches the full browser (its PDF viewer is on), the default the headless
    shell (no viewer)."""
    from webvoyager.cli.options import AgentOptions

    for mode, viewer in (("shell", False), ("new", True)):
        settings = AgentOptions(headless_mode=mode).settings()
        async with await Browser.launch(settings.new_browser_config()) as browser:
            session = await browser.new_session(download_dir=tmp_path)
            assert await session.page.evaluate("navigator.pdfViewerEnabled") is viewer, mode


def test_an_unknown_headless_mode_is_refused_with_the_choices() -> None:
    from typer.testing import CliRunner

    from webvoyager.cli import app

    result = CliRunner().invoke(app, ["run", "Find it.", "--url", "http://example.com", "--model", "reference",
                                      "--headless-mode", "old"], env={"COLUMNS": "200"})
    assert result.exit_code != 0 and "unknown headless mode 'old'" in result.output
    assert "use shell" in result.output
