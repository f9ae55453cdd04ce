"""Builds the WebVoyager conversation sent to the model, and its log in the original file layout.

Layout (as in the paper): the system prompt; the first user turn holds the task, the start URL and the
first observation; then assistant replies (Thought/Action) alternate with observations. Only the newest
`context_images` observations keep their screenshot and element text; older ones shrink to a one-line
placeholder (their notes are kept, shortened). All assistant replies are kept in full.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Union

from webvoyager.agent.page_content import PAGE_CLOSE, PAGE_OPEN, defused
from webvoyager.browser.types import Answer, Observation, action_text
from webvoyager.models.base import ImagePart, Message, Part, TextPart
from webvoyager.voyager.parser import parse_reply

CLIPPED_NOTE_CHARS = 200  # an old PDF excerpt must not keep eating the context

# How the loop's typed feedback about the previous step is worded for the model (`voyager.readback`
# reads it back with these same templates, so the wording lives in one place).
FAILED_ACTION = "Your last action '{action}' failed: {error}"
UNUSABLE_REPLY = "Your previous reply could not be used: {error}"
NOTES_HEADING = "Notes since your last action:"


def loop_feedback(obs: Observation) -> tuple[str, ...]:
    """The loop's own feedback on the previous step (a failed action, an unusable reply, a warning)."""
    lines = []
    if obs.reply_error:
        lines.append(UNUSABLE_REPLY.format(error=obs.reply_error))
    if obs.last_action_error:
        lines.append(FAILED_ACTION.format(action=obs.last_action or "", error=obs.last_action_error))
    if obs.loop_warning:
        lines.append(obs.loop_warning)
    return tuple(lines)


def feedback_notes(obs: Observation) -> tuple[str, ...]:
    """The notes shown with an observation: the loop's feedback on the previous step, then page events."""
    return (*loop_feedback(obs), *obs.notes)





@dataclass(frozen=True)
class ObservationRecord:
    """The parts of an Observation the conversation needs (step index is 1-based)."""

    index: int
    url: str
    title: str
    text: str
    notes: tuple[str, ...] = ()
    image: bytes | None = None  # marked screenshot; None in text-only mode
    feedback: tuple[str, ...] = ()   # the loop's own notes, when page content is delimited
    delimit: bool = False            # page content goes between PAGE_OPEN and PAGE_CLOSE

    @classmethod
    def from_observation(cls, index: int, obs: Observation, *, text_only: bool,
                         delimit: bool = False) -> ObservationRecord:
        image = None if text_only else (obs.marked_screenshot or obs.screenshot or None)
        if not delimit:
            return cls(index=index, url=obs.url, title=obs.title, text=obs.text, notes=feedback_notes(obs),
                       image=image)
        return cls(index=index, url=obs.url, title=defused(obs.title), text=defused(obs.text),
                   notes=tuple(defused(n) for n in obs.notes), image=image, feedback=loop_feedback(obs),
                   delimit=True)


@dataclass
class Turn:
    """One observation and the model's reply to it (None while the reply is pending)."""

    observation: ObservationRecord
    reply: str | None = None


@dataclass(frozen=True)
class _ImageRef:
    record: ObservationRecord


_Piece = Union[str, _ImageRef]


@dataclass
class _Layout:
    turns: list[tuple[str, list[_Piece]]] = field(default_factory=list)


HEADING = "Observation {index}: {title}{url}"
TITLE_END = " — "
PAGE_TITLE = "Page title: "


def _heading(rec: ObservationRecord) -> str:
    title = f"{rec.title}{TITLE_END}" if rec.title and not rec.delimit else ""
    return HEADING.format(index=rec.index, title=title, url=rec.url)


def parse_heading(text: str) -> tuple[str, str] | None:
    """(title, url) from the heading line of an observation this module wrote (and its page-title line
    when page content is delimited), or None."""
    prefix = HEADING.split("{index}")[0]
    lines = text.splitlines()
    for line in lines:
        if line.startswith(prefix) and ": " in line:
            rest = line.split(": ", 1)[1]
            rest = rest.split(" (", 1)[0] if rest.endswith(")") else rest  # a clipped observation's remark
            title, sep, url = rest.rpartition(TITLE_END)
            titled = next((t[len(PAGE_TITLE):] for t in lines if t.startswith(PAGE_TITLE)), None)
            return (titled if titled is not None else (title if sep else ""), url.strip())
    return None


