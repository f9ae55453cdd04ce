"""Building SeeAct's two-turn conversation: stage 1 (generation) and stage 2 (grounding) messages.

Shared by the online policy and the offline Mind2Web evaluator so both send the same prompts.
"""

from __future__ import annotations

from typing import Sequence

from webvoyager.agent.page_content import PAGE_CLOSE, PAGE_OPEN, defused
from webvoyager.browser.prompt_limits import cap_url
from webvoyager.browser.types import Observation
from webvoyager.models.base import ImagePart, Message, TextPart
from webvoyager.seeact import prompts
from webvoyager.prompts import load_prompt
from webvoyager.seeact.choices import ChoiceBatch
from webvoyager.seeact.memory import NOTES_HEADING as MEMORY_HEADING

# Phrases that identify each kind of message (each is in its prompt file; a test checks it).
# `seeact.readback` recognises the stage by them, for offline stand-ins that answer SeeAct conversations.
GENERATION_MARK = "Work through these points before you decide"
CHOICE_MARK = "Then answer a multiple-choice question."
SOM_MARK = "with candidate elements outlined"
ATTRIBUTES_MARK = "ELEMENT TYPE:"
PICK_MARK = "Several elements on the page fit your description."
POINT_MARK = "POINT: ("
PREVIOUS_ACTIONS_HEADING = "Previous actions:"
NOTES_HEADING = "What happened after the last action:"
FAILED_ACTION = "The last action failed: {error}"
UNUSABLE_REPLY = "Your previous answer could not be used: {error}"
BATCH_MARK = "(Question {number} of {count}:"
PAGE_NOTES_HEADING = "What the page did:"
CURRENT_PAGE = "Current page: "
PAGE_TITLE = "Page title: "


def feedback_notes(obs: Observation) -> list[str]:
    """The loop's feedback on the previous step, in SeeAct's words."""
    lines = []
    if obs.reply_error:
        lines.append(UNUSABLE_REPLY.format(error=obs.reply_error))
    if obs.last_action_error:
        lines.append(FAILED_ACTION.format(error=obs.last_action_error))
    if obs.loop_warning:
        lines.append(obs.loop_warning)
    return lines


def page_block(text: str) -> str:
    """Page-derived text between the page-content delimiters (the system prompt says it is data only)."""
    return f"{PAGE_OPEN}\n{defused(text)}\n{PAGE_CLOSE}" if text.strip() else ""


def system_message(*, online: bool, paper: bool = False) -> Message:
    """The system prompt naming the operations available; online, it also says page content is data.
    `paper`: the operations of SeeAct's own tool only (see `prompts.NOT_IN_PAPER`), here and below."""
    text = prompts.render("system", short_operations=prompts.short_operations(online, paper=paper))
    if online:
        text += "\n\n" + load_prompt("webvoyager.seeact", "untrusted.txt").text
    return Message.text("system", text)


def history_text(previous_actions: Sequence[str]) -> str:
    """The previous-action lines, or "None" at the first step."""
    return "\n".join(previous_actions) if previous_actions else "None"


def notes_text(notes: Sequence[str], page_notes: Sequence[str] = ()) -> str:
    """What happened since the last step: the loop's notes (an error, a rejection), then what the page
    did (a dialog, a file's text) between the page-content delimiters."""
    if not notes and not page_notes:
        return ""
    text = f"\n{NOTES_HEADING}\n" + "\n".join(f"- {n}" for n in notes) if notes else ""
    page = page_block(PAGE_NOTES_HEADING + "\n" + "\n".join(f"- {n}" for n in page_notes)) if page_notes else ""
    return "\n".join(p for p in (text, page) if p) + "\n"


