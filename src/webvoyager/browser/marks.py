"""Set-of-Mark drawing: black boxes and black labels with white numbers, drawn with Pillow.

The page is never touched; marks go on a copy of the screenshot. Each label sits at the top-left
of its box; when it would overlap a label already drawn (crowded grids, nested boxes) it moves to
the next free spot nearby, and it is always kept inside the image.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from webvoyager.browser.types import Element

FONT_SIZE = 14
PAD = 2

Box = tuple[float, float, float, float]   # x1, y1, x2, y2


@lru_cache(maxsize=1)
def _font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=FONT_SIZE)
    except TypeError:   # Pillow without FreeType: the bitmap font has a fixed size
        return ImageFont.load_default()


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clamp(box: Box, width: int, height: int) -> Box:
    w, h = box[2] - box[0], box[3] - box[1]
    x = min(max(box[0], 0), max(width - w, 0))
    y = min(max(box[1], 0), max(height - h, 0))
    return (x, y, x + w, y + h)


def _place(box: Box, size: tuple[float, float], taken: list[Box], width: int, height: int) -> Box:
    """First free spot among: top-left inside, above, left, top-right inside, bottom-left inside."""
    x1, y1, x2, y2 = box
    w, h = size
    spots = [(x1, y1), (x1, y1 - h), (x1 - w, y1), (x2 - w, y1), (x1, y2 - h), (x1 + w, y1)]
    first: Box | None = None
    for sx, sy in spots:
        cand = _clamp((sx, sy, sx + w, sy + h), width, height)
        first = first or cand
        if not any(_overlaps(cand, t) for t in taken):
            return cand
    assert first is not None
    return first


def draw_marks(png: bytes, elements: list[Element]) -> bytes:
    """Return a PNG copy of `png` with each element's box and label drawn on it."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = _font()
    width, height = image.size
    for element in elements:
        x, y, w, h = element.bbox
        draw.rectangle((x, y, x + w - 1, y + h - 1), outline=(0, 0, 0), width=2)
    taken: list[Box] = []
    for element in elements:
        x, y, w, h = element.bbox
        text = str(element.label)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        size = (right - left + 2 * PAD, bottom - top + 2 * PAD)
        spot = _place((x, y, x + w, y + h), size, taken, width, height)
        taken.append(spot)
        draw.rectangle(spot, fill=(0, 0, 0))
        draw.text((spot[0] + PAD - left, spot[1] + PAD - top), text, fill=(255, 255, 255), font=font)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