PAGE_NOTES = "What the page did since your last action:"
# The headings that open the observation's last part: the element list, or the text-only outline.
ELEMENTS_HEADING = "Labelled elements in the screenshot:"
OUTLINE_HEADING = "Page outline (interactive nodes carry a label in square brackets):"


def _notes_text(notes: tuple[str, ...], *, clip: bool, heading: str = NOTES_HEADING) -> str:
    if not notes:
        return ""
    lines = []
    for note in notes:
        if clip and len(note) > CLIPPED_NOTE_CHARS:
            note = note[:CLIPPED_NOTE_CHARS] + "…"
        lines.append(f"- {note}")
    return heading + "\n" + "\n".join(lines)


def _page_block(rec: ObservationRecord, body: list[str], *, clip: bool) -> list[str]:
    """The observation's page-derived parts, between the page-content delimiters when asked for."""
    if not rec.delimit:
        return [_notes_text(rec.notes, clip=clip), *body]
    inner = [f"{PAGE_TITLE}{rec.title}" if rec.title else "", _notes_text(rec.notes, clip=clip, heading=PAGE_NOTES),
             *body]
    return [_notes_text(rec.feedback, clip=clip), PAGE_OPEN, *(p for p in inner if p), PAGE_CLOSE]


# What the full observation shows when the page has nothing labelled, and its closing line.
EMPTY_OUTLINE, NO_ELEMENTS = "(empty)", "(no labelled elements)"
CLOSE_TEXT_ONLY = "Reply with a Thought and one Action."
CLOSE_SCREENSHOT = "Look at the screenshot first and use the list to confirm labels. " + CLOSE_TEXT_ONLY
CLIPPED_REMARK = " (screenshot and element list left out to save context)"


def _full_observation(rec: ObservationRecord, *, text_only: bool) -> list[_Piece]:
    if text_only:
        body = [OUTLINE_HEADING + "\n" + (rec.text or EMPTY_OUTLINE)]
        close = CLOSE_TEXT_ONLY
    else:
        body = [ELEMENTS_HEADING + "\n" + (rec.text or NO_ELEMENTS)]
        close = CLOSE_SCREENSHOT
    parts = [_heading(rec), *_page_block(rec, body, clip=False), close]
    pieces: list[_Piece] = ["\n".join(p for p in parts if p)]
    if rec.image is not None and not text_only:
        pieces.append(_ImageRef(rec))
    return pieces


def _clipped_observation(rec: ObservationRecord) -> list[_Piece]:
    parts = [_heading(rec) + CLIPPED_REMARK, *_page_block(rec, [], clip=True)]
    if rec.delimit and not rec.notes and not rec.title:
        parts = [p for p in parts if p not in (PAGE_OPEN, PAGE_CLOSE)]
    return ["\n".join(p for p in parts if p)]


TASK_INTRO = "Now given a task: {question}  Please interact with {start_url} and get the answer."


def task_intro(question: str, start_url: str) -> str:
    """The opening of the first user turn, in the paper's phrasing, which the original auto-evaluator
    looks for (`Now given a task:(.+?)Please interact with`, on one line)."""
    return TASK_INTRO.format(question=" ".join(question.split()), start_url=start_url)


def _layout(system_prompt: str, question: str, start_url: str, turns: list[Turn], *,
            context_images: int, text_only: bool) -> _Layout:
    layout = _Layout()
    layout.turns.append(("system", [system_prompt]))
    keep_from = max(0, len(turns) - max(1, context_images))
    for i, turn in enumerate(turns):
        rec = turn.observation
        pieces = _full_observation(rec, text_only=text_only) if i >= keep_from else _clipped_observation(rec)
        if i == 0:
            first = pieces[0]
            assert isinstance(first, str)
            pieces = [task_intro(question, start_url) + "\n\n" + first, *pieces[1:]]
        layout.turns.append(("user", pieces))
        if turn.reply is not None:
            layout.turns.append(("assistant", [turn.reply]))
    return layout


