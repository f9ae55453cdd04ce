"""Things that happen to a session between observations, turned into notes for the model:
new tabs and popups (folded into the one tab), JavaScript dialogs (answered by policy), downloads
and PDFs (saved, text extracted), and requests outside the allowed domains (blocked)."""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from pathlib import Path
from typing import Any, Awaitable
from urllib.parse import urlparse

from playwright.async_api import BrowserContext, Dialog, Download, Page, Response
from playwright.async_api import Error as PlaywrightError

from webvoyager.browser import scripts
from webvoyager.browser.downloads import copy_capped, cut_note, read_kept, truncate_capped
from webvoyager.browser.pdf import is_pdf, pdf_note, pdf_text
from webvoyager.browser.netguard import BLOCKED_HEADER, host_allowed
from webvoyager.browser.types import BrowserConfig
from webvoyager.text import first_line


def domain_allowed(url: str, allowed: tuple[str, ...]) -> bool:
    """True when `url` is on an allowed domain (or a subdomain of one), or is not a network URL."""
    if not allowed:
        return True
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https", "ws", "wss"):
        return True
    return host_allowed(parsed.hostname or "", allowed)


def _safe_name(name: str) -> str:
    name = re.sub(r"[^\w.\- ]+", "_", name).strip(" .") or "download"
    return name[:120]


def _resolvable(url: str) -> tuple[str, dict[str, str]]:
    """The URL to fetch outside the browser, and its headers: browsers resolve *.localhost to loopback,
    Playwright's request client does not, so such a host is fetched from 127.0.0.1 with its Host header."""
    parts = urlparse(url)
    host = parts.hostname or ""
    if not host.endswith(".localhost"):
        return url, {}
    port = f":{parts.port}" if parts.port else ""
    return parts._replace(netloc=f"127.0.0.1{port}").geturl(), {"Host": f"{host}{port}"}


BLOCKED_PHRASE = "was blocked (allowed domains:"
"""Part of every note about a navigation refused by the allowed-domains rule."""

STORM_DIALOGS, STORM_WINDOW_S = 10, 1.0
"""A dialog storm: this many JavaScript dialogs within this many seconds. A person would have given up on
the page: settling stops waiting for it to be quiet (see Session._settle), and the page's further dialogs
are answered inside the page, as the dialog policy says, without being shown (page_agent.js)."""

MUTED_NOTE = ("The page opened {count} dialogs within {window:g} s; its further dialogs on this page are "
              "answered ({how}) without being shown.")
MUTE_TIMEOUT_S = 2.0
"""How long the page may take to take its dialogs over (a page stuck in a dialog loop never does)."""


