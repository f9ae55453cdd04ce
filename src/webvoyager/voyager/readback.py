"""Reading back what `voyager.messages` wrote: the task of the first turn and each observation turn.

This is the WebVoyager conversation's contract for code that answers it without a browser (the
`reference` and `gullible` stand-ins): `read_task` and `read_observation` give back, typed, what the
builder was given, so no other module matches its wording. `tests/agent/test_readback.py` holds it to
that by round trip: an Observation built into a turn and read back gives its fields again, in both
protocols' layouts (page content delimited or not) and in text-only mode.

Limits, all of the builder's layout: a note is a `- ` line and the lines after it up to the next one,
so a note whose own text has a line starting with `- ` reads as two; the last whole line that is a
listing heading starts the listing. A conversation not built by `voyager.messages` reads as far as it
goes: no heading gives index 0 and no title or address, no listing heading makes the whole text the
listing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from webvoyager.agent.feedback import StepFeedback, read_feedback
from webvoyager.agent.page_content import PAGE_CLOSE, PAGE_OPEN
from webvoyager.models.base import ImagePart, Message
from webvoyager.text import bullets, format_pattern
from webvoyager.voyager.messages import (CLIPPED_REMARK, CLOSE_SCREENSHOT, CLOSE_TEXT_ONLY, ELEMENTS_HEADING,
                                         EMPTY_OUTLINE, FAILED_ACTION, HEADING, NO_ELEMENTS, NOTES_HEADING,
                                         OUTLINE_HEADING, PAGE_NOTES, TASK_INTRO, UNUSABLE_REPLY,
                                         parse_heading)

_INTRO = format_pattern(TASK_INTRO)
_HEADING = format_pattern(HEADING)


@dataclass(frozen=True)
class ShownTask:
    """The task as the first user turn states it (the question on one line)."""

    question: str
    start_url: str


@dataclass(frozen=True)
class ShownObservation:
    """One observation turn as the model read it. Page-derived text is as shown (defused when the
    layout delimits page content); `listing` is None for an observation clipped to save context."""

    index: int
    url: str | None
    title: str | None
    listing: str | None                 # the element list, or the text-only outline (`outline`)
    outline: bool
    notes: tuple[str, ...]              # what the page did: PDF text, dialogs, blocked navigations, ...
    feedback: StepFeedback              # the loop's feedback on the previous step
    image: bytes | None                 # the marked screenshot sent with it
    clipped: bool
    text: str                           # the turn's whole text (without the task intro)


def read_task(first_user_text: str) -> ShownTask | None:
    """The task stated by the first user turn, or None when it does not open with the task intro."""
    found = _INTRO.fullmatch(first_user_text.split("\n", 1)[0])
    return ShownTask(found.group("question"), found.group("start_url")) if found else None


def _block(lines: list[str], heading: str, end: int) -> list[str]:
    """The notes under `heading` (a whole line before `end`), else none."""
    start = next((i for i, line in enumerate(lines[:end]) if line == heading), None)
    return [] if start is None else bullets(lines[start + 1:end])


def _feedback(notes: Sequence[str], *, mixed: bool) -> tuple[StepFeedback, list[str]]:
    return read_feedback(notes, failed_action=FAILED_ACTION, unusable_reply=UNUSABLE_REPLY, mixed=mixed)


def read_observation(message: Message) -> ShownObservation:
    """What an observation turn built by `voyager.messages` shows (see the module docstring)."""
    text = message.text_content
    if read_task(text) is not None:
        text = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    lines = text.split("\n")
    heading = parse_heading(text)
    clipped = lines[0].endswith(CLIPPED_REMARK)
    found = _HEADING.fullmatch(lines[0])
    index = int(found.group("index")) if found and found.group("index").isdigit() else 0
    delimited = PAGE_OPEN in lines
    at = next((i for i in range(len(lines) - 1, -1, -1) if lines[i] in (ELEMENTS_HEADING, OUTLINE_HEADING)), None)
    listing: str | None = None
    end = len(lines)
    if at is not None:
        body = lines[at + 1:]
        if body and body[-1] in (CLOSE_SCREENSHOT, CLOSE_TEXT_ONLY):
            body = body[:-1]
        if delimited and body and body[-1] == PAGE_CLOSE:
            body = body[:-1]
        listing = "\n".join(body)
        listing = "" if listing in (EMPTY_OUTLINE, NO_ELEMENTS) else listing
        end = at
    elif not clipped:
        listing = text
    if delimited:
        opened = lines.index(PAGE_OPEN)
        feedback, _ = _feedback(_block(lines, NOTES_HEADING, opened), mixed=False)
        closed = end if at is not None else next((i for i in range(len(lines) - 1, opened, -1)
                                                  if lines[i] == PAGE_CLOSE), end)
        notes = _block(lines, PAGE_NOTES, closed)
    else:
        feedback, notes = _feedback(_block(lines, NOTES_HEADING, end), mixed=True)
    images = [p.data for p in message.parts if isinstance(p, ImagePart)]
    return ShownObservation(index=index, url=heading[1] if heading else None, title=heading[0] if heading else None,
                            listing=listing, outline=at is not None and lines[at] == OUTLINE_HEADING,
                            notes=tuple(notes), feedback=feedback, image=images[-1] if images else None,
                            clipped=clipped, text=text)


