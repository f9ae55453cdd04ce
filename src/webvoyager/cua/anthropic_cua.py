"""Anthropic's computer-use tool, through the Messages API of the official SDK.

Three versions (the fact sheet, section 1): `computer_20250124` and `computer_20251124` (one tool named
`computer`, beta header, the action in `input.action`, display size declared; 20251124 adds `zoom`) and
the current `computer_toolset_20260801` (no header, no declared size; each action is its own tool_use
named after it, several per turn). `tool_for(model)` picks the version a model takes. Screenshots are
sent at `anthropic_image_size` (the API would otherwise resize them again and the model would answer in
a space we never saw), declared as the display size, and every point is mapped back through that
`ScreenSpace`. Each tool_use is answered by a tool_result holding the screenshot after it (or its error,
the mouse position, the zoomed region); only the newest `keep_images` screenshots stay in the history.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from typing import Any

from webvoyager.browser.action_set import (ClickAt, DragAlong, HoldKeys, KeyChord, MouseDown, MouseUp, MoveTo,
                                           Screenshot, ScrollAt, TypeText, WaitFor)
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.keys import split_chord
from webvoyager.browser.screen_space import ScreenSpace, anthropic_image_size
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.errors import ConfigError
from webvoyager.models.anthropic_provider import AnthropicModel
from webvoyager.tasks import Task

WHEEL_CLICK_PX = 100
"""Pixels one `scroll_amount` unit turns (the reference demo presses the wheel button that many times)."""
LEFT_OUT = "(an older screenshot, left out to save context)"


@dataclass(frozen=True)
class ToolVersion:
    """One version of Anthropic's computer tool."""

    type: str
    beta: str | None           # the anthropic-beta header it needs (None: generally available)
    zoom: bool                 # offers the zoom action
    toolset: bool = False      # each action is its own tool_use (named after it), several per turn


TOOLS = {v.type: v for v in (
    ToolVersion("computer_20250124", "computer-use-2025-01-24", zoom=False),
    ToolVersion("computer_20251124", "computer-use-2025-11-24", zoom=True),
    ToolVersion("computer_toolset_20260801", None, zoom=True, toolset=True),
)}
_CLAUDE_5 = re.compile(r"claude-(?:opus|sonnet|haiku|fable|mythos)-5(?:\b|-)|opus-4-8")
_ZOOM_MODELS = ("opus-4-5", "opus-4-6", "opus-4-7", "sonnet-4-6")


def tool_for(model: str, requested: str | None = None) -> ToolVersion:
    """The tool version `model` takes (Claude 5.x and Opus 4.8 the toolset, Opus 4.5-4.7 and Sonnet 4.6
    `computer_20251124`, earlier models `computer_20250124`), or the one asked for by name."""
    if requested is not None:
        if requested not in TOOLS:
            raise ConfigError(f"unknown Anthropic computer tool {requested!r}; use one of {', '.join(TOOLS)}")
        return TOOLS[requested]
    name = model.lower()
    if _CLAUDE_5.search(name):
        return TOOLS["computer_toolset_20260801"]
    if any(m in name for m in _ZOOM_MODELS):
        return TOOLS["computer_20251124"]
    return TOOLS["computer_20250124"]


def _image_block(png: bytes) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                        "data": base64.b64encode(png).decode("ascii")}}


