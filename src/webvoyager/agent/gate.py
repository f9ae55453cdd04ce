"""The confirm gate: consequential actions wait for a person's approval, whatever the page says.

An action is consequential when it buys or books, sends or publishes, deletes, enters a password or
payment details (or submits a form that holds such fields), or types a secret (`{{NAME}}`). The gate's
mode decides what happens to one: `allow` lets it through, `deny` refuses it (the model is told why),
`ask` shows it to a person at the terminal, who approves, rejects or takes over (does it in the
headed browser). Nothing the page shows can approve an action: the decision comes only from the mode
or the person, and the model's own text is never read for it.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable, Iterable, Literal, get_args

from webvoyager.browser.action_set import DECLARED, spec_of
from webvoyager.browser.action_spec import GateRule
from webvoyager.browser.types import Action, Element, Type
from webvoyager.text import printable
from webvoyager.trajectory import Choice, GateVerdict

GateMode = Literal["allow", "ask", "deny"]
GATE_MODES: tuple[str, ...] = ("allow", "ask", "deny")

_PURCHASE = re.compile(r"\b(buy|purchase|place (?:your |the )?order|pay(?: now| \$?\d)?|checkout|check out|book now|"
                       r"reserve now|confirm (?:booking|purchase|order|payment|reservation)|complete (?:purchase|order|"
                       r"booking|payment)|subscribe|upgrade now|donate|redeem|apply (?:store |my )?credit|"
                       r"use (?:store |my )?credit)\b", re.IGNORECASE)
_SEND = re.compile(r"\b(send|post(?: comment| review| reply)?|publish|share(?: with)?|submit review|transfer|"
                   r"invite)\b", re.IGNORECASE)
_DELETE = re.compile(r"\b(delete|erase|remove (?:all|account|address|card)|clear all|unsubscribe|close (?:my )?account|"
                     r"cancel (?:booking|order|subscription|reservation|membership))\b", re.IGNORECASE)
_PRESSABLE = {"button", "submit", "link", "menuitem", "a"}
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def _name(element: Element) -> str:
    return " ".join(p for p in (element.text, element.aria_label, element.value if element.tag == "input" and
                                element.type in ("submit", "button") else "") if p)


def _pressable(element: Element) -> bool:
    return (element.tag in ("button", "a") or element.role in _PRESSABLE
            or (element.tag == "input" and element.type in ("submit", "button", "image")))


def _typing(action: Type, element: Element | None) -> str | None:
    secrets = _PLACEHOLDER.findall(action.text)
    if secrets:
        return f"it types the secret {', '.join(secrets)}"
    if element is not None and element.sensitive:
        return f"it types into a {element.sensitive} field"
    if action.press_enter and element is not None and element.sensitive_form:
        return "it submits a form with password or payment fields"
    return None


def _choosing(action: Action, element: Element | None) -> str | None:
    if element is not None and element.sensitive_form:
        return "it fills in a form with password or payment fields"
    return None


def _pressing(action: Action, element: Element | None) -> str | None:
    if element is None or not _pressable(element):
        return None
    name = _name(element)
    for pattern, what in ((_PURCHASE, "buys, books or spends"), (_SEND, "sends or publishes"), (_DELETE, "deletes")):
        if pattern.search(name):
            return f"it {what} something ('{name[:60]}')"
    if element.sensitive_form and (element.tag == "button" or element.type in ("submit", "image")):
        return "it submits a form with password or payment fields"
    return None


# One rule per `GateRule` an action can declare (browser/action_set.py); checked below at import.
_RULES: dict[str, Callable[[Any, Element | None], str | None]] = {"press": _pressing, "type": _typing,
                                                                   "choose": _choosing}
_UNRULED = ({spec.gate for spec in DECLARED if spec.gate} | set(get_args(GateRule))) - _RULES.keys()
if _UNRULED:
    raise ImportError(f"agent/gate.py has no consequence rule for the gate rules {sorted(_UNRULED)}")


def consequence(action: Action, element: Element | None) -> str | None:
    """Why `action` (on `element`, the element its label names) is consequential, or None. The rule is
    the one the action declares (`ActionSpec.gate`); actions without one never are."""
    rule = spec_of(action).gate
    return _RULES[rule](action, element) if rule else None


_WORDS: dict[str, Choice] = {"a": "approve", "approve": "approve", "y": "approve", "yes": "approve", "ok": "approve",
                             "r": "reject", "reject": "reject", "n": "reject", "no": "reject",
                             "t": "takeover", "takeover": "takeover", "take": "takeover", "me": "takeover"}


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
    """Decides about consequential actions by `mode`; in `ask` mode reads a person's answer with
    `input_fn` (default: `input`; a closed input counts as a rejection). Tests use `scripted`."""

    def __init__(self, mode: GateMode = "ask", input_fn: Callable[[str], str] = input, *,
                 show: Callable[[str], None] = print) -> None:
        if mode not in GATE_MODES:
            raise ValueError(f"confirm mode must be one of {', '.join(GATE_MODES)}")
        self.mode, self.input_fn, self.show = mode, input_fn, show
        self.shown: list[str] = []

    @classmethod
    def scripted(cls, answers: Iterable[str]) -> ConfirmGate:
        """An `ask` gate that answers from a list; what it showed is kept in `.shown`."""
        queue = list(answers)
        gate = cls("ask")

        def next_answer(prompt: str) -> str:
            gate.shown.append(prompt)
            if not queue:
                raise EOFError("the scripted confirm gate ran out of answers")
            return queue.pop(0)

        gate.input_fn, gate.show = next_answer, gate.shown.append
        return gate

    async def review(self, action_line: str, reason: str, url: str) -> GateVerdict:
        """The verdict on one consequential action."""
        if self.mode == "allow":
            return GateVerdict("approve", reason, "mode", action=action_line)
        if self.mode == "deny":
            return GateVerdict("reject", reason, "mode", note="consequential actions are denied in this run",
                           action=action_line)
        # the URL and the action's text come from the page and the model: printed without terminal control
        self.show(printable(f"\nThe agent wants to do, on {url}:\n    {action_line}\n(consequential: {reason})"))
        while True:
            try:
                raw = await asyncio.to_thread(self.input_fn, "[a]pprove, [r]eject or [t]ake over (then a note): ")
            except EOFError:  # nobody can answer (stdin closed): the safe default is not to act
                return GateVerdict("reject", reason, "person", note="no person answered (input closed)",
                               action=action_line)
            parsed = parse_answer(raw)
            if parsed is not None:
                return GateVerdict(parsed[0], reason, "person", note=parsed[1], action=action_line)
            self.show("Please answer a, r or t, optionally followed by a note.")
