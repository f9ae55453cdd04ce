"""The action registry: every action the agent can take is declared here, once.

A declaration is a frozen dataclass (the action's fields) under `@declare(...)`, which records its
WebVoyager grammar (format shown to the model, how its arguments are read, its canonical text used in
history, trajectories and reports), its line in the system prompt, its SeeAct operations, how the
confirm gate judges it (agent/gate.py) and the named sets it is in. Its browser handler is registered
against the class in browser/actions.py, which refuses to import while a declared action has none.

The named sets are derived, in declaration order, which is the order the model reads them in:
`PAPER` (the paper's seven), `DEFAULT` (the default protocol), `SEEACT` (actions with SeeAct
operations), `MCP` (the MCP `act` tool) and `PIXEL` (what computer-use models do: the mouse and keyboard
at viewport points, plus waiting, navigating and answering; their adapters map each vendor's actions
and coordinates onto these). Declare a new action after the last one outside the paper's set (PressKey's
group), so the paper's actions keep their numbers in the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable, Literal, TypeVar

from webvoyager.browser.action_spec import SET_NAMES, Action, ActionSpec, GateRule, Grammar, Point, Target
from webvoyager.browser.grammar import bare, call, free_text, labelled, labelled_text, scrolling

A = TypeVar("A", bound=type)
DECLARED: list[ActionSpec] = []
"""Every declared action, in declaration order."""


def declare(grammar: Grammar, guide: str, *, sets: tuple[str, ...], seeact: tuple[str, ...] = (),
            gate: GateRule | None = None, shown: str = "") -> Callable[[A], A]:
    """Register the decorated action dataclass with its declaration (see `ActionSpec`)."""
    def register(cls: A) -> A:
        if not (is_dataclass(cls) and issubclass(cls, Action)):
            raise TypeError(f"{cls.__name__}: declare a frozen dataclass that subclasses Action")
        unknown = set(sets) - set(SET_NAMES)
        if unknown:
            raise ValueError(f"{cls.__name__}: unknown action sets {sorted(unknown)}; the sets are {SET_NAMES}")
        spec = ActionSpec(cls, grammar, guide, frozenset(sets), seeact, gate, shown)
        taken = [s.cls.__name__ for s in DECLARED if s.kind == spec.kind or set(s.seeact) & set(seeact)]
        if taken:
            raise ValueError(f"{cls.__name__}: its kind or SeeAct operation is already declared by {taken[0]}")
        DECLARED.append(spec)
        return cls
    return register


_ALL = ("paper", "default", "mcp")
_EXTRA = ("default", "mcp")


@declare(labelled("Click", "click", hint="Use the number shown on the element's label."),
         "click element N (links, buttons, tabs, checkboxes, calendar days, search results...).",
         sets=_ALL, seeact=("CLICK",), gate="press")
@dataclass(frozen=True)
class Click(Action):
    target: Target


@declare(labelled_text("Type", "type", "text", example="Type [5]; [text to type]",
                       missing="The text to type is missing.", no_enter=True),
         "clear the text box N, type the text, then press Enter. Do not click the box first; typing focuses it.",
         sets=_ALL, seeact=("TYPE",), gate="type")
@dataclass(frozen=True)
class Type(Action):
    target: Target
    text: str
    press_enter: bool = True


@declare(scrolling("Scroll", "scroll"),
         "scroll the whole page. Use Scroll [N]; [down] or Scroll [N]; [up] to scroll inside a scrollable area "
         "that contains element N.", shown="Scroll [WINDOW]; [down] or Scroll [WINDOW]; [up]",
         sets=_ALL, seeact=("SCROLL UP", "SCROLL DOWN"))
@dataclass(frozen=True)
class Scroll(Action):
    """Scroll the window (target None) or the scrollable container of element `target`."""

    target: Target | None
    direction: Literal["up", "down"]


@declare(labelled_text("Select", "select", "option", example="Select [5]; [option text]",
                       missing="The option is missing."),
         "choose an option of the drop-down list N by its visible text.",
         sets=_EXTRA, seeact=("SELECT",), gate="choose")
@dataclass(frozen=True)
class Select(Action):
    target: Target
    option: str


@declare(labelled("Hover", "hover"), "move the mouse over element N (to open a menu or a tooltip).",
         sets=_EXTRA, seeact=("HOVER",))
@dataclass(frozen=True)
class Hover(Action):
    target: Target


# SeeAct's only key is Enter; the gate leaves keys alone: the focused field is not known here, and
# typing into it was gated already.
@declare(free_text("PressKey", r"press\s*_?\s*key\b|press\b", r"press\s*_?\s*(?:key)?", "key", sep=" ",
                   example="PressKey [Enter]", missing="The key name is missing."),
         "press a keyboard key, for example PressKey [Enter], PressKey [Escape], PressKey [ArrowDown].",
         sets=_EXTRA, seeact=("PRESS ENTER",))
@dataclass(frozen=True)
class PressKey(Action):
    key: str


# Not in SeeAct: its operations are the paper's (Mind2Web's CLICK, TYPE, SELECT and the online tool's),
# and its prompts list them; a double click on a buy button is as consequential as a click.
@declare(labelled("DoubleClick", r"double\s*_?\s*click"),
         "double-click element N (to open an item or start editing text that a single click only selects).",
         sets=_EXTRA, gate="press")
@dataclass(frozen=True)
class DoubleClick(Action):
    target: Target


@declare(bare("Wait", r"wait\b"), "wait for the page to finish loading or changing.", sets=_ALL + ("pixel",))
@dataclass(frozen=True)
class Wait(Action):
    pass


@declare(bare("GoBack", r"go\s*_?\s*back\b"), "return to the previous page.", sets=_ALL + ("pixel",),
         seeact=("GO BACK",))
@dataclass(frozen=True)
class GoBack(Action):
    pass


@declare(bare("Google", r"google\b|search\s*$"),
         "go to the search engine's start page to start over with a web search.", sets=_ALL)
@dataclass(frozen=True)
class Search(Action):
    """The paper's "Google" action: go to the search engine's home page to start over."""

    pass


@declare(free_text("ANSWER", r"answer\b", "answer", "text", sep="; ", example="ANSWER; [your answer]",
                   missing="The answer text is missing.", multiline=True),
         "finish the task and give your final answer. Use it only when the task is done.",
         sets=("paper", "default", "pixel"), seeact=("TERMINATE",))
@dataclass(frozen=True)
class Answer(Action):
    text: str


# ---- pixel actions: the mouse and keyboard at viewport points (computer-use models) ----------------
# Points are viewport CSS pixels: each vendor's adapter maps its own coordinates (a resized screenshot,
# a 0-999 grid, ...) to them before an action is built (browser/screen_space.py). Key names are
# Playwright's; adapters normalise theirs with `browser.keys.key_chord`.
MouseButton = Literal["left", "right", "middle"]
_PIXEL = ("pixel",)


@declare(call("ClickAt"), "click at a point (left, right or middle button; 2 or 3 for a double or triple "
         "click), holding the given keys.", sets=_PIXEL, gate="press")
@dataclass(frozen=True)
class ClickAt(Action):
    target: Point
    button: MouseButton = "left"
    count: int = 1
    keys: tuple[str, ...] = ()


@declare(call("MoveTo"), "move the mouse to a point (hover).", sets=_PIXEL)
@dataclass(frozen=True)
class MoveTo(Action):
    target: Point


@declare(call("MouseDown"), "press a mouse button where the mouse is (or at a point) and hold it.",
         sets=_PIXEL, gate="press")
@dataclass(frozen=True)
class MouseDown(Action):
    target: Point | None = None
    button: MouseButton = "left"


@declare(call("MouseUp"), "release a mouse button where the mouse is (or at a point).", sets=_PIXEL)
@dataclass(frozen=True)
class MouseUp(Action):
    target: Point | None = None
    button: MouseButton = "left"


@declare(call("DragAlong"), "press the left button at the first point, move through the others, release "
         "at the last.", sets=_PIXEL)
@dataclass(frozen=True)
class DragAlong(Action):
    path: tuple[Point, ...]
    keys: tuple[str, ...] = ()


@declare(call("ScrollAt"), "turn the mouse wheel at a point (where the mouse is when none) by dx, dy pixels.",
         sets=_PIXEL)
@dataclass(frozen=True)
class ScrollAt(Action):
    target: Point | None
    dx: float = 0.0
    dy: float = 0.0
    keys: tuple[str, ...] = ()


@declare(call("TypeText"), "type text into whatever has the keyboard focus (then Enter, if asked).",
         sets=_PIXEL, gate="type")
@dataclass(frozen=True)
class TypeText(Action):
    text: str
    press_enter: bool = False


@declare(call("KeyChord"), "press keys together (a chord like Control+s), `repeat` times.", sets=_PIXEL)
@dataclass(frozen=True)
class KeyChord(Action):
    keys: tuple[str, ...]
    repeat: int = 1


@declare(call("HoldKeys"), "hold keys down for some seconds.", sets=_PIXEL)
@dataclass(frozen=True)
class HoldKeys(Action):
    keys: tuple[str, ...]
    seconds: float


@declare(call("WaitFor"), "wait the given number of seconds.", sets=_PIXEL)
@dataclass(frozen=True)
class WaitFor(Action):
    seconds: float


@declare(call("Screenshot"), "look again without acting (a new screenshot).", sets=_PIXEL)
@dataclass(frozen=True)
class Screenshot(Action):
    pass


@declare(call("Navigate"), "open a URL in this tab (the allowed domains apply).", sets=_PIXEL)
@dataclass(frozen=True)
class Navigate(Action):
    url: str


@declare(call("GoForward"), "go forward to the page left by going back.", sets=_PIXEL)
@dataclass(frozen=True)
class GoForward(Action):
    pass


def actions_in(name: str) -> tuple[ActionSpec, ...]:
    """The declared actions of the named set ("paper", "default", "seeact", "mcp", "pixel"), in order."""
    if name == "seeact":
        return tuple(s for s in DECLARED if s.seeact)
    if name not in SET_NAMES:
        raise ValueError(f"no action set {name!r}; the sets are {', '.join(SET_NAMES + ('seeact',))}")
    return tuple(s for s in DECLARED if name in s.sets)


PAPER, DEFAULT, SEEACT, MCP, PIXEL = (actions_in(n) for n in ("paper", "default", "seeact", "mcp", "pixel"))
_BY_CLASS = {s.cls: s for s in DECLARED}
_BY_KIND = {s.kind: s for s in DECLARED}


def spec_of(action: Action | type) -> ActionSpec:
    """The declaration of an action (or action class); TypeError for anything else."""
    spec = _BY_CLASS.get(action if isinstance(action, type) else type(action))
    if spec is None:
        raise TypeError(f"not an action: {action!r}")
    return spec


def action_text(action: Action) -> str:
    """Canonical one-line text of an action, in the WebVoyager grammar."""
    return spec_of(action).grammar.write(action)


def _to_json(value: Any) -> Any:
    if isinstance(value, Point):
        return {"x": value.x, "y": value.y}
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"x", "y"}:
        return Point(float(value["x"]), float(value["y"]))
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


def action_to_dict(action: Action) -> dict[str, object]:
    """A JSON-ready description of an action (kind plus its fields; points as {"x", "y"})."""
    data: dict[str, object] = {"kind": spec_of(action).kind}
    for f in fields(action):  # type: ignore[arg-type]
        data[f.name] = _to_json(getattr(action, f.name))
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action `action_to_dict` described (ValueError for an unknown kind or bad fields)."""
    kind = str(data.get("kind", ""))
    spec = _BY_KIND.get(kind)
    if spec is None:
        raise ValueError(f"unknown action kind {kind!r}")
    values = {k: _from_json(v) for k, v in data.items() if k != "kind"}
    try:
        return spec.cls(**values)  # type: ignore[no-any-return]
    except TypeError as exc:
        raise ValueError(f"bad fields for a {kind} action: {exc}") from None
