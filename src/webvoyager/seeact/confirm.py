"""The `--confirm` gate: a person approves, rejects or takes over state-changing actions.

Before TYPE, SELECT, PRESS ENTER, or a click on a button, checkbox or submit control, the gate shows
the person what the agent is about to do. They answer approve, reject, or take over (they do it
themselves in the headed browser), and may leave a note. A rejected action is not executed and the
model is told so, with the note; every verdict is recorded in the step's `extra`.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict, dataclass
from typing import Callable, Iterable, Literal

from webvoyager.browser.types import Element
from webvoyager.seeact.actions import element_role

Choice = Literal["approve", "reject", "takeover"]
_STATE_CHANGING_CLICKS = {"button", "checkbox", "radio", "switch", "submit", "menuitemcheckbox", "menuitemradio"}
_WORDS: dict[str, Choice] = {"a": "approve", "approve": "approve", "y": "approve", "yes": "approve", "ok": "approve",
                             "r": "reject", "reject": "reject", "n": "reject", "no": "reject",
                             "t": "takeover", "takeover": "takeover", "take": "takeover", "me": "takeover"}


@dataclass(frozen=True)
class Verdict:
    """The person's answer about one action."""

    choice: Choice
    note: str = ""
    action: str = ""         # the action line the person saw

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def needs_confirmation(operation: str, element: Element | None) -> bool:
    """True for operations that change state: typing, selecting, submitting, clicking buttons."""
    if operation in ("TYPE", "SELECT", "PRESS ENTER"):
        return True
    if operation == "CLICK" and element is not None:
        return element_role(element) in _STATE_CHANGING_CLICKS or element.type.lower() in ("submit", "image")
    return False


def parse_answer(text: str) -> tuple[Choice, str] | None:
    """'a', 'reject too expensive', 'takeover: done it' -> (choice, note); None when unreadable."""
    words = text.strip().replace(":", " ").split(maxsplit=1)
    if not words:
        return None
    choice = _WORDS.get(words[0].lower())
    if choice is None:
        return None
    note = words[1].strip() if len(words) > 1 else ""
    if choice == "takeover" and note.lower().startswith("over"):
        note = note[4:].strip()
    return choice, note


class ConfirmGate:
    """Asks a person about each state-changing action. `input_fn` reads one line (default: `input`);
    tests pass answers with `ConfirmGate.scripted([...])`."""

    def __init__(self, input_fn: Callable[[str], str] = input, *, show: Callable[[str], None] = print) -> None:
        self.input_fn, self.show = input_fn, show

    @classmethod
    def scripted(cls, answers: Iterable[str]) -> ConfirmGate:
        """A gate that answers from a list (for tests and demos); prompts are collected in `.shown`."""
        queue = list(answers)
        shown: list[str] = []

        def next_answer(prompt: str) -> str:
            shown.append(prompt)
            if not queue:
                raise RuntimeError("the scripted confirm gate ran out of answers")
            return queue.pop(0)

        gate = cls(next_answer, show=shown.append)
        gate.shown = shown  # type: ignore[attr-defined]
        return gate

    async def review(self, action_line: str, url: str) -> Verdict:
        """Ask about one action until the answer is readable (runs the blocking read in a thread)."""
        self.show(f"\nThe agent wants to do, on {url}:\n    {action_line}")
        while True:
            try:
                raw = await asyncio.to_thread(self.input_fn, "[a]pprove, [r]eject or [t]ake over (then a note): ")
            except EOFError:  # nobody can answer (stdin closed): the safe default is not to act
                return Verdict(choice="reject", note="no person answered (input closed)", action=action_line)
            parsed = parse_answer(raw)
            if parsed is not None:
                return Verdict(choice=parsed[0], note=parsed[1], action=action_line)
            self.show("Please answer a, r or t, optionally followed by a note.")
