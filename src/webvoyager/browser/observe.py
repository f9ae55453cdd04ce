"""Taking an observation: scan every frame in one call each, number elements in reading order,
take the screenshot, draw the marks and write the element text (or the text-only outline)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import weakref
from dataclasses import dataclass, field
from typing import Any

from PIL import Image
from playwright.async_api import CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from webvoyager.browser import scripts
from webvoyager.browser.elements_text import format_elements, format_elements_paper
from webvoyager.browser.marks import decode, mark_image
from webvoyager.browser.tree_text import FrameTree, render_tree
from webvoyager.browser.types import BrowserConfig, Element
from webvoyager.errors import BrowserError
from webvoyager.text import first_line

Rect = tuple[float, float, float, float]   # x, y, width, height


@dataclass(frozen=True)
class LabelRef:
    """Where a label's element lives: its frame and its index in that frame's observation list."""

    frame: Frame
    local: int
    signature: str
    observation_id: int


@dataclass
class FrameScan:
    """One frame's answer to the page agent's discover call, placed in main-viewport coordinates."""

    frame: Frame
    path: str
    offset: tuple[float, float]
    raw: dict[str, Any]
    children: list["FrameScan"] = field(default_factory=list)
    iframe_index: int = -1


@dataclass
class Scan:
    """Everything an observation needs from the page, before labels are assigned."""

    elements: list[Element]
    refs: dict[int, LabelRef]
    fingerprint: str
    text: str
    text_tree: str | None
    title: str
    capped: int = 0    # elements in view left unlabelled because the page has more than max_labels


CAPPED_NOTE = ("This page shows too many interactive elements to label them all: only the first {labels} "
               "(in reading order) have labels; {left} more elements in view were left unlabelled. "
               "Scroll, or use the page's search or filters, to bring others to the top.")
"""The note the model sees when an observation capped its labels (BrowserConfig.max_labels)."""


def _intersect(a: Rect, b: Rect) -> Rect | None:
    x1, y1 = max(a[0], b[0]), max(a[1], b[1])
    x2, y2 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x2 <= x1 or y2 <= y1:
        return None
    return (x1, y1, x2 - x1, y2 - y1)


@dataclass(frozen=True)
class _ScanOptions:
    obs_id: int
    want_tree: bool
    whole_page: bool
    max_labels: int


async def _scan_frame(frame: Frame, path: str, offset: tuple[float, float], clip: Rect,
                      opts: _ScanOptions) -> FrameScan | None:
    """Discover elements in `frame` (clip in main coordinates), then recurse into its child frames."""
    local_clip = {"x": clip[0] - offset[0], "y": clip[1] - offset[1], "w": clip[2], "h": clip[3]}

    async def discover() -> dict[str, Any] | None:
        try:
            # One JSON string instead of a nested structure: Playwright's per-value (de)serialisation
            # costs far more than json.loads on large pages.
            return json.loads(await scripts.call(
                frame, "JSON.stringify(W.discover(arg[0], arg[1], arg[2], arg[3], arg[4]))",
                [opts.obs_id, local_clip, opts.want_tree, opts.whole_page, opts.max_labels]))
        except PlaywrightError:
            return None   # a frame that went away or refuses scripts contributes nothing

    # The frame and its child frames (ads, widgets, embedded apps) are scanned concurrently: a child
    # needs only its place in this frame, not this frame's elements, so the round trips overlap.
    raw, *children = await asyncio.gather(
        discover(), *(_scan_child(child, f"{path}.{i}" if path else str(i), offset, clip, opts)
                      for i, child in enumerate(frame.child_frames)))
    if raw is None:
        return None
    return FrameScan(frame=frame, path=path, offset=offset, raw=raw,
                     children=[child for child in children if child is not None])


async def _scan_child(child: Frame, path: str, offset: tuple[float, float], clip: Rect,
                      opts: _ScanOptions) -> FrameScan | None:
    """Scan one child frame if any of its viewport is visible inside the parent's clip."""
    try:
        element = await child.frame_element()
        ox, oy, w, h, index = await element.evaluate("(el) => window.__webvoyager__.contentOffset(el)")
    except PlaywrightError:
        return None
    child_offset = (offset[0] + ox, offset[1] + oy)
    child_clip = _intersect(clip, (child_offset[0], child_offset[1], w, h))
    if child_clip is None:
        return None
    scan = await _scan_frame(child, path, child_offset, child_clip, opts)
    if scan is not None:
        scan.iframe_index = int(index)
    return scan


def _flatten(scan: FrameScan) -> list[tuple[FrameScan, dict[str, Any]]]:
    """A frame's elements in document order, each iframe's content inserted where the iframe is."""
    items = [(scan, e) for e in scan.raw["elements"]]
    positions = scan.raw.get("frames") or {}
    slots = sorted((int(positions.get(str(child.iframe_index), len(items))), n, child)
                   for n, child in enumerate(scan.children))
    for position, _, child in reversed(slots):   # back to front, so earlier positions stay valid
        items[position:position] = _flatten(child)
    return items


