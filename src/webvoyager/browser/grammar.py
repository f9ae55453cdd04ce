"""The shapes of actions in the WebVoyager grammar (`Click [5]`, `Type [4]; [text]`, `Scroll [WINDOW];
[down]`, `PressKey [Enter]`, `Wait`): each factory returns the `Grammar` of one action of that shape,
that is, how its block is read and how it is written back in canonical text.

Reading is lenient in the ways small models need (SPEC §1): brackets are optional; labels may be written
`5`, `[5]`, `(5)`, `[Element 5]`, `on [5]` or `#5`; free text in brackets runs to the LAST closing bracket,
so it may itself contain `]` and span several lines.
"""

from __future__ import annotations

import ast
import re
import typing
from dataclasses import MISSING, fields
from typing import Any

from webvoyager.browser.action_spec import Action, Grammar, Point, ReadError, target_text

LABEL = r"(?:on\s+)?[\[(]?\s*(?:element\s*|label\s*|#)?(\d+)\s*[\])]?"
"""A label as small models write it; group 1 is the number."""
SEP = r"\s*[;:,]?\s*"
"""What models put between two arguments."""


def bracketed_text(rest: str, *, multiline: bool = False) -> tuple[str, str]:
    """The free text of an argument and what follows it.

    With a leading `[`, the text runs to the last `]` (so it may contain `]` and newlines); without
    brackets it is the first line (the whole rest for `multiline`, i.e. answers), with one pair of
    surrounding quotes removed.
    """
    rest = rest.strip()
    if rest.startswith("["):
        closing = rest.rfind("]")
        if closing > 0:
            return rest[1:closing].strip(), rest[closing + 1:].strip()
        return rest[1:].strip(), ""
    if not multiline and rest:
        rest = rest.splitlines()[0].strip()
    if len(rest) >= 2 and rest[0] == rest[-1] and rest[0] in "\"'":
        rest = rest[1:-1]
    return rest.strip(), ""


def _values(action: Action) -> list[Any]:
    return [getattr(action, f.name) for f in fields(action)]  # type: ignore[arg-type]


def labelled(name: str, word: str, *, hint: str = "") -> Grammar:
    """`Name [N]`: an action on one element (`word` is the keyword's regular expression)."""
    def read(cls: type, block: str) -> Action | ReadError:
        m = re.match(word + r"\s*" + LABEL + r"(?=\W|$)", block, re.IGNORECASE)
        return cls(int(m.group(1))) if m else ReadError(f"{name} [5]", hint)

    return Grammar(name, word + r"\b", f"{name} [N]", read, lambda a: f"{name} [{target_text(_values(a)[0])}]")


def labelled_text(name: str, word: str, what: str, *, example: str, missing: str, no_enter: bool = False) -> Grammar:
    """`Name [N]; [what]`: an element and a text. With `no_enter`, the action's third field is
    `press_enter`, turned off by a trailing `(no Enter)`."""
    def read(cls: type, block: str) -> Action | ReadError:
        m = re.match(word + r"\s*" + LABEL + SEP, block, re.IGNORECASE)
        if not m:
            return ReadError(example)
        text, after = bracketed_text(block[m.end():])
        if not text:
            return ReadError(example, missing)
        if no_enter:
            return cls(int(m.group(1)), text, press_enter="no enter" not in after.lower())
        return cls(int(m.group(1)), text)

    def write(action: Action) -> str:
        values = _values(action)
        suffix = " (no Enter)" if no_enter and not values[2] else ""
        return f"{name} [{target_text(values[0])}]; [{values[1]}]{suffix}"

    return Grammar(name, word + r"\b", f"{name} [N]; [{what}]", read, write)


def scrolling(name: str, word: str) -> Grammar:
    """`Name [N or WINDOW]; [up or down]`: the window (no label) or the scrollable area of element N."""
    def read(cls: type, block: str) -> Action | ReadError:
        m = re.match(word + r"\s*(?:\[?\s*(window|\d+)\s*\]?)?" + SEP + r"\[?\s*(up|down)\s*\]?(?=\W|$)",
                     block, re.IGNORECASE)
        if not m:
            return ReadError(f"{name} [WINDOW]; [down]' or '{name} [5]; [up]")
        where = m.group(1)
        return cls(int(where) if where and where.isdigit() else None, m.group(2).lower())

    def write(action: Action) -> str:
        target, direction = _values(action)
        return f"{name} [{target_text(target)}]; [{direction}]"

    return Grammar(name, word + r"\b", f"{name} [N or WINDOW]; [up or down]", read, write)


def free_text(name: str, keyword: str, opening: str, what: str, *, sep: str, example: str, missing: str,
              multiline: bool = False) -> Grammar:
    """`Name{sep}[what]`: one free text (an answer, a key name). `opening` is the regular expression
    of the keyword as it is cut off before the text; `multiline`: unbracketed text runs to the end."""
    def read(cls: type, block: str) -> Action | ReadError:
        m = re.match(opening + SEP, block, re.IGNORECASE)
        text, _ = bracketed_text(block[m.end():] if m else block, multiline=multiline)
        return cls(text) if text else ReadError(example, missing)

    return Grammar(name, keyword, f"{name}{sep}[{what}]", read, lambda a: f"{name}{sep}[{_values(a)[0]}]")


def bare(name: str, keyword: str) -> Grammar:
    """`Name`: an action without arguments."""
    return Grammar(name, keyword, name, lambda cls, block: cls(), lambda a: name)


def call(name: str) -> Grammar:
    """`Name(field=value, ...)`: a pixel action, written as a call with Python literals (points as
    `(x, y)` tuples, fields at their default left out) and read back the same way. Computer-use models
    never write this grammar (their adapters build the actions); it is the canonical text of history,
    trajectories and reports, and what a person can type into a scripted reply."""
    def read(cls: type, block: str) -> Action | ReadError:
        example = f"{name}(target=(x, y))"
        try:
            node = ast.parse(block.strip(), mode="eval").body
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args):
                return ReadError(example, "Write the fields by name.")
            values = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            return cls(**{k: _point_field(cls, k, v) for k, v in values.items()})
        except (SyntaxError, ValueError, TypeError) as exc:
            return ReadError(example, f"It could not be read: {exc}.")

    def write(action: Action) -> str:
        shown = [f"{f.name}={_literal(getattr(action, f.name))}" for f in fields(action)  # type: ignore[arg-type]
                 if f.default is MISSING or getattr(action, f.name) != f.default]
        return f"{name}({', '.join(shown)})"

    return Grammar(name, re.escape(name) + r"\s*\(", f"{name}(...)", read, write)


def _literal(value: Any) -> str:
    if isinstance(value, Point):
        return f"({value.x:g}, {value.y:g})"
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def _point_field(cls: type, name: str, value: Any) -> Any:
    """A literal read for field `name`, with (x, y) pairs made Points where the field holds points."""
    hint = typing.get_type_hints(cls).get(name)
    args = typing.get_args(hint)
    if hint is Point or Point in args and type(None) in args:
        return None if value is None else Point(float(value[0]), float(value[1]))
    if typing.get_origin(hint) is tuple and args[:1] == (Point,):
        return tuple(Point(float(x), float(y)) for x, y in value)
    return tuple(value) if isinstance(value, list) else value
