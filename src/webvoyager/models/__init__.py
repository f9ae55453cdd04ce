"""Model layer: the ChatModel protocol and its providers (openai, anthropic, scripted, human).

Any spec string, stand-ins included, is built by `webvoyager.api.create_model(spec)`; here
`parse_model_spec` reads a spec and `ScriptedModel` replays canned replies.
"""

from webvoyager.models.base import ChatModel, Completion, ImagePart, Message, TextPart
from webvoyager.models.factory import ModelSpec, parse_model_spec
from webvoyager.models.scripted import ScriptedModel, ScriptedReply

__all__ = [
    "ChatModel",
    "Completion",
    "ImagePart",
    "Message",
    "TextPart",
    "ModelSpec",
    "parse_model_spec",
    "ScriptedModel",
    "ScriptedReply",
]
