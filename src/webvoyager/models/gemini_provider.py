"""`gemini:MODEL`: generateContent through the official `google-genai` SDK (its async client, `client.aio`).

System messages go in `system_instruction`; the assistant's turns are the API's "model" turns; images
become inline PNG parts; consecutive messages of the same role are merged into one Content. The SDK's
own retries are off (one attempt; ours are logged with their cause). The base URL (GEMINI_BASE_URL or
`--base-url`) goes through `HttpOptions(base_url=...)`, which is how a local server or a proxy is used.
Gemini 2.5 and later cache repeated prompt prefixes implicitly (`usage_metadata.cached_content_token_count`,
read as `cache_read_tokens`); nothing is sent to ask for it.
"""

from __future__ import annotations

from typing import Any, Sequence

from google import genai
from google.genai import types

from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.models.image_tokens import gemini_image_tokens, image_size
from webvoyager.models.provider_base import ProviderModel, Reply


def to_gemini_contents(messages: Sequence[Message]) -> tuple[str, list[types.Content]]:
    """Split provider-neutral messages into (system instruction, alternating user/model Contents)."""
    system = "\n\n".join(m.text_content for m in messages if m.role == "system" and m.text_content)
    contents: list[types.Content] = []
    for message in messages:
        if message.role == "system":
            continue
        parts = [types.Part(text=p.text) if isinstance(p, TextPart)
                 else types.Part(inline_data=types.Blob(mime_type=p.media_type, data=p.data))
                 for p in message.parts if isinstance(p, ImagePart) or (isinstance(p, TextPart) and p.text)]
        if not parts:
            continue
        role = "model" if message.role == "assistant" else "user"
        if contents and contents[-1].role == role:
            (contents[-1].parts or []).extend(parts)
        else:
            contents.append(types.Content(role=role, parts=parts))
    return system, contents


def response_text(response: Any) -> str:
    """The text of the first candidate (thought summaries left out); "" when there is none."""
    candidates = response.candidates or []
    parts = (candidates[0].content.parts or []) if candidates and candidates[0].content else []
    return "".join(p.text for p in parts if p.text and not p.thought)


class GeminiModel(ProviderModel):
    """A ChatModel backed by the Gemini API (also what `cua/gemini_cua.py` sends its requests through)."""

    provider = "gemini"
    key_env = "GEMINI_API_KEY"
    sdk = genai

    def _make_client(self, api_key: str, base_url: str | None, timeout_s: float) -> genai.Client:
        # attempts=1: our retry loop is the only one. HttpOptions.timeout is in milliseconds.
        # v1beta: computer use is a preview feature of the v1beta API.
        options = types.HttpOptions(base_url=base_url, api_version="v1beta", timeout=int(timeout_s * 1000),
                                    retry_options=types.HttpRetryOptions(attempts=1))
        return genai.Client(api_key=api_key, http_options=options)

    def _request(self, messages: Sequence[Message], temperature: float | None, max_tokens: int,
                 seed: int | None) -> tuple[Any, dict[str, Any]]:
        system, contents = to_gemini_contents(messages)
        config = types.GenerateContentConfig(system_instruction=system or None, temperature=temperature,
                                             max_output_tokens=max_tokens, seed=seed)
        return self._client.aio.models.generate_content, {"model": self.model, "contents": contents,
                                                          "config": config}

    def _read(self, response: Any) -> Reply:
        usage = response.usage_metadata
        count = (lambda name: int(getattr(usage, name, 0) or 0)) if usage is not None else (lambda name: 0)
        return Reply(
            text=response_text(response),
            # Thinking tokens are billed as output; tool-use prompt tokens as input.
            input_tokens=count("prompt_token_count") + count("tool_use_prompt_token_count"),
            output_tokens=count("candidates_token_count") + count("thoughts_token_count"),
            model=response.model_version or "",
            # Implicit caching: prompt_token_count includes the cached tokens, priced at the cached rate.
            cache_read_tokens=count("cached_content_token_count"),
        )

    def image_tokens(self, image: ImagePart) -> int:
        """Gemini's 258 tokens per image or tile (`models.image_tokens`)."""
        size = image_size(image.data)
        return gemini_image_tokens(*size) if size else 0

    async def aclose(self) -> None:
        await self._client.aio.aclose()
