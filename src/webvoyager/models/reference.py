"""The `reference` model: a perfect agent for sandbox tasks, speaking through the real prompts.

It reads what any model is sent (the task in the first user message, the element list in the
newest one), finds the element its task's reference step names, and replies in the policy's action
grammar, e.g.

    Thought: Reference step 3/7: click "Search".
    Action: Click [12]

It keeps no state between calls: the position comes back from its own previous thought
(`reference_plan.parse_progress`). When the page does not show what the reference expects, or the
previous action failed, it raises `ModelError` (the task ends with status `error`) — it never guesses.

Prompt kinds: WebVoyager's grammar is built in. Another policy plugs in through a module
`webvoyager.models.reference_seeact` exposing `PROMPT_KIND`, an object with `name`,
`matches(messages) -> bool` and `reply(messages, tasks) -> str` (it may reuse `reference_plan`;
`tasks` is the pool to pass to `find_task`, None meaning the sandbox catalogue).
"""

from __future__ import annotations

import importlib
import re
from typing import Protocol, Sequence

from webvoyager.errors import ModelError
from webvoyager.models.base import Completion, Message
from webvoyager.models.reference_elements import ParsedElement, parse_element_list, parse_tree_text
from webvoyager.models.reference_plan import (
    Move,
    Progress,
    find_task,
    next_move,
    parse_progress,
    target_not_found_error,
)
from webvoyager.tasks import Task
from webvoyager.usage import Usage


class PromptKind(Protocol):
    """A conversation format the reference model can answer."""

    name: str

    def matches(self, messages: Sequence[Message]) -> bool:
        ...

    def reply(self, messages: Sequence[Message], tasks: tuple[Task, ...] | None) -> str:
        ...


# ----- reading a WebVoyager conversation ------------------------------------------------------

def first_user_text(messages: Sequence[Message]) -> str:
    """Text of the first user message (where the task is stated)."""
    for message in messages:
        if message.role == "user":
            return message.text_content
    raise ModelError("the reference model got no user message; it needs the task in the first user message")


def newest_user_text(messages: Sequence[Message]) -> str:
    """Text of the newest user message (the current observation)."""
    for message in reversed(messages):
        if message.role == "user":
            return message.text_content
    raise ModelError("the reference model got no user message to read the page from")


def last_assistant_text(messages: Sequence[Message]) -> str | None:
    """Text of the model's previous reply, or None on the first call."""
    for message in reversed(messages):
        if message.role == "assistant":
            return message.text_content
    return None


# Notes the agent loop puts in front of an observation when the previous step did not work (an
# action error, an unusable reply, a loop-guard warning, a blocked navigation). A perfect agent never
# fails, so any of these ends the task with the note as the error. Other notes (dialogs, PDF text,
# new tabs) are page events and are fine.
_FAILURE_NOTE = re.compile(
    r"^\s*[-*\u2022]?\s*(?:your (?:last|previous) action\b.*\bfailed|your previous reply could not be used|"
    r"warning: you have now chosen|error:|the (?:previous|last) action failed|"
    r"(?:navigation|request) to \S+ was blocked)",
    re.IGNORECASE,
)
_ELEMENT_LINE = re.compile(r"^\s*\[\d+\]:")
_AT_EDGE = re.compile(r"already at the (?:bottom|end)", re.IGNORECASE)


def failure_note(observation_text: str) -> str | None:
    """The first note of the observation that reports a failed previous step, if any."""
    for line in observation_text.splitlines():
        if _ELEMENT_LINE.match(line):
            continue  # element lines are page content, never notes
        if _FAILURE_NOTE.search(line):
            return line.strip().lstrip("-*\u2022 ")
    return None


def read_elements(observation_text: str) -> list[ParsedElement]:
    """The labelled elements of the observation: the element list, else a text-only outline's
    labelled lines; ModelError when labels are there but in neither format."""
    elements = parse_element_list(observation_text) or parse_tree_text(observation_text)
    if not elements and re.search(r"^\s*\[\d+\]", observation_text, re.MULTILINE):
        raise ModelError("the reference model needs the element list ('[i]: <tag> \"text\"' lines) or the "
                         "text-only outline ('[i] role \"name\"'); this observation uses another format")
    return elements


