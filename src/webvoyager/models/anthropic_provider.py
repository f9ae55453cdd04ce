"""`anthropic:MODEL`: the messages API through the official `anthropic` SDK (AsyncAnthropic).

System messages go in the `system` field; images become base64 image blocks; consecutive messages of
the same role are merged, since the API wants user and assistant turns to alternate.
The messages API has no seed: a seed passed to `complete` is ignored (logged once per model, and
`supports_seed` is False so callers can record it). Temperature is sent in the request body; this SDK
version has no typed argument for it.

Prompt caching (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching) is explicit: a
`cache_control: {"type": "ephemeral"}` breakpoint on a block caches the request up to it (tools, system,
messages, in that order) for 5 minutes, refreshed on each hit, and a later request that repeats that
prefix byte for byte reads it at 0.1x the input price (writing costs 1.25x). At most 4 breakpoints a
request. Ours: one on the system prompt (the same in every call of a run), and one on the last block of
each of the last two messages the policy marked `Message.cache_point` (the end of the prefix the previous
call already cached, to read it, and the end of what the next call will repeat, to write it; see the
policies' layouts). A prefix shorter than the model's minimum (1024 to 4096 tokens) is simply not cached.
The 5-minute TTL suits steps seconds apart; the 1-hour one costs 2x to write and is not used.
"""

from __future__ import annotations

import base64
import logging
from typing import Any, Sequence

import anthropic

from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.models.image_tokens import anthropic_image_tokens, image_size
from webvoyager.models.provider_base import ProviderModel, Reply

logger = logging.getLogger("webvoyager.models")


def _blocks(message: Message) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    for part in message.parts:
        # The API rejects empty text blocks; they carry nothing anyway.
        if isinstance(part, TextPart) and part.text:
            blocks.append({"type": "text", "text": part.text})
        elif isinstance(part, ImagePart):
            blocks.append({"type": "image", "source": {
                "type": "base64", "media_type": part.media_type,
                "data": base64.b64encode(part.data).decode("ascii")}})
    return blocks


EPHEMERAL = {"type": "ephemeral"}
MESSAGE_BREAKPOINTS = 2
"""Cache breakpoints in the messages at most (with the system prompt's: 3 of the API's 4)."""


def to_anthropic_request(messages: Sequence[Message]) -> tuple[str, list[dict[str, Any]]]:
    """Split provider-neutral messages into (system text, alternating turns of content blocks); the last
    block of each of the last `MESSAGE_BREAKPOINTS` messages marked `cache_point` carries `cache_control`."""
    system = "\n\n".join(m.text_content for m in messages if m.role == "system" and m.text_content)
    turns: list[dict[str, Any]] = []
    points: list[dict[str, Any]] = []   # the last block of each marked message
    for message in messages:
        if message.role == "system":
            continue
        blocks = _blocks(message)
        if not blocks:
            continue
        if message.cache_point:
            points.append(blocks[-1])
        if turns and turns[-1]["role"] == message.role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": message.role, "content": blocks})
    for block in points[-MESSAGE_BREAKPOINTS:]:
        block["cache_control"] = dict(EPHEMERAL)
    return system, turns


def system_blocks(system: str) -> list[dict[str, Any]]:
    """The system prompt as one text block with a cache breakpoint (tools, if any, are cached with it)."""
    return [{"type": "text", "text": system, "cache_control": dict(EPHEMERAL)}]


class AnthropicModel(ProviderModel):
    """A ChatModel backed by Anthropic's messages API."""

    provider = "anthropic"
    key_env = "ANTHROPIC_API_KEY"
    sdk = anthropic
    supports_seed = False
    _seed_warned = False  # set per instance once the ignored seed has been logged

    def _make_client(self, api_key: str, base_url: str | None,
                     timeout_s: float) -> anthropic.AsyncAnthropic:
        # max_retries=0: our retry loop is the only one, so every retry is logged with its cause.
        return anthropic.AsyncAnthropic(api_key=api_key, base_url=base_url, timeout=timeout_s,
                                        max_retries=0)

    def _request(self, messages: Sequence[Message], temperature: float | None, max_tokens: int,
                 seed: int | None) -> tuple[Any, dict[str, Any]]:
        if seed is not None and not self._seed_warned:
            self._seed_warned = True
            logger.info("anthropic has no seed parameter; seed=%s is ignored for %s", seed, self.spec)
        system, turns = to_anthropic_request(messages)
        request: dict[str, Any] = {
            "model": self.model,
            "messages": turns,
            "max_tokens": max_tokens,
        }
        if temperature is not None:   # None: the API's default
            request["extra_body"] = {"temperature": temperature}
        if system:
            request["system"] = system_blocks(system)
        return self._client.messages.create, request

    def _read(self, response: Any) -> Reply:
        usage = response.usage
        count = lambda name: int(getattr(usage, name, 0) or 0)  # noqa: E731 - absent or None: 0
        return Reply(
            text="".join(getattr(block, "text", "") for block in response.content
                         if getattr(block, "type", "") == "text"),
            # `input_tokens` is only the uncached part here; the call consumed all three.
            input_tokens=count("input_tokens") + count("cache_creation_input_tokens")
            + count("cache_read_input_tokens"),
            output_tokens=int(usage.output_tokens or 0),
            model=response.model or "",
            cache_read_tokens=count("cache_read_input_tokens"),
            cache_write_tokens=count("cache_creation_input_tokens"),
        )

    def image_tokens(self, image: ImagePart) -> int:
        """Anthropic's (w * h) / 750 estimate (`models.image_tokens`)."""
        size = image_size(image.data)
        return anthropic_image_tokens(*size) if size else 0