class AnthropicComputerUse:
    """The conversation with one Anthropic model through its computer tool, for one task at a time."""

    name = "anthropic"

    def __init__(self, model: AnthropicModel, viewport: tuple[int, int], *, max_tokens: int = 4096,
                 keep_images: int = 3, tool: str | None = None) -> None:
        self.model = model
        self.tool = tool_for(model.model, tool)
        self.screen = ScreenSpace(viewport, anthropic_image_size(*viewport))
        self.max_tokens, self.keep_images = max_tokens, keep_images
        self._system = ""
        self._messages: list[dict[str, Any]] = []
        self._cursor: Point | None = None

    # -- the request -----------------------------------------------------------------------------------
    def declaration(self) -> dict[str, Any]:
        """The tool as declared in every request."""
        if self.tool.toolset:
            return {"type": self.tool.type}
        width, height = self.screen.image
        tool: dict[str, Any] = {"type": self.tool.type, "name": "computer", "display_width_px": width,
                                "display_height_px": height}
        if self.tool.zoom:
            tool["enable_zoom"] = True
        return tool

    def start(self, task: Task, system: str) -> None:
        self._system, self._messages, self._cursor = system, [], None
        self._task = task

    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Send the results of the last turn's calls (the task and the first screenshot at the start),
        and read the model's next turn."""
        if not self._messages:
            content = [{"type": "text", "text": self._task.question}, _image_block(screenshot)]
        else:
            content = [self._result_block(r) for r in results]
        self._messages.append({"role": "user", "content": content})
        self._prune_images()
        request: dict[str, Any] = {"model": self.model.model, "max_tokens": self.max_tokens, "system": self._system,
                                   "messages": self._messages, "tools": [self.declaration()]}
        client = self.model.client
        if self.tool.beta:
            create = client.beta.messages.create
            request["betas"] = [self.tool.beta]
        else:
            create = client.messages.create
        response, usage = await self.model.native(create, request)
        blocks = [b.model_dump(exclude_none=True) for b in response.content]
        self._messages.append({"role": "assistant", "content": blocks})
        text = "\n".join(b["text"] for b in blocks if b.get("type") == "text").strip()
        calls, refused = [], []
        for block in (b for b in blocks if b.get("type") == "tool_use"):
            mapped = self._call(block)
            if isinstance(mapped, str):
                refused.append((block["id"], mapped))
            else:
                calls.append(mapped)
        answer = text if not calls and not refused else None
        return ModelTurn(text=text, calls=tuple(calls), raw=json.dumps(blocks, ensure_ascii=False),
                         usage=usage, answer=answer, refused=tuple(refused))

    def _result_block(self, result: CallResult) -> dict[str, Any]:
        content: list[dict[str, Any]] = []
        if result.error or result.text:
            content.append({"type": "text", "text": result.error or result.text})
        content.append(_image_block(result.image or result.screenshot))
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": result.call_id, "content": content}
        if result.error:
            block["is_error"] = True
        return block

    def _prune_images(self) -> None:
        """Keep the newest `keep_images` images of the history; older ones become a short text."""
        seen = 0
        for message in reversed(self._messages):
            lists = [message["content"]] + [b["content"] for b in message["content"] if b.get("type") == "tool_result"]
            for parts in reversed(lists):
                for i in reversed(range(len(parts))):
                    if parts[i].get("type") == "image":
                        seen += 1
                        if seen > self.keep_images:
                            parts[i] = {"type": "text", "text": LEFT_OUT}

    # -- the reply -------------------------------------------------------------------------------------
    def _point(self, value: Any) -> Point:
        x, y = value
        return self.screen.to_viewport(float(x), float(y))

    def _call(self, block: dict[str, Any]) -> PixelCall | str:
        """The pixel action of one tool_use, or why it cannot be performed (told back to the model)."""
        given = dict(block.get("input") or {})
        name = block.get("name", "") if self.tool.toolset else str(given.pop("action", ""))
        try:
            action, kind, region = self._action(name, given)
        except (KeyError, TypeError, ValueError) as exc:
            return f"The {name or 'computer'} call could not be read ({type(exc).__name__}: {exc}); check its fields."
        if action is None:
            return f"Unknown computer action {name!r}."
        point = getattr(action, "target", None)
        if isinstance(point, Point):
            self._cursor = point
        elif isinstance(action, DragAlong):
            self._cursor = action.path[-1]
        given_point = given.get("coordinate")
        return PixelCall(call_id=block["id"], action=action, result=kind, region=region, name=name,
                         model_point=(float(given_point[0]), float(given_point[1])) if given_point else None)

    @property
    def tool_label(self) -> str:
        """The tool version, as a step's record names it."""
        return self.tool.type

    def _action(self, name: str, given: dict[str, Any]) -> tuple[Action | None, str, Any]:
        keys = tuple(split_chord(given.get("text") or given.get("key") or "")) if name.endswith("click") \
            or name in ("left_click_drag", "scroll") else ()
        keys = tuple(k for k in keys if k)
        here = self._point(given["coordinate"]) if given.get("coordinate") is not None else None
        clicks = {"left_click": ("left", 1), "right_click": ("right", 1), "middle_click": ("middle", 1),
                  "double_click": ("left", 2), "triple_click": ("left", 3)}
        if name in clicks:
            target = here or self._cursor
            if target is None:
                raise ValueError("no coordinate, and the mouse has not been moved yet")
            button, count = clicks[name]
            return ClickAt(target, button, count, keys), "screenshot", None   # type: ignore[arg-type]
        if name == "mouse_move":
            return MoveTo(self._point(given["coordinate"])), "screenshot", None
        if name == "left_click_drag":
            return DragAlong((self._point(given["start_coordinate"]), self._point(given["coordinate"])), keys), \
                "screenshot", None
        if name in ("left_mouse_down", "left_mouse_up"):
            return (MouseDown() if name == "left_mouse_down" else MouseUp()), "screenshot", None
        if name == "scroll":
            amount = float(given.get("scroll_amount", 3)) * WHEEL_CLICK_PX
            dx, dy = {"up": (0, -amount), "down": (0, amount), "left": (-amount, 0),
                      "right": (amount, 0)}[str(given["scroll_direction"])]
            return ScrollAt(here, dx, dy, keys), "screenshot", None
        if name == "type":
            return TypeText(str(given["text"])), "screenshot", None
        if name == "key":
            return KeyChord(split_chord(str(given["text"])), repeat=int(given.get("repeat", 1))), "screenshot", None
        if name == "hold_key":
            return HoldKeys(split_chord(str(given["text"])), float(given["duration"])), "screenshot", None
        if name == "wait":
            return WaitFor(float(given.get("duration", 1))), "screenshot", None
        if name == "screenshot":
            return Screenshot(), "screenshot", None
        if name == "cursor_position":
            return Screenshot(), "cursor", None
        if name == "zoom" and self.tool.zoom:
            x0, y0, x1, y1 = (float(v) for v in given["region"])
            a, b = self.screen.to_viewport(x0, y0), self.screen.to_viewport(x1, y1)
            return Screenshot(), "zoom", (a.x, a.y, b.x, b.y)
        return None, "screenshot", None

    def cursor_text(self, cursor: Point | None) -> str:
        """The answer to cursor_position, in the screenshot's pixels."""
        if cursor is None:
            return "The mouse has not been moved yet."
        x, y = self.screen.from_viewport(cursor)
        return f"X={round(x)},Y={round(y)}"

    def messages_log(self) -> list[dict[str, Any]]:
        """The conversation as sent, images replaced by a marker (the screenshots are saved apart)."""
        def strip(value: Any) -> Any:
            if isinstance(value, dict):
                if value.get("type") == "image":
                    return {"type": "image", "note": "screenshot (saved with the step)"}
                return {k: strip(v) for k, v in value.items()}
            if isinstance(value, list):
                return [strip(v) for v in value]
            return value
        return [{"role": "system", "content": self._system}] + strip(self._messages)
