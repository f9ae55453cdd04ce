"""`PlainImages`: a ChatModel wrapper that sends every image without a detail level.

WebVoyager's run.py sends its screenshots as bare `image_url` parts (no `detail`), so the API's default
applies; the paper protocol wraps the policy's model in this to do the same, whatever detail the
policy's messages ask for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from webvoyager.models.base import ChatModel, Completion, ImagePart, Message


def without_detail(messages: Sequence[Message]) -> list[Message]:
    """`messages` with every image part's detail removed (None: the provider sends none)."""
    return [replace(m, parts=tuple(replace(p, detail=None) if isinstance(p, ImagePart) else p for p in m.parts))
            for m in messages]


class PlainImages:
    """Wraps a ChatModel; the same spec, usage and everything else, images sent without `detail`."""

    def __init__(self, model: ChatModel) -> None:
        self.inner = model
        self.spec = model.spec

    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0,
                       max_tokens: int = 1024, seed: int | None = None) -> Completion:
        """The wrapped model's reply to `messages` with their images' detail left out."""
        return await self.inner.complete(without_detail(messages), temperature=temperature,
                                         max_tokens=max_tokens, seed=seed)

    def __getattr__(self, name: str) -> Any:
        # Everything else (aclose, calls of a scripted model, ...) is the wrapped model's.
        return getattr(self.inner, name)
