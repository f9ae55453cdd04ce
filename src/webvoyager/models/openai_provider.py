"""`openai:MODEL`: chat completions through the official `openai` SDK (AsyncOpenAI).

Works with OpenAI itself and with any OpenAI-compatible server given a base URL (vLLM, Ollama,
LM Studio, OpenRouter, Azure's v1 endpoint). Images go as `image_url` data URLs with their detail
level (none when the part has none); temperature, max_tokens and seed are sent as given (temperature
and seed left out when None). OpenAI's reasoning models (o-series, gpt-5) get `max_completion_tokens`
and no temperature: they refuse any value but their default (logged once per model).
"""

from __future__ import annotations

import base64
import logging
from typing import Any, Sequence

import openai

from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.models.provider_base import ProviderModel, Reply

# OpenAI's reasoning models refuse `max_tokens` (they want `max_completion_tokens`) and a temperature.
_REASONING_PREFIXES = ("o1", "o3", "o4", "gpt-5")
log = logging.getLogger("webvoyager.models")


def to_openai_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Provider-neutral messages to the chat-completions wire format.

    A text-only message becomes a plain string (what every compatible server accepts) unless it asks
    for parts (`Message.as_parts`); a message with images becomes a list of `text` and `image_url` parts,
    in their original order.
    """
    wire: list[dict[str, Any]] = []
    for message in messages:
        if not message.images and not message.as_parts:
            wire.append({"role": message.role, "content": message.text_content})
            continue
        parts: list[dict[str, Any]] = []
        for part in message.parts:
            if isinstance(part, TextPart):
                parts.append({"type": "text", "text": part.text})
            elif isinstance(part, ImagePart):
                encoded = base64.b64encode(part.data).decode("ascii")
                image: dict[str, str] = {"url": f"data:{part.media_type};base64,{encoded}"}
                if part.detail is not None:
                    image["detail"] = part.detail
                parts.append({"type": "image_url", "image_url": image})
        wire.append({"role": message.role, "content": parts})
    return wire


class OpenAIModel(ProviderModel):
    """A ChatModel backed by an OpenAI(-compatible) chat-completions endpoint."""

    provider = "openai"
    key_env = "OPENAI_API_KEY"
    sdk = openai

    def _make_client(self, api_key: str, base_url: str | None, timeout_s: float) -> openai.AsyncOpenAI:
        # max_retries=0: our retry loop is the only one, so every retry is logged with its cause.
        return openai.AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=timeout_s, max_retries=0)

    _temperature_noted = False  # set per instance once the dropped temperature has been logged

    def _reasoning(self) -> bool:
        return self.model.rsplit("/", 1)[-1].lower().startswith(_REASONING_PREFIXES)

    def _token_limit_name(self) -> str:
        return "max_completion_tokens" if self._reasoning() else "max_tokens"

    def _request(self, messages: Sequence[Message], temperature: float | None, max_tokens: int,
                 seed: int | None) -> tuple[Any, dict[str, Any]]:
        request: dict[str, Any] = {
            "model": self.model,
            "messages": to_openai_messages(messages),
            self._token_limit_name(): max_tokens,
        }
        if temperature is not None and self._reasoning():
            if not self._temperature_noted:
                self._temperature_noted = True
                log.info("%s is a reasoning model: temperature %g is not sent (it takes only its default)",
                         self.spec, temperature)
        elif temperature is not None:
            request["temperature"] = temperature
        if seed is not None:
            request["seed"] = seed
        return self._client.chat.completions.create, request

    def _read(self, response: Any) -> Reply:
        if not response.choices:
            raise ValueError("the response has no choices")
        usage = response.usage
        return Reply(
            text=response.choices[0].message.content or "",
            input_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            output_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            model=response.model or "",
        )

    def read_responses(self, response: Any) -> Reply:
        """Read a Responses-API response (computer use: `client.responses.create`), whose usage is
        `input_tokens`/`output_tokens` and whose text is `output_text`."""
        if response.output is None:
            raise ValueError("the response has no output")
        usage = response.usage
        return Reply(
            text=response.output_text or "",
            input_tokens=int(getattr(usage, "input_tokens", 0) or 0),
            output_tokens=int(getattr(usage, "output_tokens", 0) or 0),
            model=response.model or "",
        )


class ServedModel(OpenAIModel):
    """An open computer-use model (UI-TARS, Qwen-VL, Fara) behind an OpenAI-compatible server; `family`
    is the spec prefix that names its reply grammar (`ui-tars:MODEL`)."""

    key_env = "VLLM_API_KEY"

    def __init__(self, family: str, model: str, **options: Any) -> None:
        super().__init__(model, **options)
        self.family = family
        self.spec = f"{family}:{model}"
