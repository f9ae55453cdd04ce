"""The `reference` model under `--policy cua`: sandbox tasks solved by screen points found in pixels.

A computer-use model is sent a system prompt, a plain screenshot after each call, and what went wrong
(`CallResult`). This stand-in reads exactly that, and nothing else: the task is found from the system
prompt's text (`plan.find_task`, as the WebVoyager reference finds it from the first user message), and
each reference step's target is looked for among the word boxes read on the screenshot it was sent
(`ocr.read_screen_words`: a text detector finds the lines, Tesseract reads each; `screen_targets.locate`);
the point it answers is the middle of those words, in the screenshot's pixels, which the `ScreenSpace`
maps to the viewport. The DOM, the element list and the page title are
never read. What cannot be seen in pixels is said in `screen_targets`: tag, role and type are ignored,
an aria-label that is not written on the page is not found.

The moves: click -> ClickAt; hover -> MoveTo; type -> ClickAt on the field's label, Control+a, TypeText
(with Enter when the step says so); a field found by its placeholder shows nothing typed, so ClickAt and
TypeText; one found by the text typed into it before, a triple ClickAt there (selecting it) and
TypeText; select -> ClickAt on the list's label or shown text, F4 (its popup opens), TypeText of the
option and Enter (the option is chosen once); scroll -> ScrollAt at the window's middle or at the
panel's words; back -> GoBack; wait -> WaitFor; press -> KeyChord. A target not on the screenshot is looked for by scrolling the window down, at most
`plan.MAX_FIND_SCROLLS` times and not past the bottom (when the screenshot's words stop changing), then
back up to the top; of several equal places the first from the top is taken. Text this stand-in typed is
not a target, and a field it found by its placeholder is found again by what was typed into it.
The answer is `reading.compose_answer` over a `PageView` of the screenshot, the URL and the notes
(`pixels_only`: an element's text is read around its words, the title replaced by the page's heading).

One adapter serves one task run (`api.policies.make_policy` builds one per task), so the position is
kept here. When the page does not show what the reference expects, or a call failed, it raises
`ModelError` naming the task, the step and what OCR read (the task ends with status `error`).
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace
from typing import Any, Callable, TypeVar

from webvoyager.browser.action_set import ClickAt, GoBack, KeyChord, MoveTo, ScrollAt, TypeText, WaitFor
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.keys import split_chord
from webvoyager.browser.screen_space import ScreenSpace
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.errors import ModelError
from webvoyager.standins.latency import answer_after
from webvoyager.standins.ocr import Word, read_screen_words
from webvoyager.standins.plan import MAX_FIND_SCROLLS, find_task, solution_steps
from webvoyager.standins.reading import PageView, compose_answer, read_notes
from webvoyager.standins.reference import ReferenceModel
from webvoyager.standins.screen_targets import ScreenTarget, letters, locate, names_text
from webvoyager.tasks import ElementRef, ReferenceStep, Task
from webvoyager.usage import Usage

TOOL = "reference-pixels"
SCROLL_SHARE = 2 / 3
"""How much of the screen's height one scroll turns (the labelled Scroll's amount)."""
PANEL_SCROLL_PX = 300
WAIT_S = 2.0


def _seen(words: tuple[Word, ...], limit: int = 300) -> str:
    text = " ".join(w.text for w in words)
    return text[:limit] + (" …" if len(text) > limit else "")


class PixelReference:
    """A computer-use adapter (`cua.policy.Adapter`) that plays the reference solutions by pixels."""

    name = "reference"

    def __init__(self, model: ReferenceModel, viewport: tuple[int, int],
                 image: tuple[int, int] | None = None) -> None:
        self.model = model
        self.screen = ScreenSpace(viewport, image or viewport)
        self._task: Task | None = None
        self._steps: tuple[ReferenceStep, ...] = ()
        self._at, self._scrolls, self._calls = 0, 0, 0
        self._upward = False
        self._typed: list[tuple[str, ScreenTarget, str | None]] = []   # text, field, its placeholder
        self._noted: dict[str, str] = {}
        self._last_shot: bytes | None = None
        self._log: list[dict[str, Any]] = []

    def start(self, task: Task, system: str) -> None:
        """Find the task from the system prompt's text alone (the Task object is not read)."""
        self._task = find_task(system, self.model.tasks)
        # Targets as the screen shows them (`ElementRef.on_screen`): the stand-in looks for words shown.
        self._steps = tuple(s.model_copy(update={"target": s.target.on_screen()}) if s.target is not None else s
                            for s in solution_steps(self._task))
        self._at, self._scrolls, self._calls, self._noted, self._last_shot = 0, 0, 0, {}, None
        self._upward, self._typed = False, []
        self._log = [{"role": "system", "content": system}]

    # -- one turn ----------------------------------------------------------------------------------
    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Check the last turn's calls, then do the next reference step on `screenshot`."""
        return await answer_after(self.model.latency_s, self._turn(results, screenshot))

    async def _turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        task = self._need_task()
        for result in results:
            if result.error:
                raise ModelError(f"{task.id} reference step {self._at}/{len(self._steps)}: the call did not work: "
                                 f"{result.error}")
        words = await asyncio.to_thread(read_screen_words, screenshot)
        last = results[-1] if results else None
        view = PageView(url=last.url if last else None, image=screenshot,
                        notes=(last.text,) if last and last.text else (), pixels_only=True)
        self._log.append({"role": "user", "content": [*(r.error or r.text for r in results),
                                                      {"type": "image", "note": "screenshot (saved with the step)"}]})
        step = self._steps[self._at]
        if step.do == "answer":
            answer = await _read_twice(lambda v: compose_answer(task, v, self._noted), view)
            return self._reply(f"{self._marker()}: the task is done.", (), answer=answer)
        calls, thought = await self._step_calls(task, step, words, view)
        return self._reply(thought, calls)

    def _need_task(self) -> Task:
        if self._task is None:
            raise ModelError("the pixel reference was asked for a turn before start(); the cua policy starts it")
        return self._task

    def _marker(self) -> str:
        return f"Reference step {self._at + 1}/{len(self._steps)}"

    async def _step_calls(self, task: Task, step: ReferenceStep, words: tuple[Word, ...],
                    view: PageView) -> tuple[list[tuple[str, Action]], str]:
        """The calls of `step` (or of a scroll looking for its target) and a one-line thought."""
        target: ScreenTarget | None = None
        if step.target is not None:
            target = await self._find(task, step, words, view.image or b"")
            if target is None:
                return self._look_further(task, step, words, view.image or b"")
        if step.note:
            self._noted.update(await _read_twice(lambda v: read_notes(step.note, v, task), view))
        if step.do == "type" and target is not None and step.text:
            step = step.model_copy(update={"text": _date_as_shown(step.text, words, target)})
            self._typed.append((step.text, target, step.target.placeholder if step.target else None))
        calls = self._moves(step, target)
        thought = f"{self._marker()}: {step.do} {target.text!r}" if target else f"{self._marker()}: {step.do}"
        self._at, self._scrolls, self._last_shot, self._upward = self._at + 1, 0, None, False
        return calls, thought

    async def _find(self, task: Task, step: ReferenceStep, words: tuple[Word, ...],
              screenshot: bytes) -> ScreenTarget | None:
        assert step.target is not None
        if not names_text(step.target) and step.target.after is None:
            raise ModelError(f"{task.id} reference step {self._at + 1}/{len(self._steps)} ({step.do}): the "
                             f"{step.target.describe()} names no words, and tag, role or type cannot be seen "
                             "on a screenshot")
        # Several places fit equally: a person scanning the page takes the first, from the top.
        found = locate(words, step.target, not_targets=self._typed_words(words))
        place = found.target or next(iter(found.ambiguous), None)
        if place is None and step.target.placeholder is not None:
            place = self._field_typed_in(words, step.target.placeholder)
        if place is None:   # read again, more thoroughly, before scrolling
            thorough = await asyncio.to_thread(read_screen_words, screenshot, thorough=True)
            found = locate(thorough, step.target, not_targets=self._typed_words(thorough))
            place = found.target or next(iter(found.ambiguous), None)
        return place

    def _field_typed_in(self, words: tuple[Word, ...], placeholder: str) -> ScreenTarget | None:
        """A field this stand-in typed into before, found by that placeholder: it now shows what was typed
        instead of the placeholder (the search box on a results page), so it is found by those words,
        the place nearest the field's earlier one first."""
        for text, field, shown in reversed(self._typed):
            if shown != placeholder:
                continue
            found = locate(words, ElementRef(text=text))
            places = [p for p in (found.target, *found.ambiguous) if p is not None]
            if places:
                return min(places, key=lambda p: abs(p.words[0].left - field.words[0].left)
                           + abs(p.words[0].middle - field.words[0].middle))
        return None

    def _look_further(self, task: Task, step: ReferenceStep, words: tuple[Word, ...],
                      screenshot: bytes) -> tuple[list[tuple[str, Action]], str]:
        """Scroll for a target not on the screenshot: down first, then, from the bottom, back up (an
        earlier step may have left the page scrolled past it), or give up (ModelError). The end of
        the page is where the screenshot stops changing (its pixels: a blank stretch mid-page reads
        no words)."""
        assert step.target is not None
        stuck = self._scrolls > 0 and screenshot == self._last_shot
        if self._upward and (stuck or self._scrolls >= 2 * MAX_FIND_SCROLLS):
            raise ModelError(f"{task.id} reference step {self._at + 1}/{len(self._steps)} ({step.do}): no "
                             f"{step.target.describe()} on the screenshot, scrolling down to the bottom and "
                             f"back up. OCR read: {_seen(words)}")
        if not self._upward and (stuck or self._scrolls >= MAX_FIND_SCROLLS):
            self._upward = True
        self._scrolls += 1
        self._last_shot = screenshot
        way = "up" if self._upward else "down"
        return [("scroll", self._scroll_window(-1 if self._upward else 1))], \
            f"{self._marker()}, scroll {self._scrolls}: the {step.target.describe()} is not in view; scrolling {way}"

    def _typed_words(self, words: tuple[Word, ...]) -> tuple[Word, ...]:
        """The words of the text this stand-in typed into a field, where they stand in that field: what it
        typed ("Voltra Orbit Wireless Headphones" in the search box) is not the result it looks for, but
        may be what a target is counted after (the first suggestion under the typed "orch")."""
        typed: list[Word] = []
        for text, field, _ in self._typed:
            height = max(field.words[0].height, 8)
            found = locate(words, ElementRef(text=text))
            for place in (found.target, *found.ambiguous):
                if place is not None and abs(place.words[0].left - field.words[0].left) <= 2 * height \
                        and abs(place.words[0].middle - field.words[0].middle) <= height:
                    typed += place.words
        return tuple(typed)

    # -- the pixel actions -------------------------------------------------------------------------
    def _point(self, x: float, y: float) -> Point:
        return self.screen.to_viewport(x, y)

    def _scroll_window(self, sign: int) -> ScrollAt:
        width, height = self.screen.image
        _, dy = self.screen.length_to_viewport(0, height * SCROLL_SHARE)
        return ScrollAt(self._point(width / 2, height / 2), 0.0, sign * dy)

    def _moves(self, step: ReferenceStep, target: ScreenTarget | None) -> list[tuple[str, Action]]:
        sign = -1 if step.direction == "up" else 1
        if step.do == "back":
            return [("back", GoBack())]
        if step.do == "wait":
            return [("wait", WaitFor(WAIT_S))]
        if step.do == "press":
            return [("key", KeyChord(split_chord(step.key or "")))]
        if step.do == "scroll" and target is None:
            return [("scroll", self._scroll_window(sign))]
        assert target is not None
        here = self._point(*target.centre)
        if step.do == "scroll":
            _, dy = self.screen.length_to_viewport(0, PANEL_SCROLL_PX)
            return [("scroll", ScrollAt(here, 0.0, sign * dy))]
        if step.do == "hover":
            return [("mouse_move", MoveTo(here))]
        if step.do == "type":
            typing = ("type", TypeText(step.text or "", press_enter=step.enter))
            if any(letters(target.text) == letters(text) for text, _, _ in self._typed):
                # Found by what was typed there before: a triple click on it selects it all, one action
                # fewer than a click and Control+a.
                return [("triple_click", ClickAt(here, count=3)), typing]
            if step.target is not None and step.target.placeholder is not None:
                # Found by its placeholder (or a label saying the same): a field showing its placeholder
                # holds nothing to clear.
                return [("left_click", ClickAt(here)), typing]
            return [("left_click", ClickAt(here)), ("key", KeyChord(("Control", "a"))), typing]
        if step.do == "select":
            # F4 opens the list's popup whether the click focused it through its label or opened it (then
            # F4 keeps it open): typed into the popup, the option is chosen once, on Enter. Typed into a
            # closed list, each key chooses an option ("P" picks "Price: Low to High" on the way to "Price:
            # High to Low"), and a page that reloads on a change reloads on the first key.
            return [("left_click", ClickAt(here)), ("key", KeyChord(("F4",))),
                    ("type", TypeText(step.option or "", press_enter=True))]
        return [("left_click", ClickAt(here))]

    def _reply(self, thought: str, calls: list[tuple[str, Action]] | tuple[()], *,
               answer: str | None = None) -> ModelTurn:
        made = []
        for name, action in calls:
            self._calls += 1
            point = getattr(action, "target", None)
            made.append(PixelCall(call_id=f"pixel-{self._calls}", action=action, name=name,
                                  model_point=self.screen.from_viewport(point) if isinstance(point, Point) else None))
        raw = json.dumps({"thought": thought, "calls": [{"id": c.call_id, "call": c.name,
                                                         "action": repr(c.action)} for c in made],
                          "answer": answer}, ensure_ascii=False)
        self._log.append({"role": "assistant", "content": raw})
        usage = Usage(input_tokens=0, output_tokens=(len(raw) + 3) // 4, cost_usd=0.0, calls=1)
        return ModelTurn(text=thought, calls=tuple(made), raw=raw, usage=usage, answer=answer)

    # -- the rest of the Adapter protocol ----------------------------------------------------------
    @property
    def tool_label(self) -> str:
        """The stand-in's tool, as a step's record names it."""
        return TOOL

    def cursor_text(self, cursor: Point | None) -> str:
        """The stand-in never asks where the mouse is; kept for the policy's contract."""
        return ""

    def messages_log(self) -> list[dict[str, Any]]:
        """What the stand-in was sent (results and screenshot markers) and what it answered."""
        return list(self._log)


_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATE_FIELD = re.compile(r"(mm|dd)\W?(mm|dd)\W?yyyy|\d{2}\W\d{2}\W\d{4}", re.IGNORECASE)


def _date_as_shown(text: str, words: tuple[Word, ...], field: ScreenTarget) -> str:
    """An ISO date typed into a browser's date field, as a person types it there: the field shows
    "mm/dd/yyyy" (or a date in that form) beside or below its label, takes digits only and moves from
    part to part by itself, so "2026-04-08" is typed "04082026". Other text is typed as it is."""
    date = _ISO_DATE.fullmatch(text)
    if date is None:
        return text
    height = max(field.words[0].height, 8)
    left, top, _, bottom = field.box
    near = " ".join(w.text for w in words if top - height <= w.middle <= bottom + 3 * height
                    and w.left >= left - 2 * height)
    shown = _DATE_FIELD.search(near)
    if shown is None:
        return text
    year, month, day = date.groups()
    if shown.group(1) and shown.group(1).lower() == "dd":
        return day + month + year
    return month + day + year


T = TypeVar("T")


async def _read_twice(read: Callable[[PageView], T], view: PageView) -> T:
    """`read(view)`, and when the quick OCR misses what it needs, once more on the thorough reading."""
    try:
        return await asyncio.to_thread(read, view)
    except ModelError:
        return await asyncio.to_thread(read, replace(view, thorough=True))
