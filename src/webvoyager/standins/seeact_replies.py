"""SeeAct's two-stage prompts answered by the `reference` model.

Stage 1 (the generation prompt) is answered with the next reference step in words. Stage 2 is
answered in the grounding format asked: the option letter of the target (textual choices and
image annotation, read from the option/legend lines), or the element's kind and visible text
(element attributes, plus the follow-up choice when several elements match). Coordinates cannot be
answered: the reference reads text, and SeeAct's coordinate question has no element positions.

No state is kept: the position in the solution is replayed from the conversation's previous-action
lines (`[button]  Search -> CLICK`), where window scrolls made while looking for a target that is not
in view count as "find" scrolls. A failed or rejected previous action is a `ModelError`, as for
WebVoyager. Values a step notes for the final answer (a name on a page the task leaves) are read off
what the step's conversation shows (the page title and address, the screenshot through OCR, the
options) and written as a `NOTE: {json}` line in the reply that decides the step's operation; the
policy carries them into later generation prompts, where the answer reads them back. The options are
only the ranker's top 50, so a value the plan counts among elements and also says where the screenshot
shows (`ReadSpec.screen`) is read off the screenshot. Every message is read through `seeact.readback`,
the reader beside the builder.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Sequence

from webvoyager.errors import ModelError
from webvoyager.models.base import Message
from webvoyager.seeact.attributes import NOT_FOUND
from webvoyager.seeact.choices import letter
from webvoyager.seeact.grounding import NONE_MATCHED
from webvoyager.seeact.memory import NOTE_PREFIX
from webvoyager.seeact.readback import ShownGeneration, ShownQuestion, read_generation, read_question
from webvoyager.seeact.parse import OPERATIONS
from webvoyager.standins.elements import ParsedElement, option_known, parse_element_line, resolve_target
from webvoyager.standins.plan import MAX_FIND_SCROLLS, find_task, solution_steps
from webvoyager.standins.reading import PageView, compose_answer, noted_values, read_value
from webvoyager.standins.voyager_replies import at_bottom
from webvoyager.standins.ocr import lines_below, read_words
from webvoyager.tasks import AnswerPlan, ElementRef, ReadSpec, ReferenceStep, Task

_LINE = re.compile(r"^\[(?P<role>[^\]]*)\]\s+(?P<name>.*?) -> (?P<op>" + "|".join(map(re.escape, OPERATIONS))
                   + r")(?::\s.*?)?(?:\s\((?P<status>.*)\))?$")
_OPS = {"click": "CLICK", "type": "TYPE", "select": "SELECT", "hover": "HOVER", "back": "GO BACK",
        "answer": "TERMINATE"}


MAX_SIGHTED_ROWS = 8
"""At most this many lines under a label are named in a stage-1 reply."""


@dataclass(frozen=True)
class Position:
    """Next step index (waits skipped), find scrolls spent on it, and whether Enter is still due."""

    step: int = 0
    scrolls: int = 0
    enter_pending: bool = False


def _words_only(line: str) -> str:
    """The words of an OCR line that hold a letter (what names a table row), without its figures."""
    return " ".join(w for w in line.split() if re.search(r"[^\W\d_]", w))


def _skip_waits(steps: tuple[ReferenceStep, ...], i: int) -> int:
    while i < len(steps) and steps[i].do == "wait":
        i += 1
    return i


def _expected_op(step: ReferenceStep) -> str:
    if step.do == "scroll":
        return "SCROLL UP" if step.direction == "up" else "SCROLL DOWN"
    if step.do == "press":
        return "PRESS ENTER"
    return _OPS[step.do]


def replay(task: Task, lines: Sequence[str]) -> Position:
    """Where the solution stands after the previous actions; ModelError when they do not follow it."""
    steps = solution_steps(task)
    pos = Position(step=_skip_waits(steps, 0))
    for line in lines:
        m = _LINE.match(line.strip())
        if m is None:
            raise ModelError(f"{task.id}: the reference model cannot read the previous action {line!r}")
        if m.group("status"):
            raise ModelError(f"{task.id}: the reference model's previous action did not go through: {line}")
        op = m.group("op")
        if pos.step >= len(steps):
            raise ModelError(f"{task.id}: more actions than the reference solution has steps")
        step = steps[pos.step]
        if pos.enter_pending:
            if op != "PRESS ENTER":
                raise ModelError(f"{task.id}: expected PRESS ENTER after typing, the history has {line!r}")
            pos = Position(step=_skip_waits(steps, pos.step + 1))
        elif op == "SCROLL DOWN" and step.do != "scroll":
            pos = Position(step=pos.step, scrolls=pos.scrolls + 1)
        elif op != _expected_op(step):
            raise ModelError(f"{task.id}: the history ({line!r}) does not follow reference step "
                             f"{pos.step + 1}/{len(steps)} ({step.do})")
        elif step.do == "type" and step.enter:
            pos = Position(step=pos.step, enter_pending=True)
        else:
            pos = Position(step=_skip_waits(steps, pos.step + 1))
    return pos


def _deferrable(step: ReferenceStep, pos: Position) -> bool:
    """The TYPE of a type-and-Enter step: its PRESS ENTER, on the same page, can note what it misses."""
    return step.do == "type" and step.enter and not pos.enter_pending


def _answer(element: str, op: str, value: str = "") -> str:
    return f"ELEMENT: {element}\nACTION: {op}\nVALUE: {value or 'None'}"


def _options(question: ShownQuestion | None, start: int) -> list[tuple[str, ParsedElement]]:
    """A question's lettered options as elements, labelled from `start` on (reading order)."""
    out = []
    for ltr, description in question.options if question is not None else ():
        element = parse_element_line(f"[{start + len(out)}]: {description}")
        if element is not None:
            out.append((ltr, element))
    return out


