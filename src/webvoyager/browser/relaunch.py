"""`LiveBrowser`: one browser, launched at first use and launched again when it has died.

The bench's local executor, each Ray worker and the MCP desk keep one browser for many tasks; a crashed
or killed browser must cost the task that was running, not every task after it.
"""

from __future__ import annotations

import asyncio
import logging

from webvoyager.browser.browser import Browser
from webvoyager.browser.types import BrowserConfig

log = logging.getLogger("webvoyager.browser")


class LiveBrowser:
    """Hands out a connected browser of `config`; `restarts` counts the relaunches after a death."""

    def __init__(self, config: BrowserConfig) -> None:
        self.config = config
        self.browser: Browser | None = None
        self.restarts = 0
        self._lock = asyncio.Lock()

    async def get(self) -> Browser:
        """The browser, launched now if there is none or the last one died (a launch error is raised)."""
        async with self._lock:
            if self.browser is not None and not self.browser.connected:
                log.warning("the browser died; starting a new one")
                dead, self.browser = self.browser, None
                self.restarts += 1
                try:
                    await dead.close()
                except Exception:  # noqa: BLE001 - it is already dead
                    pass
            if self.browser is None:
                self.browser = await Browser.launch(self.config)
            return self.browser

    async def close(self) -> None:
        """Close the browser, if one is running."""
        if self.browser is not None:
            browser, self.browser = self.browser, None
            await browser.close()