def _element(label: int, scan: FrameScan, raw: dict[str, Any]) -> Element:
    return element_record(label, raw, offset=scan.offset, frame=scan.path)


def element_record(label: int, raw: dict[str, Any], *, offset: tuple[float, float], frame: str) -> Element:
    """The Element of one element the page script described (`describe`), its boxes moved by the
    offset of its frame in the main viewport."""
    x, y, w, h = raw["rect"]
    ox, oy = offset
    boxes = tuple((bx + ox, by + oy, bw, bh) for bx, by, bw, bh in raw.get("boxes") or ())
    return Element(
        label=label, tag=raw["tag"], text=raw["text"], aria_label=raw["aria_label"], role=raw["role"],
        type=raw["type"], placeholder=raw["placeholder"], value=raw["value"], checked=raw["checked"],
        selected=raw["selected"], options=tuple(raw["options"]), href=raw["href"], editable=raw["editable"],
        scrollable=raw["scrollable"], scroll_box=bool(raw.get("scroll_box")), bbox=(x + ox, y + oy, w, h),
        frame=frame, html=raw["html"], sensitive=raw.get("sensitive") or "",
        sensitive_form=bool(raw.get("sensitive_form")), boxes=boxes,
    )


def _frame_tree(scan: FrameScan, labels: dict[tuple[int, int], Element]) -> FrameTree:
    own = {local: el for (sid, local), el in labels.items() if sid == id(scan)}
    tree = FrameTree(lines=scan.raw.get("tree") or [], labels=own)
    for child in scan.children:
        tree.children[child.iframe_index] = _frame_tree(child, labels)
    return tree


def _state_parts(scan: FrameScan) -> list[str]:
    parts = [f"{scan.path}:{scan.raw['scroll']}:{scan.raw.get('scrolls')}:{scan.raw['focus']}"]
    for child in scan.children:
        parts.extend(_state_parts(child))
    return parts


async def _scan_paper(page: Page, obs_id: int) -> FrameScan | None:
    """The WebVoyager paper's element discovery, in the main frame only."""
    try:
        raw = json.loads(await scripts.call(page.main_frame, "JSON.stringify(W.discoverPaper(arg))", obs_id))
    except PlaywrightError:
        return None
    return FrameScan(frame=page.main_frame, path="", offset=(0.0, 0.0), raw=raw)


WHOLE_PAGE = 1e6
"""Whole-page scans clip to this far around the viewport (in pixels): the whole document in practice."""


async def scan_page(page: Page, obs_id: int, viewport: tuple[int, int], text_only: bool, *,
                    whole_page: bool = False, som_style: str = "default", max_labels: int = 1000) -> Scan:
    """Scan all frames of `page` and label the elements 0..N in reading order.

    Reading order is document order (what a screen reader follows), with each iframe's elements
    where the iframe stands. Ordering by screen rows was tried and rejected: on multi-column pages
    it interleaved a sidebar's filters with the results beside them. `whole_page` labels the elements
    of the whole document (SeeAct's candidates), not only those in view; `som_style` "paper" writes the
    element text in the WebVoyager paper's format (the fingerprint always uses ours). At most `max_labels`
    elements are labelled (`Scan.capped` counts the ones left over).
    """
    clip = (0.0, 0.0, float(viewport[0]), float(viewport[1]))
    if whole_page:
        clip = (-WHOLE_PAGE, -WHOLE_PAGE, 2 * WHOLE_PAGE + viewport[0], 2 * WHOLE_PAGE + viewport[1])
    if som_style == "paper":   # the original's discovery: the main document only (browser/js/page_paper.js)
        root = await _scan_paper(page, obs_id)
    else:
        root = await _scan_frame(page.main_frame, "", (0.0, 0.0), clip,
                                 _ScanOptions(obs_id, text_only, whole_page, max_labels))
    if root is None:
        raise PlaywrightError("the page's main frame could not be scanned")
    elements: list[Element] = []
    refs: dict[int, LabelRef] = {}
    by_local: dict[tuple[int, int], Element] = {}
    found = _flatten(root)
    capped = _capped(root) + max(0, len(found) - max_labels)   # each frame stops at the cap; so does the sum
    for label, (scan, raw) in enumerate(found[:max_labels]):
        element = _element(label, scan, raw)
        elements.append(element)
        refs[label] = LabelRef(frame=scan.frame, local=raw["local"], signature=raw["sig"], observation_id=obs_id)
        by_local[(id(scan), raw["local"])] = element
    text = format_elements(elements)
    digest = hashlib.sha1()
    for part in (page.url, text, *_state_parts(root)):
        digest.update(part.encode("utf-8", "replace") + b"\x00")
    tree = "\n".join(render_tree(_frame_tree(root, by_local))) if text_only else None
    return Scan(elements=elements, refs=refs, fingerprint=digest.hexdigest()[:16],
                text=format_elements_paper(elements) if som_style == "paper" else text, text_tree=tree,
                title=str(root.raw.get("title") or ""), capped=capped)


