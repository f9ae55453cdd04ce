"""`anthropic:MODEL`: the messages API through the official `anthropic` SDK (AsyncAnthropic).

System messages go in the `system` field; images become base64 image blocks; consecutive messages of
the same role are merged, since the API wants user and assistant turns to alternate.
The messages API has no seed: a seed passed to `complete` is ignored (logged once per model, and
`supports_seed` is False so callers can record it). Temperature is sent in the request body; this SDK
version has no typed argument for it.
"""

from __future__ import annotations

import base64
import logging
from typing import Any, Sequence

import anthropic

from webvoyager.models.base import ImagePart, Message, TextPart
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


def to_anthropic_request(messages: Sequence[Message]) -> tuple[str, list[dict[str, Any]]]:
    """Split provider-neutral messages into (system text, alternating turns of content blocks)."""
    system = "\n\n".join(m.text_content for m in messages if m.role == "system" and m.text_content)
    turns: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            continue
        blocks = _blocks(message)
        if not blocks:
            continue
        if turns and turns[-1]["role"] == message.role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": message.role, "content": blocks})
    return system, turns


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
            request["system"] = system
        return self._client.messages.create, request

    def _read(self, response: Any) -> Reply:
        usage = response.usage
        return Reply(
            text="".join(getattr(block, "text", "") for block in response.content
                         if getattr(block, "type", "") == "text"),
            # Cached prompt tokens are still input tokens the call consumed.
            input_tokens=sum(int(getattr(usage, name, 0) or 0) for name in (
                "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")),
            output_tokens=int(usage.output_tokens or 0),
            model=response.model or "",
        )
