"""Model spec strings (`--model`) to models: the providers of `models/` plus the offline stand-ins.

`reference` is built here rather than in `models/`, because a stand-in speaks the policies' prompts
and so sits above them (see the layer order in docs/DESIGN.md). A stand-in is built for the run's
policy and protocol (`settings`), which it is told rather than guessing them from the prompts.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Mapping

from webvoyager.api.settings import RunSettings
from webvoyager.errors import ConfigError
from webvoyager.models import factory
from webvoyager.models.base import ChatModel
from webvoyager.standins.gullible import GullibleModel
from webvoyager.standins.reference import ReferenceModel

DEFAULT_OPENAI_MODEL = "openai:gpt-4o"
# claude-sonnet-4-5 reaches end of life on 2026-11-30 (the SDK's deprecation table); models get retired,
# so the default can always be replaced without a release: WEBVOYAGER_DEFAULT_MODEL=SPEC.
DEFAULT_ANTHROPIC_MODEL = "anthropic:claude-sonnet-4-6"
DEFAULT_MODEL_ENV = "WEBVOYAGER_DEFAULT_MODEL"
def _our_wording(name: str, settings: RunSettings) -> RunSettings:
    """`settings`, refused when they word the conversation with a prompt pack: the stand-ins read our
    wording only (voyager.readback)."""
    if settings.prompts is not None:
        raise ConfigError(f"the {name} model reads our wording only, not a prompt pack's turns; drop --prompts "
                          "to run it under --protocol paper")
    return settings


STANDINS: dict[str, Callable[[RunSettings], ChatModel]] = {
    "reference": lambda s: ReferenceModel(policy=s.policy, protocol=_our_wording("reference", s).protocol,
                                          grounding=s.grounding, latency_s=s.standin_latency_s),
    "gullible": lambda s: GullibleModel(policy=s.policy, protocol=_our_wording("gullible", s).protocol,
                                        latency_s=s.standin_latency_s),
}
"""Offline stand-in models by spec, built for a run's settings: they need no key and no network."""


NO_IMAGE_DETAIL = ("anthropic", "gemini")
"""Providers whose APIs have no image detail level (`--image-detail` is OpenAI's)."""


def _check_latency(parsed: factory.ModelSpec, settings: RunSettings | None) -> None:
    if settings is not None and settings.standin_latency_s and parsed.provider not in STANDINS:
        raise ConfigError(f"--latency makes an offline stand-in ({', '.join(STANDINS)}) answer as slowly as a served "
                          f"model; {parsed.provider} answers in its own time: drop --latency")


def _check_image_detail(parsed: factory.ModelSpec, settings: RunSettings | None) -> None:
    if settings is not None and settings.image_detail is not None and parsed.provider in NO_IMAGE_DETAIL:
        raise ConfigError(f"--image-detail is OpenAI's image detail level; the {parsed.provider} API has none (it "
                          "sizes images itself): drop --image-detail, or use --image-scale to send smaller "
                          "screenshots")


def check_model_ready(spec: str, *, base_url: str | None = None, api_key: str | None = None,
                      settings: RunSettings | None = None) -> None:
    """Raise ConfigError now (before any browser starts) if `spec` cannot be used as given: a provider
    without its key, or a stand-in that cannot serve `settings` (when given), or settings the provider
    cannot honour (an image detail level for a provider without one)."""
    parsed = factory.parse_model_spec(spec)
    _check_image_detail(parsed, settings)
    _check_latency(parsed, settings)
    if parsed.provider not in STANDINS:
        factory.check_provider_ready(parsed, base_url=base_url, api_key=api_key)
    elif settings is not None:
        STANDINS[parsed.provider](settings)   # building one is cheap and refuses what it cannot serve


COMPUTER_USE_PROVIDERS = ("anthropic", "openai", "gemini", *factory.OPEN_FAMILIES)
"""The providers whose models `--policy cua` can drive (each has an adapter in `cua/`)."""
COMPUTER_USE_STANDINS = ("reference", "gullible")
"""The stand-ins `--policy cua` can drive (by pixels: `standins/pixel_reference.py`, `pixel_gullible.py`)."""


def create_model(spec: str, *, settings: RunSettings | None = None, **options: Any) -> ChatModel:
    """The model named by `spec`: a stand-in for the run's `settings` (default: `RunSettings()`; ConfigError
    when it cannot serve them), or a provider model (options as `models.factory.create_provider_model`)."""
    parsed = factory.parse_model_spec(spec)
    _check_image_detail(parsed, settings)
    _check_latency(parsed, settings)
    if settings is not None and settings.policy == "cua" and parsed.provider not in (*COMPUTER_USE_PROVIDERS,
                                                                                     *COMPUTER_USE_STANDINS):
        raise ConfigError(f"--policy cua needs a computer-use model; {spec!r} is not one. Use "
                          f"{' or '.join(p + ':MODEL' for p in COMPUTER_USE_PROVIDERS)} (a model with the vendor's computer "
                          "tool, or an open model on an OpenAI-compatible server), or an offline stand-in: "
                          "reference or gullible")
    if parsed.provider in STANDINS:
        return STANDINS[parsed.provider](settings or RunSettings())
    return factory.create_provider_model(parsed, **options)


def default_model_spec(environ: Mapping[str, str] | None = None) -> str:
    """$WEBVOYAGER_DEFAULT_MODEL if set; else `openai:gpt-4o` with OPENAI_API_KEY, the Anthropic default
    with ANTHROPIC_API_KEY; else ConfigError telling how to choose."""
    env = os.environ if environ is None else environ
    if env.get(DEFAULT_MODEL_ENV):
        return env[DEFAULT_MODEL_ENV]
    if env.get("OPENAI_API_KEY"):
        return DEFAULT_OPENAI_MODEL
    if env.get("ANTHROPIC_API_KEY"):
        return DEFAULT_ANTHROPIC_MODEL
    raise ConfigError("no model chosen: pass --model SPEC (openai:MODEL, anthropic:MODEL, gemini:MODEL, human, "
                      "scripted:PATH or reference), or set OPENAI_API_KEY or ANTHROPIC_API_KEY; for a local OpenAI-compatible server "
                      "use --model openai:MODEL --base-url URL (or set WEBVOYAGER_DEFAULT_MODEL)")