def context_text(title: str, url: str, memory: Sequence[str]) -> str:
    """What the default protocol's generation prompt opens with: where the browser is (the address, and
    the page's title between the page-content delimiters, both capped as every prompt caps them:
    browser.prompt_limits; the session caps the title), then the notes carried from
    earlier steps (`memory`: `Notebook.shown()` lines), when there are any."""
    # The title comes capped from the browser (Observation.title: browser.prompt_limits.cap_title).
    title = page_block(PAGE_TITLE + " ".join(title.split())) if title.strip() else ""
    where = "\n".join(p for p in (CURRENT_PAGE + cap_url(" ".join(url.split())), title) if p)
    notes = "\n".join(line if line.startswith("(") else f"- {line}" for line in memory)
    return where + "\n\n" + (f"{MEMORY_HEADING}\n{notes}\n\n" if notes else "")


def _note_rule() -> str:
    """Point 5 of the default generation prompt: how to write a note (the heading named without its colon)."""
    return "\n" + prompts.render("generation_notes", notes_heading=MEMORY_HEADING.rstrip(":"))


def generation_message(task: str, previous_actions: Sequence[str], screenshot: bytes, *, online: bool,
                       media_type: str = "image/png", notes: Sequence[str] = (),
                       page_notes: Sequence[str] = (), paper: bool = False, title: str = "", url: str = "",
                       memory: Sequence[str] = ()) -> Message:
    """Stage 1: task, previous actions and the screenshot; the model describes the next action.

    Online under the default protocol the prompt also shows the page's address and title and the
    notes the model took at earlier steps (`memory`), and asks for NOTE lines; the paper's prompt and
    the offline (Mind2Web) one show neither, as the original."""
    remember = online and not paper
    text = prompts.render("generation", task=task, previous_actions=history_text(previous_actions),
                          operations=prompts.operations(online, paper=paper), notes=notes_text(notes, page_notes),
                          context=context_text(title, url, memory) if remember else "",
                          note_rule=_note_rule() if remember else "")
    return Message(role="user", parts=(TextPart(text), ImagePart(data=screenshot, media_type=media_type)))


def batch_note(index: int, count: int) -> str:
    """Where a batch stands among all batches ("Question 2 of 3. ..."); empty for a single batch."""
    if count <= 1:
        return ""
    note = " " + BATCH_MARK.format(number=index + 1, count=count) + (f" the page's elements are split over {count} "
                                                                   "questions, top to bottom.")
    if index > 0:
        note += " Your target was not among the options of the earlier questions."
    return note + ")"


def choice_message(batch: ChoiceBatch[object], *, online: bool, template: str = "choice", count: int = 1,
                   paper: bool = False) -> Message:
    """Stage 2 (textual choices): one batch of lettered options plus the "none" letter."""
    values = {"options": page_block(batch.option_lines()) if online else batch.option_lines(),
              "none_letter": batch.none_letter, "op_names": prompts.op_names(online, paper=paper)}
    if template == "choice":  # the follow-up pick of attributes grounding is a single question
        values["batch_note"] = batch_note(batch.index, count)
    text = prompts.render(template, **values)
    return Message.text("user", text)


def som_message(marked: bytes, none_letter: str, *, online: bool, legend: str = "", paper: bool = False) -> Message:
    """Stage 2 (image annotation): the screenshot with letter labels; the model names a label.

    `legend` (optional) lists what each label marks, as text beside the image."""
    if legend:
        legend = "\nFor reference, the labels mark these elements:\n" + (page_block(legend) if online else legend) + "\n"
    text = prompts.render("som", none_letter=none_letter, op_names=prompts.op_names(online, paper=paper), legend=legend)
    return Message(role="user", parts=(TextPart(text), ImagePart(data=marked)))


def attributes_message(*, online: bool, paper: bool = False) -> Message:
    """Stage 2 (element attributes): the model gives the element's kind and visible text."""
    return Message.text("user", prompts.render("attributes", op_names=prompts.op_names(online, paper=paper)))


def coordinates_message(width: int, height: int, *, online: bool, paper: bool = False) -> Message:
    """Stage 2 (pixel level): the model gives a point on the screenshot."""
    return Message.text("user", prompts.render("coordinates", width=width, height=height,
                                               op_names=prompts.op_names(online, paper=paper)))
