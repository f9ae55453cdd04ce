"""What declaring an action means: the `Action` base class, targets, and the `ActionSpec` record that
`browser/action_set.py` keeps for each action (its grammar, its SeeAct operations, its gate rule, the
named sets it belongs to). Nothing here names a particular action.
"""

from __future__ import annotations

import typing
from dataclasses import MISSING, dataclass, fields
from typing import Callable, Literal, Union


@dataclass(frozen=True)
class Point:
    """A point in viewport pixels of the screenshot the model saw (SeeAct coordinate grounding)."""

    x: float
    y: float


Target = Union[int, Point]
"""An element label from the last observation, or a point in the screenshot."""


class Action:
    """Base class of every action; each action is a frozen dataclass declared in `action_set`."""


SetName = Literal["paper", "default", "mcp", "pixel"]
"""The named sets an action is declared in (the SeeAct set is the actions with SeeAct operations)."""
SET_NAMES: tuple[str, ...] = typing.get_args(SetName)

GateRule = Literal["press", "type", "choose"]
"""How an action can be consequential (agent/gate.py holds one rule per name): `press` presses an element
(a buy, send or delete button), `type` enters text (a secret, a password, a submitted payment form),
`choose` fills in a form field (an option of a payment form)."""


def target_text(target: Target | None) -> str:
    """A target as the WebVoyager grammar writes it: a label, a point `(x, y)`, or WINDOW for none."""
    if target is None:
        return "WINDOW"
    if isinstance(target, Point):
        return f"({target.x:.0f}, {target.y:.0f})"
    return str(target)


@dataclass(frozen=True)
class ReadError:
    """Why an action block could not be read: it must be written like `example`; `extra` says more."""

    example: str
    extra: str = ""


Reader = Callable[[type, str], "Action | ReadError"]
"""Reads an action block (the text after `Action:`, starting with the keyword) into an action of the class."""


@dataclass(frozen=True)
class Grammar:
    """An action in the WebVoyager grammar: the keyword that opens it (a regular expression, matched
    case-insensitively at the start of the action block), the format shown to the model in the list of
    valid actions, how its arguments are read, and its canonical text (history, trajectory, report)."""

    name: str                       # as the model writes it, e.g. "Click", "ANSWER"
    keyword: str
    format: str
    read: Reader
    write: Callable[[Action], str]


@dataclass(frozen=True)
class ActionSpec:
    """Everything about one action, declared once next to its dataclass (`action_set.declare`).

    `guide` says what it does in the system prompt's list of actions, after its format (or after
    `shown`, when the prompt writes the format in another way). `seeact` are the names of the SeeAct
    operations that build it (none: not in SeeAct). `gate` names how it can be consequential (None:
    never). `sets` are the named sets it is in besides SeeAct's.
    """

    cls: type
    grammar: Grammar
    guide: str
    sets: frozenset[str]
    seeact: tuple[str, ...] = ()
    gate: GateRule | None = None
    shown: str = ""

    @property
    def guide_line(self) -> str:
        """The action's line in the system prompt (without its number)."""
        return f"{self.shown or self.grammar.format} — {self.guide}"

    @property
    def kind(self) -> str:
        """The action's name in trajectory files (`action_to_dict`): the class name in lower case."""
        return self.cls.__name__.lower()

    @property
    def targeted(self) -> bool:
        """Whether the action needs a target (a `target` field that cannot be None)."""
        field = next((f for f in fields(self.cls) if f.name == "target"), None)
        if field is None or field.default is not MISSING:
            return False
        hint = typing.get_type_hints(self.cls)["target"]
        return type(None) not in typing.get_args(hint)
