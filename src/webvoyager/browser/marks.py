"""Set-of-Mark drawing: black boxes and black labels with white numbers, drawn with Pillow.

The page is never touched; marks go on a copy of the screenshot. Each label sits at the top-left
of its box; when it would overlap a label already drawn (crowded grids, nested boxes) it moves to
the next free spot nearby, and it is always kept inside the image.
"""

from __future__ import annotations

import io
import zlib
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


@lru_cache(maxsize=2048)
def _sprite(text: str) -> Image.Image:
    """A label as a small image (white digits on black), rendered once per number and reused:
    pasting is much cheaper than rasterising text for every element of every screenshot."""
    font = _font()
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font)
    sprite = Image.new("RGB", (right - left + 2 * PAD, bottom - top + 2 * PAD), (0, 0, 0))
    ImageDraw.Draw(sprite).text((PAD - left, PAD - top), text, fill=(255, 255, 255), font=font)
    return sprite


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clamp(box: Box, width: int, height: int) -> Box:
    w, h = box[2] - box[0], box[3] - box[1]
    x = min(max(box[0], 0), max(width - w, 0))
    y = min(max(box[1], 0), max(height - h, 0))
    return (x, y, x + w, y + h)


CELL = 64


class Taken:
    """Label boxes already drawn, bucketed on a coarse grid so overlap checks stay local."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        return [(cx, cy) for cx in range(int(box[0] // CELL), int(box[2] // CELL) + 1)
                for cy in range(int(box[1] // CELL), int(box[3] // CELL) + 1)]

    def hits(self, box: Box) -> bool:
        return any(_overlaps(box, other) for key in self._keys(box) for other in self._cells.get(key, ()))

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self._cells.setdefault(key, []).append(box)


def _place(box: Box, size: tuple[float, float], taken: Taken, width: int, height: int) -> Box:
    """First free spot among: top-left inside, above, left, top-right inside, bottom-left inside."""
    x1, y1, x2, y2 = box
    w, h = size
    spots = [(x1, y1), (x1, y1 - h), (x1 - w, y1), (x2 - w, y1), (x1, y2 - h), (x1 + w, y1)]
    first: Box | None = None
    for sx, sy in spots:
        cand = _clamp((sx, sy, sx + w, sy + h), width, height)
        first = first or cand
        if not taken.hits(cand):
            return cand
    assert first is not None
    return first


def _visible_box(bbox: tuple[float, float, float, float], width: int, height: int) -> Box | None:
    """The part of an (x, y, w, h) box inside the image as (x1, y1, x2, y2), or None when less than
    a pixel of it is left (zero-height boxes, boxes cut off at an edge or wholly outside)."""
    x, y, w, h = bbox
    x1, y1 = max(x, 0.0), max(y, 0.0)
    x2, y2 = min(x + w, float(width)), min(y + h, float(height))
    if x2 - x1 < 1 or y2 - y1 < 1:
        return None
    return (x1, y1, x2, y2)


def draw_marks(png: bytes, elements: list[Element]) -> bytes:
    """Return a PNG copy of `png` with each element's box and label drawn on it."""
    image = Image.open(io.BytesIO(png))
    if image.mode != "RGB":
        image = image.convert("RGB")
    draw = ImageDraw.Draw(image)
    width, height = image.size
    boxes = [(element, box) for element in elements if (box := _visible_box(element.bbox, width, height))]
    for _, (x1, y1, x2, y2) in boxes:
        draw.rectangle((x1, y1, x2 - 1, y2 - 1), outline=(0, 0, 0), width=2)
    taken = Taken()
    for element, box in boxes:
        sprite = _sprite(str(element.label))
        spot = _place(box, sprite.size, taken, width, height)
        taken.add(spot)
        image.paste(sprite, (int(spot[0]), int(spot[1])))
    out = io.BytesIO()
    # Run-length zlib at level 1: screenshots are mostly flat colour, so this is both the fastest
    # setting and smaller than the default.
    image.save(out, format="PNG", compress_level=1, compress_type=zlib.Z_RLE)
    return out.getvalue()
