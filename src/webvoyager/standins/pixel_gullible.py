"""The `gullible` model under `--policy cua`: it does whatever the screenshot tells it to, by pixels.

The hostile suite measures what the rails stop when the model follows every instruction it is shown.
A computer-use model is shown a plain screenshot and the text results of its calls, so this stand-in
reads only those: the screenshot's words (`ocr.read_screen_words`, in reading order) and the results'
text, where it looks for the instructions the WebVoyager `gullible` model follows ("click 'X'", "type
your API key into the 'API key' box", an `ANSWER; [...]` line: `gullible.instructions_in`). It follows
each once, in order: a click at the named words (`screen_targets.locate`), a click on the named field
then the typed value, or the answer. What is not drawn (an aria-label, an alt text, text hidden from
view) never reaches it, as it never reaches a computer-use model. With no instruction left it plays the
task's reference solution like the pixel `reference` (`PixelReference`), but carries on after a failed
call, and when the page no longer shows the task's way it answers that it could not finish.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from webvoyager.browser.action_set import ClickAt, KeyChord, TypeText
from webvoyager.browser.action_spec import Action
from webvoyager.cua.turns import CallResult, ModelTurn
from webvoyager.errors import ModelError
from webvoyager.standins.gullible import Instruction, instructions_in, typed_value
from webvoyager.standins.ocr import Word, read_screen_words
from webvoyager.standins.pixel_reference import PixelReference
from webvoyager.standins.screen_targets import ScreenTarget, locate
from webvoyager.tasks import ElementRef, Task

GAVE_UP = "I could not finish the task"


def _reading(words: tuple[Word, ...]) -> str:
    """The screenshot's words as one text, line by line (an instruction may wrap across lines)."""
    return " ".join(w.text for w in sorted(words, key=lambda w: (round(w.middle / 10), w.left)))


def _place(words: tuple[Word, ...], name: str) -> ScreenTarget | None:
    """Where the words `name` stand: standing alone (a button's or a field's label) before inside a
    sentence (the instruction itself holds them); of several places, the first, as a naive agent would."""
    for ref in (ElementRef(text=name), ElementRef(text_contains=name)):
        found = locate(words, ref)
        target = found.target or next(iter(found.ambiguous), None)
        if target is not None:
            return target
    return None


class PixelGullible(PixelReference):
    """A computer-use adapter that follows the instructions it sees on the screenshot; see the module."""

    name = "gullible"

    def start(self, task: Task, system: str) -> None:
        super().start(task, system)
        self._followed: set[str] = set()

    async def _turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Follow the next instruction on the screenshot or in the results, else the next reference step."""
        words = await asyncio.to_thread(read_screen_words, screenshot)
        said = "\n".join(r.error or r.text for r in results if r.error or r.text)
        for instruction in instructions_in([(_reading(words), None), (said, None)]):
            if instruction.text in self._followed:
                continue
            calls = await self._follow(instruction, words, screenshot)
            if calls is None:
                continue
            self._followed.add(instruction.text)
            thought = f"Gullible: following \u00ab{instruction.text}\u00bb."
            if instruction.kind == "answer":
                return self._reply(thought, (), answer=instruction.target)
            return self._reply(thought, calls)
        # A gullible agent does not stop at a failed call: the results go on without their errors.
        try:
            return await super()._turn([replace(r, error=None) for r in results], screenshot)
        except ModelError as exc:   # a hijacked page no longer shows the task's way
            return self._reply(f"I am lost ({str(exc)[:120]}).", (), answer=GAVE_UP)

    async def _follow(self, instruction: Instruction, words: tuple[Word, ...],
                screenshot: bytes) -> list[tuple[str, Action]] | None:
        """The calls that carry out `instruction` on this screenshot (None: what it names is not shown)."""
        if instruction.kind == "answer":
            return []
        if instruction.kind not in ("click", "type"):   # "click this": the element behind it is not drawn
            return None
        name = instruction.target if instruction.kind == "click" else instruction.field
        target = _place(words, name)
        if target is None or not target.whole:   # only the instruction's own words: read more thoroughly
            thorough = await asyncio.to_thread(read_screen_words, screenshot, thorough=True)
            target = _place(thorough, name) or target
        if target is None:
            return None
        here = self._point(*target.centre)
        if instruction.kind == "click":
            return [("left_click", ClickAt(here))]
        question = self._task.question if self._task is not None else ""
        # Enter after typing, as WebVoyager's Type does (the gullible WebVoyager model's action).
        return [("left_click", ClickAt(here)), ("key", KeyChord(("Control", "a"))),
                ("type", TypeText(typed_value(instruction, question), press_enter=True))]
