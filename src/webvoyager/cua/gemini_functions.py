"""Gemini Computer Use's predefined functions, as our pixel actions.

Two function sets (the fact sheet, section 3): the legacy one of gemini-2.5-computer-use-preview-10-2025,
gemini-3-flash-preview and gemini-3.1-pro-preview (`click_at`, `type_text_at`, `scroll_document`, ...)
and the one of gemini-3.5-flash and later (`click`, `type`, `hotkey`, `scroll`, ...); `function_set(model)`
picks it by name. Points and scroll magnitudes are on a 0-999 grid: the `ScreenSpace` has grid 1000
and floors, as the reference's `int(v / 1000 * size)`. One call may need several browser actions
(`type_text_at`: click, clear, type): each is its own action, and the adapter answers the call once.
"""

from __future__ import annotations

from typing import Any, Literal

from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, GoForward, KeyChord, MouseDown, MouseUp,
                                           MoveTo, Navigate, Screenshot, Scroll, ScrollAt, Search, TypeText,
                                           WaitFor)
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.keys import split_chord
from webvoyager.browser.screen_space import ScreenSpace

FunctionSet = Literal["legacy", "current"]
LEGACY_MODELS = ("gemini-2.5-computer-use-preview-10-2025", "gemini-3-flash-preview", "gemini-3.1-pro-preview")
"""The models that take the legacy function set (the reference's list); every other model takes the current one."""
DEFAULT_MAGNITUDE = 800
"""The scroll distance on the grid when a call names none (the reference's default)."""
LEGACY_WAIT_S = 5.0


def function_set(model: str) -> FunctionSet:
    """The function set `model` answers with (by name: a "models/" prefix or a "-001" suffix is fine)."""
    name = model.lower().rsplit("/", 1)[-1]
    return "legacy" if any(name.startswith(m) for m in LEGACY_MODELS) else "current"


class UnknownFunction(ValueError):
    """A function name that is not in the model's function set."""


_CLICKS = {"click": ("left", 1), "double_click": ("left", 2), "triple_click": ("left", 3),
           "middle_click": ("middle", 1), "right_click": ("right", 1)}
_LEGACY_ONLY = {"click_at", "hover_at", "type_text_at", "scroll_document", "wait_5_seconds", "search",
                "key_combination", "open_web_browser"}
_CURRENT_ONLY = {*_CLICKS, "mouse_down", "mouse_up", "move", "type", "wait", "press_key", "hotkey",
                 "take_screenshot", "scroll"}


class FunctionMapper:
    """Turns one predefined function call (name, args) into pixel actions through `screen`."""

    def __init__(self, screen: ScreenSpace, functions: FunctionSet) -> None:
        self.screen, self.functions = screen, functions

    def _point(self, args: dict[str, Any], x: str = "x", y: str = "y") -> Point:
        return self.screen.to_viewport(float(args[x]), float(args[y]))

    def _maybe_point(self, args: dict[str, Any]) -> Point | None:
        return self._point(args) if args.get("x") is not None and args.get("y") is not None else None

    def _scroll(self, here: Point | None, direction: str, magnitude: float) -> ScrollAt:
        dx, dy = self.screen.length_to_viewport(magnitude, magnitude)
        moves = {"up": (0.0, -dy), "down": (0.0, dy), "left": (-dx, 0.0), "right": (dx, 0.0)}
        if direction not in moves:
            raise ValueError(f"direction must be up, down, left or right, not {direction!r}")
        return ScrollAt(here, *moves[direction])

    def map(self, name: str, args: dict[str, Any]) -> tuple[Action, ...]:
        """The browser actions of the call, in order (most calls have one); UnknownFunction for a name outside the set, KeyError/ValueError/TypeError
        for arguments that cannot be read."""
        other = _CURRENT_ONLY if self.functions == "legacy" else _LEGACY_ONLY
        if name in other:
            raise UnknownFunction(f"{name} is not one of this model's computer-use functions")
        actions = self._shared(name, args) or self._legacy(name, args) or self._current(name, args)
        if actions is None:
            raise UnknownFunction(f"unknown computer-use function {name!r}")
        return actions

    def _shared(self, name: str, args: dict[str, Any]) -> tuple[Action, ...] | None:
        if name == "go_back":
            return (GoBack(),)
        if name == "go_forward":
            return (GoForward(),)
        if name == "navigate":
            return (Navigate(str(args["url"])),)
        if name == "drag_and_drop":
            return (DragAlong((self._point(args), self._point(args, "destination_x", "destination_y"))),)
        return None

    def _legacy(self, name: str, args: dict[str, Any]) -> tuple[Action, ...] | None:
        if name == "open_web_browser":
            return (Screenshot(),)
        if name == "click_at":
            return (ClickAt(self._point(args)),)
        if name == "hover_at":
            return (MoveTo(self._point(args)),)
        if name == "type_text_at":
            clear = bool(args.get("clear_before_typing", True))
            wipe: tuple[Action, ...] = (KeyChord(("Control", "a")), KeyChord(("Delete",))) if clear else ()
            return (ClickAt(self._point(args)), *wipe,
                    TypeText(str(args["text"]), press_enter=bool(args.get("press_enter", False))))
        if name == "scroll_document":
            direction = str(args["direction"])
            if direction in ("up", "down"):
                return (Scroll(None, direction),)   # type: ignore[arg-type]
            width, height = self.screen.viewport
            return (self._scroll(Point(width / 2, height / 2), direction, self.screen.grid or width / 2),)
        if name == "scroll_at":
            return (self._scroll(self._point(args), str(args["direction"]),
                                 float(args.get("magnitude") or DEFAULT_MAGNITUDE)),)
        if name == "wait_5_seconds":
            return (WaitFor(LEGACY_WAIT_S),)
        if name == "search":
            return (Search(),)
        if name == "key_combination":
            return (KeyChord(split_chord(str(args["keys"]))),)
        return None

    def _current(self, name: str, args: dict[str, Any]) -> tuple[Action, ...] | None:
        if name in _CLICKS:
            button, count = _CLICKS[name]
            return (ClickAt(self._point(args), button, count),)   # type: ignore[arg-type]
        if name in ("mouse_down", "mouse_up"):
            here = self._maybe_point(args)
            return (MouseDown(here) if name == "mouse_down" else MouseUp(here),)
        if name == "move":
            return (MoveTo(self._point(args)),)
        if name == "type":
            return (TypeText(str(args["text"]), press_enter=bool(args.get("press_enter", False))),)
        if name == "wait":
            return (WaitFor(float(args.get("seconds", 1))),)
        if name == "press_key":
            return (KeyChord(split_chord(str(args["key"]))),)
        if name == "hotkey":
            keys = args["keys"]
            return (KeyChord(tuple(str(k) for k in keys) if isinstance(keys, list) else split_chord(str(keys))),)
        if name in ("key_down", "key_up"):   # no held-key action here: a chord covers what they are used for
            raise UnknownFunction(f"{name} is not supported by this browser; use hotkey or press_key")
        if name == "take_screenshot":
            return (Screenshot(),)
        if name == "scroll":
            return (self._scroll(self._maybe_point(args), str(args["direction"]),
                                 float(args.get("magnitude") or DEFAULT_MAGNITUDE)),)
        return None
