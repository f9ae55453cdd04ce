"""Reading back what `seeact.messages` wrote: the generation prompt (stage 1) and the grounding
questions (stage 2).

This is the SeeAct conversation's contract for code that answers it without a browser (the `reference`
stand-in): `read_generation` gives back the task, the previous-action lines, the loop's feedback, the
page's notes, the page's address and title and the model's notes from earlier steps (default protocol),
and the screenshot; `read_question` which grounding question was asked, its lettered
options and its place among the batches. `tests/seeact/test_readback.py` holds it to that by round trip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from webvoyager.agent.feedback import StepFeedback, read_feedback
from webvoyager.agent.page_content import PAGE_CLOSE, PAGE_OPEN
from webvoyager.models.base import ImagePart, Message
from webvoyager.prompts import load_prompt
from webvoyager.seeact.memory import NOTES_HEADING as MEMORY_HEADING
from webvoyager.seeact.messages import (ATTRIBUTES_MARK, BATCH_MARK, CHOICE_MARK, CURRENT_PAGE, FAILED_ACTION,
                                        NOTES_HEADING, PAGE_NOTES_HEADING, PAGE_TITLE, PICK_MARK, POINT_MARK,
                                        SOM_MARK, UNUSABLE_REPLY)
from webvoyager.text import bullets, format_pattern

QuestionKind = Literal["choice", "som", "attributes", "pick", "coordinates"]
"""The grounding questions: textual choices, image annotation, element attributes, the follow-up pick
among elements fitting the attributes, a point on the screenshot."""

# Each question's own phrase, most specific first (the pick question continues an attributes round).
_KINDS: tuple[tuple[str, QuestionKind], ...] = (
    (POINT_MARK, "coordinates"), (PICK_MARK, "pick"), (ATTRIBUTES_MARK, "attributes"), (CHOICE_MARK, "choice"),
    (SOM_MARK, "som"))
_OPTION = re.compile(r"^([A-Z]{1,3})\.\s(<.*)$")   # "B. <button> "Search"" (the "none" option has no tag)
_BATCH = format_pattern(BATCH_MARK)


@dataclass(frozen=True)
class ShownGeneration:
    """The generation prompt of one step as the model read it (page notes as shown: defused)."""

    task: str
    previous_actions: tuple[str, ...]
    feedback: StepFeedback          # the loop's feedback on the previous step (SeeAct names no action)
    page_notes: tuple[str, ...]     # what the page did: a dialog, a file's text, a scroll at an edge, ...
    image: bytes | None
    title: str | None = None        # the page's title and address as shown (capped); None: not shown (paper)
    url: str | None = None
    notes: tuple[str, ...] = ()     # the model's notes from earlier steps, oldest first (the kept ones)


@dataclass(frozen=True)
class ShownQuestion:
    """One grounding question: its kind, its lettered options (letter, element description) in order,
    and (number, count) when the candidates are split over several questions."""

    kind: QuestionKind
    options: tuple[tuple[str, str], ...]
    batch: tuple[int, int] | None


def _image(message: Message) -> bytes | None:
    images = [p.data for p in message.parts if isinstance(p, ImagePart)]
    return images[-1] if images else None


@dataclass(frozen=True)
class _Context:
    title: str | None = None
    url: str | None = None
    notes: tuple[str, ...] = ()


def _context(text: str) -> _Context:
    """The opening block `messages.context_text` wrote (empty under paper: nothing shown)."""
    lines = text.split("\n")
    if not lines[0].startswith(CURRENT_PAGE):
        return _Context()
    title = ""
    if lines[1:2] == [PAGE_OPEN] and lines[2].startswith(PAGE_TITLE):
        title = lines[2][len(PAGE_TITLE):]
    notes: list[str] = []
    if MEMORY_HEADING in lines:
        for line in lines[lines.index(MEMORY_HEADING) + 1:]:
            if not line.startswith("- "):
                if line.startswith("("):   # the count of notes left out
                    continue
                break
            notes.append(line[2:])
    return _Context(title=title, url=lines[0][len(CURRENT_PAGE):], notes=tuple(notes))


def read_generation(message: Message) -> ShownGeneration | None:
    """The generation prompt's parts, or None when `message` is not one."""
    found = load_prompt("webvoyager.seeact", "generation.txt").pattern().fullmatch(message.text_content)
    if found is None:
        return None
    # The template puts the previous actions and the notes on adjacent lines: the actions end at the
    # blank line that opens the loop's notes, or at the page block.
    lines = (found.group("previous_actions") + "\n" + found.group("notes")).split("\n")
    cut = next((i for i, line in enumerate(lines) if line in ("", PAGE_OPEN)), len(lines))
    previous = tuple(lines[:cut]) if lines[:cut] != ["None"] else ()
    rest = lines[cut:]
    opened = rest.index(PAGE_OPEN) if PAGE_OPEN in rest else len(rest)
    loop = rest[rest.index(NOTES_HEADING) + 1:opened] if NOTES_HEADING in rest[:opened] else []
    while loop and not loop[-1]:   # the line break before the template's next line
        loop.pop()
    page = rest[opened + 1:]
    closed = max((i for i, line in enumerate(page) if line == PAGE_CLOSE), default=len(page))
    page_notes = bullets(page[1:closed]) if page and page[0] == PAGE_NOTES_HEADING else []
    feedback, _ = read_feedback(bullets(loop), failed_action=FAILED_ACTION, unusable_reply=UNUSABLE_REPLY, mixed=False)
    context = _context(found.group("context"))
    return ShownGeneration(task=found.group("task"), previous_actions=previous, feedback=feedback,
                           page_notes=tuple(page_notes), image=_image(message), title=context.title,
                           url=context.url, notes=context.notes)


def read_question(message: Message) -> ShownQuestion | None:
    """The grounding question `message` asks, or None when it asks none of them."""
    text = message.text_content
    kind = next((k for mark, k in _KINDS if mark in text), None)
    if kind is None:
        return None
    options = tuple((m.group(1), m.group(2)) for m in map(_OPTION.match, (l.strip() for l in text.splitlines())) if m)
    batch = _BATCH.search(text)
    return ShownQuestion(kind=kind, options=options,
                         batch=(int(batch.group("number")), int(batch.group("count"))) if batch else None)
