"""Reading a WebVoyager conversation and replying in its grammar, for offline stand-in models.

The conversation is the one `voyager.messages` builds: the task in the first user message, the newest
observation (element list or text-only outline, and notes) in the last one. The phrases that report a
failed step are imported from where they are written (the WebVoyager messages, the loop guard, the
browser), and replies are formatted by the browser's own `action_text`, so nothing here is a copy.
"""

from __future__ import annotations

import re
from typing import Sequence

from webvoyager.agent.loop_guard import WARNING_START
from webvoyager.browser.action_set import spec_of
from webvoyager.browser.actions import AT_EDGE_NOTE
from webvoyager.browser.events import BLOCKED_PHRASE
from webvoyager.browser.types import (Action, Answer, Click, GoBack, Hover, PressKey, Scroll, Select, Type,
                                      Wait, action_text)
from webvoyager.errors import ModelError
from webvoyager.models.base import ImagePart, Message
from webvoyager.standins.elements import ParsedElement, parse_element_list, parse_tree_text
from webvoyager.standins.plan import Move
from webvoyager.standins.reading import PageView
from webvoyager.voyager.messages import (ELEMENTS_HEADING, FAILED_ACTION, OUTLINE_HEADING, UNUSABLE_REPLY,
                                         parse_heading)

SELECT_FORMAT = spec_of(Select).grammar.format.split(";")[0]   # "Select [N]"
CLICK_FORMAT = spec_of(Click).grammar.format                   # "Click [N]"

_ELEMENT_LINE = re.compile(r"^\s*\[\d+\]:")
_FAILURE_STARTS = tuple(s.lower() for s in (FAILED_ACTION.split("{")[0], UNUSABLE_REPLY.split("{")[0],
                                            WARNING_START))
_AT_BOTTOM = AT_EDGE_NOTE.split("{")[0] + "bottom"


def first_user_text(messages: Sequence[Message]) -> str:
    """Text of the first user message (where the task is stated)."""
    for message in messages:
        if message.role == "user":
            return message.text_content
    raise ModelError("the stand-in model got no user message; it needs the task in the first user message")


def newest_user_text(messages: Sequence[Message]) -> str:
    """Text of the newest user message (the current observation)."""
    for message in reversed(messages):
        if message.role == "user":
            return message.text_content
    raise ModelError("the stand-in model got no user message to read the page from")


def last_assistant_text(messages: Sequence[Message]) -> str | None:
    """Text of the model's previous reply, or None on the first call."""
    for message in reversed(messages):
        if message.role == "assistant":
            return message.text_content
    return None


def _note_lines(observation_text: str) -> list[str]:
    """The note lines of an observation ("- ..."), never element lines (which are page content)."""
    return [line.strip()[2:] for line in observation_text.splitlines()
            if line.strip().startswith("- ") and not _ELEMENT_LINE.match(line)]


def failure_note(observation_text: str) -> str | None:
    """The note that reports a failed previous step (an action error, an unusable reply, a loop-guard
    warning, a blocked navigation), if the observation has one."""
    for note in _note_lines(observation_text):
        if note.lower().startswith(_FAILURE_STARTS) or BLOCKED_PHRASE in note:
            return note
    return None


def at_bottom(observation_text: str) -> bool:
    """True when the notes say the window could not scroll further down."""
    return any(note.startswith(_AT_BOTTOM) for note in _note_lines(observation_text))


def _page_listing(observation_text: str) -> str:
    """The observation's element list or outline: the text after its heading (the last part of the
    observation). Notes come before it and may quote anything -- a PDF's numbered references, a
    page's text laid out like element lines -- so they are never read as elements. Without a known
    heading (a conversation built elsewhere), the whole text. A heading counts only as a whole line,
    and the last one wins: every line of an element list starts with a label, so no page can fake
    the heading inside it (an outline line could, only by repeating the heading word for word)."""
    text = "\n" + observation_text
    cut = max(text.rfind(f"\n{ELEMENTS_HEADING}\n"), text.rfind(f"\n{OUTLINE_HEADING}\n"))
    return observation_text if cut < 0 else text[cut + 1:]


def read_elements(observation_text: str) -> list[ParsedElement]:
    """The labelled elements of the observation: the element list, else a text-only outline's
    labelled lines; ModelError when labels are there but in neither format."""
    listing = _page_listing(observation_text)
    elements = parse_element_list(listing) or parse_tree_text(listing)
    if not elements and re.search(r"^\s*\[\d+\]", listing, re.MULTILINE):
        raise ModelError("the stand-in model needs the element list ('[i]: <tag> \"text\"' lines) or the "
                         "text-only outline ('[i] role \"name\"'); this observation uses another format")
    return elements


def offers_select(messages: Sequence[Message]) -> bool:
    """Whether the Select action is offered: not when the system prompt lists our actions without it
    (the paper protocol's: there a drop-down option is chosen by typing it into the list)."""
    system = next((m.text_content for m in messages if m.role == "system"), "")
    return SELECT_FORMAT in system or CLICK_FORMAT not in system


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
    """What the newest observation of a WebVoyager conversation shows: title and address, elements, and
    the screenshot (or, in text-only mode, the page outline)."""
    newest = next((m for m in reversed(messages) if m.role == "user"), None)
    if newest is None:
        raise ModelError("the stand-in model got no user message to read the page from")
    text = newest.text_content
    heading = parse_heading(text)
    images = [p.data for p in newest.parts if isinstance(p, ImagePart)]
    return PageView(title=heading[0] if heading else None, url=heading[1] if heading else None,
                    elements=read_elements(text), image=images[-1] if images else None,
                    outline=None if images else text)
