"""How a stand-in model reads its final answer off the observation it was sent, never from a task file.

A reference solution's `AnswerPlan` says where each value is shown (`ReadSpec`); `compose_answer`
reads each one from the `PageView` the conversation carries (the page title and address, the element
list, the screenshot through OCR, or the text-only outline) and fills the plan's sentence. A value that
is not there is a `ModelError`: the stand-in never falls back on what the task file says.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Sequence

from webvoyager.errors import ModelError
from webvoyager.standins.elements import ParsedElement, resolve_target
from webvoyager.standins.ocr import read_screen_words, read_words, reread_after, text_after
from webvoyager.standins.screen_targets import element_texts, headings
from webvoyager.tasks import AnswerPlan, ReadSpec, Task
from webvoyager.tasks.mentions import number_mentions
from webvoyager.text import normalize_text


@dataclass
class PageView:
    """What one observation in a conversation shows (None: the conversation does not carry it)."""

    title: str | None = None
    url: str | None = None
    elements: list[ParsedElement] = field(default_factory=list)
    image: bytes | None = None
    outline: str | None = None
    notes: tuple[str, ...] = ()     # what the page did, as shown beside the screenshot (e.g. a PDF's text)
    # The elements are some of those in view (SeeAct's ranked options), so counting among them may miss
    # some: an element read with a `screen` alternative is read off the screen instead.
    partial_elements: bool = False
    pixels_only: bool = False       # a computer-use model's view: no title, no element list, only the image
    thorough: bool = False          # pixels_only: read the screenshot with the slower, fuller OCR


def _outline_after(outline: str, anchor: str) -> list[str]:
    """In a text-only outline (or a note's text): the text after the label on its line, else the next
    line's text."""
    lines = [line.strip() for line in outline.splitlines() if line.strip()]
    want = normalize_text(anchor)
    out = []
    for i, line in enumerate(lines):
        at = normalize_text(line).find(want)
        if at < 0:
            continue
        rest = line[at + len(want):].strip(" :\"'")
        if not rest and i + 1 < len(lines):
            rest = lines[i + 1]
        if rest:
            out.append(re.sub(r'^\[\d+\]\s+\w+\s+', "", rest).strip("\""))
    return out


def _on_screen(spec: ReadSpec, view: PageView, task: Task) -> list[str]:
    """The candidates of a title or element read, when only the screenshot is shown (`pixels_only`): the
    page's main heading stands for its title (the title is not on the screen), and an element's text is
    read around where its words stand (`screen_targets.element_texts`)."""
    if not view.image:
        raise ModelError(f"{task.id}: the answer is read off the screen, but this turn carries no screenshot")
    words = read_screen_words(view.image, thorough=view.thorough)
    if spec.source == "title":
        shown = headings(words)
        if not shown:
            raise ModelError(f"{task.id}: the answer is read from the page title, which a computer-use model is "
                             "not shown, and no heading could be read on the screenshot in its place")
        return shown
    assert spec.target is not None
    target = spec.target.on_screen()
    texts = element_texts(words, target)
    if texts is None:
        raise ModelError(f"{task.id}: no single {target.describe()} on the screenshot to read the answer "
                         f"from (OCR read: {' '.join(w.text for w in words)[:300]!r})")
    return texts


def title_value_pattern(pattern: str | None) -> str | None:
    """For a title read done on the page's heading: the pattern's first group alone, as the whole text
    (the title's decorations, like the site's name after a bar, are not in the heading)."""
    if pattern is None:
        return None
    start = next((i for i, c in enumerate(pattern) if c == "(" and (i == 0 or pattern[i - 1] != "\\")
                  and not pattern.startswith("(?", i)), None)
    if start is None:
        return pattern
    depth, i = 0, start
    while i < len(pattern):
        if pattern[i] == "\\":
            i += 2
            continue
        depth += {"(": 1, ")": -1}.get(pattern[i], 0)
        if depth == 0:
            return "^" + pattern[start:i + 1] + "$"
        i += 1
    return pattern


def _candidates(spec: ReadSpec, view: PageView, task: Task) -> list[str]:
    if view.pixels_only and spec.source in ("title", "element"):
        return _on_screen(spec, view, task)
    if spec.source == "title":
        if view.title is None:
            raise ModelError(f"{task.id}: the answer is read from the page title, which this conversation does "
                             "not show")
        return [view.title]
    if spec.source == "url":
        if view.url is None:
            raise ModelError(f"{task.id}: the answer is read from the page address, which this conversation "
                             "does not show")
        return [view.url]
    if spec.source == "element":
        assert spec.target is not None
        found = resolve_target(spec.target, view.elements)
        if found.element is None:
            what = "several" if found.ambiguous else "no"
            raise ModelError(f"{task.id}: {what} visible {spec.target.describe()} to read the answer from")
        shown = (found.element.text, found.element.aria_label, found.element.value)
        return [t for t in shown if t]   # the pattern picks; without one the visible text comes first
    assert spec.after is not None
    # A PDF's text is in the notes shown with the observation (downloaded, or opened in the full
    # browser's viewer), so the value is looked for there after the screenshot.
    in_notes = [text for note in view.notes for text in _outline_after(note, spec.after)]
    if view.image:
        words = read_screen_words(view.image, thorough=view.thorough) if view.pixels_only else read_words(view.image)
        return text_after(words, spec.after) + in_notes
    if view.outline:
        return _outline_after(view.outline, spec.after) + in_notes
    if in_notes:
        return in_notes
    raise ModelError(f"{task.id}: the answer is read off the screen, but this conversation has no screenshot "
                     "or page outline")


def _join_split_figures(text: str) -> str:
    return re.sub(r"(?<=[\d$.,]) (?=[\d.,])", "", text)


def _picked(spec: ReadSpec, text: str, on_screen: bool) -> str | None:
    """The value `spec`'s pattern picks out of `text` (the text itself without a pattern); None if none."""
    if spec.pattern is None:
        return text.strip() or None
    match = re.search(spec.pattern, text, flags=re.IGNORECASE)
    if match is None and on_screen:
        # OCR splits large or mixed-size figures ("$22 1 . 99"): try once more with them joined.
        match = re.search(spec.pattern, _join_split_figures(text), flags=re.IGNORECASE)
    return (match.group(1) if match.groups() else match.group(0)).strip() if match else None


def read_value(spec: ReadSpec, view: PageView, task: Task) -> str:
    """One value of the answer, read where `spec` says; ModelError when the page does not show it."""
    # Where the screenshot shows the value (`ReadSpec.screen`): for a computer-use model, which sees only
    # the screenshot; for SeeAct on an element read, whose element list may not hold the element counted
    # (it is shown the title).
    if spec.screen is not None and (view.pixels_only or (view.partial_elements and spec.source == "element")):
        spec = spec.screen
    texts = _candidates(spec, view, task)
    on_screen = bool(view.image) and (spec.source == "screen" or view.pixels_only)
    if view.pixels_only and spec.source == "title":
        spec = spec.model_copy(update={"pattern": title_value_pattern(spec.pattern)})
    for text in texts:
        if (value := _picked(spec, text, on_screen)) is not None:
            return value
    if view.image and spec.source == "screen" and spec.pattern is not None:
        # Not in what the words read say: the lines once more, each read as a whole line (a table row).
        assert spec.after is not None and view.image is not None
        for text in reread_after(view.image, spec.after):
            if (value := _picked(spec, text, on_screen)) is not None:
                return value
    where = f"next to {spec.after!r}" if spec.after else f"in the {spec.source}"
    seen = "; ".join(t[:80] for t in texts[:3]) or "nothing"
    raise ModelError(f"{task.id}: the reference cannot read its answer {where}"
                     f"{f' (pattern {spec.pattern!r})' if spec.pattern else ''}; it saw: {seen}")


def read_notes(specs: dict[str, ReadSpec], view: PageView, task: Task) -> dict[str, str]:
    """The values a step notes off the page it starts on."""
    return {name: read_value(spec, view, task) for name, spec in specs.items()}


NOTED = "Noted: "
"""How a stand-in writes the values it noted into its thought (followed by a JSON object)."""


def _json_values(text: str) -> dict[str, str] | None:
    try:
        found = json.loads(text.strip())
    except json.JSONDecodeError:
        return None
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else None


def noted_in(replies: Sequence[str]) -> dict[str, str]:
    """The values noted in earlier replies (their `Noted: {...}` parts), later ones winning."""
    values: dict[str, str] = {}
    for reply in replies:
        for line in reply.splitlines():
            if NOTED in line:
                values.update(_json_values(line.split(NOTED, 1)[1]) or {})
    return values


def noted_values(notes: Sequence[str]) -> dict[str, str]:
    """The values in notes that are JSON objects (how a stand-in writes a SeeAct NOTE line), later ones
    winning; other notes are skipped."""
    values: dict[str, str] = {}
    for note in notes:
        values.update(_json_values(note) or {})
    return values


def _number(text: str, name: str, task: Task) -> float:
    found = number_mentions(text)
    if not found:
        raise ModelError(f"{task.id}: the value {name}={text!r} holds no number to compare")
    return found[0].value


def compose_answer(task: Task, view: PageView, noted: dict[str, str] | None = None) -> str:
    """The reference's final answer for `task`: values read off `view` and noted on earlier pages, chosen
    among where the plan picks (a fixed sentence only for tasks judged on the page state alone)."""
    if task.reference is None:
        raise ModelError(f"task {task.id} has no reference solution")
    plan = task.reference.answer
    if not isinstance(plan, AnswerPlan):
        if task.checks is not None and task.checks.answer:
            raise ModelError(f"task {task.id}: its answer is checked, so the reference must read it off the page; "
                             "give the reference solution an answer plan ({\"say\": ..., \"read\": {...}}) "
                             "instead of a fixed sentence")
        return plan
    values = dict(noted or {})
    missing = {name for step in task.reference.steps for name in step.note} - set(values)
    if missing:
        raise ModelError(f"{task.id}: the reference did not note {', '.join(sorted(missing))} on the way; its "
                         "earlier replies are missing from the conversation")
    values.update(read_notes(plan.read, view, task))
    for name, pick in plan.pick.items():
        numbers = {label: _number(values[number], number, task) for label, number in pick.options.items()}
        best = (max if pick.max is not None else min)(numbers, key=numbers.__getitem__)
        values[name], values[f"{name}_value"] = values[best], values[pick.options[best]]
    return plan.say.format(**values)
