"""`Session`: one fresh context and one tab for one task (`browser/browser.py`'s `Browser` hands them
out). Sessions observe the page (Set-of-Mark) and execute actions.

    async with await Browser.launch() as browser:
        session = await browser.new_session(download_dir=Path("out/downloads"))
        await session.goto("http://localhost:8000/")
        observation = await session.observe()
        await session.execute(Click(3))
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from webvoyager.browser import scripts
from webvoyager.browser.actions import run_action
from webvoyager.browser.bounds import PageWatch
from webvoyager.browser.events import SessionEvents, domain_allowed
from webvoyager.browser.mask import masked, secret_boxes
from webvoyager.browser.network_errors import network_failure
from webvoyager.browser.netguard import NetworkGuard
from webvoyager.browser.observe import CAPPED_NOTE, LabelRef, Scan, capture, element_record
from webvoyager.browser.paper_timing import PaperStep, paper_start, sleep_after
from webvoyager.browser.paper_tree import PaperTree, page_tree
from webvoyager.browser.prompt_limits import cap_element_text, cap_title, limit_notes
from webvoyager.browser.settle import SETTLE_ROUNDS, NetworkTracker, Settled, settle_rounds
from webvoyager.browser.targets import Resolved, frame_offset, resolve_label, resolve_point
from webvoyager.browser.types import (Action, Answer, BrowserConfig, Element, Observation, Outcome, Point, Target,
                                      TypeWarning, Wait)
from webvoyager.browser.wait import fixed_wait, wait_for_change
from webvoyager.errors import ActionError, BrowserError, PageLoadError, SiteUnreachableError
from webvoyager.text import first_line, secret_pattern
from webvoyager.tasks import PageState


WAITED_NOTE = "You waited {seconds:g} s and the page did not change."
"""The note after a Wait (default protocol) during which nothing happened on the page."""

log = logging.getLogger("webvoyager.browser")


class Session:
    """One task's browsing: a fresh context and the single tab the model sees."""

    def __init__(self, forget: Callable[[Session], None], context: BrowserContext, page: Page, download_dir: Path,
                 allowed_domains: tuple[str, ...], config: BrowserConfig | None = None,
                 guard: NetworkGuard | None = None) -> None:
        self._forget = forget   # tells the Browser that handed this session out that it is closed
        self.guard = guard    # the session's filtering proxy (None: every domain allowed)
        self.context = context
        self._page = page
        self._config = config or BrowserConfig()   # the Browser passes its own or the session's
        self.download_dir = download_dir
        self.allowed_domains = allowed_domains
        self._events = SessionEvents(context, page, self._config, download_dir, allowed_domains)
        self._watch = PageWatch(page, dialogs=lambda: self._events.dialogs)   # crash; bounds every call
        self._network = NetworkTracker(page)
        self._observation_id = 0
        self._refs: dict[int, LabelRef] = {}
        self._elements: list[Element] = []
        self._closed = False
        self.settled_by: Settled = "quiet"   # how the last settle ended (see browser/settle.py)
        self.paper_step = PaperStep()        # what the paper protocol learns about the running action
        self._type_warning: TypeWarning | None = None   # for the next observation (paper)
        self._start_url: str | None = None   # the first page loaded (the paper's Type sleep looks at it)
        self._tree: PaperTree | None = None  # paper text-only: the last tree, whose node ids actions name
        self.cursor: Point | None = None     # where pixel actions left the mouse
        self._secret_patterns: tuple[str, ...] = ()   # painted over wherever the page shows them (mask_secrets)

    def mask_secrets(self, values: Sequence[str]) -> None:
        """From now on, every place the page shows one of `values` (in any spelling: text.secret_pattern),
        in its text or in a field, is painted black in the observation's screenshots."""
        self._secret_patterns = tuple(secret_pattern(v) for v in values if v)

    @property
    def settled(self) -> bool:
        """False when the last action or load hit settle_timeout_s before settling."""
        return self.settled_by is not None

    @property
    def page(self) -> Page:
        """The one Playwright page the model sees."""
        return self._page

    @property
    def config(self) -> BrowserConfig:
        """The settings this session runs with (the browser's, unless replaced for this session)."""
        return self._config

    @config.setter
    def config(self, config: BrowserConfig) -> None:
        # Per-session tweaks (another search URL, a dialog policy, a longer cap) reach the event
        # handlers too. Domain rules are fixed when the session is created.
        self._config = config
        self._events.config = config

    @property
    def downloads(self) -> list[Path]:
        """Files saved in this session's download folder, in arrival order."""
        return list(self._events.downloads)

    @property
    def crashed(self) -> bool:
        """True once the tab's renderer died; every later call raises PageCrashedError."""
        return self._watch.crashed.is_set()

    def _settle_budget_s(self) -> float:
        """The longest `_settle` can take: its rounds, each capped, and the background work each drains."""
        return SETTLE_ROUNDS * (self.config.settle_timeout_s + self.config.navigation_timeout_s) + 1.0

    async def goto(self, url: str) -> None:
        """Load `url` in the tab and wait for it to settle; PageLoadError if it never loads,
        PageCrashedError/PageUnresponsiveError (bounds.py) if the tab crashes or stops answering."""
        limit = self.config.navigation_timeout_s + self.config.response_timeout_s + self._settle_budget_s()
        await self._watch.bounded(self._goto(url), limit, f"loading {url}")

    async def _goto(self, url: str) -> None:
        timeout = self.config.navigation_timeout_s
        if not domain_allowed(url, self.allowed_domains):
            raise PageLoadError(self._events.blocked_note(url))
        self._events.begin()
        try:
            # The paper's Selenium `get` returns at the load event; ours at DOMContentLoaded, then settles.
            until = "domcontentloaded" if self.config.sleeps is None else "load"
            await self._page.goto(url, wait_until=until, timeout=timeout * 1000)
        except PlaywrightTimeoutError as exc:
            raise PageLoadError(f"{url} never loaded within {timeout:.0f}s: {first_line(exc)}. "
                                "Check the URL / that the server is up.") from exc
        except PlaywrightError as exc:
            message = first_line(exc)
            code = network_failure(message)
            if code:   # the host could not be reached at all: the network's fault, not the page's
                raise SiteUnreachableError(f"{url} could not be reached ({code}): {message}. Check the host name, "
                                   "that the server is up and the machine's network, then run again "
                                   "(bench --resume reruns it).", code=code) from exc
            if "Download is starting" not in message:   # a PDF or file: the download handler reads it
                raise PageLoadError(f"{url} could not be loaded: {message}. "
                                    "Check the URL / that the server is up.") from exc
        first = self._start_url is None
        if first:
            self._start_url = url
        if self.config.sleeps is None:
            await self._settle()
        elif first:   # the paper: its start-page routine, then a fixed sleep instead of settling
            await paper_start(self._page)
            await fixed_wait(self.config.sleeps.start_page)
            await self._events.drain(self.config.navigation_timeout_s)
        if self._events.blocked:   # the start page redirected off the allowed domains
            await self._leave_error_page(url)
            raise PageLoadError(self._events.blocked_note(self._events.blocked[0]))

    async def settle(self) -> None:
        """Wait until the page has settled after a change the session did not make (an external agent
        driving the tab over CDP), as after an action."""
        await self._settle()

    async def wait_for_change(self, cap_s: float) -> bool:
        """True as soon as the page starts changing (a request, a navigation, the DOM), False after `cap_s`
        seconds without a change; for a tab someone else drives (an external agent), as Wait does."""
        return await wait_for_change(self._page, self._network, cap_s=cap_s)

    async def _settle(self, since: float | None = None) -> None:
        """Let the page settle, including popups, dialogs and downloads that the last step set off
        (`since`: when the action was dispatched; see `settle_rounds`)."""
        self.settled_by = await self._watch.bounded(
            settle_rounds(self._page, self._network, self._events, self.config, since=since),
            self._settle_budget_s(), "waiting for it to settle")

    async def observe(self, *, text_only: bool = False) -> Observation:
        """Screenshot + Set-of-Mark labels + element text (or the text-only outline); takes the notes
        gathered since the previous observation."""
        if not domain_allowed(self._page.url, self.allowed_domains):
            # A timed refresh or a late script took the tab to a refused page between two steps.
            await self._leave_error_page(start_url="")
        self._watch.check()
        for attempt in range(3):
            self._observation_id += 1
            try:
                scan, png, marked = await self._watch.bounded(
                    self._capture(text_only),
                    self.config.response_timeout_s, "taking the screenshot and finding its elements")
                break
            except PlaywrightError as exc:
                # A navigation that started after the last settle (a timed redirect, a late script)
                # destroys the document mid-scan: wait for the new one and look again.
                if attempt == 2 or "closed" in str(exc):
                    raise BrowserError(f"could not observe the page {self._page.url}: {first_line(exc)}") from exc
                await self._settle()
        self._refs, self._elements = scan.refs, scan.elements
        text = scan.text_tree if text_only and scan.text_tree is not None else scan.text
        self._tree = None
        if text_only and self.config.som_style == "paper":
            self._tree = await self._watch.bounded(page_tree(self._page), self.config.response_timeout_s,
                                                   "reading its accessibility tree")
        if self._tree is not None:
            text = self._tree.text
            self._elements = [Element(label=int(n.node_id), tag=n.role, text=n.name, bbox=n.bound)
                              for n in self._tree.nodes.values() if n.node_id.isdigit()]
        notes, self._events.notes = limit_notes(self._events.notes), []
        if scan.capped:
            notes.append(CAPPED_NOTE.format(labels=len(scan.elements), left=scan.capped))
        if self.config.som_style != "paper":   # the paper's element text is sent whole, as the original does
            text = cap_element_text(text)
        return Observation(
            url=self._page.url, title=cap_title(scan.title), screenshot=png, marked_screenshot=marked, elements=self._elements,
            text=text, notes=notes, fingerprint=scan.fingerprint, observation_id=self._observation_id,
            viewport=self.config.viewport, text_only=text_only, type_warning=self._type_warning)

    async def _capture(self, text_only: bool) -> tuple[Scan, bytes, bytes]:
        """Scan, screenshot and marks, with every place the page shows a secret painted over."""
        before = await secret_boxes(self._page, self._secret_patterns)
        scan, png, marked = await capture(self._page, self._observation_id, self.config, text_only)
        png, marked = await masked(self._page, self._secret_patterns, before, png, marked)
        return scan, png, marked

    async def resolve(self, target: Target) -> Resolved:
        """The element a label (of the last observation) or a screenshot point designates; in the paper's
        text-only mode a label is a node id of the tree, acted on at the centre of its box."""
        if isinstance(target, Point):
            return await resolve_point(self._page, target, self.config.viewport)
        if self._tree is not None:
            node = self._tree.nodes.get(str(target))
            if node is None:
                raise ActionError(f"There is no node [{target}] in the accessibility tree. Choose a node id "
                                  "from the current tree.")
            x, y = node.center
            return await resolve_point(self._page, Point(x, y), self.config.viewport)
        if self._observation_id == 0:
            raise ActionError("There is no screenshot yet, so labels mean nothing. Observe the page first.")
        return await resolve_label(int(target), self._refs, self._elements)

    async def element_at(self, point: Point | None) -> Element | None:
        """The element an action at a screenshot point (None: where the mouse is) would operate, the
        innermost interactive element around what is there, for the confirm gate; None outside the
        viewport or over nothing."""
        point = point or self.cursor
        if point is None:
            return None
        async def describe() -> tuple[dict[str, Any], tuple[float, float]]:
            resolved = await resolve_point(self._page, point, self.config.viewport)
            raw = await resolved.handle.evaluate("(el) => window.__webvoyager__.describeOwner(el)")
            return raw, await frame_offset(resolved.frame)

        try:
            raw, offset = await self._watch.bounded(describe(), self.config.response_timeout_s,
                                                    "finding the element at a point")
        except (ActionError, PlaywrightError):
            return None
        return element_record(-1, raw, offset=offset, frame="")

    async def focused_element(self) -> Element | None:
        """The element that has the keyboard focus (what typed text goes into), through shadow roots and
        into iframes, for the confirm gate; None when nothing has it."""
        async def find() -> Element | None:
            frame = self._page.main_frame
            while True:
                el = (await scripts.call_handle(frame, "W.deepActive()")).as_element()
                if el is None:
                    return None
                child = await el.content_frame()
                if child is None:
                    raw = await el.evaluate("(el) => window.__webvoyager__.describeOwner(el)")
                    return element_record(-1, raw, offset=await frame_offset(frame), frame="")
                frame = child

        try:
            return await self._watch.bounded(find(), self.config.response_timeout_s, "finding the focused element")
        except PlaywrightError:
            return None

    async def execute(self, action: Action) -> Outcome:
        """Run one action, wait for the page to settle and report what happened (notes are also
        queued for the next observation). ActionError explains a failure to the model."""
        if isinstance(action, Answer):
            return Outcome(answer=action.text)
        self._watch.check()
        start_url, first_note = self._page.url, len(self._events.notes)
        first_download = len(self._events.downloads)
        self._events.begin()
        self._network.forget_pending()
        self.paper_step, self._type_warning = PaperStep(), None
        sleeps = self.config.sleeps
        started = time.monotonic()
        try:
            try:
                dispatch = self._wait() if isinstance(action, Wait) else run_action(self, action)
                notes = await self._watch.bounded(dispatch, self.config.response_timeout_s + self.config.wait_s,
                                                  f"doing {type(action).__name__}")
            except PlaywrightError as exc:
                raise ActionError(f"The action failed in the browser: {first_line(exc)}") from exc
        except ActionError:
            if sleeps is not None:
                await fixed_wait(sleeps.failed_action)
            raise
        dispatched = time.monotonic()   # the action's input events have been delivered by now
        self._events.notes.extend(notes)
        slept, settled = None, None
        if sleeps is None:
            await self._settle(since=dispatched)
            settled = self.settled_by or "cap"
        else:   # the paper protocol: the original's fixed sleep for this action instead of settling
            await self._events.drain(self.config.navigation_timeout_s)
            slept = sleep_after(action, sleeps, self.paper_step, start_url=self._start_url or "",
                                downloaded=len(self._events.downloads) > first_download)
            await fixed_wait(slept)
            await self._events.drain(self.config.navigation_timeout_s)
            self._watch.check()
        self._type_warning = self.paper_step.type_warning
        waited = time.monotonic() - started if isinstance(action, Wait) else None
        if self._events.blocked:
            url = self._events.blocked[0]
            del self._events.notes[first_note:]
            await self._leave_error_page(start_url)
            raise ActionError(self._events.blocked_note(url))
        new_notes = limit_notes(self._events.notes[first_note:])
        downloads = self._events.downloads[first_download:]
        return Outcome(notes=new_notes, navigated=self._page.url != start_url,
                       download=downloads[-1] if downloads else None, waited_s=waited, slept_s=slept,
                       type_warning=self._type_warning, settled_by=settled)

    async def _wait(self) -> list[str]:
        """The Wait action (see browser/wait.py); the settle that follows every action comes after it."""
        if not self.config.wait_for_change:
            await fixed_wait(self.config.wait_s)
            return []
        if await self.wait_for_change(self.config.wait_s):
            return []
        return [WAITED_NOTE.format(seconds=self.config.wait_s)]

    async def _leave_error_page(self, start_url: str) -> None:
        """After a blocked navigation, make sure the tab shows the page it was on: a navigation blocked
        in the page is cancelled so the page normally stays, but Chromium may have committed its error
        page, or the guard's refusal page for a blocked redirect hop; then step back to the model's page."""
        here = self._page.url
        stranded = here.startswith("chrome-error://") or not domain_allowed(here, self.allowed_domains)
        if not stranded or start_url.startswith("chrome-error://"):
            return
        timeout = self.config.navigation_timeout_s * 1000
        try:
            await self._page.go_back(wait_until="domcontentloaded", timeout=timeout)
            if start_url and self._page.url != start_url and domain_allowed(start_url, self.allowed_domains):
                await self._page.goto(start_url, wait_until="domcontentloaded", timeout=timeout)
        except PlaywrightError:
            return   # the error page stays; the ActionError still tells the model what happened
        await self._settle()

    async def page_state(self) -> PageState:
        """URL, title, visible text, cookies and localStorage of the tab, for final-state checks."""
        self._watch.check()
        try:
            data = await self._watch.bounded(self._page.evaluate(
                "() => { const s = {}; try { for (let i = 0; i < localStorage.length; i++) {"
                " const k = localStorage.key(i); s[k] = localStorage.getItem(k); } } catch (e) {}"
                " return {title: document.title, text: document.body ? document.body.innerText : '', storage: s}; }"),
                self.config.response_timeout_s, "reading the page's text")
            cookies = await self.context.cookies(self._page.url) if self._page.url.startswith("http") else []
        except PlaywrightError as exc:
            raise BrowserError(f"could not read the page state: {first_line(exc)}") from exc
        return PageState(url=self._page.url, title=data["title"], text=data["text"],
                         cookies={c["name"]: c["value"] for c in cookies}, local_storage=data["storage"])

    async def start_trace(self) -> None:
        """Record a Playwright trace of this session (screenshots, DOM snapshots, network) until
        `stop_trace`; view it with `playwright show-trace trace.zip`."""
        try:
            await self.context.tracing.start(screenshots=True, snapshots=True, sources=False)
        except PlaywrightError as exc:
            raise BrowserError(f"could not start the Playwright trace: {first_line(exc)}") from exc

    async def stop_trace(self, path: Path) -> None:
        """Stop the trace started by `start_trace` and write it to `path` (a zip)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            await self.context.tracing.stop(path=str(path))
        except PlaywrightError as exc:
            raise BrowserError(f"could not write the Playwright trace to {path}: {first_line(exc)}") from exc

    async def close(self) -> None:
        """Close the context (and its tab); safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._forget(self)
        self._events.cancel()
        try:
            # Bounded: a tab stuck in a script or a dialog loop must not keep the task from ending.
            await asyncio.wait_for(self.context.close(), self._watch.limit(self.config.response_timeout_s))
        except (PlaywrightError, asyncio.TimeoutError):
            pass
        if self.guard is not None:
            await self.guard.stop()
