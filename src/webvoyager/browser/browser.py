"""`Browser`: one Chromium process (or a connection to one) that hands out isolated sessions
(`browser/session.py`), each a fresh context with one tab."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from types import TracebackType

from playwright.async_api import Browser as PWBrowser
from playwright.async_api import BrowserContext, Route
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Playwright, async_playwright

from webvoyager.browser import scripts
from webvoyager.browser.launch import start_browser
from webvoyager.browser.netguard import NetworkGuard
from webvoyager.browser.session import Session
from webvoyager.browser.site_map import SiteMap
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import BrowserError
from webvoyager.text import first_line

log = logging.getLogger("webvoyager.browser")

BROWSER_CLOSE_TIMEOUT_S = 5.0
"""How long closing the browser may take before Playwright is stopped anyway (which ends Chromium)."""


class Browser:
    """One Chromium process (or a CDP connection); hands out isolated sessions."""

    def __init__(self, playwright: Playwright, browser: PWBrowser, config: BrowserConfig) -> None:
        self._playwright = playwright
        self._browser = browser
        self.config = config
        self._sessions: set[Session] = set()

    @classmethod
    async def launch(cls, config: BrowserConfig | None = None) -> Browser:
        """Start Chromium (or connect to `config.cdp_url`); BrowserError says how to fix a failure."""
        config = config or BrowserConfig()
        playwright = await async_playwright().start()
        try:
            browser = await start_browser(playwright, config)
        except BaseException:
            await playwright.stop()
            raise
        return cls(playwright, browser, config)

    @property
    def connected(self) -> bool:
        """False once the browser process has died or the CDP connection dropped."""
        return self._browser.is_connected()

    async def new_session(self, *, download_dir: Path, allowed_domains: tuple[str, ...] | None = None,
                          config: BrowserConfig | None = None) -> Session:
        """A fresh context (no cookies, 1024x768, en-US) with one tab, saving downloads to `download_dir`.
        `allowed_domains` overrides the config's (empty: every domain allowed); `config` replaces the
        browser's settings for this session (viewport, Wait, marks...; launch options stay the browser's)."""
        config = config or self.config
        if (config.scrollbars and not self.config.scrollbars and self.config.headless
                and not (self.config.cdp_url or self.config.ws_endpoint)):
            # Scrollbars are a launch flag (Playwright hides them in headless Chromium): a session
            # cannot bring them back in a browser launched without them.
            log.warning("this session asks for scrollbars (paper protocol) but the browser was launched "
                        "without them; launch it with BrowserConfig(scrollbars=True) for the paper's layout")
        width, height = config.viewport
        domains = config.allowed_domains if allowed_domains is None else tuple(allowed_domains)
        # Every request of a restricted session leaves through its own filtering proxy (netguard.py);
        # "<-loopback>" stops Chromium from sending loopback hosts around it.
        guard = await NetworkGuard(domains).start() if domains else None
        proxy = {"server": guard.url, "bypass": "<-loopback>"} if guard else None
        try:
            context = await self._browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=1, locale=config.locale,
                accept_downloads=True, proxy=proxy, user_agent=config.user_agent)  # type: ignore[arg-type]
            await context.add_init_script(scripts.page_agent_source())
            if config.site_map:
                await _route_to_copies(context, config.site_map)
            page = await context.new_page()
        except PlaywrightError as exc:
            if guard:
                await guard.stop()
            raise BrowserError(f"could not open a browser tab: {first_line(exc)}. "
                               "The browser may have crashed; start it again.") from exc
        session = Session(self._sessions.discard, context, page, Path(download_dir), domains, config, guard)
        await session._events.install()
        self._sessions.add(session)
        return session

    async def close(self) -> None:
        """Close every session, the browser and Playwright."""
        for session in list(self._sessions):
            await session.close()
        try:
            # Bounded: Chromium can take long to close a tab stuck in a script; stopping Playwright ends it.
            await asyncio.wait_for(self._browser.close(), BROWSER_CLOSE_TIMEOUT_S)
        except (PlaywrightError, asyncio.TimeoutError):
            pass
        await self._playwright.stop()

    async def __aenter__(self) -> Browser:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()


async def _route_to_copies(context: BrowserContext, site_map: SiteMap) -> None:
    """Redirect every request to a mapped host to its copy (a 307 the browser follows, so the tab's address,
    the history and the trajectory show the copy); requests to other hosts are not intercepted."""

    async def redirect(route: Route) -> None:
        target = site_map.rewrite(route.request.url)
        if target is None:
            await route.continue_()
            return
        await route.fulfill(status=307, headers={"location": target, "cache-control": "no-store"})

    await context.route(lambda url: site_map.matches(url), redirect)   # a plain function: Playwright tags it
