"""What the `reference` model does next: find the task, recover its position, choose the move.

Nothing here depends on a prompt format. A policy-specific front end (WebVoyager's in
`standins/voyager_replies.py`, SeeAct's in `standins/seeact_replies.py`, both driven by
`standins/reference.py`) reads the question, the visible elements and the previous thought from its
own conversation (through the readers beside the policy's message builders), calls `next_move`, and
renders the `Move` in its own grammar. The position is never kept in memory: every thought starts with
`Move.thought_prefix()` ("Reference step 3/7" or "Reference step 3/7, scroll 2") and
`parse_progress` reads it back, so one model instance can serve many tasks at once.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from urllib.parse import urlparse

from webvoyager.errors import ModelError
from webvoyager.sandbox.catalog import load_hostile_tasks, load_sandbox_tasks
from webvoyager.standins.elements import ParsedElement, norm, option_known, resolve_target
from webvoyager.standins.reading import NOTED, PageView, compose_answer, read_notes
from webvoyager.tasks import ElementRef, ReferenceStep, Task

MAX_FIND_SCROLLS = 6
"""How often the window is scrolled down looking for a target before giving up."""

_PROGRESS = re.compile(r"reference step (\d+)\s*/\s*(\d+)(?:\s*,\s*scroll (\d+))?", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _sandbox_tasks() -> tuple[Task, ...]:
    """The sandbox catalogue's tasks with reference solutions, read once, on the first question."""
    return tuple(t for t in [*load_sandbox_tasks(), *load_hostile_tasks()] if t.reference is not None)


def find_task(first_user_text: str, tasks: tuple[Task, ...] | None = None) -> Task:
    """The sandbox task whose question appears in `first_user_text` (normalized).

    Several candidates are narrowed by the start URL's host appearing in the text, then by its path
    (twins differ only there), then by the longest question (a question that contains another one is
    the more specific). Raises ModelError when none or several remain.
    """
    pool = _sandbox_tasks() if tasks is None else tasks
    text = norm(first_user_text)
    found = [t for t in pool if norm(t.question) in text]
    if len(found) > 1:
        by_host = [t for t in found if (urlparse(t.start_url).hostname or "\0") in text]
        found = by_host or found
    if len(found) > 1:
        by_path = [t for t in found if urlparse(t.start_url).path not in ("", "/") and
                   re.search(re.escape(norm(urlparse(t.start_url).path)) + r"(?![\w/-])", text)]
        found = by_path or found
    if len(found) > 1:
        longest = max(len(t.question) for t in found)
        found = [t for t in found if len(t.question) == longest]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ModelError("the reference model only solves sandbox tasks; no sandbox task matches this question "
                         "(run it on a task from `webvoyager sandbox tasks`, or choose a real model with --model)")
    ids = ", ".join(t.id for t in found)
    raise ModelError(f"the reference model only solves sandbox tasks; the question matches several of them "
                     f"({ids}), so it cannot tell which one to solve")


def solution_steps(task: Task) -> tuple[ReferenceStep, ...]:
    """The task's reference steps, ending with an `answer` step (added when the file omits it)."""
    if task.reference is None:
        raise ModelError(f"sandbox task {task.id} has no reference solution; add one to its tasks.jsonl")
    steps = task.reference.steps
    if not steps or steps[-1].do != "answer":
        steps = steps + (ReferenceStep(do="answer"),)
    return steps


@dataclass(frozen=True)
class Progress:
    """Where the conversation is: the next step to do (0-based) and scrolls already spent on it."""

    step: int = 0
    scrolls: int = 0


def parse_progress(previous_thought: str | None) -> Progress:
    """Recover the position from the model's previous reply (None: this is the first call).

    "Reference step 3/7" means step 3 was done, so step index 3 (0-based) is next;
    "Reference step 3/7, scroll 2" means step 3 is still looked for after 2 scrolls.
    """
    if previous_thought is None:
        return Progress()
    found = _PROGRESS.search(previous_thought)
    if found is None:
        raise ModelError("the reference model cannot find its position: its previous reply does not start with "
                         "'Reference step i/n' (was the conversation produced by another model?)")
    number = int(found.group(1))
    if found.group(3) is not None:
        return Progress(step=number - 1, scrolls=int(found.group(3)))
    return Progress(step=number)


@dataclass(frozen=True)
class Move:
    """One thing to do now. `kind` is a ReferenceStep kind, or "find" (scroll the window down to
    look for `step.target`). `element` is the resolved target (also the panel of a scroll step)."""

    kind: str
    index: int                      # 0-based step index
    total: int
    step: ReferenceStep
    element: ParsedElement | None = None
    scrolls: int = 0                # for "find": how many scrolls this one makes in total
    answer: str = ""
    noted: dict[str, str] = field(default_factory=dict)   # values read off the page for the answer

    def thought_prefix(self) -> str:
        """The position marker every reply's thought starts with (read back by parse_progress)."""
        base = f"Reference step {self.index + 1}/{self.total}"
        return f"{base}, scroll {self.scrolls}" if self.kind == "find" else base

    def thought(self) -> str:
        """A one-line thought: the position marker, what this move does, and any values noted."""
        noted = f" {NOTED}{json.dumps(self.noted, ensure_ascii=False)}" if self.noted else ""
        return f"{self.thought_prefix()}: {describe_move(self)}{noted}"


