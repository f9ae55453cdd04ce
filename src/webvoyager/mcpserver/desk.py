"""`Desk`: what the MCP server holds between tool calls: one browser, the sandbox (optional), and the
one session that `observe` and `act` drive."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from webvoyager.browser.relaunch import LiveBrowser
from webvoyager.browser.browser import Browser
from webvoyager.browser.session import Session
from webvoyager.browser.types import BrowserConfig


@dataclass(frozen=True)
class ServerOptions:
    """How `webvoyager mcp` runs."""

    headless: bool = True
    sandbox: bool = True              # serve the sandbox in-process (list_sandbox_tasks, sandbox task ids)
    out: Path = Path("runs/mcp")      # run_task records each run under out/<run-…>
    model: str | None = None          # run_task's default model spec (None: from the environment)


class Desk:
    """Lazily started browser and driven session; `close` ends everything."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.sandbox: Any = None
        self._session: Session | None = None
        self._session_browser: Browser | None = None   # the browser `_session` lives in
        if options.sandbox:
            from webvoyager.sandbox.server import Sandbox

            self.sandbox = Sandbox(port=0).start()
        self.live = LiveBrowser(self.config)

    @property
    def config(self) -> BrowserConfig:
        config = BrowserConfig(headless=self.options.headless)
        if self.sandbox is not None and self.sandbox.search_url:
            config = replace(config, search_url=self.sandbox.search_url)
        return config

    async def browser(self) -> Browser:
        """The browser (launched at first use, and again when it has died)."""
        return await self.live.get()

    async def session(self) -> Session:
        """The driven session (created at first use, and again in a relaunched browser)."""
        browser = await self.browser()
        if self._session is None or self._session_browser is not browser:
            self._session = await browser.new_session(download_dir=self.options.out / "downloads")
            self._session_browser = browser
        return self._session

    async def close(self) -> None:
        await self.live.close()
        self._session = self._session_browser = None
        if self.sandbox is not None:
            self.sandbox.stop()
            self.sandbox = None
