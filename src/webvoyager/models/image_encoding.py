"""How screenshots are sent to the model: format (PNG, or JPEG at a quality), scale and OpenAI's detail level.

`ImageOptions` is what a run asks for (`RunSettings.image_options`, from `--image-format png|jpeg[:Q]`,
`--image-scale F`, `--image-detail low|high|auto`); `EncodedImages` wraps the policy's ChatModel and
re-encodes every image part of a request accordingly, so the policies keep building their messages from
the PNG screenshots the browser took (which are also the ones saved with each step). Encoding is
deterministic and memoised per screenshot, so a screenshot sent again at later steps is byte for byte the
same (prompt caches match on bytes) and encoded once.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Literal, Sequence

from PIL import Image

from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel, Completion, ImagePart, Message

ImageFormat = Literal["png", "jpeg"]
Detail = Literal["low", "high", "auto"]
IMAGE_FORMATS: tuple[ImageFormat, ...] = ("png", "jpeg")
DETAILS: tuple[Detail, ...] = ("low", "high", "auto")
DEFAULT_JPEG_QUALITY = 85
_MEMO = 16   # screenshots kept encoded: the context window's few, with room for SeeAct's marked copies


def parse_image_format(text: str) -> tuple[ImageFormat, int | None]:
    """`png`, `jpeg` or `jpeg:QUALITY` (1-100) -> (format, quality or None); ConfigError otherwise."""
    name, sep, quality = text.strip().lower().partition(":")
    name = "jpeg" if name == "jpg" else name
    if name not in IMAGE_FORMATS or (sep and name != "jpeg"):
        raise ConfigError(f"unknown image format {text!r}; use png, jpeg or jpeg:QUALITY (1-100, e.g. jpeg:70)")
    if not sep:
        return name, None  # type: ignore[return-value]
    try:
        value = int(quality)
    except ValueError:
        raise ConfigError(f"the JPEG quality in {text!r} must be a whole number from 1 to 100 (e.g. jpeg:70)") from None
    return "jpeg", value


@dataclass(frozen=True)
class ImageOptions:
    """What the model is sent of each screenshot. `quality` is JPEG's (None: 85); `scale` resizes both sides
    (0 < scale <= 1); `detail` replaces the policy's detail level (OpenAI only; None: the policy's)."""

    format: ImageFormat = "png"
    quality: int | None = None
    scale: float = 1.0
    detail: Detail | None = None

    def __post_init__(self) -> None:
        if self.format not in IMAGE_FORMATS:
            raise ConfigError(f"unknown image format {self.format!r}; use png or jpeg")
        if self.quality is not None and (self.format != "jpeg" or not 1 <= self.quality <= 100):
            raise ConfigError(f"image quality {self.quality!r} needs the jpeg format and a value from 1 to 100; "
                              "write --image-format jpeg:QUALITY")
        if not 0 < self.scale <= 1:
            raise ConfigError(f"image scale must be above 0 and at most 1 (got {self.scale}); e.g. --image-scale 0.5")
        if self.detail is not None and self.detail not in DETAILS:
            raise ConfigError(f"unknown image detail {self.detail!r}; use one of {', '.join(DETAILS)}")

    @property
    def default(self) -> bool:
        """True when the images go as the policy built them (full-size PNG, the policy's detail)."""
        return self == ImageOptions()

    @property
    def reencodes(self) -> bool:
        return self.format != "png" or self.scale != 1

    def encode(self, png: bytes) -> tuple[bytes, str]:
        """(bytes, media type) of a screenshot as these options send it."""
        with Image.open(io.BytesIO(png)) as image:
            image.load()
            if self.scale != 1:
                size = (max(1, round(image.width * self.scale)), max(1, round(image.height * self.scale)))
                image = image.resize(size, Image.Resampling.LANCZOS)
            out = io.BytesIO()
            if self.format == "jpeg":
                image.convert("RGB").save(out, format="JPEG", quality=self.quality or DEFAULT_JPEG_QUALITY)
                return out.getvalue(), "image/jpeg"
            image.save(out, format="PNG")
            return out.getvalue(), "image/png"


class EncodedImages:
    """Wraps a ChatModel; every image part of a request is re-encoded by `options` (format, scale, detail)
    before the wrapped model sends it. Everything else is the wrapped model's."""

    def __init__(self, model: ChatModel, options: ImageOptions) -> None:
        self.inner = model
        self.spec = model.spec
        self.options = options
        self._memo: OrderedDict[str, tuple[bytes, str]] = OrderedDict()

    def _part(self, part: ImagePart) -> ImagePart:
        if self.options.reencodes:
            key = hashlib.sha256(part.data).hexdigest()
            if key not in self._memo:
                self._memo[key] = self.options.encode(part.data)
                while len(self._memo) > _MEMO:
                    self._memo.popitem(last=False)
            data, media_type = self._memo[key]
            part = replace(part, data=data, media_type=media_type)
        return part if self.options.detail is None else replace(part, detail=self.options.detail)

    def encoded(self, messages: Sequence[Message]) -> list[Message]:
        """`messages` with their images as the options send them."""
        return [replace(m, parts=tuple(self._part(p) if isinstance(p, ImagePart) else p for p in m.parts))
                if m.images else m for m in messages]

    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0,
                       max_tokens: int = 1024, seed: int | None = None) -> Completion:
        """The wrapped model's reply to `messages`, their images re-encoded."""
        return await self.inner.complete(self.encoded(messages), temperature=temperature, max_tokens=max_tokens,
                                         seed=seed)

    def __getattr__(self, name: str) -> Any:
        # Everything else (aclose, calls of a scripted model, ...) is the wrapped model's.
        return getattr(self.inner, name)
