"""The provider-neutral chat interface every model implements.

Messages are lists of parts (text and PNG images); providers translate them to their own wire format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, Sequence, Union, runtime_checkable

from webvoyager.usage import Usage

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class TextPart:
    text: str


@dataclass(frozen=True)
class ImagePart:
    """An image sent to the model; `data` holds the encoded bytes (PNG by default). `detail` None sends
    no detail level (the API's default), as WebVoyager's run.py does."""

    data: bytes
    media_type: str = "image/png"
    detail: Literal["low", "high", "auto"] | None = "high"


Part = Union[TextPart, ImagePart]


@dataclass(frozen=True)
class Message:
    role: Role
    parts: tuple[Part, ...]
    # Sent as a list of parts even without an image (OpenAI's wire format; SeeAct's original sends every
    # message so); by default a text-only message goes as a plain string.
    as_parts: bool = False
    # The conversation up to and including this message is sent again unchanged by a later call (the
    # policy knows its layout): a provider with explicit prompt caching (Anthropic) puts a cache
    # breakpoint on its last block; the others cache repeated prefixes by themselves.
    cache_point: bool = False

    @classmethod
    def text(cls, role: Role, text: str) -> Message:
        return cls(role=role, parts=(TextPart(text),))

    @property
    def text_content(self) -> str:
        """All text parts joined by newlines (images left out)."""
        return "\n".join(p.text for p in self.parts if isinstance(p, TextPart))

    @property
    def images(self) -> list[ImagePart]:
        return [p for p in self.parts if isinstance(p, ImagePart)]


@dataclass(frozen=True)
class Completion:
    """A model reply: its text and what it cost."""

    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""


@runtime_checkable
class ChatModel(Protocol):
    """Anything that turns a conversation into a reply.

    Implementations raise `webvoyager.errors.ModelError` when the call fails for good (after their
    own retries), with the provider's message.
    """

    spec: str

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float | None = 1.0,   # None: not sent, the API's default applies
        max_tokens: int = 1024,
        seed: int | None = None,
    ) -> Completion:
        ...