def _shown_options(messages: Sequence[Message]) -> list[list[tuple[str, ParsedElement]]]:
    """The options of every question so far, one list per question, earlier batches first, labelled on
    from one batch to the next so that label order is reading order over the whole page."""
    batches: list[list[tuple[str, ParsedElement]]] = []
    for asked in _questions(messages):
        batches.append(_options(asked, sum(map(len, batches))))
    return batches


def _last_batch(question: ShownQuestion) -> bool:
    """True when no further batch of options follows this question."""
    return question.batch is None or question.batch[0] == question.batch[1]


def _questions(messages: Sequence[Message]) -> list[ShownQuestion | None]:
    """Every user message after the generation prompt, read as a grounding question (None: not one)."""
    users = [m for m in messages if m.role == "user"]
    return [read_question(m) for m in users[1:]]


def is_generation(messages: Sequence[Message]) -> bool:
    """True when the first user message is SeeAct's generation prompt."""
    first = next((m for m in messages if m.role == "user"), None)
    return first is not None and read_generation(first) is not None


def _generation(messages: Sequence[Message]) -> ShownGeneration:
    first = next((m for m in messages if m.role == "user"), None)
    shown = read_generation(first) if first is not None else None
    if shown is None:
        raise ModelError("the reference model was built for the seeact policy, but this conversation does not open "
                         "with SeeAct's generation prompt; build it with the run's policy "
                         "(create_model('reference', settings=...))")
    return shown


def reply(messages: Sequence[Message], tasks: tuple[Task, ...] | None) -> str:
    """The reference reply to the newest message of a SeeAct conversation."""
    return _SeeActReplies(messages).reply(tasks)