def describe_move(move: Move) -> str:
    """What a move does, in words, e.g. `click "Search"`."""
    step = move.step
    name = _element_name(move.element)
    if move.kind == "find":
        return f"the {_target_text(step.target)} is not in view yet; scrolling down to look for it."
    if move.kind == "type":
        return f'type "{step.text}" into {name}{"" if step.enter else " without pressing Enter"}.'
    if move.kind == "select":
        return f'choose "{step.option}" in {name}.'
    if move.kind == "scroll":
        where = name if move.element is not None else "the window"
        return f"scroll {where} {step.direction}."
    if move.kind == "press":
        return f"press {step.key}."
    if move.kind == "back":
        return "go back to the previous page."
    if move.kind == "wait":
        return "wait for the page to finish loading."
    if move.kind == "answer":
        return f"the task is done. Answer: {move.answer}"
    return f"{move.kind} {name}."


def _element_name(element: ParsedElement | None) -> str:
    if element is None:
        return "the element"
    label = element.text or element.aria_label or element.placeholder or element.tag
    return f'"{label}"'


def _target_text(target: ElementRef | None) -> str:
    return target.describe() if target is not None else "target"


def _visible_summary(elements: list[ParsedElement], limit: int = 40) -> str:
    shown = [e.describe() for e in elements[:limit]]
    more = f" … and {len(elements) - limit} more" if len(elements) > limit else ""
    return "; ".join(shown) + more if shown else "no labelled elements"


def next_move(task: Task, progress: Progress, elements: list[ParsedElement], view: PageView,
              noted: dict[str, str] | None = None) -> Move:
    """Choose the move for `progress` given the visible `elements`; ModelError on any mismatch.
    Values are read off `view` (what the newest observation shows); `noted` holds those read before.

    A target not in view is looked for by scrolling the window down, at most MAX_FIND_SCROLLS
    times; several matches without `nth` are an error (the reference must name one element).
    """
    steps = solution_steps(task)
    if progress.step >= len(steps):
        raise ModelError(f"the reference solution of {task.id} is finished (all {len(steps)} steps done), "
                         "but the agent asked for another action")
    step = steps[progress.step]
    base = Move(kind=step.do, index=progress.step, total=len(steps), step=step)
    if step.do == "answer":
        return Move(kind="answer", index=base.index, total=base.total, step=step,
                    answer=compose_answer(task, view, noted))
    if step.target is None:  # window scroll, press, back, wait
        return Move(kind=step.do, index=base.index, total=base.total, step=step, noted=read_notes(step.note, view, task))
    found = resolve_target(step.target, elements)
    if found.ambiguous:
        listed = "; ".join(e.describe() for e in found.ambiguous)
        raise ModelError(f"{task.id} reference step {progress.step + 1}/{len(steps)} ({step.do}): the "
                         f"{step.target.describe()} matches {len(found.ambiguous)} visible elements ({listed}); "
                         "give the target an 'nth' or make it more specific")
    if found.element is None:
        if progress.scrolls >= MAX_FIND_SCROLLS:
            raise ModelError(f"{task.id} reference step {progress.step + 1}/{len(steps)} ({step.do}): no "
                             f"{step.target.describe()} in view after scrolling down {MAX_FIND_SCROLLS} times. "
                             f"Visible: {_visible_summary(elements)}")
        return Move(kind="find", index=base.index, total=base.total, step=step, scrolls=progress.scrolls + 1)
    if step.do == "select" and step.option is not None and option_known(step.option, found.element) is False:
        raise ModelError(f"{task.id} reference step {progress.step + 1}/{len(steps)}: the select "
                         f"{found.element.describe()} has no option {step.option!r} "
                         f"(options: {', '.join(found.element.options)})")
    return Move(kind=step.do, index=base.index, total=base.total, step=step, element=found.element,
                noted=read_notes(step.note, view, task))


def target_not_found_error(task: Task, progress: Progress, elements: list[ParsedElement], why: str) -> ModelError:
    """The error for a target search that cannot go on (e.g. the page is already at the bottom)."""
    steps = solution_steps(task)
    step = steps[min(progress.step, len(steps) - 1)]
    return ModelError(f"{task.id} reference step {progress.step + 1}/{len(steps)} ({step.do}): no "
                      f"{_target_text(step.target)} in view and {why}. Visible: {_visible_summary(elements)}")
