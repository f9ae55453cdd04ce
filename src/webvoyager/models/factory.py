"""Model spec strings (`--model`) and the provider models they name, with the checks to run before a
browser starts.

Specs: `openai:MODEL`, `anthropic:MODEL`, `gemini:MODEL`, `scripted:PATH`, `human`, the open computer-use
models on an OpenAI-compatible server (`ui-tars:MODEL`, `qwen-vl:MODEL` for Qwen2.5-VL, `qwen3-vl:MODEL`,
`fara:MODEL`: the server's URL from the base URL or VLLM_BASE_URL, a key from VLLM_API_KEY if it wants one),
and the offline stand-ins (`reference`), which are built a layer up (`webvoyager.api.create_model`, the entry
point for any spec).
API keys come from OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY (or GOOGLE_API_KEY, the name Google's
SDK also reads), or the `api_key` argument. With a base URL (argument, or OPENAI_BASE_URL / ANTHROPIC_BASE_URL /
GEMINI_BASE_URL) and no key, a placeholder key is sent, since local
OpenAI-compatible servers (vLLM, Ollama, LM Studio) need none.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel
from webvoyager.models.human import HumanModel
from webvoyager.models.retry import RetryPolicy
from webvoyager.models.scripted import ScriptedModel, load_script

STANDIN_NAMES = ("reference", "gullible")
OPEN_FAMILIES = ("ui-tars", "qwen-vl", "qwen3-vl", "fara")
"""Open computer-use models served with an OpenAI-compatible API, by the family that reads their replies."""
PROVIDERS = ("openai", "anthropic", "gemini", *OPEN_FAMILIES, "scripted", "human", *STANDIN_NAMES)
_NAMED = ("openai", "anthropic", "gemini", *OPEN_FAMILIES, "scripted")  # providers that need a ":NAME" part
_USAGE = ("use openai:MODEL, anthropic:MODEL, gemini:MODEL, scripted:PATH, human, reference or gullible (or an "
          "open computer-use model on an OpenAI-compatible server: ui-tars:MODEL, qwen-vl:MODEL, qwen3-vl:MODEL, "
          "fara:MODEL)")

# Sent when a base URL is given without a key: local servers ignore it, the SDKs insist on one.
PLACEHOLDER_KEY = "not-needed"


@dataclass(frozen=True)
class ModelSpec:
    """A parsed spec: `provider` is one of PROVIDERS; `name` is the model name or script path."""

    provider: str
    name: str = ""

    def __str__(self) -> str:
        return f"{self.provider}:{self.name}" if self.name else self.provider


@dataclass(frozen=True)
class _Endpoint:
    key_env: str
    base_url_env: str
    also_key_env: str | None = None   # a second name the vendor's SDK reads the key from


_ENDPOINTS = {
    "openai": _Endpoint("OPENAI_API_KEY", "OPENAI_BASE_URL"),
    "anthropic": _Endpoint("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
    "gemini": _Endpoint("GEMINI_API_KEY", "GEMINI_BASE_URL", also_key_env="GOOGLE_API_KEY"),
    **{family: _Endpoint("VLLM_API_KEY", "VLLM_BASE_URL") for family in OPEN_FAMILIES},
}


def parse_model_spec(spec: str) -> ModelSpec:
    """Split a spec string into provider and name; raise ConfigError for anything else."""
    text = (spec or "").strip()
    provider, sep, name = text.partition(":")
    provider = provider.strip().lower()
    name = name.strip()
    if provider not in PROVIDERS:
        raise ConfigError(f"unknown model spec {spec!r}; {_USAGE}")
    if provider in _NAMED and not name:
        what = "PATH" if provider == "scripted" else "MODEL"
        raise ConfigError(f"model spec {spec!r} needs a name after the colon ({provider}:{what}); {_USAGE}")
    if provider not in _NAMED and sep:
        raise ConfigError(f"model spec {spec!r}: {provider} takes no name; write just '{provider}'")
    return ModelSpec(provider, name)


def _resolve_endpoint(provider: str, base_url: str | None, api_key: str | None) -> tuple[str, str | None]:
    """(api_key, base_url) for a network provider, or ConfigError saying what to set."""
    endpoint = _ENDPOINTS[provider]
    url = base_url or os.environ.get(endpoint.base_url_env) or None
    key = (api_key or os.environ.get(endpoint.key_env)
           or (os.environ.get(endpoint.also_key_env) if endpoint.also_key_env else None) or None)
    if provider in OPEN_FAMILIES and not url:
        raise ConfigError(f"{provider}:MODEL runs on your own OpenAI-compatible server (vLLM, SGLang): pass "
                          f"--base-url URL (e.g. http://localhost:8000/v1) or set {endpoint.base_url_env}")
    if key:
        return key, url
    if url:
        return PLACEHOLDER_KEY, url
    if provider == "openai":
        raise ConfigError("OPENAI_API_KEY is not set; export it or pass --base-url for a local "
                          "OpenAI-compatible server")
    if provider == "gemini":
        raise ConfigError("GEMINI_API_KEY (or GOOGLE_API_KEY) is not set; export it (or pass --base-url for a "
                          "server that speaks the Gemini API)")
    raise ConfigError("ANTHROPIC_API_KEY is not set; export it (or pass --base-url for a "
                      "compatible proxy)")


def check_provider_ready(parsed: ModelSpec, *, base_url: str | None = None, api_key: str | None = None) -> None:
    """Raise ConfigError now (before any browser starts) if the provider model cannot be used as given.

    Checks the API key or base URL of network providers and that a scripted file exists and parses.
    Makes no network call.
    """
    if parsed.provider in _ENDPOINTS:
        _resolve_endpoint(parsed.provider, base_url, api_key)
    elif parsed.provider == "scripted":
        load_script(parsed.name)


def create_provider_model(
    parsed: ModelSpec,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout_s: float = 120.0,
    max_retries: int = 4,
    prices: Mapping[str, object] | None = None,
    retry: RetryPolicy | None = None,
) -> ChatModel:
    """Build the provider model named by `parsed` (not a stand-in: see `webvoyager.api.create_model`).

    `timeout_s` bounds each HTTP attempt; `max_retries` is the number of retries after the first
    attempt (backoff base/cap from WEBVOYAGER_RETRY_BASE_S / _CAP_S), or pass a full `retry` policy.
    `prices` overrides the price table (model -> {"input": USD, "output": USD} per million tokens).
    Raises ConfigError for an unusable spec (see `check_provider_ready`).
    """
    policy = retry or RetryPolicy.from_env(max_retries=max_retries)
    if parsed.provider in _ENDPOINTS:
        from webvoyager.models.pricing import price_table

        key, url = _resolve_endpoint(parsed.provider, base_url, api_key)
        table = price_table(prices)
        if parsed.provider == "openai":
            from webvoyager.models.openai_provider import OpenAIModel

            return OpenAIModel(parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                               retry=policy, prices=table)
        if parsed.provider == "gemini":
            from webvoyager.models.gemini_provider import GeminiModel

            return GeminiModel(parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                               retry=policy, prices=table)
        if parsed.provider in OPEN_FAMILIES:
            from webvoyager.models.openai_provider import ServedModel

            return ServedModel(parsed.provider, parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                               retry=policy, prices=table)
        from webvoyager.models.anthropic_provider import AnthropicModel

        return AnthropicModel(parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                              retry=policy, prices=table)
    if parsed.provider == "scripted":
        return ScriptedModel.from_file(parsed.name)
    if parsed.provider == "human":
        return HumanModel()
    raise ConfigError(f"{parsed} is an offline stand-in; build it with webvoyager.api.create_model")
