"""Painting over every place a page shows a secret, in the screenshots of an observation.

`secret_boxes` asks each frame (js/mask_text.js) where its text and its form fields show text that a
secret's pattern (`text.secret_pattern`, every spelling of the value) matches; `paint_boxes` blacks those
boxes out. The session does both before an observation leaves it, so neither the model nor the saved
screenshots ever show a secret the page echoes ("You searched for: ..."), wherever the page shows it.
"""

from __future__ import annotations

import asyncio
import io
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from PIL import Image, ImageDraw
from playwright.async_api import Frame, Page
from playwright.async_api import Error as PlaywrightError

from webvoyager.browser.png import encode_png

Box = tuple[float, float, float, float]   # x, y, width, height in the main viewport
PAD_PX = 3
"""Pixels added around each box, so the edges of glyphs (descenders, anti-aliasing) are covered too."""


@lru_cache(maxsize=1)
def _script() -> str:
    return (Path(__file__).parent / "js" / "mask_text.js").read_text(encoding="utf-8")


async def _frame_offset(frame: Frame) -> tuple[float, float] | None:
    """Where `frame`'s viewport starts in the main one (None: the frame is not shown)."""
    if frame.parent_frame is None:
        return 0.0, 0.0
    element = await frame.frame_element()
    box = await element.bounding_box()
    if box is None:
        return None
    inset = await element.evaluate("(e) => { const s = getComputedStyle(e); return [e.clientLeft + "
                                   "parseFloat(s.paddingLeft || 0), e.clientTop + parseFloat(s.paddingTop || 0)]; }")
    return box["x"] + inset[0], box["y"] + inset[1]


async def secret_boxes(page: Page, patterns: Sequence[str]) -> list[Box]:
    """Boxes, in main-viewport pixels, of every text and field value the page shows that one of
    `patterns` matches, in every frame. A main frame that cannot be searched (it navigated meanwhile)
    raises PlaywrightError, as a failed scan does, so the session looks again rather than show a secret."""
    if not patterns:
        return []
    boxes: list[Box] = []
    for frame in page.frames:
        try:
            offset = await _frame_offset(frame)
            if offset is None:
                continue
            found = await frame.evaluate(_script(), list(patterns))
        except PlaywrightError:
            if frame.parent_frame is None:
                raise
            continue   # a child frame that went away meanwhile shows nothing
        boxes += [(x + offset[0], y + offset[1], w, h) for x, y, w, h in found]
    return boxes


def paint_boxes(png: bytes, boxes: Iterable[Box]) -> bytes:
    """`png` with `boxes` (and PAD_PX around them) painted black."""
    boxes = list(boxes)
    if not boxes or not png:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    for x, y, w, h in boxes:
        draw.rectangle([x - PAD_PX, y - PAD_PX, x + w + PAD_PX, y + h + PAD_PX], fill="black")
    return encode_png(image)


async def masked(page: Page, patterns: Sequence[str], before: list[Box], png: bytes,
                 marked: bytes) -> tuple[bytes, bytes]:
    """An observation's two screenshots with every place showing a secret painted over: where the page
    showed one just before the screenshot (`before`, from `secret_boxes`) and just after it, so text that
    moved in between is covered either way."""
    if not patterns:
        return png, marked
    boxes = [*before, *await secret_boxes(page, patterns)]
    png, marked = await asyncio.gather(asyncio.to_thread(paint_boxes, png, boxes),
                                       asyncio.to_thread(paint_boxes, marked, boxes))
    return png, marked