def stable_end(turns: int, context_images: int) -> int | None:
    """The index (in `build_messages`' list: the system prompt, then a user message and its reply per turn)
    of the last message that the call after this one, with `turns` + 1 turns, sends again unchanged; None
    when that is the system prompt alone.

    While no observation is clipped yet, the next call repeats this whole request. Afterwards each call
    clips one more observation (its screenshot and element list leave), so what repeats ends with the
    reply to the newest observation that is already clipped; the newest `context_images` observations,
    screenshots included, are sent again uncached at every step (the price of keeping them)."""
    keep = max(1, context_images)
    if turns < keep:
        return 2 * turns - 1          # the newest user message
    if turns > keep:
        return 2 * (turns - keep)     # the reply to turn turns - keep - 1, the newest clipped one
    return None


def build_messages(system_prompt: str, question: str, start_url: str, turns: list[Turn], *,
                   context_images: int = 3, text_only: bool = False) -> list[Message]:
    """The provider-neutral messages for the next model call. Two of them are marked `cache_point`: the
    end of what the previous call marked (still unchanged here, so this call reads it from the cache) and
    the end of what the next call repeats (`stable_end`), so that a provider with explicit prompt caching
    writes it now."""
    layout = _layout(system_prompt, question, start_url, turns, context_images=context_images, text_only=text_only)
    points = {stable_end(len(turns), context_images), stable_end(len(turns) - 1, context_images) if len(turns) > 1
              else None}
    messages = []
    for index, (role, pieces) in enumerate(layout.turns):
        parts: list[Part] = [TextPart(p) if isinstance(p, str) else ImagePart(p.record.image or b"") for p in pieces]
        messages.append(Message(role=role, parts=tuple(parts), cache_point=index in points))  # type: ignore[arg-type]
    return messages


def build_log(system_prompt: str, question: str, start_url: str, turns: list[Turn], *,
              context_images: int = 3, text_only: bool = False) -> list[dict[str, Any]]:
    """The same conversation in the original `interact_messages.json` layout.

    A list of {role, content}: the system prompt; then user turns, whose content is OpenAI-style parts
    (text, then the screenshot) when they carry a screenshot and a plain string otherwise (clipped and
    text-only observations), alternating with the assistant replies as strings. Images are a reference
    to the step's screenshot file instead of base64 data. The final reply is written so that the
    original evaluator reads the same answer as we did (see `final_reply`).
    """
    layout = _layout(system_prompt, question, start_url, turns, context_images=context_images, text_only=text_only)
    out: list[dict[str, Any]] = []
    for role, pieces in layout.turns:
        texts = [p for p in pieces if isinstance(p, str)]
        if role != "user" or len(texts) == len(pieces):
            out.append({"role": role, "content": "\n".join(texts)})
            continue
        content: list[dict[str, Any]] = []
        for p in pieces:
            if isinstance(p, str):
                content.append({"type": "text", "text": p})
            else:
                content.append({"type": "image_url", "image_url": {"url": f"screenshot{p.record.index}.png"}})
        out.append({"role": role, "content": content})
    if out and out[-1]["role"] == "assistant":
        out[-1]["content"] = final_reply(out[-1]["content"])
    return out


ORIGINAL_ANSWER_MARK = "Action: ANSWER"
_ORIGINAL_ANSWER = re.compile(r"ANSWER[; ]+\[?(.[^\]]*)\]?")


def final_reply(reply: str) -> str:
    """The last reply as the original evaluator must read it: it takes a run as answered when the text
    holds `Action: ANSWER`, and the answer from the first `ANSWER; [...]` anywhere in it. The raw reply
    is kept when it reads right; otherwise (markdown around `Action:`, a lower-case `answer`, the word
    ANSWER in the thought, an answer that is not valid) the canonical `Thought: ...` / `Action: ...`
    form is written, with ANSWER in the thought lower-cased."""
    parsed = parse_reply(reply)
    answer = parsed.action.text if isinstance(parsed.action, Answer) else None
    found = _ORIGINAL_ANSWER.search(reply) if ORIGINAL_ANSWER_MARK in reply else None
    read = found.group(1).strip() if found else None
    if read == answer and (answer is not None or ORIGINAL_ANSWER_MARK not in reply):
        return reply
    thought = parsed.thought.replace("ANSWER", "answer")
    action = action_text(parsed.action) if parsed.action is not None else "(none)"
    return f"Thought: {thought}\nAction: {action}"
