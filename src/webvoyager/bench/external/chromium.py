"""A Chromium of its own for one external agent's task, with its DevTools port open.

Launched with `--remote-debugging-port=0` (Chromium picks a free port and writes it, with the browser's
websocket path, to `DevToolsActivePort` in its profile folder), so the outside agent and our own
Playwright (`connect_over_cdp`) drive the same browser. `proxy` sends every context of the browser
through a filtering proxy, including contexts the agent creates over CDP behind our back.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from webvoyager.browser.launch import CHROMIUM_ARGS, resolve_executable
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import BrowserError

PORT_FILE = "DevToolsActivePort"
START_TIMEOUT_S = 20.0
"""How long Chromium may take to open its DevTools port."""


@dataclass
class DebugChromium:
    """A running Chromium whose DevTools endpoint is `cdp_url` (http://127.0.0.1:PORT)."""

    process: subprocess.Popen[bytes]
    profile: Path
    port: int
    browser_ws: str   # ws://127.0.0.1:PORT/devtools/browser/<id>

    @property
    def cdp_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def page_ws(self, target_id: str) -> str:
        """The DevTools websocket of one page (raw CDP, no browser-level commands)."""
        return f"ws://127.0.0.1:{self.port}/devtools/page/{target_id}"

    def stop(self) -> None:
        """End Chromium (and its helper processes) and remove its profile; safe to call twice."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


async def launch_debug_chromium(config: BrowserConfig, *, proxy: str | None = None) -> DebugChromium:
    """Start Chromium with an open DevTools port (BrowserError with the reason when it does not come up)."""
    executable = resolve_executable(config)
    if executable is None:
        raise BrowserError("an external agent needs a Chromium binary to launch with --remote-debugging-port: "
                           "install chromium or set WEBVOYAGER_CHROMIUM")
    profile = Path(tempfile.mkdtemp(prefix="webvoyager-cdp-"))
    args = [executable, *CHROMIUM_ARGS, *config.extra_args, "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1", f"--user-data-dir={profile}", "--no-default-browser-check"]
    if config.headless:
        args.append("--headless=new")
    if proxy:
        args += [f"--proxy-server={proxy}", "--proxy-bypass-list=<-loopback>"]
    errors = profile / "chromium-stderr.log"
    with open(errors, "wb") as err:
        process = subprocess.Popen([*args, "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=err, start_new_session=True)
    port_file = profile / PORT_FILE
    loop = asyncio.get_running_loop()
    deadline = loop.time() + START_TIMEOUT_S
    while loop.time() < deadline and process.poll() is None:
        lines = port_file.read_text().splitlines() if port_file.is_file() else []
        if len(lines) >= 2 and lines[0].isdigit():
            return DebugChromium(process, profile, int(lines[0]), f"ws://127.0.0.1:{lines[0]}{lines[1]}")
        await asyncio.sleep(0.05)   # polling Chromium's port file: it has no other way to say it is up
    tail = errors.read_text(errors="replace")[-500:] if errors.is_file() else ""
    chromium = DebugChromium(process, profile, 0, "")
    chromium.stop()
    raise BrowserError(f"Chromium ({executable}) did not open its DevTools port within {START_TIMEOUT_S:g} s: "
                       f"{tail.strip() or 'no output'}")
