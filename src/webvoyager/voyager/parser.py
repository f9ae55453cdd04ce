"""Reads a model reply in the WebVoyager grammar ("Thought: ... Action: ...") into an Action.

Robustness rules (the public code's quirks we fix, SPEC §1):
* the LAST line that starts with `Action:` wins (case-insensitive, markdown decoration tolerated);
* the action keyword must open the action block, so an answer that mentions "Click 3" stays an answer;
* brackets are optional; the text of Type/Select/ANSWER runs to the LAST closing bracket, so it may
  itself contain `]` and span several lines;
* labels are not checked against the page here; an unknown label is the browser's error to report.

The parser never raises: a reply without a valid action gives `ParsedReply(action=None, error=...)`
whose error tells the model exactly what was wrong and shows the expected formats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from webvoyager.browser.types import (
    Action,
    Answer,
    Click,
    GoBack,
    Hover,
    PressKey,
    Scroll,
    Search,
    Select,
    Type,
    Wait,
)

ORIGINAL_FORMATS = (
    "Click [N]",
    "Type [N]; [text]",
    "Scroll [N or WINDOW]; [up or down]",
    "Wait",
    "GoBack",
    "Google",
    "ANSWER; [text]",
)
"""The paper's seven actions (the paper protocol allows only these)."""
EXTRA_FORMATS = ("Select [N]; [option]", "Hover [N]", "PressKey [key]")
FORMATS = ORIGINAL_FORMATS[:3] + EXTRA_FORMATS + ORIGINAL_FORMATS[3:]
ORIGINAL_ACTIONS: tuple[type, ...] = (Click, Type, Scroll, Wait, GoBack, Search, Answer)


def formats_help(*, original_only: bool = False) -> str:
    """The list of valid action formats, as told to the model after an unusable reply."""
    formats = ORIGINAL_FORMATS if original_only else FORMATS
    return "Valid actions: " + " | ".join(formats) + " (N is the number of a labelled element)."


FORMATS_HELP = formats_help()


@dataclass(frozen=True)
class ParsedReply:
    """A reply split into its thought and its action; `error` explains a missing/invalid action."""

    thought: str
    action: Action | None
    error: str | None = None
    action_text: str = ""  # the raw text after the `Action:` marker, as the model wrote it


# A line that starts (after markdown decoration such as "**", "-", ">", "#") with "Action:".
_LINE_MARKER = re.compile(r"^[ \t>*_#\-]*action[ \t*_]*:[ \t*_]*", re.IGNORECASE | re.MULTILINE)
# Fallback for one-line replies ("Thought: x. Action: Click [3]"): the marker after a space or punctuation.
_INLINE_MARKER = re.compile(r"(?:(?<=\s)|(?<=[.;,*_]))action[ \t*_]*:[ \t*_]*", re.IGNORECASE)
_THOUGHT_MARKER = re.compile(r"^[ \t>*_#\-]*thought[ \t*_]*:[ \t*_]*", re.IGNORECASE | re.MULTILINE)

# "[5]", "5", "(5)", "[Element 5]", "on [5]", "#5": small models write labels in many ways.
_LABEL = r"(?:on\s+)?[\[(]?\s*(?:element\s*|label\s*|#)?(\d+)\s*[\])]?"
_SEP = r"\s*[;:,]?\s*"


def parse_reply(text: str, *, original_only: bool = False) -> ParsedReply:
    """Parse one model reply; never raises (see module docstring). With `original_only` (the paper
    protocol) only the paper's seven actions are accepted, and Type always presses Enter, as there."""
    if not isinstance(text, str):  # defensive: a provider may hand back None on an empty reply
        text = "" if text is None else str(text)
    help_text = formats_help(original_only=original_only)
    marker = _last_marker(text)
    if marker is None:
        return ParsedReply(
            thought=_thought(text, len(text)),
            action=None,
            error="Your reply has no 'Action:' line. End every reply with 'Action:' followed by exactly one "
            "action. " + help_text,
        )
    start, end = marker
    thought = _thought(text, start)
    block = _clean_block(text[end:])
    if not block:
        return ParsedReply(thought, None, "The 'Action:' line is empty. " + help_text, block)
    action, error = _parse_action(block)
    if error is not None and original_only:
        error = error.replace(FORMATS_HELP, help_text)
    if original_only and action is not None:
        if not isinstance(action, ORIGINAL_ACTIONS):
            first = block.splitlines()[0][:80]
            return ParsedReply(thought, None, f"{first!r} is not an action of this run: only the seven actions "
                                              f"below are available. {help_text}", block)
        if isinstance(action, Type) and not action.press_enter:
            action = Type(action.target, action.text)
    return ParsedReply(thought, action, error, block)


def _last_marker(text: str) -> tuple[int, int] | None:
    matches = list(_LINE_MARKER.finditer(text))
    if not matches:
        matches = list(_INLINE_MARKER.finditer(text))
    if not matches:
        return None
    last = matches[-1]
    return last.start(), last.end()


def _thought(text: str, action_start: int) -> str:
    head = text[:action_start]
    found = list(_THOUGHT_MARKER.finditer(head))
    if found:
        head = head[found[-1].end():]
    return head.strip().strip("*_").strip()