class SessionEvents:
    """Listens to one session's context and main page; collects notes and background work."""

    def __init__(self, context: BrowserContext, page: Page, config: BrowserConfig, download_dir: Path,
                 allowed_domains: tuple[str, ...]) -> None:
        self.context = context
        self.page = page
        self.config = config
        self.download_dir = download_dir
        self.allowed = allowed_domains
        self.notes: list[str] = []
        self.blocked: list[str] = []          # blocked navigations since the last begin()
        self.downloads: list[Path] = []
        self._pending: set[asyncio.Task[Any]] = set()
        self.popup_arrived = asyncio.Event()   # set when a new tab or a download appears; cleared by begin()
        self.dialogs = 0                       # JavaScript dialogs the pages opened so far
        self.storm = asyncio.Event()           # set in a dialog storm (STORM_DIALOGS); cleared by begin()
        self._recent_dialogs: deque[float] = deque(maxlen=STORM_DIALOGS)
        self._pdf_urls: set[str] = set()

    async def install(self) -> None:
        """Attach the listeners."""
        self.context.on("page", self._on_page)
        self._watch(self.page)
        self.page.on("response", self._on_response)

    def _watch(self, page: Page) -> None:
        page.on("dialog", lambda dialog: self._spawn(self._on_dialog(dialog)))
        page.on("download", lambda download: self._spawn(self._on_download(download)))

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    def begin(self) -> None:
        """Start of an action or navigation: forget the last one's blocked URLs and seen PDFs (a PDF
        fetched again later is reported again)."""
        self.blocked.clear()
        self._pdf_urls.clear()
        self.popup_arrived.clear()
        self.storm.clear()
        self._recent_dialogs.clear()

    @property
    def busy(self) -> bool:
        """True while a popup, dialog or download is still being handled."""
        return bool(self._pending)

    async def drain(self, timeout_s: float | None = None) -> None:
        """Wait for the background work started by events so far (popups, downloads), for at most
        `timeout_s` (None: no limit); never in a dialog storm, whose dialogs never stop coming."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while self._pending and not self.storm.is_set():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return
            storm = asyncio.ensure_future(self.storm.wait())
            try:
                await asyncio.wait([*self._pending, storm], timeout=left, return_when=asyncio.FIRST_COMPLETED)
            finally:
                storm.cancel()

    def cancel(self) -> None:
        """Stop background work (the session is closing)."""
        for task in list(self._pending):
            task.cancel()

    # ---- allowed domains (enforced by the session's NetworkGuard; here only reported) ----------
    def blocked_note(self, url: str) -> str:
        """The sentence that tells the model a navigation was refused."""
        host = urlparse(url).hostname or url
        return (f"Navigation to {host} ({url}) {BLOCKED_PHRASE} {', '.join(self.allowed)}). "
                "Stay on the allowed sites.")

    # ---- new tabs and popups ---------------------------------------------------------------
    def _on_page(self, page: Page) -> None:
        if page is self.page:
            return
        self.popup_arrived.set()
        self._watch(page)
        self._spawn(self._adopt(page))

    async def _adopt(self, popup: Page) -> None:
        """Close an extra tab and load its address in the main tab instead (single-tab browsing)."""
        url = popup.url
        if url in ("", "about:blank"):
            try:
                # A busy machine can take seconds to commit the popup's first navigation; a popup
                # that closes itself ends the wait at once (wait_for_url raises).
                await popup.wait_for_url(lambda u: u not in ("", "about:blank"), wait_until="commit",
                                         timeout=max(2 * self.config.settle_timeout_s, 10.0) * 1000)
            except PlaywrightError:
                pass
            url = popup.url
        try:
            await popup.close()
        except PlaywrightError:
            pass
        try:
            # The popup took the foreground; a tab left in the background gets its frames
            # throttled and its next screenshot can wait for a frame that never comes.
            await self.page.bring_to_front()
        except PlaywrightError:
            pass   # the main page closed: the next observation says so
        if url in ("", "about:blank"):
            self.notes.append("The page opened an empty new tab; it was closed (one tab only).")
            return
        if url in self._pdf_urls:
            return   # the popup was a PDF that the download handler already read
        if not domain_allowed(url, self.allowed):
            self.blocked.append(url)
            self.notes.append(self.blocked_note(url))
            return
        self.notes.append(f"The page opened {url} in a new tab; it was loaded in this tab instead (one tab only).")
        try:
            await self.page.goto(url, wait_until="domcontentloaded", timeout=self.config.navigation_timeout_s * 1000)
        except PlaywrightError as exc:
            if "Download is starting" not in str(exc):
                self.notes.append(f"Loading {url} failed: {first_line(exc)}")

    # ---- dialogs -------------------------------------------------------------------------
    def _count_dialog(self, page: Page) -> None:
        self.dialogs += 1
        now = time.monotonic()
        self._recent_dialogs.append(now)
        storm = len(self._recent_dialogs) == STORM_DIALOGS and now - self._recent_dialogs[0] <= STORM_WINDOW_S
        if storm and not self.storm.is_set():
            self.storm.set()
            self._spawn(self._mute_dialogs(page))

    async def _mute_dialogs(self, page: Page) -> None:
        """Have the page answer its own dialogs from now on (its document's page agent, every frame)."""
        accept = self.config.dialog_policy == "accept"
        try:
            await asyncio.wait_for(asyncio.gather(*(
                scripts.call(frame, "W.muteDialogs(arg[0], arg[1])", [accept, self.config.prompt_text])
                for frame in page.frames)), MUTE_TIMEOUT_S)
        except (PlaywrightError, asyncio.TimeoutError):
            return   # the page is stuck (a dialog loop) or gone: the bounded calls of the step say so
        how = "OK" if accept else "Cancel"
        self.notes.append(MUTED_NOTE.format(count=STORM_DIALOGS, window=STORM_WINDOW_S, how=how))

    async def _on_dialog(self, dialog: Dialog) -> None:
        kind, message = dialog.type, dialog.message.strip()
        self._count_dialog(dialog.page or self.page)
        try:
            if kind == "beforeunload":
                # Refusing to leave would wedge the session on this page, so leaving always wins.
                await dialog.accept()
                self.notes.append("The page asked to confirm leaving it; the browser left the page.")
                return
            if self.config.dialog_policy == "accept":
                if kind == "prompt":
                    await dialog.accept(self.config.prompt_text)
                    how = f'accepted (OK) with the answer "{self.config.prompt_text}"'
                else:
                    await dialog.accept()
                    how = "accepted (OK)"
            else:
                await dialog.dismiss()
                how = "dismissed (Cancel)"
        except PlaywrightError:
            return   # the page closed under the dialog
        if kind == "alert":
            self.notes.append(f'The page showed an alert: "{message}" (closed with OK).')
        else:
            self.notes.append(f'The page asked ({kind}): "{message}"; it was {how}.')

    # ---- downloads and PDFs ---------------------------------------------------------------
    def _target_path(self, name: str) -> Path:
        self.download_dir.mkdir(parents=True, exist_ok=True)
        path = self.download_dir / _safe_name(name)
        stem, suffix, n = path.stem, path.suffix, 1
        while path.exists():
            n += 1
            path = self.download_dir / f"{stem}-{n}{suffix}"
        return path

    async def _on_download(self, download: Download) -> None:
        self.popup_arrived.set()
        if download.url in self._pdf_urls:
            await download.cancel()
            return
        path = self._target_path(download.suggested_filename)
        limit = self.config.download_max_bytes
        try:
            # A download that never ends (a stalled or endless stream) must not hold the session.
            kept, total = await asyncio.wait_for(self._keep_download(download, path, limit),
                                                 self.config.download_timeout_s)
        except asyncio.TimeoutError:
            try:
                await download.cancel()
            except PlaywrightError:
                pass
            self.notes.append(f"A download from {download.url} did not finish within "
                              f"{self.config.download_timeout_s:g} s; it was cancelled.")
            return
        except PlaywrightError as exc:
            self.notes.append(f"A download from {download.url} failed: {first_line(exc)}")
            return
        self._pdf_urls.add(download.url)
        data = await asyncio.to_thread(read_kept, path, limit, is_pdf=is_pdf)
        await self._report_file(path, data, total=total, kept=kept)

    async def _keep_download(self, download: Download, path: Path, limit: int | None) -> tuple[int, int]:
        """Copy at most `limit` bytes of a finished download into `path` and delete the browser's own
        temporary copy; returns (kept, whole size). A browser elsewhere (connect) gives no local path:
        its file is saved, then cut."""
        try:
            source = await download.path()
        except PlaywrightError:
            source = None
        if source is None:
            await download.save_as(path)
            return await asyncio.to_thread(truncate_capped, path, limit)
        copied = await asyncio.to_thread(copy_capped, Path(source), path, limit)
        try:
            await download.delete()
        except PlaywrightError:
            pass   # the context's close removes it anyway
        return copied

    def _on_response(self, response: Response) -> None:
        """PDFs shown inline (navigation to application/pdf) are saved and read like downloads."""
        request = response.request
        try:
            if not request.is_navigation_request() or request.frame != self.page.main_frame:
                return
        except PlaywrightError:
            return   # service-worker requests have no frame
        if BLOCKED_HEADER.lower() in response.headers:
            # The network guard refused this navigation (a link, a script, or a server redirect hop).
            self.blocked.append(response.url)
            self.notes.append(self.blocked_note(response.url))
            return
        ctype = (response.headers.get("content-type") or "").split(";")[0].strip().lower()
        disposition = response.headers.get("content-disposition") or ""
        if ctype == "application/pdf" and "attachment" not in disposition.lower():
            size = response.headers.get("content-length") or ""
            limit = self.config.download_max_bytes
            if limit is not None and size.isdigit() and int(size) > limit:   # not fetched whole into memory
                self.notes.append(f"A PDF at {response.url} is {int(size):,} bytes, over the download limit of "
                                  f"{limit:,} bytes: it was not read.")
                return
            self._spawn(self._fetch_pdf(response.url))

    async def _fetch_pdf(self, url: str) -> None:
        if url in self._pdf_urls:
            return
        self._pdf_urls.add(url)
        try:
            target, headers = _resolvable(url)
            reply = await self.context.request.get(target, headers=headers,
                                                   timeout=self.config.navigation_timeout_s * 1000)
            data = await reply.body()
        except PlaywrightError as exc:
            self.notes.append(f"A PDF at {url} could not be fetched: {first_line(exc)}")
            return
        name = Path(urlparse(url).path).name or "document.pdf"
        path = self._target_path(name if name.lower().endswith(".pdf") else name + ".pdf")
        total, limit = len(data), self.config.download_max_bytes
        data = data if limit is None else data[:limit]
        path.write_bytes(data)
        await self._report_file(path, data, total=total, kept=len(data))

    async def _report_file(self, path: Path, data: bytes, *, total: int, kept: int) -> None:
        """Note a saved file for the model: a PDF's text (of the part kept), else its name and size;
        and what the download limit cut."""
        self.downloads.append(path)
        cut = cut_note(kept, total)
        if is_pdf(data):
            text = await asyncio.to_thread(pdf_text, data)
            self.notes.append(pdf_note(path, text, self.config.pdf_excerpt_chars) + cut)
        else:
            self.notes.append(f"A file was downloaded: {path.name} ({total} bytes), saved in the task folder.{cut}")
