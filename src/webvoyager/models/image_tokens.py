"""Estimates of the prompt tokens an image takes, per provider, from its pixel size.

Providers report a call's prompt tokens as one number; how many of them the screenshots took is ours to
estimate (`Usage.image_tokens_estimate`), from each vendor's published rule for the image as sent:
- OpenAI (GPT-4o family, https://platform.openai.com/docs/guides/images-vision, "calculating costs"):
  `detail: low` is 85 tokens; otherwise the image is fitted within 2048x2048, then its shorter side brought
  down to 768 px, and each 512 px tile costs 170 tokens plus 85 (`auto` and no detail are counted as high;
  the mini and newer patch-based models count differently: an estimate).
- Anthropic (https://docs.anthropic.com/en/docs/build-with-claude/vision): width * height / 750 after the
  API's own downscale (long edge within 1568 px), at most about 1600 tokens.
- Gemini (https://ai.google.dev/gemini-api/docs/tokens, images): 258 tokens when both sides are at most
  384 px, else 258 per 768x768 tile.
An image that cannot be decoded counts 0.
"""

from __future__ import annotations

import io
import math
from typing import Literal

from PIL import Image, UnidentifiedImageError

Detail = Literal["low", "high", "auto"]


def image_size(data: bytes) -> tuple[int, int] | None:
    """The (width, height) of an encoded image (its header only), or None when it is not an image."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (UnidentifiedImageError, OSError, ValueError):
        return None


def openai_image_tokens(width: int, height: int, detail: Detail | None) -> int:
    """OpenAI's tile formula (see the module docstring)."""
    if detail == "low":
        return 85
    fit = min(1.0, 2048 / max(width, height))
    w, h = width * fit, height * fit
    short = min(1.0, 768 / min(w, h))
    w, h = w * short, h * short
    return 170 * math.ceil(w / 512) * math.ceil(h / 512) + 85


def anthropic_image_tokens(width: int, height: int) -> int:
    """Anthropic's (w * h) / 750 after its long-edge downscale, capped near 1600."""
    fit = min(1.0, 1568 / max(width, height))
    return min(1600, math.ceil(width * fit * height * fit / 750))


def gemini_image_tokens(width: int, height: int) -> int:
    """Gemini's 258 tokens per image (small) or per 768x768 tile."""
    if width <= 384 and height <= 384:
        return 258
    return 258 * math.ceil(width / 768) * math.ceil(height / 768)
