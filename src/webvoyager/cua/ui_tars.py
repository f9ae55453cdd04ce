"""UI-TARS-1.5's reply grammar: `Thought: ...` then `Action: click(start_box='(x,y)')`, several actions
separated by a blank line, in absolute pixels of the image smart_resize'd with factor 28 and 100 to
16384 patches of 28 x 28 (the fact sheet, section 4: 1.5 is not v1's 0-1000 grid).

The box forms a model writes are read alike: `(x,y)`, `<|box_start|>(x,y)<|box_end|>`,
`<point>x y</point>`, a four-number box (its centre), and `point=`/`start_point=`/`end_point=` for
`start_box=`/`end_box=`. The assistant history is replayed with every bare `(x,y)` box wrapped in
`<|box_start|>...<|box_end|>`, as the reference deployment replays it.
"""

from __future__ import annotations

import ast
import re

from webvoyager.browser.action_set import ClickAt, DragAlong, KeyChord, MoveTo, ScrollAt, TypeText, WaitFor
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.keys import split_chord
from webvoyager.cua.open_reply import Family, Reader, ReadCall, ReadReply

SCROLL_PX = 500
"""Pixels one scroll action turns (the reference scrolls five wheel notches of about 100 px)."""
WAIT_S = 5.0
"""What wait() waits (the reference: five seconds)."""

_POINT_TAG = re.compile(r"<point>\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*</point>")
_BBOX_TAG = re.compile(r"<bbox>\s*(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+(-?[\d.]+)\s*</bbox>")
_RENAMES = (("start_point=", "start_box="), ("end_point=", "end_box="), ("point=", "start_box="))
_BARE_BOX = re.compile(r"(?<!<\|box_start\|>)\((-?[\d.]+\s*,\s*-?[\d.]+(?:\s*,\s*-?[\d.]+\s*,\s*-?[\d.]+)?)\)(?!<\|box_end\|>)")
_BOX_VALUE = re.compile(r"(?:start|end)_box='([^']*)'")
_CLICKS = {"click": ("left", 1), "left_single": ("left", 1), "left_double": ("left", 2),
           "right_single": ("right", 1), "middle_single": ("middle", 1), "left_triple": ("left", 3)}


def normalise(action: str) -> str:
    """One action in the plain `start_box='(x,y)'` form, whichever box form the model wrote."""
    text = action.replace("<|box_start|>", "").replace("<|box_end|>", "")
    text = _POINT_TAG.sub(r"(\1,\2)", text)
    text = _BBOX_TAG.sub(r"(\1,\2,\3,\4)", text)
    for old, new in _RENAMES:
        text = re.sub(rf"(?<![\w]){old}", new, text)
    return text


def replay(reply: str) -> str:
    """The reply as the history carries it: bare `(x,y)` boxes of the action lines wrapped in
    `<|box_start|>...<|box_end|>`."""
    head, sep, actions = reply.partition("Action:")
    if not sep:
        return reply
    wrapped = _BOX_VALUE.sub(lambda m: m.group(0).replace(m.group(1), _BARE_BOX.sub(
        r"<|box_start|>(\1)<|box_end|>", m.group(1))), normalise(actions))
    return head + sep + wrapped


def _split(actions: str) -> list[str]:
    """The actions of an `Action:` part, one per blank-line-separated block."""
    return [a.strip() for a in re.split(r"\)\s*\n\s*\n", actions.strip()) if a.strip()]


def _arguments(call: str) -> tuple[str, dict[str, str]]:
    """The name and keyword arguments of `name(key='value', ...)`."""
    match = re.fullmatch(r"\s*(\w+)\s*\((.*?)\)?\s*", call, re.DOTALL)
    if match is None:
        raise ValueError(f"{call[:80]!r} is not an action call like click(start_box='(x,y)')")
    name, inner = match.group(1), match.group(2)
    try:
        tree = ast.parse(f"f({inner})", mode="eval").body
        assert isinstance(tree, ast.Call)
        return name, {k.arg or "": str(ast.literal_eval(k.value)) for k in tree.keywords}
    except (SyntaxError, ValueError, AssertionError):
        # A quote inside the typed text breaks Python's grammar: read content='...' up to the last quote.
        found = re.fullmatch(r"\s*content\s*=\s*(['\"])(.*)\1\s*", inner, re.DOTALL)
        if found is None:
            raise ValueError(f"the arguments of {name}() could not be read: {inner[:80]!r}") from None
        return name, {"content": found.group(2).replace("\\n", "\n")}


