"""Letter labels for SeeAct's image-annotation grounding, drawn with Pillow on a copy of the screenshot.

Each candidate gets an outline and a letter label placed just below the bottom-left corner of its box
(SeeAct found bottom-left labels the easiest for models to link to their box); a label that would run
off the image is moved inside it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

FONT_SIZE = 15
PAD = 2
COLOR = (220, 0, 0)

Box = tuple[float, float, float, float]   # x, y, width, height


@lru_cache(maxsize=1)
def _font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=FONT_SIZE)
    except TypeError:   # Pillow without FreeType
        return ImageFont.load_default()


def label_spot(box: Box, size: tuple[float, float], width: int, height: int) -> tuple[float, float]:
    """Top-left corner of a label of `size` at the bottom-left of `box`, kept inside the image."""
    x, y, w, h = box
    lx, ly = x, y + h                 # just below the bottom-left corner
    if ly + size[1] > height:         # no room below: inside the box, at its bottom-left
        ly = y + h - size[1]
    lx = min(max(lx, 0), max(width - size[0], 0))
    ly = min(max(ly, 0), max(height - size[1], 0))
    return lx, ly


def draw_letter_marks(png: bytes, marks: Sequence[tuple[str, Box]], *,
                      label_colors: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None) -> bytes:
    """A PNG copy of `png` with each (letter, box) outlined and labelled at the bottom-left;
    `label_colors` (text, background) of the labels, white on the outline colour by default."""
    text_color, label_fill = label_colors or ((255, 255, 255), COLOR)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = _font()
    for _, (x, y, w, h) in marks:
        draw.rectangle((x, y, x + max(w, 1) - 1, y + max(h, 1) - 1), outline=COLOR, width=2)
    for text, box in marks:
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        size = (right - left + 2 * PAD, bottom - top + 2 * PAD)
        lx, ly = label_spot(box, size, image.width, image.height)
        draw.rectangle((lx, ly, lx + size[0], ly + size[1]), fill=label_fill)
        draw.text((lx + PAD - left, ly + PAD - top), text, fill=text_color, font=font)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