class _SeeActReplies:
    """The SeeAct conversation: generation prompt, then one grounding question per turn."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self.messages = messages
        self.generation = _generation(messages)

    def _view(self) -> PageView:
        """What this step's conversation shows: the title and address, the screenshot, the page's notes and
        the options of every question asked so far (labelled on across batches: reading order)."""
        return PageView(title=self.generation.title, url=self.generation.url,
                        elements=[e for b in _shown_options(self.messages) for _, e in b],
                        image=self.generation.image, notes=self.generation.page_notes, partial_elements=True)

    def _final_answer(self, task: Task) -> str:
        """The answer read off this step's conversation, with the values noted at earlier steps."""
        return compose_answer(task, self._view(), noted_values(self.generation.notes))

    def _pending_notes(self, step: ReferenceStep) -> dict[str, ReadSpec]:
        """What the step notes that no note carried to this prompt holds yet (typing with Enter takes two
        SeeAct steps on the same page: what the first could not read, the second notes)."""
        carried = noted_values(self.generation.notes)
        return {name: spec for name, spec in step.note.items() if name not in carried}

    def _read_pending(self, task: Task, step: ReferenceStep) -> tuple[dict[str, str], dict[str, ModelError]]:
        """The step's pending notes read off what this conversation shows, and why each other one is not."""
        values, missing = {}, {}
        for name, spec in self._pending_notes(step).items():
            try:
                values[name] = read_value(spec, self._view(), task)
            except ModelError as error:
                missing[name] = error
        return values, missing

    def _unread_notes(self, task: Task, step: ReferenceStep, pos: Position) -> bool:
        """Whether the options shown so far miss something the step notes (never for the TYPE of a
        type-and-Enter step, whose PRESS ENTER notes what it misses)."""
        return not _deferrable(step, pos) and bool(self._read_pending(task, step)[1])

    def _noting(self, answer: str, task: Task, step: ReferenceStep, pos: Position) -> str:
        """`answer` (the reply that decides the step's operation) with a NOTE line of the values the step
        reads for the final answer, before the answer block (the parser takes the last block). A value
        the TYPE of a type-and-Enter step does not see among its options is left to its PRESS ENTER,
        whose questions are all asked first (the options change once the field holds the text)."""
        values, missing = self._read_pending(task, step)
        if missing and not _deferrable(step, pos):
            raise next(iter(missing.values()))
        return f"{NOTE_PREFIX} {json.dumps(values, ensure_ascii=False)}\n{answer}" if values else answer

    def _sighting(self, targets: Sequence[ElementRef]) -> str:
        """What the screenshot shows under the labels that text-less links in `targets` are placed after
        (OCR), as a model names the link it means (a name in a list or table row): the ranker then keeps
        those links among the candidates. Other elements are not named: cells of figures would pull in
        the same figures all over the page, and an element 'after' a label in the document may stand
        elsewhere on the screen (a list beside its heading), where the lines below would name others."""
        rows: dict[str, int] = {}
        others: set[str] = set()    # labels that other elements are also counted after: not named
        for target in targets:
            anchor = target.after.text or target.after.text_contains if target.after is not None else None
            link = (target.tag or "").lower() == "a" and target.text is None and target.text_contains is None
            if anchor and link:
                rows[anchor] = min(max(rows.get(anchor, 0), (target.nth or 0) + 1), MAX_SIGHTED_ROWS)
            elif anchor:
                others.add(anchor)
        rows = {anchor: count for anchor, count in rows.items() if anchor not in others}
        if not rows or not self.generation.image:
            return ""
        words = read_words(self.generation.image)
        # Names, not figures: a figure repeated down a column would outrank the names for the ranker.
        named = {anchor: [n for line in lines_below(words, anchor, count) if (n := _words_only(line))]
                 for anchor, count in rows.items()}
        seen = [f"under {anchor!r} it shows " + " / ".join(f"{line!r}" for line in lines)
                for anchor, lines in named.items() if lines]
        return f" (on the screenshot, {'; '.join(seen)})" if seen else ""

    def _describe(self, step: ReferenceStep, task: Task) -> str:
        where = step.target.describe() if step.target is not None else "the page"
        if step.do == "answer":
            # The value is read in stage 2, once every batch of options has been shown.
            plan = task.reference.answer if task.reference is not None else None
            # What is read off the screen instead of the options (`ReadSpec.screen`) needs no element kept.
            reads = [spec.target for spec in plan.read.values() if spec.target is not None and spec.screen is None] \
                if isinstance(plan, AnswerPlan) else []
            return "answer the question from what the page shows" + self._sighting(reads)
        if step.target is not None:
            where += self._sighting([step.target])
        return {
            "click": f"click the {where}", "hover": f"hover over the {where}", "back": "go back to the previous page",
            "type": f"type {step.text!r} into the {where}", "select": f"choose {step.option!r} in the {where}",
            "scroll": f"scroll the window {step.direction}", "press": f"press {step.key}",
        }.get(step.do, step.do)

    def _value(self, step: ReferenceStep, task: Task) -> str:
        if step.do == "type":
            return step.text or ""
        if step.do == "select":
            return step.option or ""
        if step.do == "answer":
            return self._final_answer(task)
        return ""

    def reply(self, tasks: tuple[Task, ...] | None) -> str:
        messages, generation = self.messages, self.generation
        task = find_task(generation.task, tasks)
        note = generation.feedback.problem()
        steps = solution_steps(task)
        pos = replay(task, generation.previous_actions)
        # Attributes grounding found no element like the one described: the target is not in view
        # yet, so look for it further down (as a person would); anything else that failed is an error.
        finding = NOT_FOUND in (generation.feedback.reply_error or "")
        # The round before passed every option on purpose to note what the later ones show (`_look`).
        looked = (NONE_MATCHED == generation.feedback.reply_error and pos.step < len(steps)
                  and bool(steps[pos.step].note) and not self._pending_notes(steps[pos.step]))
        if note is not None and not finding and not looked:
            raise ModelError(f"{task.id}: the reference model's previous step did not work: {note}")
        if finding and at_bottom(generation.page_notes):
            raise ModelError(f"{task.id}: the target is not on the page, which is already scrolled to the bottom: "
                             f"{note}")
        if finding and pos.scrolls >= MAX_FIND_SCROLLS:
            raise ModelError(f"{task.id}: the target is not on the page after scrolling down {MAX_FIND_SCROLLS} "
                             f"times: {note}")
        if pos.step >= len(steps):
            raise ModelError(f"the reference solution of {task.id} is finished, but the agent asked for another action")
        step = steps[pos.step]
        if not any(m.role == "assistant" for m in messages):
            doing = "press Enter to submit what was typed" if pos.enter_pending else self._describe(step, task)
            if finding:
                doing = "the target is not in view yet; scroll down to look for it"
            # No step numbers: the default ranker reads this reply, and "3/7" would rank cells of 3s and 7s.
            return f"Reference step: {doing}."
        if finding:
            return "ELEMENT TYPE: NONE\nELEMENT TEXT: None\n" + _answer("", "SCROLL DOWN").split("\n", 1)[1]
        return self._ground(messages, task, step, pos)

    def _ground(self, messages: Sequence[Message], task: Task, step: ReferenceStep, pos: Position) -> str:
        question = _questions(messages)[-1]
        kind = question.kind if question is not None else None
        if kind == "choice" and step.do == "answer" and not pos.enter_pending and not _last_batch(question):
            # The answer is read off the screenshot and every batch's options: see them all first.
            return _answer(letter(len(question.options)), "NONE")
        page_op = self._page_op(task, step, pos)
        if kind == "coordinates":
            raise ModelError("the reference model cannot answer SeeAct's coordinates grounding (it reads text, and "
                             "the question gives no element positions); use --grounding choice, som or attributes")
        if kind == "pick":
            options = _options(question, 0)
            found = resolve_target(step.target, [e for _, e in options]) if step.target else None
            if found is None or found.element is None:
                raise ModelError(f"{task.id}: none of the matching elements is the {step.target.describe() if step.target else 'target'}")
            picked = next(ltr for ltr, e in options if e is found.element)
            return self._noting(_answer(picked, _expected_op(step), self._value(step, task)), task, step, pos)
        if kind == "attributes":
            if page_op is not None:
                return self._noting("ELEMENT TYPE: NONE\nELEMENT TEXT: None\n"
                                    + _answer("", *page_op).split("\n", 1)[1], task, step, pos)
            return self._noting(self._attributes(step, task), task, step, pos)
        if question is not None and kind in ("choice", "som"):
            return self._choice(messages, question, task, step, pos, page_op)
        raise ModelError("the reference model does not recognise this SeeAct grounding question")

    def _look(self, none_letter: str, last: bool, task: Task, step: ReferenceStep, pos: Position) -> str:
        """A step that notes values the options after its target's show: its target is passed ("none"),
        the later questions are seen, and the last one writes the NOTE line and names no element. The
        round ends with nothing done (the page is as it was), and the next SeeAct step, whose notes are
        carried, does the operation (`reply` takes that failed round as its own)."""
        if not self._pending_notes(step):
            raise ModelError(f"{task.id}: the target was offered in an earlier question but not chosen")
        return self._noting(_answer(none_letter, "NONE"), task, step, pos) if last else _answer(none_letter, "NONE")

    def _page_op(self, task: Task, step: ReferenceStep, pos: Position) -> tuple[str, str] | None:
        """(operation, value) for moves that need no element; None for element steps."""
        if pos.enter_pending:
            return ("PRESS ENTER", "")
        if step.do == "press" and (step.key or "").lower() not in ("enter", "return"):
            raise ModelError(f"{task.id}: SeeAct can only press Enter, the reference presses {step.key!r}")
        if step.do in ("answer", "back", "press") or (step.do == "scroll" and step.target is None):
            return (_expected_op(step), self._value(step, task))
        return None

    def _attributes(self, step: ReferenceStep, task: Task) -> str:
        target = step.target
        assert target is not None
        tag, kind = (target.tag or "").lower(), (target.type or "").lower()
        role = (target.role or "").lower()
        element_type = ("SELECTBOX" if tag == "select" or role == "listbox" else
                        "CHECKBOX" if kind in ("checkbox", "radio") or role in ("checkbox", "radio") else
                        "TEXTBOX" if tag in ("input", "textarea") or role in ("textbox", "searchbox") else
                        "LINK" if tag == "a" or role == "link" else
                        "BUTTON" if tag == "button" or role == "button" else "OTHER")
        text = target.text or target.text_contains or target.placeholder or ""
        return (f"ELEMENT TYPE: {element_type}\nELEMENT TEXT: {text}\n"
                + _answer("", _expected_op(step), self._value(step, task)).split("\n", 1)[1])

    def _choice(self, messages: Sequence[Message], question: ShownQuestion, task: Task, step: ReferenceStep,
                pos: Position, page_op: tuple[str, str] | None) -> str:
        batches = _shown_options(messages)
        seen, current = [o for b in batches for o in b], batches[-1] if batches else []
        none_letter = letter(len(question.options))
        last = _last_batch(question)
        if page_op is not None:
            if self._pending_notes(step) and not last:
                return _answer(none_letter, "NONE")   # what it notes may be among the later options
            return self._noting(_answer(none_letter, *page_op), task, step, pos)
        assert step.target is not None
        found = resolve_target(step.target, [e for _, e in seen])
        if found.ambiguous:
            listed = "; ".join(e.describe() for e in found.ambiguous)
            raise ModelError(f"{task.id}: the {step.target.describe()} matches several options ({listed}); give the "
                             "reference target an 'nth' or make it more specific")
        if found.element is not None:
            picked = next((ltr for ltr, e in current if e is found.element), None)
            if picked is None or (not last and self._unread_notes(task, step, pos)):
                return self._look(none_letter, last, task, step, pos)
            if step.do == "select" and step.option and option_known(step.option, found.element) is False:
                raise ModelError(f"{task.id}: {found.element.describe()} has no option {step.option!r}")
            return self._noting(_answer(picked, _expected_op(step), self._value(step, task)), task, step, pos)
        if not last:
            # Not in this batch: "none", with an operation that does not end the question round (a
            # SCROLL here would be read as scrolling the window now).
            op = _expected_op(step)
            return _answer(none_letter, "NONE" if op.startswith("SCROLL") else op, self._value(step, task))
        if at_bottom(self.generation.page_notes):
            raise ModelError(f"{task.id}: no {step.target.describe()} among the candidates, and the page is already "
                             "scrolled to the bottom")
        if pos.scrolls >= MAX_FIND_SCROLLS:
            raise ModelError(f"{task.id}: no {step.target.describe()} among the candidates after scrolling down "
                             f"{MAX_FIND_SCROLLS} times")
        return _answer(none_letter, "SCROLL DOWN")

