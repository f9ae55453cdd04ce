"""Model spec strings (`--model`) to ChatModel instances, and the checks to run before a browser starts.

Specs: `openai:MODEL`, `anthropic:MODEL`, `scripted:PATH`, `human`, `reference`.
API keys come from OPENAI_API_KEY / ANTHROPIC_API_KEY (or the `api_key` argument). With a base URL
(argument, or OPENAI_BASE_URL / ANTHROPIC_BASE_URL) and no key, a placeholder key is sent, since local
OpenAI-compatible servers (vLLM, Ollama, LM Studio) need none.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel
from webvoyager.models.retry import RetryPolicy

PROVIDERS = ("openai", "anthropic", "scripted", "human", "reference")
_NAMED = ("openai", "anthropic", "scripted")  # providers that need a ":NAME" part
_USAGE = "use openai:MODEL, anthropic:MODEL, scripted:PATH, human or reference"

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


_ENDPOINTS = {
    "openai": _Endpoint("OPENAI_API_KEY", "OPENAI_BASE_URL"),
    "anthropic": _Endpoint("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
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
    key = api_key or os.environ.get(endpoint.key_env) or None
    if key:
        return key, url
    if url:
        return PLACEHOLDER_KEY, url
    if provider == "openai":
        raise ConfigError("OPENAI_API_KEY is not set; export it or pass --base-url for a local "
                          "OpenAI-compatible server")
    raise ConfigError("ANTHROPIC_API_KEY is not set; export it (or pass --base-url for a "
                      "compatible proxy)")


def _import_reference() -> type:
    try:
        from webvoyager.models.reference import ReferenceModel
    except ImportError as exc:
        raise ConfigError(f"the reference model is not available in this installation ({exc}); "
                          "use scripted:PATH or a real model") from None
    return ReferenceModel


def check_model_ready(spec: str, *, base_url: str | None = None, api_key: str | None = None) -> None:
    """Raise ConfigError now (before any browser starts) if `spec` cannot be used as given.

    Checks the spec syntax, the API key or base URL of network providers, that a scripted file
    exists and parses, and that the reference model is installed. Makes no network call.
    """
    parsed = parse_model_spec(spec)
    if parsed.provider in _ENDPOINTS:
        _resolve_endpoint(parsed.provider, base_url, api_key)
    elif parsed.provider == "scripted":
        from webvoyager.models.scripted import load_script

        load_script(parsed.name)
    elif parsed.provider == "reference":
        _import_reference()


def create_model(
    spec: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout_s: float = 120.0,
    max_retries: int = 4,
    prices: Mapping[str, object] | None = None,
    retry: RetryPolicy | None = None,
) -> ChatModel:
    """Build the model named by `spec`.

    `timeout_s` bounds each HTTP attempt; `max_retries` is the number of retries after the first
    attempt (backoff base/cap from WEBVOYAGER_RETRY_BASE_S / _CAP_S), or pass a full `retry` policy.
    `prices` overrides the price table (model -> {"input": USD, "output": USD} per million tokens).
    Raises ConfigError for an unusable spec (see `check_model_ready`).
    """
    parsed = parse_model_spec(spec)
    policy = retry or RetryPolicy.from_env(max_retries=max_retries)
    if parsed.provider in _ENDPOINTS:
        from webvoyager.models.pricing import price_table

        key, url = _resolve_endpoint(parsed.provider, base_url, api_key)
        table = price_table(prices)
        if parsed.provider == "openai":
            from webvoyager.models.openai_provider import OpenAIModel

            return OpenAIModel(parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                               retry=policy, prices=table)
        from webvoyager.models.anthropic_provider import AnthropicModel

        return AnthropicModel(parsed.name, api_key=key, base_url=url, timeout_s=timeout_s,
                              retry=policy, prices=table)
    if parsed.provider == "scripted":
        from webvoyager.models.scripted import ScriptedModel

        return ScriptedModel.from_file(parsed.name)
    if parsed.provider == "human":
        from webvoyager.models.human import HumanModel

        return HumanModel()
    return _import_reference()()
