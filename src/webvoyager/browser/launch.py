"""Starting Chromium: pick the executable, launch it with our flags, or connect over CDP."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Playwright

from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import BrowserError
from webvoyager.text import first_line

SYSTEM_CHROMIUM = "/usr/bin/chromium"

# Quiet, deterministic Chromium: no background traffic, no updates, no first-run UI.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # WebRTC may not send UDP around the proxy that enforces a session's allowed domains.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
)


def resolve_executable(config: BrowserConfig) -> str | None:
    """The Chromium to run: the config's, else $WEBVOYAGER_CHROMIUM, else /usr/bin/chromium,
    else None (Playwright's bundled build)."""
    for candidate in (config.executable_path, os.environ.get("WEBVOYAGER_CHROMIUM")):
        if candidate:
            if not Path(candidate).exists():
                raise BrowserError(f"Chromium executable {candidate} does not exist. Point "
                                   "executable_path / WEBVOYAGER_CHROMIUM at a Chromium binary.")
            return candidate
    if Path(SYSTEM_CHROMIUM).exists():
        return SYSTEM_CHROMIUM
    return None


async def start_browser(playwright: Playwright, config: BrowserConfig) -> PWBrowser:
    """Launch (or connect to) Chromium as `config` says; BrowserError with a remedy on failure."""
    if config.cdp_url:
        try:
            return await playwright.chromium.connect_over_cdp(config.cdp_url)
        except PlaywrightError as exc:
            raise BrowserError(f"could not connect to the browser at {config.cdp_url}: {first_line(exc)}. "
                               "Start Chromium with --remote-debugging-port and check the URL.") from exc
    executable = resolve_executable(config)
    try:
        return await playwright.chromium.launch(
            executable_path=executable,
            headless=config.headless,
            args=[*CHROMIUM_ARGS, *config.extra_args],
        )
    except PlaywrightError as exc:
        message = first_line(exc)
        if executable is None and "Executable doesn't exist" in str(exc):
            raise BrowserError("no Chromium found. Run `playwright install chromium` or "
                               "`apt-get install chromium` (or set WEBVOYAGER_CHROMIUM).") from exc
        raise BrowserError(f"could not start Chromium ({executable or 'bundled'}): {message}. "
                           "Check that it runs (`chromium --version`); headed mode needs a display.") from exc