def _clean_block(block: str) -> str:
    """Strip code fences and inline backticks that models like to wrap actions in."""
    block = block.strip()
    block = re.sub(r"^```[a-zA-Z]*\s*", "", block)
    block = re.sub(r"\s*```\s*$", "", block)
    if block.startswith("`") and block.count("`") >= 2:
        closing = block.rfind("`")
        block = block[1:closing] + block[closing + 1:]
    return block.strip().strip("*_").strip()


def _bracketed_text(rest: str, *, multiline: bool = False) -> tuple[str, str]:
    """The free text of Type/Select/ANSWER and what follows it.

    With a leading `[`, the text runs to the last `]` (so it may contain `]` and newlines); without
    brackets it is the first line (the whole rest for `multiline`, i.e. answers), with one pair of
    surrounding quotes removed.
    """
    rest = rest.strip()
    if rest.startswith("["):
        closing = rest.rfind("]")
        if closing > 0:
            return rest[1:closing].strip(), rest[closing + 1:].strip()
        return rest[1:].strip(), ""
    if not multiline and rest:
        rest = rest.splitlines()[0].strip()
    if len(rest) >= 2 and rest[0] == rest[-1] and rest[0] in "\"'":
        rest = rest[1:-1]
    return rest.strip(), ""


def _needs(kind: str, example: str, got: str) -> str:
    return f"Could not read the action {got!r}: {kind} must be written like '{example}'. {FORMATS_HELP}"


def _click(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"click\s*" + _LABEL + r"(?=\W|$)", block, re.IGNORECASE)
    if not m:
        return None, _needs("Click", "Click [5]", block) + " Use the number shown on the element's label."
    return Click(int(m.group(1))), None


def _hover(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"hover\s*" + _LABEL + r"(?=\W|$)", block, re.IGNORECASE)
    if not m:
        return None, _needs("Hover", "Hover [5]", block)
    return Hover(int(m.group(1))), None


def _type(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"type\s*" + _LABEL + _SEP, block, re.IGNORECASE)
    if not m:
        return None, _needs("Type", "Type [5]; [text to type]", block)
    text, after = _bracketed_text(block[m.end():])
    if not text:
        return None, _needs("Type", "Type [5]; [text to type]", block) + " The text to type is missing."
    press_enter = "no enter" not in after.lower()
    return Type(int(m.group(1)), text, press_enter=press_enter), None


def _select(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"select\s*" + _LABEL + _SEP, block, re.IGNORECASE)
    if not m:
        return None, _needs("Select", "Select [5]; [option text]", block)
    option, _ = _bracketed_text(block[m.end():])
    if not option:
        return None, _needs("Select", "Select [5]; [option text]", block) + " The option is missing."
    return Select(int(m.group(1)), option), None


def _scroll(block: str) -> tuple[Action | None, str | None]:
    m = re.match(
        r"scroll\s*(?:\[?\s*(window|\d+)\s*\]?)?" + _SEP + r"\[?\s*(up|down)\s*\]?(?=\W|$)",
        block,
        re.IGNORECASE,
    )
    if not m:
        return None, _needs("Scroll", "Scroll [WINDOW]; [down]' or 'Scroll [5]; [up]", block)
    where = m.group(1)
    target = int(where) if where and where.isdigit() else None
    return Scroll(target, m.group(2).lower()), None  # type: ignore[arg-type]


def _answer(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"answer" + _SEP, block, re.IGNORECASE)
    assert m is not None  # the dispatcher only sends blocks starting with "answer"
    text, _ = _bracketed_text(block[m.end():], multiline=True)
    if not text:
        return None, _needs("ANSWER", "ANSWER; [your answer]", block) + " The answer text is missing."
    return Answer(text), None


def _press(block: str) -> tuple[Action | None, str | None]:
    m = re.match(r"press\s*_?\s*(?:key)?" + _SEP, block, re.IGNORECASE)
    assert m is not None
    key, _ = _bracketed_text(block[m.end():])
    if not key:
        return None, _needs("PressKey", "PressKey [Enter]", block) + " The key name is missing."
    return PressKey(key), None


def _bare(action: Action) -> Callable[[str], tuple[Action | None, str | None]]:
    return lambda block: (action, None)


# Keyword (matched at the start of the block, longest first) → reader for the rest.
_READERS: tuple[tuple[str, Callable[[str], tuple[Action | None, str | None]]], ...] = (
    (r"answer\b", _answer),
    (r"click\b", _click),
    (r"type\b", _type),
    (r"scroll\b", _scroll),
    (r"select\b", _select),
    (r"hover\b", _hover),
    (r"press\s*_?\s*key\b|press\b", _press),
    (r"go\s*_?\s*back\b", _bare(GoBack())),
    (r"google\b|search\s*$", _bare(Search())),
    (r"wait\b", _bare(Wait())),
)


def _parse_action(block: str) -> tuple[Action | None, str | None]:
    for keyword, reader in _READERS:
        if re.match(keyword, block, re.IGNORECASE):
            return reader(block)
    first = block.splitlines()[0][:80]
    return None, f"Unknown action {first!r}. {FORMATS_HELP}"
