"""Starting Chromium: pick the executable, launch it with our flags, or connect to a remote browser
(over CDP, or to a Playwright browser server)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Playwright

from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import BrowserError, ConfigError
from webvoyager.text import first_line

SYSTEM_CHROMIUM = "/usr/bin/chromium"
SYSTEM_HEADLESS_SHELLS = ("/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell")
"""Debian's chromium-headless-shell: Chromium's old headless mode, a binary of its own since the full browser
dropped it. Playwright's bundled build runs its own headless shell for `headless=True` the same way."""

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
    """The Chromium to run: the config's, else $WEBVOYAGER_CHROMIUM, else (headless, `headless_mode` "shell")
    Debian's headless shell, else /usr/bin/chromium, else None (Playwright's bundled build)."""
    for candidate in (config.executable_path, os.environ.get("WEBVOYAGER_CHROMIUM")):
        if candidate:
            if not Path(candidate).exists():
                raise BrowserError(f"Chromium executable {candidate} does not exist. Point "
                                   "executable_path / WEBVOYAGER_CHROMIUM at a Chromium binary.")
            return candidate
    # The shell draws the same pages for well under half the CPU of the full browser's new headless mode
    # (benchmarks/throughput.py), which matters most with many tasks at once.
    shells = SYSTEM_HEADLESS_SHELLS if config.headless and config.headless_mode == "shell" else ()
    return next((path for path in (*shells, SYSTEM_CHROMIUM) if Path(path).exists()), None)


def endpoint_options(url: str) -> dict[str, str]:
    """The BrowserConfig fields for `--browser-endpoint URL`: `ws://` or `wss://` is a Playwright browser
    server (`playwright run-server`), unless its path is Chromium's own `/devtools/browser/...`;
    `http://` or `https://` (and that DevTools websocket) is a Chromium with --remote-debugging-port (CDP)."""
    parsed = urlparse(url)
    if not parsed.hostname:
        raise ConfigError(f"--browser-endpoint {url!r} has no host; give ws://HOST:PORT/ (a Playwright server) "
                          "or http://HOST:PORT (a Chromium started with --remote-debugging-port)")
    if parsed.scheme in ("http", "https") or (parsed.scheme in ("ws", "wss") and parsed.path.startswith("/devtools/")):
        return {"cdp_url": url}
    if parsed.scheme in ("ws", "wss"):
        return {"ws_endpoint": url}
    raise ConfigError(f"--browser-endpoint {url!r}: use ws://HOST:PORT/ for a Playwright browser server or "
                      "http://HOST:PORT for a Chromium with --remote-debugging-port (CDP)")


def endpoint_is_local(url: str) -> bool:
    """Whether a browser endpoint is on this machine (loopback), where it can reach our loopback proxies."""
    host = urlparse(url).hostname or ""
    return host == "localhost" or host.startswith("127.") or host == "::1"


async def start_browser(playwright: Playwright, config: BrowserConfig) -> PWBrowser:
    """Launch (or connect to) Chromium as `config` says; BrowserError with a remedy on failure."""
    if config.cdp_url:
        try:
            return await playwright.chromium.connect_over_cdp(config.cdp_url)
        except PlaywrightError as exc:
            raise BrowserError(f"could not connect to the browser at {config.cdp_url}: {first_line(exc)}. "
                               "Start Chromium with --remote-debugging-port and check the URL.") from exc
    if config.ws_endpoint:
        try:
            return await playwright.chromium.connect(config.ws_endpoint)
        except PlaywrightError as exc:
            raise BrowserError(f"could not connect to the Playwright browser server at {config.ws_endpoint}: "
                               f"{first_line(exc)}. Start one with `playwright run-server --port PORT` and check "
                               "the URL (see 'Running on a cluster' in the README).") from exc
    executable = resolve_executable(config)
    # Playwright's bundled build: the headless shell for headless=True, the full build as channel "chromium".
    channel = "chromium" if executable is None and config.headless and config.headless_mode == "new" else None
    try:
        return await playwright.chromium.launch(
            executable_path=executable, channel=channel,
            headless=config.headless,
            args=[*CHROMIUM_ARGS, *config.extra_args],
            # Playwright hides scrollbars in headless Chromium; the paper's headless Chrome showed them.
            ignore_default_args=["--hide-scrollbars"] if config.scrollbars else None,
        )
    except PlaywrightError as exc:
        message = first_line(exc)
        if executable is None and "Executable doesn't exist" in str(exc):
            raise BrowserError("no Chromium found. Run `playwright install chromium` or "
                               "`apt-get install chromium` (or set WEBVOYAGER_CHROMIUM).") from exc
        raise BrowserError(f"could not start Chromium ({executable or 'bundled'}): {message}. "
                           "Check that it runs (`chromium --version`); headed mode needs a display.") from exc