def _box(value: str, reader: Reader) -> tuple[Point, tuple[float, float]]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", value)]
    if len(numbers) == 4:
        numbers = [(numbers[0] + numbers[2]) / 2, (numbers[1] + numbers[3]) / 2]
    if len(numbers) != 2:
        raise ValueError(f"the box {value!r} is not (x,y)")
    return reader.point(*numbers), (numbers[0], numbers[1])


def _action(name: str, given: dict[str, str], reader: Reader) -> tuple[tuple[Action, ...], tuple[float, float] | None]:
    if name in _CLICKS or name in ("hover", "drag", "select", "scroll"):
        if name in _CLICKS or name == "hover" or "start_box" in given:
            here, model_point = _box(given["start_box"], reader)
        else:
            here, model_point = None, None
        if name in _CLICKS:
            button, count = _CLICKS[name]
            return (ClickAt(here, button, count),), model_point   # type: ignore[arg-type]
        if name == "hover":
            return (MoveTo(here),), model_point                    # type: ignore[arg-type]
        if name == "scroll":
            dx, dy = {"down": (0, SCROLL_PX), "up": (0, -SCROLL_PX), "right": (SCROLL_PX, 0),
                      "left": (-SCROLL_PX, 0)}[given.get("direction", "down").strip().lower()]
            return (ScrollAt(here, dx, dy),), model_point
        end, _ = _box(given["end_box"], reader)
        return (DragAlong((here, end)),), model_point               # type: ignore[arg-type]
    if name == "type":
        text = given["content"].replace("\\n", "\n")
        submit = text.endswith("\n")
        return (TypeText(text.rstrip("\n") if submit else text, press_enter=submit),), None
    if name in ("hotkey", "press"):
        keys = given.get("key") or given.get("hotkey") or ""
        return (KeyChord(split_chord(keys.lower() if " " in keys.strip() else keys)),), None
    if name == "wait":
        return (WaitFor(WAIT_S),), None
    raise ValueError(f"unknown action {name}(); use the actions the system prompt lists")


def read(reply: str, reader: Reader) -> ReadReply:
    """The thought, calls and final answer of a UI-TARS reply."""
    text = reply.strip()
    head, sep, actions = text.partition("Action:")
    thought = re.sub(r"^\s*Thought:\s*", "", head).strip()
    if not sep or not actions.strip():
        return ReadReply(thought, error="the reply has no 'Action:' line; end it with one action, "
                                        "e.g. Action: click(start_box='(x,y)'), or finished(content='...')")
    calls: list[ReadCall] = []
    for call in _split(normalise(actions)):
        call = call if call.endswith(")") else call + ")"
        try:
            name, given = _arguments(call)
            if name in ("finished", "call_user"):
                return ReadReply(thought, tuple(calls), answer=given.get("content", thought))
            taken, model_point = _action(name, given, reader)
            calls.append(ReadCall(name, taken, model_point))
        except (KeyError, ValueError) as exc:
            problem = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
            calls.append(ReadCall(call.split("(")[0], error=f"{call[:80]!r} could not be performed: {problem}"))
    return ReadReply(thought, tuple(calls))


UI_TARS = Family(name="ui-tars", tool="ui-tars-1.5", prompt="ui_tars.txt", read=read, replay=replay,
                 resize=(28, 100 * 28 * 28, 16384 * 28 * 28))
"""UI-TARS-1.5: absolute pixels of the smart_resize'd image, mapped back with x / w_resized * W."""
