"""The policy a run uses, built from its settings (WebVoyager's, SeeAct's or a computer-use model's)."""

from __future__ import annotations

from webvoyager.agent.policy import Policy
from webvoyager.api.settings import RunSettings
from webvoyager.cua.policy import Adapter, ComputerUsePolicy
from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel
from webvoyager.models.image_encoding import EncodedImages
from webvoyager.models.plain_images import PlainImages
from webvoyager.protocol import seeact_pipeline
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.standins.gullible import GullibleModel
from webvoyager.standins.pixel_gullible import PixelGullible
from webvoyager.standins.pixel_reference import PixelReference
from webvoyager.standins.reference import ReferenceModel
from webvoyager.voyager.policy import WebVoyagerPolicy


def make_policy(settings: RunSettings, model: ChatModel) -> Policy:
    """The policy named by `settings.policy`, configured from the settings."""
    own = settings.load_system_prompt()
    system_prompt = own.text if own is not None else None
    values = settings.values
    if settings.policy == "cua":
        return ComputerUsePolicy(computer_use_adapter(settings, model))
    images = settings.image_options
    if not images.default:   # never under the paper protocol (RunSettings refuses it)
        model = EncodedImages(model, images)
    if settings.policy == "seeact":
        return SeeActPolicy(model, grounding=settings.grounding, temperature=values.temperature,
                            max_tokens=values.max_tokens, seed=values.seed, system_prompt=system_prompt,
                            pipeline=seeact_pipeline(settings.protocol), pack=settings.load_pack(),
                            image_scale=images.scale)
    # RunSettings accepts only the two policies, so this is WebVoyager's.
    if settings.paper:   # run.py sends its screenshots without a detail level
        model = PlainImages(model)
    return WebVoyagerPolicy(model, context_images=values.context_images, text_only=settings.text_only,
                            temperature=values.temperature, max_tokens=values.max_tokens, seed=values.seed,
                            original_actions=settings.paper, system_prompt=system_prompt,
                            pack=settings.load_pack())


def computer_use_adapter(settings: RunSettings, model: ChatModel) -> Adapter:
    """The vendor adapter for `model` under `--policy cua` (ConfigError for a model without one)."""
    values = settings.values
    if isinstance(model, ReferenceModel):   # the offline stand-in: reference solutions played by pixels
        return PixelReference(model, values.viewport)
    if isinstance(model, GullibleModel):    # the offline stand-in that follows what the screenshot says
        return PixelGullible(model, values.viewport)
    # The vendors' adapters import their SDKs (seconds of start-up): only for a model that needs one.
    from webvoyager.cua.anthropic_cua import AnthropicComputerUse
    from webvoyager.cua.gemini_cua import GeminiComputerUse
    from webvoyager.cua.open_models import OpenComputerUse, family_named
    from webvoyager.cua.openai_cua import OpenAIComputerUse
    from webvoyager.models.anthropic_provider import AnthropicModel
    from webvoyager.models.gemini_provider import GeminiModel
    from webvoyager.models.openai_provider import OpenAIModel, ServedModel

    if isinstance(model, AnthropicModel):
        return AnthropicComputerUse(model, values.viewport, max_tokens=values.max_tokens,
                                    keep_images=values.context_images)
    if isinstance(model, ServedModel):   # before OpenAIModel, which it specialises
        return OpenComputerUse(model, family_named(model.family), values.viewport, max_tokens=values.max_tokens,
                               keep_images=values.context_images)
    if isinstance(model, OpenAIModel):
        return OpenAIComputerUse(model, values.viewport, max_tokens=values.max_tokens)
    if isinstance(model, GeminiModel):
        return GeminiComputerUse(model, values.viewport, max_tokens=values.max_tokens,
                                 keep_images=values.context_images)
    raise ConfigError(f"--policy cua needs a computer-use model; {getattr(model, 'spec', model)!r} is not one. "
                      "Use anthropic:MODEL (Claude with the computer tool), openai:MODEL (OpenAI's computer tool), "
                      "gemini:MODEL (Gemini Computer Use), or ui-tars:, qwen-vl:, qwen3-vl:, fara:MODEL (an open "
                      "model on an OpenAI-compatible server)")
