"""Model layer: the ChatModel protocol and its providers (openai, anthropic, scripted, human, reference).

Entry points: `create_model(spec)` builds a model from a spec string, `check_model_ready(spec)` raises
ConfigError for an unusable spec before any browser starts, `ScriptedModel` replays canned replies.
"""

from webvoyager.models.base import ChatModel, Completion, ImagePart, Message, TextPart
from webvoyager.models.factory import ModelSpec, check_model_ready, create_model, parse_model_spec
from webvoyager.models.scripted import ScriptedModel, ScriptedReply

__all__ = [
    "ChatModel",
    "Completion",
    "ImagePart",
    "Message",
    "TextPart",
    "ModelSpec",
    "check_model_ready",
    "create_model",
    "parse_model_spec",
    "ScriptedModel",
    "ScriptedReply",
]