# ----- writing WebVoyager replies -------------------------------------------------------------

def webvoyager_action(move: Move) -> str:
    """The `Action:` text for a move, in the WebVoyager grammar (plus our Select/Hover/PressKey)."""
    label = str(move.element.label) if move.element is not None else "WINDOW"
    step = move.step
    if move.kind == "find":
        return "Scroll [WINDOW]; [down]"
    if move.kind == "click":
        return f"Click [{label}]"
    if move.kind == "type":
        action = f"Type [{label}]; [{step.text}]"
        return action if step.enter else action + " (no Enter)"
    if move.kind == "select":
        return f"Select [{label}]; [{step.option}]"
    if move.kind == "hover":
        return f"Hover [{label}]"
    if move.kind == "scroll":
        return f"Scroll [{label}]; [{step.direction}]"
    if move.kind == "press":
        return f"PressKey [{step.key}]"
    if move.kind == "back":
        return "GoBack"
    if move.kind == "wait":
        return "Wait"
    if move.kind == "answer":
        return f"ANSWER; [{move.answer}]"
    raise ModelError(f"the reference model cannot express step kind {move.kind!r} as a WebVoyager action")


class WebVoyagerKind:
    """The WebVoyager conversation: system prompt, task + observations, `Thought:/Action:` replies."""

    name = "webvoyager"

    def matches(self, messages: Sequence[Message]) -> bool:
        return True  # the default format

    def reply(self, messages: Sequence[Message], tasks: tuple[Task, ...] | None) -> str:
        task = find_task(first_user_text(messages), tasks)
        previous = last_assistant_text(messages)
        progress = parse_progress(previous)
        observation = newest_user_text(messages)
        if previous is not None:
            note = failure_note(observation)
            if note is not None:
                raise ModelError(f"{task.id}: the reference model's previous action did not work "
                                 f"({previous.strip().splitlines()[-1]}): {note}")
        elements = read_elements(observation)
        if progress.scrolls and any(_AT_EDGE.search(line) for line in observation.splitlines()
                                    if not _ELEMENT_LINE.match(line)):
            raise target_not_found_error(task, progress, elements, "the page is already at the bottom")
        move = next_move(task, progress, elements)
        return f"Thought: {move.thought()}\nAction: {webvoyager_action(move)}"


def _prompt_kinds() -> list[PromptKind]:
    kinds: list[PromptKind] = []
    try:  # optional extension for SeeAct's two-stage prompts (another module owns it)
        extension = importlib.import_module("webvoyager.models.reference_seeact")
    except ModuleNotFoundError as exc:
        if exc.name != "webvoyager.models.reference_seeact":
            raise
    else:
        kind = getattr(extension, "PROMPT_KIND", None)
        if kind is not None:
            kinds.append(kind)
    kinds.append(WebVoyagerKind())
    return kinds


def _approx_tokens(text: str) -> int:
    return (len(text) + 3) // 4


class ReferenceModel:
    """A `ChatModel` that solves sandbox tasks from their reference solutions (spec `reference`).

    `tasks` replaces the sandbox catalogue as the pool of solvable tasks (any tasks with reference
    solutions, e.g. from a custom JSONL file). Temperature, max_tokens and seed are accepted and
    ignored: the replies are deterministic. Usage counts approximate tokens (characters / 4) at cost 0.
    """

    spec = "reference"

    def __init__(self, tasks: Sequence[Task] | None = None) -> None:
        self.tasks = tuple(t for t in tasks if t.reference is not None) if tasks is not None else None

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float = 1.0,
        max_tokens: int = 1024,
        seed: int | None = None,
    ) -> Completion:
        """Reply with the next reference action for the sandbox task in `messages`."""
        kind = next(k for k in _prompt_kinds() if k.matches(messages))
        text = kind.reply(messages, self.tasks)
        usage = Usage(
            input_tokens=sum(_approx_tokens(m.text_content) for m in messages),
            output_tokens=_approx_tokens(text),
            cost_usd=0.0,
            calls=1,
        )
        return Completion(text=text, usage=usage, model=self.spec)


__all__ = ["ReferenceModel", "PromptKind", "WebVoyagerKind", "webvoyager_action", "failure_note",
           "read_elements", "Progress"]
