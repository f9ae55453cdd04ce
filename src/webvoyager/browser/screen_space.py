"""Screen spaces: the image a computer-use model is shown, and how the points it answers map back to
viewport pixels.

A model answers in the space of what it saw, and each family sees something else (docs: the computer-use
fact sheet, section 0): the pixels of a screenshot we resized to a size we declared (Anthropic, OpenAI's
preview), the pixels of an image resized by the model's own rule (Qwen2.5-VL, UI-TARS-1.5, Fara:
`smart_resize`), or a normalised grid (Gemini 0-999, UI-TARS v1 0-1000, Qwen3-VL 0-999). `ScreenSpace`
holds both sizes and the grid, and maps exactly, with the rounding each reference uses; `fit` sends the
screenshot at the image size. Points that land on the edge (x = width) are clamped inside the viewport,
so an answer on the image's last pixel column clicks the viewport's last column, not off the screen.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Literal

from PIL import Image

from webvoyager.browser.action_spec import Point
from webvoyager.browser.png import encode_png

Rounding = Literal["none", "floor", "round"]


@dataclass(frozen=True)
class ScreenSpace:
    """The viewport (CSS pixels) and the space the model answers in.

    `image` is the size of the screenshot sent. `grid` is None when the model answers in that image's
    pixels, else the extent of its normalised coordinates (1000 for Gemini's 0-999, whose reference
    divides by 1000; 999 for Qwen3-VL, which divides by 999). `rounding` is how the reference turns a
    mapped value into a pixel: Gemini's `int()` floors, UI-TARS and Qwen3 use Python's `round`."""

    viewport: tuple[int, int]
    image: tuple[int, int]
    grid: int | None = None
    rounding: Rounding = "none"

    def __post_init__(self) -> None:
        if min(self.viewport + self.image) <= 0:
            raise ValueError(f"screen sizes must be positive: viewport {self.viewport}, image {self.image}")

    @property
    def model_extent(self) -> tuple[int, int]:
        """The size of the space the model's points are in: the grid, else the image sent."""
        return (self.grid, self.grid) if self.grid is not None else self.image

    @property
    def resized(self) -> bool:
        """Whether the screenshot is sent at another size than the viewport."""
        return self.image != self.viewport

    def _axis(self, value: float, model_extent: int, viewport_extent: int) -> float:
        mapped = value / (self.grid or model_extent) * viewport_extent
        if self.rounding == "floor":
            mapped = math.floor(mapped)
        elif self.rounding == "round":
            mapped = round(mapped)
        return min(max(mapped, 0.0), viewport_extent - 1)

    def to_viewport(self, x: float, y: float) -> Point:
        """The viewport point for a point the model gave in its own space."""
        return Point(self._axis(x, self.image[0], self.viewport[0]), self._axis(y, self.image[1], self.viewport[1]))

    def length_to_viewport(self, dx: float, dy: float) -> tuple[float, float]:
        """A distance (a scroll amount, a drag offset) in the model's space, in viewport pixels."""
        sx = self.viewport[0] / (self.grid or self.image[0])
        sy = self.viewport[1] / (self.grid or self.image[1])
        return dx * sx, dy * sy

    def from_viewport(self, point: Point) -> tuple[float, float]:
        """Where a viewport point is in the model's space (to draw or check what it was shown)."""
        return (point.x / self.viewport[0] * (self.grid or self.image[0]),
                point.y / self.viewport[1] * (self.grid or self.image[1]))

    def zoom(self, png: bytes, region: tuple[float, float, float, float]) -> bytes:
        """The viewport screenshot's `region` (viewport pixels x0, y0, x1, y1) at full resolution, for a
        model's zoom."""
        return _crop_png(png, region)

    def fit(self, png: bytes) -> bytes:
        """The screenshot as the model is to see it: resized to `image` (high-quality filter), else as is."""
        with Image.open(io.BytesIO(png)) as shot:
            if shot.size == self.image:
                return png
            return encode_png(shot.convert("RGB").resize(self.image, Image.Resampling.LANCZOS))


def _crop_png(png: bytes, box: tuple[float, float, float, float]) -> bytes:
    with Image.open(io.BytesIO(png)) as shot:
        x0, y0, x1, y1 = box
        left, top = max(0, int(min(x0, x1))), max(0, int(min(y0, y1)))
        right, bottom = min(shot.width, int(max(x0, x1)) + 1), min(shot.height, int(max(y0, y1)) + 1)
        return encode_png(shot.convert("RGB").crop((left, top, right, bottom)))


def smart_resize(height: int, width: int, *, factor: int, min_pixels: int, max_pixels: int) -> tuple[int, int]:
    """(height, width) as the Qwen-VL image processors resize an image (Qwen2.5-VL, UI-TARS-1.5 and Fara
    each with their own factor and pixel bounds): each side rounded to a multiple of `factor` with
    Python's round (half to even: JavaScript's Math.round gives other sizes and clicks drift), then
    scaled by the square root of the pixel ratio, floored above `max_pixels`, ceiled below `min_pixels`."""
    if max(height, width) / min(height, width) > 200:
        raise ValueError(f"the aspect ratio of {width}x{height} is over 200, which the model cannot take")
    h_bar = max(factor, round(height / factor) * factor)
    w_bar = max(factor, round(width / factor) * factor)
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt(height * width / max_pixels)
        h_bar = math.floor(height / beta / factor) * factor
        w_bar = math.floor(width / beta / factor) * factor
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


LONG_EDGE_LIMIT = 1568
"""Anthropic re-resizes an image whose long edge is over this (or that needs more tiles than this), and
the model then answers in a space the harness never saw: send images inside both limits."""
TILE = 28


def anthropic_image_size(width: int, height: int) -> tuple[int, int]:
    """The largest size with the viewport's aspect ratio that Anthropic's API takes without resizing it
    again: long edge at most 1568 px and at most 1568 tiles of 28 x 28 px (the viewport itself when it
    fits)."""
    def fits(w: int, h: int) -> bool:
        return max(w, h) <= LONG_EDGE_LIMIT and math.ceil(w / TILE) * math.ceil(h / TILE) <= LONG_EDGE_LIMIT

    if fits(width, height):
        return width, height
    scale = min(1.0, LONG_EDGE_LIMIT / max(width, height))
    while True:
        w, h = max(1, math.floor(width * scale)), max(1, math.floor(height * scale))
        if fits(w, h):
            return w, h
        scale *= 0.99
