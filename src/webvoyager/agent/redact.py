"""Keeps secrets out of everything a run writes or prints.

Secrets are the values of environment variables whose name contains KEY, TOKEN, SECRET or PASSWORD,
plus any value the user marks secret. Every occurrence is replaced by "[REDACTED]".
"""

from __future__ import annotations

import io
import logging
import os
from typing import Any, Iterable, Mapping

REDACTED = "[REDACTED]"
SECRET_ENV_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD")
# Short env values ("1", "true", "en") are flags, not credentials; redacting them would shred the files.
MIN_ENV_SECRET_LEN = 8
MIN_SECRET_LEN = 3


class Redactor:
    """Replaces known secret values in strings and nested JSON-like data."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        values = {s for s in secrets if isinstance(s, str) and len(s) >= MIN_SECRET_LEN}
        # Longest first, so a secret that contains another is replaced whole.
        self.secrets: tuple[str, ...] = tuple(sorted(values, key=len, reverse=True))

    @classmethod
    def from_env(cls, extra: Iterable[str] = (), environ: Mapping[str, str] | None = None) -> Redactor:
        """Secrets from the environment (names with KEY/TOKEN/SECRET/PASSWORD) plus `extra`."""
        env = os.environ if environ is None else environ
        found = [v for k, v in env.items()
                 if any(w in k.upper() for w in SECRET_ENV_WORDS) and len(v) >= MIN_ENV_SECRET_LEN]
        return cls([*found, *extra])

    def text(self, value: str) -> str:
        """`value` with every secret replaced."""
        for secret in self.secrets:
            if secret in value:
                value = value.replace(secret, REDACTED)
        return value

    def contains_secret(self, value: str) -> bool:
        return any(s in value for s in self.secrets)

    def data(self, value: Any) -> Any:
        """A copy of nested dicts/lists/tuples with every string redacted (keys too)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {self.data(k): self.data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.data(v) for v in value]
        return value

    def png(self, png: bytes, boxes: Iterable[tuple[float, float, float, float]]) -> bytes:
        """Black out `boxes` (x, y, w, h) in a PNG: fields whose value is a secret are never saved readable."""
        boxes = list(boxes)
        if not boxes or not png:
            return png
        from PIL import Image, ImageDraw  # lazily: only runs that type secrets pay for Pillow here

        image = Image.open(io.BytesIO(png)).convert("RGB")
        draw = ImageDraw.Draw(image)
        for x, y, w, h in boxes:
            draw.rectangle([x, y, x + w, y + h], fill="black")
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()


class RedactingFilter(logging.Filter):
    """A logging filter that redacts secrets from the final message of every record it sees."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self.redactor.text(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and record.exc_info[1] is not None and self.redactor.contains_secret(str(record.exc_info[1])):
            # a traceback would print the secret-bearing exception text: keep only the redacted message
            record.msg, record.args = f"{cleaned} ({type(record.exc_info[1]).__name__}: " \
                                      f"{self.redactor.text(str(record.exc_info[1]))})", ()
            record.exc_info, record.exc_text = None, None
        return True
