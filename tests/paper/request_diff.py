"""Compare two lists of chat-completions request bodies field by field.

A request body becomes a flat, ordered mapping from a field path to a printable value (`flatten`):

    agent[2].model                      "gpt-4-vision-preview"
    agent[2].temperature                "<absent>" or "1" (numbers by value)
    agent[2].messages                   "system,user,assistant,user"
    agent[2].messages[1].parts          "text,image_url" (or "str" for a plain-string content)
    agent[2].messages[1].text[0]        the text, verbatim
    agent[2].images                     "2"
    agent[2].images[0]                  "messages[1].parts[1] PNG 1024x768 detail=<absent>"

`diff` lines two such lists up request by request and returns every field whose values differ, with both
values; `FieldDiff.describe` prints one readably (long texts cut around their first difference).
"""

from __future__ import annotations

import base64
import binascii
import io
import json
from dataclasses import dataclass
from typing import Any

from PIL import Image

ABSENT = "<absent>"
# What the comparison prints of a long text: this many characters either side of the first difference.
_CONTEXT = 60


@dataclass(frozen=True)
class FieldDiff:
    """One field whose value differs between the original code's request and ours."""

    field: str
    original: str
    ours: str

    def describe(self) -> str:
        """`field: original=... ours=...`, texts cut around the first differing character."""
        start = _first_difference(self.original, self.ours)
        return (f"{self.field}\n    original: {_excerpt(self.original, start)}\n"
                f"    ours:     {_excerpt(self.ours, start)}")


def _first_difference(a: str, b: str) -> int:
    for index, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return index
    return min(len(a), len(b))


def _excerpt(text: str, start: int) -> str:
    if len(text) <= 2 * _CONTEXT + 20:
        return repr(text)
    lo, hi = max(0, start - _CONTEXT), start + _CONTEXT
    return ("…" if lo else "") + repr(text[lo:hi]) + ("…" if hi < len(text) else "") + f" ({len(text)} chars)"


def image_summary(url: str, detail: object) -> str:
    """Format and pixel size of a data-URL image, and its `detail` setting."""
    size = "not a data URL"
    if url.startswith("data:") and "," in url:
        try:
            with Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))) as image:
                size = f"{image.format} {image.width}x{image.height}"
        except (binascii.Error, OSError, ValueError) as exc:
            size = f"undecodable ({type(exc).__name__})"
    return f"{size} detail={ABSENT if detail is None else detail}"


def _message_fields(prefix: str, index: int, message: dict[str, Any],
                    images: list[str]) -> dict[str, str]:
    """A message's fields; its images are appended to `images` (counted per request, in order)."""
    path = f"{prefix}.messages[{index}]"
    content = message.get("content")
    fields: dict[str, str] = {}
    if isinstance(content, str) or content is None:
        fields[f"{path}.parts"] = "str"
        fields[f"{path}.text[0]"] = content or ""
        return fields
    fields[f"{path}.parts"] = ",".join(str(part.get("type")) for part in content)
    texts = 0
    for number, part in enumerate(content):
        if part.get("type") == "text":
            fields[f"{path}.text[{texts}]"] = str(part.get("text", ""))
            texts += 1
        elif part.get("type") == "image_url":
            image = part.get("image_url") or {}
            images.append(f"messages[{index}].parts[{number}] "
                          f"{image_summary(str(image.get('url', '')), image.get('detail'))}")
    return fields


def _value(value: object) -> str:
    """A parameter as printed: numbers by value, so JSON's 0 and 0.0 (the same to the API) compare equal."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{float(value):g}"
    return json.dumps(value, sort_keys=True) if isinstance(value, (dict, list)) else str(value)


def flatten(prefix: str, body: dict[str, Any]) -> dict[str, str]:
    """Every compared field of one request body, in a stable order, values as printable strings."""
    fields: dict[str, str] = {}
    for name in ("model", "max_tokens", "seed", "temperature"):
        fields[f"{prefix}.{name}"] = ABSENT if name not in body else _value(body[name])
    for name in sorted(set(body) - {"model", "max_tokens", "seed", "temperature", "messages"}):
        fields[f"{prefix}.{name}"] = _value(body[name])
    messages = body.get("messages") or []
    fields[f"{prefix}.messages"] = ",".join(str(m.get("role")) for m in messages)
    images: list[str] = []
    for index, message in enumerate(messages):
        fields.update(_message_fields(prefix, index, message, images))
    fields[f"{prefix}.images"] = str(len(images))
    for number, image in enumerate(images):
        fields[f"{prefix}.images[{number}]"] = image
    return fields


def flatten_all(name: str, bodies: list[dict[str, Any]]) -> dict[str, str]:
    """The fields of a whole conversation's requests, `name[i]` per request, plus the request count."""
    fields = {f"{name}.requests": str(len(bodies))}
    for number, body in enumerate(bodies):
        fields.update(flatten(f"{name}[{number}]", body))
    return fields


def diff(name: str, original: list[dict[str, Any]], ours: list[dict[str, Any]]) -> tuple[int, list[FieldDiff]]:
    """How many fields were compared (either side has them) and those that differ, original's order first."""
    left, right = flatten_all(name, original), flatten_all(name, ours)
    paths = list(left) + [path for path in right if path not in left]
    differing = [FieldDiff(path, left.get(path, ABSENT), right.get(path, ABSENT)) for path in paths
                 if left.get(path, ABSENT) != right.get(path, ABSENT)]
    return len(paths), differing