def _capped(scan: FrameScan) -> int:
    return int(scan.raw.get("capped") or 0) + sum(_capped(child) for child in scan.children)


CDP_SCREENSHOT_TIMEOUT_S = 5.0
"""How long a direct CDP screenshot may take before the Playwright path (with its retry) takes over."""

_cdp_sessions: weakref.WeakKeyDictionary[Page, CDPSession | None] = weakref.WeakKeyDictionary()


async def cdp_session(page: Page) -> CDPSession | None:
    """The page's CDP session, made once and kept (None where the browser speaks no CDP)."""
    if page not in _cdp_sessions:
        try:
            _cdp_sessions[page] = await page.context.new_cdp_session(page)
        except PlaywrightError:
            _cdp_sessions[page] = None
    return _cdp_sessions[page]


async def _cdp_screenshot(page: Page) -> bytes | None:
    """A viewport PNG straight from Chromium's `Page.captureScreenshot`, or None where that is not
    available (a browser without CDP) or fails (the caller then uses Playwright's screenshot).

    Playwright's `page.screenshot` wraps the same call in extra round trips (font and caret checks,
    viewport bookkeeping): measured 20-40 ms more per observation (benchmarks/observe_bench.py)."""
    cdp = await cdp_session(page)
    if cdp is None:
        return None
    try:
        # optimizeForSpeed: Chromium's faster PNG compression (still lossless, ~25% larger); measured
        # 15-25 ms less per screenshot and half the browser process's CPU (benchmarks/observe_bench.py).
        reply = await cdp.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True},
                               timeout=CDP_SCREENSHOT_TIMEOUT_S * 1000)
        return base64.b64decode(reply["data"])
    except (PlaywrightError, KeyError):
        _cdp_sessions.pop(page, None)   # a detached session is made anew next time
        return None


async def screenshot(page: Page) -> bytes:
    """A PNG of the viewport (directly over CDP when possible); a timed-out screenshot (a tab left in
    the background, a machine under heavy load) is retried once with the tab brought to the front."""
    png = await _cdp_screenshot(page)
    if png is not None:
        return png
    try:
        return await page.screenshot(type="png", animations="allow", caret="initial")
    except PlaywrightTimeoutError:
        pass
    try:
        await page.bring_to_front()
        return await page.screenshot(type="png", animations="allow", caret="initial")
    except PlaywrightTimeoutError as exc:
        raise BrowserError(f"the screenshot of {page.url} timed out twice ({first_line(exc)}). "
                           "The machine may be overloaded: run fewer tasks at once, or restart the browser.") from exc


PDF_PAINT_CAP_S = 10.0
"""How long an observation of a PDF waits for Chromium's viewer to paint the document (it paints it
out of process, a second or more after the load on a busy machine)."""

PDF_TOOLBAR_PX = 64
"""The viewer's toolbar strip at the top, which paints before the document does."""


def _document_painted(image: Image.Image) -> bool:
    """True when the viewport below the PDF viewer's toolbar shows more than the viewer's grey: the
    viewer paints in stages (one flat colour, then the toolbar over a grey field, then the pages), and
    only the last is worth showing a model."""
    width, height = image.size
    below = image.crop((0, min(PDF_TOOLBAR_PX, height - 1), width, height)).convert("L")
    low, high = below.getextrema()
    return high - low > 100


async def _shows_pdf(page: Page) -> bool:
    try:
        return await page.evaluate("document.contentType") == "application/pdf"
    except PlaywrightError:
        return False


async def _screenshot_and_pixels(page: Page) -> tuple[bytes, Image.Image]:
    """The viewport PNG and its pixels; a PDF whose viewer has not painted the document yet is shot
    again until it shows, up to PDF_PAINT_CAP_S (then the last shot is kept)."""
    png = await screenshot(page)
    image = await asyncio.to_thread(decode, png)
    if _document_painted(image) or not await _shows_pdf(page):
        return png, image
    deadline = asyncio.get_running_loop().time() + PDF_PAINT_CAP_S
    while asyncio.get_running_loop().time() < deadline:
        # no pause between shots: each screenshot waits for the compositor's next frame anyway
        png = await screenshot(page)
        image = await asyncio.to_thread(decode, png)
        if _document_painted(image):
            break
    return png, image


async def capture(page: Page, obs_id: int, config: BrowserConfig, text_only: bool) -> tuple[Scan, bytes, bytes]:
    """Screenshot and scan concurrently; returns (scan, clean PNG, marked PNG).

    The screenshot is asked for first: Chromium encodes its PNG outside the page's main thread while
    the page script runs there, and the PNG is decoded (in a thread) while the scan is still going."""
    (png, image), scan = await asyncio.gather(
        _screenshot_and_pixels(page),
        scan_page(page, obs_id, config.viewport, text_only, whole_page=config.whole_page, som_style=config.som_style,
                  max_labels=config.max_labels))
    marked = await asyncio.to_thread(mark_image, image, scan.elements, style=config.som_style)
    return scan, png, marked
