"""SeeAct's requests in the original's layout, worded from a prompt pack (`protocol import seeact`).

The original (src/data_utils/prompts.py `generate_prompt`, format_prompt_utils.py, demo_utils/
inference_engine.py `OpenaiEngine.generate`) asks each batch in a fresh two-call conversation:

1. [system, user: query text + the screenshot (`detail: high`)] -> the generation;
2. the same two messages, the generation as an assistant turn after a blank line ("\\n\\n" + text),
   then a user turn with the referring prompt (description, options, element / action / value format).

Every message is a list of parts, as there. The strings come from the pack; only the joins between them
(the separators below, which the importer checks are still the original's) are ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.packs import ProtocolPack
from webvoyager.seeact.choices import letter

Strategy = Literal["text_choice", "image_annotation", "element_attributes", "online"]


@dataclass(frozen=True)
class Wording:
    """The pack's templates of one strategy (the offline ones share the system prompt and format lines)."""

    system: str
    question: str
    referring: str
    element_format: str
    action_format: str
    value_format: str


def wording(pack: ProtocolPack, strategy: Strategy) -> Wording:
    """The texts `generate_prompt` picks for `strategy` (its `experiment_split`)."""
    if strategy == "online":
        return Wording(*(pack.text(f"online_{n}") for n in ("system", "question", "referring", "element_format",
                                                            "action_format", "value_format")))
    referring = pack.text(f"referring_{strategy}") if f"referring_{strategy}" in pack.templates else ""
    return Wording(system=pack.text("system"), question=pack.text(f"question_{strategy}"), referring=referring,
                   element_format=pack.text(f"element_format_{strategy}"), action_format=pack.text("action_format"),
                   value_format=pack.text("value_format"))


def query_text(pack: ProtocolPack, words: Wording, task: str, previous_actions: Sequence[str]) -> str:
    """generate_new_query_prompt: intro, task, the previous actions one a line, the question description."""
    previous = pack.text("previous_actions") + "".join(f"{line}\n" for line in previous_actions)
    return pack.text("query_intro") + task + "\n\n" + previous + "\n" + words.question


def options_text(pack: ProtocolPack, descriptions: Sequence[str]) -> str:
    """format_options: the "none of these" instruction, the lettered options, the "none" option."""
    none = letter(len(descriptions))
    lines = "".join(f"{letter(i)}. {text}\n" for i, text in enumerate(descriptions))
    return (pack.prompt("none_instruction").render(non_abcd=none) + lines
            + pack.prompt("none_option").render(non_abcd=none) + "\n\n")


def referring_text(pack: ProtocolPack, words: Wording, descriptions: Sequence[str] | None) -> str:
    """generate_new_referring_prompt: description, options (textual choices only), then the formats."""
    text = words.referring + "\n\n" if words.referring else ""
    if descriptions:
        text += options_text(pack, descriptions)
    for part in (words.element_format, words.action_format):
        if part:
            text += part + "\n\n"
    return text + words.value_format


def _text(role: Literal["system", "user", "assistant"], text: str) -> Message:
    return Message(role=role, parts=(TextPart(text),), as_parts=True)


def generation_turn(words: Wording, query: str, image: bytes, media_type: str) -> list[Message]:
    """The first call's messages: the system prompt, then the query with the screenshot after it."""
    return [_text("system", words.system),
            Message(role="user", parts=(TextPart(query), ImagePart(data=image, media_type=media_type,
                                                                    detail="high")))]


def referring_turn(first: list[Message], generation: str, referring: str) -> list[Message]:
    """The second call's messages: the first call's, the generation (after a blank line, as the original
    writes it back) and the referring prompt."""
    return [*first, _text("assistant", f"\n\n{generation}"), _text("user", referring)]
