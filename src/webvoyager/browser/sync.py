"""A thin synchronous wrapper for scripts and notebooks: the async core runs on a private event
loop in a background thread, so it also works where a loop is already running (Jupyter).

    with SyncBrowser() as browser:
        session = browser.new_session(download_dir=Path("downloads"))
        session.goto("http://localhost:8000/")
        print(session.observe().text)
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, Coroutine, TypeVar

from webvoyager.browser.browser import Browser
from webvoyager.browser.session import Session
from webvoyager.browser.types import Action, BrowserConfig, Observation, Outcome
from webvoyager.tasks import PageState

T = TypeVar("T")


class _Loop:
    """An event loop running forever in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="webvoyager-browser", daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


class SyncSession:
    """Blocking twin of `Session`."""

    def __init__(self, loop: _Loop, session: Session) -> None:
        self._loop = loop
        self.session = session

    def goto(self, url: str) -> None:
        """Load `url` and wait for it to settle."""
        self._loop.run(self.session.goto(url))

    def observe(self, *, text_only: bool = False) -> Observation:
        """Take an observation (see `Session.observe`)."""
        return self._loop.run(self.session.observe(text_only=text_only))

    def execute(self, action: Action) -> Outcome:
        """Run one action (see `Session.execute`)."""
        return self._loop.run(self.session.execute(action))

    def page_state(self) -> PageState:
        """URL, title, text, cookies and localStorage of the tab."""
        return self._loop.run(self.session.page_state())

    def close(self) -> None:
        """Close the session's context."""
        self._loop.run(self.session.close())


class SyncBrowser:
    """Blocking twin of `Browser`; launches on construction."""

    def __init__(self, config: BrowserConfig | None = None) -> None:
        self._loop = _Loop()
        try:
            self.browser: Browser = self._loop.run(Browser.launch(config))
        except BaseException:
            self._loop.stop()
            raise

    def new_session(self, *, download_dir: Path, allowed_domains: tuple[str, ...] | None = None) -> SyncSession:
        """A fresh context with one tab (see `Browser.new_session`)."""
        session = self._loop.run(self.browser.new_session(download_dir=download_dir, allowed_domains=allowed_domains))
        return SyncSession(self._loop, session)

    def close(self) -> None:
        """Close the browser and stop the background loop."""
        try:
            self._loop.run(self.browser.close())
        finally:
            self._loop.stop()

    def __enter__(self) -> SyncBrowser:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
