"""`anthropic:MODEL`: the messages API through the official `anthropic` SDK (AsyncAnthropic).

System messages go in the `system` field; images become base64 image blocks; consecutive messages of
the same role are merged, since the API wants user and assistant turns to alternate.
The messages API has no seed: a seed passed to `complete` is ignored (logged once per model, and
`supports_seed` is False so callers can record it). Temperature is sent in the request body; this SDK
version has no typed argument for it.
"""

from __future__ import annotations

import base64
import functools
import logging
from typing import Any, Sequence

import anthropic

from webvoyager.models.base import Completion, ImagePart, Message, TextPart
from webvoyager.models.pricing import PriceTable
from webvoyager.models.retry import RetryPolicy, call_with_retries, classify_sdk_error
from webvoyager.usage import Usage

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


class AnthropicModel:
    """A ChatModel backed by Anthropic's messages API."""

    key_env = "ANTHROPIC_API_KEY"

    def __init__(self, model: str, *, api_key: str, base_url: str | None = None,
                 timeout_s: float = 120.0, retry: RetryPolicy | None = None,
                 prices: PriceTable | None = None) -> None:
        self.model = model
        self.spec = f"anthropic:{model}"
        self.base_url = base_url
        self.supports_seed = False
        self._seed_warned = False
        self._retry = retry or RetryPolicy()
        self._prices = prices or PriceTable({})
        self._api_key = api_key  # kept only to scrub it from provider messages
        # max_retries=0: our retry loop is the only one, so every retry is logged with its cause.
        self._client = anthropic.AsyncAnthropic(api_key=api_key, base_url=base_url, timeout=timeout_s,
                                                max_retries=0)

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"AnthropicModel({self.model!r}{where})"

    async def complete(self, messages: Sequence[Message], *, temperature: float = 1.0,
                       max_tokens: int = 1024, seed: int | None = None) -> Completion:
        """Send the conversation; retry transient failures; raise ModelError when it fails for good."""
        if seed is not None and not self._seed_warned:
            self._seed_warned = True
            logger.info("anthropic has no seed parameter; seed=%s is ignored for %s", seed, self.spec)
        system, turns = to_anthropic_request(messages)
        request: dict[str, Any] = {
            "model": self.model,
            "messages": turns,
            "max_tokens": max_tokens,
            "extra_body": {"temperature": temperature},
        }
        if system:
            request["system"] = system
        response = await call_with_retries(
            functools.partial(self._client.messages.create, **request),
            classify=lambda exc: classify_sdk_error(exc, anthropic),
            policy=self._retry, provider="anthropic", model=self.model, key_hint=self.key_env,
            secrets=[self._api_key],
        )
        text = "".join(getattr(block, "text", "") for block in response.content
                       if getattr(block, "type", "") == "text")
        usage = response.usage
        # Cached prompt tokens are still input tokens the call consumed.
        input_tokens = sum(int(getattr(usage, name, 0) or 0) for name in (
            "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
        output_tokens = int(usage.output_tokens or 0)
        cost = self._prices.cost(self.model, input_tokens, output_tokens)
        return Completion(text=text, usage=Usage(input_tokens, output_tokens, cost, calls=1),
                          model=response.model or self.model)
