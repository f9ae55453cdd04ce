"""Reads a model reply in the WebVoyager grammar ("Thought: ... Action: ...") into an Action.

Robustness rules (the public code's quirks we fix, SPEC §1):
* the LAST line that starts with `Action:` wins (case-insensitive, markdown decoration tolerated);
* the action keyword must open the action block, so an answer that mentions "Click 3" stays an answer;
* brackets are optional; the text of Type/Select/ANSWER runs to the LAST closing bracket, so it may
  itself contain `]` and span several lines;
* labels are not checked against the page here; an unknown label is the browser's error to report.

The actions, their keywords and how their arguments are read are declared in browser/action_set.py;
this module finds the action block and reports what is wrong with it.

The parser never raises: a reply without a valid action gives `ParsedReply(action=None, error=...)`
whose error tells the model exactly what was wrong and shows the expected formats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.browser.action_set import DECLARED, DEFAULT, PAPER, spec_of
from webvoyager.browser.action_spec import Action, ActionSpec, ReadError
from webvoyager.browser.types import Type

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def formats_help(actions: tuple[ActionSpec, ...] = DEFAULT) -> str:
    """The list of valid action formats (of the default protocol, unless `actions` says otherwise), as
    told to the model after an unusable reply."""
    return "Valid actions: " + " | ".join(s.grammar.format for s in actions) + " (N is the number of a labelled element)."


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


def parse_reply(text: str, *, original_only: bool = False) -> ParsedReply:
    """Parse one model reply; never raises (see module docstring). With `original_only` (the paper
    protocol) only the paper's seven actions are accepted, and Type always presses Enter, as there."""
    if not isinstance(text, str):  # defensive: a provider may hand back None on an empty reply
        text = "" if text is None else str(text)
    allowed = PAPER if original_only else DEFAULT
    help_text = formats_help(allowed)
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
    action, error = _parse_action(block, help_text)
    if action is not None and spec_of(action) not in allowed:
        first = block.splitlines()[0][:80]
        count = _COUNTS[len(allowed)] if len(allowed) < len(_COUNTS) else str(len(allowed))
        return ParsedReply(thought, None, f"{first!r} is not an action of this run: only the {count} actions "
                                          f"below are available. {help_text}", block)
    if original_only and isinstance(action, Type) and not action.press_enter:
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


def _parse_action(block: str, help_text: str) -> tuple[Action | None, str | None]:
    """The action the block names (any declared action: the caller checks it is allowed in this run)."""
    for spec in DECLARED:
        if re.match(spec.grammar.keyword, block, re.IGNORECASE):
            read = spec.grammar.read(spec.cls, block)
            if not isinstance(read, ReadError):
                return read, None
            return None, (f"Could not read the action {block!r}: {spec.grammar.name} must be written like "
                          f"'{read.example}'. {help_text}" + (f" {read.extra}" if read.extra else ""))
    first = block.splitlines()[0][:80]
    return None, f"Unknown action {first!r}. {help_text}"
