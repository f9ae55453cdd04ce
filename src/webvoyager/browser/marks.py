"""Set-of-Mark drawing: black boxes and black labels with white numbers, drawn with Pillow.

The page is never touched; marks go on a copy of the screenshot. Each label sits at the top-left
of its box; when it would overlap a label already drawn (crowded grids, nested boxes) it moves to
the next free spot nearby, and it is always kept inside the image.

The paper's style (`style="paper"`, the paper protocol) draws as WebVoyager's page script does: a
2 px dashed black outline around each box and a 12 px label just above the box's top-left corner
(pinned to the top of the image for boxes at the very top), with no attempt to avoid overlaps; an element
with several line boxes (`Element.boxes`, a wrapped link) gets an outline and a label on each.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from webvoyager.browser.png import encode_png
from webvoyager.browser.types import Element

FONT_SIZE = 14
PAD = 2
PAPER_FONT_SIZE = 12
PAPER_PAD = (4, 2)          # the paper's label padding: 2px 4px
PAPER_LABEL_RISE = 19       # the paper's label top: 19 px above the box
DASH, GAP = 6, 4            # a 2 px CSS dashed outline

Box = tuple[float, float, float, float]   # x1, y1, x2, y2


@lru_cache(maxsize=2)
def _font(size: int = FONT_SIZE) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:   # Pillow without FreeType: the bitmap font has a fixed size
        return ImageFont.load_default()


@lru_cache(maxsize=4096)
def _sprite(text: str, size: int = FONT_SIZE, pad: tuple[int, int] = (PAD, PAD)) -> Image.Image:
    """A label as a small image (white digits on black), rendered once per number and reused:
    pasting is much cheaper than rasterising text for every element of every screenshot."""
    font = _font(size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font)
    sprite = Image.new("RGB", (right - left + 2 * pad[0], bottom - top + 2 * pad[1]), (0, 0, 0))
    ImageDraw.Draw(sprite).text((pad[0] - left, pad[1] - top), text, fill=(255, 255, 255), font=font)
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


def decode(png: bytes) -> Image.Image:
    """The screenshot's pixels, as an RGB image ready to draw on."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image if image.mode == "RGB" else image.convert("RGB")


def mark_image(image: Image.Image, elements: list[Element], *, style: str = "default") -> bytes:
    """Draw each element's box and label on `image` (in place) and return it as PNG."""
    draw = ImageDraw.Draw(image)
    width, height = image.size
    if style == "paper":   # the original draws one outline and label per line box it kept
        _draw_paper(image, draw, [(element, box) for element in elements for rect in (element.boxes or (element.bbox,))
                                  if (box := _visible_box(rect, width, height))])
    else:
        _draw_default(image, draw, [(element, box) for element in elements
                                    if (box := _visible_box(element.bbox, width, height))])
    # Unfiltered rows at zlib level 1 (png.py): several times faster than Pillow's encoder, about as small.
    return encode_png(image, level=1)


def draw_marks(png: bytes, elements: list[Element], *, style: str = "default") -> bytes:
    """Return a PNG copy of `png` with each element's box and label drawn on it (`style` "default" or
    "paper", see the module docstring)."""
    return mark_image(decode(png), elements, style=style)


def _draw_default(image: Image.Image, draw: ImageDraw.ImageDraw, boxes: list[tuple[Element, Box]]) -> None:
    width, height = image.size
    for _, (x1, y1, x2, y2) in boxes:
        draw.rectangle((x1, y1, x2 - 1, y2 - 1), outline=(0, 0, 0), width=2)
    taken = Taken()
    for element, box in boxes:
        sprite = _sprite(str(element.label))
        spot = _place(box, sprite.size, taken, width, height)
        taken.add(spot)
        image.paste(sprite, (int(spot[0]), int(spot[1])))


def _dashed(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A 2 px dashed black line from `start` to `end` (horizontal or vertical)."""
    (x1, y1), (x2, y2) = start, end
    length = max(abs(x2 - x1), abs(y2 - y1))
    pos = 0.0
    while pos + 1 <= length:
        a, b = pos, min(pos + DASH, length)
        if y1 == y2:
            draw.rectangle((x1 + a, y1, x1 + b - 1, y1 + 1), fill=(0, 0, 0))
        else:
            draw.rectangle((x1, y1 + a, x1 + 1, y1 + b - 1), fill=(0, 0, 0))
        pos += DASH + GAP


def _draw_paper(image: Image.Image, draw: ImageDraw.ImageDraw, boxes: list[tuple[Element, Box]]) -> None:
    for _, (x1, y1, x2, y2) in boxes:   # the outline lies just outside the box, as CSS draws it
        left, top, right, bottom = x1 - 2, y1 - 2, x2, y2
        for start, end in (((left, top), (right + 2, top)), ((left, bottom), (right + 2, bottom)),
                           ((left, top), (left, bottom + 2)), ((right, top), (right, bottom + 2))):
            _dashed(draw, start, end)
    for element, (x1, y1, x2, _) in boxes:
        sprite = _sprite(str(element.label), PAPER_FONT_SIZE, PAPER_PAD)
        x = x1 + min((x2 - x1) // 5, 2)
        y = y1 - min(PAPER_LABEL_RISE, y1)        # above the box; at the image's top edge at most
        image.paste(sprite, (int(x), int(y)))
