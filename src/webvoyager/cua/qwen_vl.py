"""The `computer_use` function of Qwen2.5-VL, Qwen3-VL and Fara-7B, called in the Nous format:
`<tool_call>{"name": "computer_use", "arguments": {"action": ..., ...}}</tool_call>` after the thought
(the fact sheet, section 4).

Qwen2.5-VL and Fara answer in absolute pixels of the image smart_resize'd with factor 28 (the processors'
3136 to 12845056 pixels), mapped back with x * W / w_resized; Qwen3-VL on a 0-999 grid, mapped with
round(x / 999 * W). `left_click_drag` carries only its end: it starts where the mouse is. `scroll` and
`hscroll` take `pixels` (positive scrolls up or right), in the image's pixels on the absolute families.
"""

from __future__ import annotations

import json
import re
from typing import Any

from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, KeyChord, MoveTo, Navigate, Screenshot,
                                           ScrollAt, TypeText, WaitFor)
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.keys import split_chord
from webvoyager.cua.open_reply import Family, Reader, ReadCall, ReadReply

TOOL_NAME = "computer_use"
SEARCH_URL = "https://www.bing.com/search?q={query}"
"""Where Fara's web_search goes (its reference searches Bing); the allowlist still applies."""
_CALL = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.DOTALL)
_CLICKS = {"left_click": ("left", 1), "right_click": ("right", 1), "middle_click": ("middle", 1),
           "double_click": ("left", 2), "triple_click": ("left", 3)}


def replay(reply: str) -> str:
    """Qwen-VL's history carries the reply as it was written."""
    return reply


def tool_calls(reply: str) -> tuple[str, list[str]]:
    """The thought (the text outside the calls) and the JSON text of each `<tool_call>`."""
    found = [m.group(1).strip() for m in _CALL.finditer(reply)]
    return _CALL.sub("", reply).strip(), found


def _point(given: dict[str, Any], reader: Reader, key: str = "coordinate") -> tuple[Point, tuple[float, float]]:
    x, y = given[key][:2]
    return reader.point(float(x), float(y)), (float(x), float(y))


def _here(given: dict[str, Any], reader: Reader) -> tuple[Point | None, tuple[float, float] | None]:
    if given.get("coordinate") is not None:
        return _point(given, reader)
    return reader.cursor, None


def _action(name: str, given: dict[str, Any], reader: Reader) -> tuple[tuple[Action, ...], tuple[float, float] | None]:
    if name in _CLICKS:
        here, model_point = _here(given, reader)
        if here is None:
            raise ValueError("no coordinate, and the mouse has not been moved yet")
        button, count = _CLICKS[name]
        return (ClickAt(here, button, count),), model_point   # type: ignore[arg-type]
    if name == "mouse_move":
        here, model_point = _point(given, reader)
        return (MoveTo(here),), model_point
    if name == "left_click_drag":
        start = reader.cursor
        if start is None:
            raise ValueError("a drag starts where the mouse is: move it there first (mouse_move)")
        end, model_point = _point(given, reader)
        return (DragAlong((start, end)),), model_point
    if name in ("scroll", "hscroll"):
        here, model_point = _here(given, reader)
        amount = float(given["pixels"])
        if reader.screen.grid is None:
            amount = reader.screen.length_to_viewport(amount, amount)[1 if name == "scroll" else 0]
        dx, dy = (0.0, -amount) if name == "scroll" else (amount, 0.0)
        return (ScrollAt(here, dx, dy),), model_point
    if name == "type":
        text = str(given["text"])
        actions: list[Action] = []
        model_point = None
        if given.get("coordinate") is not None:          # Fara: click the field first
            here, model_point = _point(given, reader)
            actions.append(ClickAt(here))
        if given.get("delete_existing_text"):
            actions += [KeyChord(("Control", "a")), KeyChord(("Delete",))]
        submit = bool(given.get("press_enter")) or text.endswith("\n")
        actions.append(TypeText(text.rstrip("\n"), press_enter=submit))
        return tuple(actions), model_point
    if name == "key":
        keys = given["keys"]
        return (KeyChord(tuple(str(k) for k in keys) if isinstance(keys, list) else split_chord(str(keys))),), None
    if name == "wait":
        return (WaitFor(float(given.get("time", given.get("duration", 1)))),), None
    if name == "visit_url":
        return (Navigate(str(given["url"])),), None
    if name == "web_search":
        from urllib.parse import quote_plus

        return (Navigate(SEARCH_URL.format(query=quote_plus(str(given["query"])))),), None
    if name == "history_back":
        return (GoBack(),), None
    if name in ("pause_and_memorize_fact", "screenshot"):
        return (Screenshot(),), None                      # nothing to do: the fact stays in the history
    raise ValueError(f"unknown action {name!r}; use the actions the system prompt lists")


def read(reply: str, reader: Reader) -> ReadReply:
    """The thought, calls and final answer of a reply with `<tool_call>` blocks."""
    thought, found = tool_calls(reply)
    if not found:
        return ReadReply(thought, error=f"the reply has no <tool_call>; act by calling {TOOL_NAME} inside "
                                        "<tool_call></tool_call>, and end the task with terminate")
    calls: list[ReadCall] = []
    for body in found:
        name = ""
        try:
            call = json.loads(body)
            given = dict(call["arguments"])
            name = str(given.pop("action"))
            if call.get("name") != TOOL_NAME:
                raise ValueError(f"the function is {TOOL_NAME}, not {call.get('name')!r}")
            if name in ("terminate", "answer"):
                text = str(given.get("text") or thought or given.get("status") or "")
                return ReadReply(thought, tuple(calls), answer=text)
            taken, model_point = _action(name, given, reader)
            calls.append(ReadCall(name, taken, model_point))
        except json.JSONDecodeError as exc:
            calls.append(ReadCall(name, error=f"a <tool_call> is not JSON ({exc.msg} at {exc.pos}): {body[:80]!r}"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problem = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
            calls.append(ReadCall(name, error=f"the {name or TOOL_NAME} call could not be performed: {problem}"))
    return ReadReply(thought, tuple(calls))


_PROCESSOR = (28, 3136, 12845056)   # patch 14 x merge 2; the processors' min and max pixels
QWEN25_VL = Family(name="qwen-vl", tool="qwen2.5-vl", prompt="qwen_vl.txt", read=read, replay=replay,
                   resize=_PROCESSOR)
"""Qwen2.5-VL: absolute pixels of the smart_resize'd image ("The screen's resolution is WxH" states it)."""
QWEN3_VL = Family(name="qwen3-vl", tool="qwen3-vl", prompt="qwen3_vl.txt", read=read, replay=replay,
                  resize=(32, 65536, 16777216), grid=999, rounding="round")
"""Qwen3-VL: a 0-999 grid over the image (sent at its processor's size: patch 16 x merge 2)."""
FARA = Family(name="fara", tool="fara-7b", prompt="fara.txt", read=read, replay=replay, resize=_PROCESSOR,
              url_turns=True)
"""Fara-7B: Qwen2.5-VL's space, its own web actions, each user turn opened by the page's address."""
