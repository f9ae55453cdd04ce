"""Reading a WebVoyager conversation and replying in its grammar, for offline stand-in models.

The conversation is the one `voyager.messages` builds, and it is read only through its readers
(`voyager.readback`): the task from the first user message, the newest observation (element list or
text-only outline, notes, the loop's feedback) from the last one. Replies are formatted by the
browser's own `action_text`, so nothing here is a copy of another module's wording.
"""

from __future__ import annotations

import re
from typing import Sequence

from webvoyager.browser.action_set import DEFAULT, PAPER, spec_of
from webvoyager.browser.actions import AT_EDGE_NOTE
from webvoyager.browser.events import BLOCKED_PHRASE
from webvoyager.browser.types import (Action, Answer, Click, GoBack, Hover, PressKey, Scroll, Select, Type,
                                      Wait, action_text)
from webvoyager.errors import ModelError
from webvoyager.models.base import Message
from webvoyager.protocol import ProtocolName
from webvoyager.standins.elements import ParsedElement, parse_element_list, parse_tree_text
from webvoyager.standins.plan import Move
from webvoyager.standins.reading import PageView
from webvoyager.text import format_pattern
from webvoyager.voyager.readback import ShownObservation, read_observation, read_task

_AT_EDGE = format_pattern(AT_EDGE_NOTE)


def first_user_text(messages: Sequence[Message]) -> str:
    """Text of the first user message (where the task is stated)."""
    for message in messages:
        if message.role == "user":
            return message.text_content
    raise ModelError("the stand-in model got no user message; it needs the task in the first user message")


def task_text(messages: Sequence[Message]) -> str:
    """What names the task: the question and start page the first turn states, or (a conversation built
    elsewhere) the whole first user message."""
    first = first_user_text(messages)
    stated = read_task(first)
    return f"{stated.question}  {stated.start_url}" if stated is not None else first


def newest_observation(messages: Sequence[Message]) -> ShownObservation:
    """The newest observation turn (the page as it is now)."""
    for message in reversed(messages):
        if message.role == "user":
            return read_observation(message)
    raise ModelError("the stand-in model got no user message to read the page from")


def last_assistant_text(messages: Sequence[Message]) -> str | None:
    """Text of the model's previous reply, or None on the first call."""
    for message in reversed(messages):
        if message.role == "assistant":
            return message.text_content
    return None


def failure_note(observation: ShownObservation) -> str | None:
    """What made the previous step fail (an action error, an unusable reply, a loop-guard warning, a
    blocked navigation), if the observation reports one."""
    blocked = next((note for note in observation.notes if BLOCKED_PHRASE in note), None)
    return observation.feedback.problem() or blocked


def at_bottom(notes: Sequence[str]) -> bool:
    """True when a note says the window (or a panel) could not scroll further down."""
    found = (_AT_EDGE.fullmatch(note.split("\n", 1)[0]) for note in notes)
    return any(m is not None and m.group("end") == "bottom" for m in found)


def read_elements(listing: str) -> list[ParsedElement]:
    """The labelled elements of an observation's listing: the element list, else a text-only outline's
    labelled lines; ModelError when labels are there but in neither format."""
    elements = parse_element_list(listing) or parse_tree_text(listing)
    if not elements and re.search(r"^\s*\[\d+\]", listing, re.MULTILINE):
        raise ModelError("the stand-in model needs the element list ('[i]: <tag> \"text\"' lines) or the "
                         "text-only outline ('[i] role \"name\"'); this observation uses another format")
    return elements


def offers_select(protocol: ProtocolName) -> bool:
    """Whether the protocol's action set has Select (the paper's seven do not: there a drop-down option
    is chosen by typing it into the list)."""
    return spec_of(Select) in (PAPER if protocol == "paper" else DEFAULT)


def move_action(move: Move, *, select: bool = True) -> Action:
    """The browser action that carries out a reference move (`select`: the Select action is offered)."""
    label = move.element.label if move.element is not None else None
    step = move.step
    if move.kind == "find":
        return Scroll(None, "down")
    if move.kind == "answer":
        return Answer(move.answer)
    if move.kind == "back":
        return GoBack()
    if move.kind == "wait":
        return Wait()
    if move.kind == "press":
        return PressKey(step.key or "")
    if move.kind == "scroll":
        return Scroll(label, "up" if step.direction == "up" else "down")
    if label is None:
        raise ModelError(f"the stand-in model has no element for a {move.kind!r} move")
    if move.kind == "click":
        return Click(label)
    if move.kind == "type":
        return Type(label, step.text or "", press_enter=step.enter)
    if move.kind == "select":
        return Select(label, step.option or "") if select else Type(label, step.option or "")
    if move.kind == "hover":
        return Hover(label)
    raise ModelError(f"the stand-in model cannot express step kind {move.kind!r} as a WebVoyager action")


def voyager_reply(thought: str, action: Action) -> str:
    """A reply in the WebVoyager grammar."""
    return f"Thought: {thought}\nAction: {action_text(action)}"


def page_view(messages: Sequence[Message]) -> PageView:
    """What the newest observation of a WebVoyager conversation shows: title and address, elements, the
    screenshot (or, in text-only mode, the observation's text, where the outline is) and its notes (a
    downloaded PDF's text)."""
    shown = newest_observation(messages)
    return PageView(title=shown.title, url=shown.url, elements=read_elements(shown.listing or ""), image=shown.image,
                    outline=None if shown.image else shown.text, notes=tuple(shown.notes))
