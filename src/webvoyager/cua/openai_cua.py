"""OpenAI's computer-use tool, through the Responses API of the official SDK.

Two versions (the fact sheet, section 2): the generally available `computer` tool (no declared size: the
screenshots go in the viewport's own pixels, and each `computer_call` carries a batch `actions`, run in
order) and the preview `computer_use_preview` tool of the `computer-use-preview` models (a declared
display size, the viewport's unless a smaller one is asked for, mapped through `ScreenSpace`; one `action`
per call). `tool_for(model)` picks by name. Every request replays the whole history (the task and first
screenshot, the model's output items as returned, reasoning included with its encrypted content, and a
`computer_call_output` per call holding the screenshot after it), with `truncation: "auto"` so the API
drops the oldest items rather than refusing a long history; no `previous_response_id`.

A call's `pending_safety_checks` go to the confirm gate (their messages); they are echoed back in
`acknowledged_safety_checks` only when the gate approved. When it did not, the API would answer an
unacknowledged output with 400, so the task stops there: `turn` raises a ModelError saying the user did
not approve the provider's safety check, and nothing is sent.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, GoForward, KeyChord, MoveTo, Screenshot,
                                           ScrollAt, TypeText, WaitFor)
from webvoyager.browser.action_spec import Action, Point
from webvoyager.browser.screen_space import ScreenSpace
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.errors import ConfigError, ModelError
from webvoyager.models.openai_provider import OpenAIModel
from webvoyager.tasks import Task

GA_TOOL, PREVIEW_TOOL = "computer", "computer_use_preview"
TOOLS = (GA_TOOL, PREVIEW_TOOL)
WAIT_S = 2.0
"""How long a `wait` action waits (it has no duration; OpenAI's sample app sleeps about this long)."""
_PREVIEW_MODELS = ("computer-use-preview", "computer-preview")


def tool_for(model: str, requested: str | None = None) -> str:
    """The tool `model` takes: `computer_use_preview` for the computer-use-preview models, the GA
    `computer` tool for every other model; or the one asked for by name."""
    if requested is not None:
        if requested not in TOOLS:
            raise ConfigError(f"unknown OpenAI computer tool {requested!r}; use one of {', '.join(TOOLS)}")
        return requested
    name = model.rsplit("/", 1)[-1].lower()
    return PREVIEW_TOOL if name.startswith(_PREVIEW_MODELS) else GA_TOOL


def _data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _check_text(check: dict[str, Any]) -> str:
    code = f"[{check['code']}] " if check.get("code") else ""
    return f"{code}{check.get('message') or 'a safety check'}"


class OpenAIComputerUse:
    """The conversation with one OpenAI model through its computer tool, for one task at a time."""

    name = "openai"

    def __init__(self, model: OpenAIModel, viewport: tuple[int, int], *, max_tokens: int = 4096,
                 tool: str | None = None, display: tuple[int, int] | None = None) -> None:
        self.model = model
        self.tool = tool_for(model.model, tool)
        if display is not None and self.tool == GA_TOOL:
            raise ConfigError("the GA computer tool takes no display size (it sees the viewport's own pixels); "
                              "leave the display out or use the computer_use_preview tool")
        self.screen = ScreenSpace(viewport, display or viewport)
        self.max_tokens = max_tokens
        self._system = ""
        self._items: list[dict[str, Any]] = []
        self._checks: dict[str, list[dict[str, Any]]] = {}   # call_id -> its pending safety checks
        self._open: list[str] = []                           # call ids of the last reply, to answer

    # -- the request -----------------------------------------------------------------------------------
    def declaration(self) -> dict[str, Any]:
        """The tool as declared in every request."""
        if self.tool == GA_TOOL:
            return {"type": GA_TOOL}
        width, height = self.screen.image
        return {"type": PREVIEW_TOOL, "display_width": width, "display_height": height, "environment": "browser"}

    def start(self, task: Task, system: str) -> None:
        self._system, self._items, self._task = system, [], task
        self._checks, self._open = {}, []

    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Send the outputs of the last reply's calls (the task and the first screenshot at the start),
        and read the model's next reply. Raises ModelError when a safety check was not approved."""
        if not self._items:
            self._items.append({"role": "user", "content": [{"type": "input_text", "text": self._task.question},
                                                            {"type": "input_image", "image_url": _data_url(screenshot)}]})
        else:
            self._items.extend(self._outputs(results, screenshot))
        request: dict[str, Any] = {"model": self.model.model, "instructions": self._system, "input": self._items,
                                   "tools": [self.declaration()], "truncation": "auto",
                                   "include": ["reasoning.encrypted_content"], "max_output_tokens": self.max_tokens}
        response, usage = await self.model.native(self.model.client.responses.create, request,
                                                  read=self.model.read_responses)
        # warnings off: an action type newer than the SDK is kept as sent (and refused by name below)
        items = [item.model_dump(exclude_none=True, warnings=False) for item in response.output]
        self._items.extend(items)
        text = (response.output_text or "").strip()
        calls: list[PixelCall] = []
        refused: list[tuple[str, str]] = []
        self._open = []
        for item in (i for i in items if i.get("type") == "computer_call"):
            self._open.append(item["call_id"])
            mapped = self._calls(item)
            if isinstance(mapped, str):
                refused.append((item["call_id"], mapped))
            else:
                calls.extend(mapped)
        answer = text if not self._open else None
        return ModelTurn(text=text, calls=tuple(calls), raw=json.dumps(self._strip(items), ensure_ascii=False),
                         usage=usage, answer=answer, refused=tuple(refused))

    def _outputs(self, results: list[CallResult], screenshot: bytes) -> list[dict[str, Any]]:
        """A `computer_call_output` per call of the last reply (the screenshot after its last action), and
        the errors and page notes of its actions as a user message."""
        items: list[dict[str, Any]] = []
        notes: list[str] = []
        for call_id in self._open:
            mine = [r for r in results if r.call_id == call_id]
            checks = self._checks.pop(call_id, [])
            if checks and not any(r.approved for r in mine):
                said = "; ".join(_check_text(c) for c in checks)
                raise ModelError(f"the user did not approve OpenAI's safety check on computer call {call_id} "
                                 f"({said}); the task stops here, because OpenAI refuses to continue without the "
                                 "check acknowledged. Approve it at the confirm gate to let the model go on")
            shot = (mine[-1].image or mine[-1].screenshot) if mine else screenshot
            items.append({"type": "computer_call_output", "call_id": call_id,
                          "output": {"type": "computer_screenshot", "image_url": _data_url(shot)},
                          "acknowledged_safety_checks": checks})
            notes.extend(n for r in mine for n in (r.error, r.text) if n)
        if notes:
            items.append({"role": "user", "content": [{"type": "input_text", "text": "\n".join(notes)}]})
        return items

    # -- the reply -------------------------------------------------------------------------------------
    def _calls(self, item: dict[str, Any]) -> list[PixelCall] | str:
        """The pixel actions of one computer_call (its batch, or its single action), or why it cannot be
        performed (then none of it is). The call's safety checks ride on its first action."""
        given = item.get("actions") if item.get("actions") is not None else [item.get("action")]
        checks = list(item.get("pending_safety_checks") or [])
        calls: list[PixelCall] = []
        for n, step in enumerate(given):
            kind = str((step or {}).get("type", ""))
            try:
                action = self._action(kind, step or {})
            except (KeyError, TypeError, ValueError) as exc:
                return f"The {kind or 'computer'} action could not be read ({type(exc).__name__}: {exc}); check its fields."
            if action is None:
                return f"Unknown computer action {kind!r}."
            confirm = "; ".join(_check_text(c) for c in checks) if checks and n == 0 else None
            given_point = (float(step["x"]), float(step["y"])) if "x" in (step or {}) and "y" in step else None
            calls.append(PixelCall(call_id=item["call_id"], action=action, confirm=confirm, name=kind,
                                   model_point=given_point))
        if not calls:
            return "The computer call held no action."
        if checks:
            self._checks[item["call_id"]] = [{k: c[k] for k in ("id", "code", "message") if c.get(k) is not None}
                                             for c in checks]
        return calls

    def _point(self, given: dict[str, Any]) -> Point:
        return self.screen.to_viewport(float(given["x"]), float(given["y"]))

    def _action(self, kind: str, given: dict[str, Any]) -> Action | None:
        keys = tuple(str(k) for k in given.get("keys") or ())
        if kind == "click":
            button = str(given.get("button", "left"))
            if button in ("back", "forward"):   # the mouse's side buttons are the browser's history
                return GoBack() if button == "back" else GoForward()
            names = {"left": "left", "right": "right", "wheel": "middle"}
            if button not in names:
                raise ValueError(f"unknown button {button!r}")
            return ClickAt(self._point(given), names[button], 1, keys)   # type: ignore[arg-type]
        if kind == "double_click":
            return ClickAt(self._point(given), "left", 2, keys)
        if kind == "drag":
            path = tuple(self._point(p) for p in given["path"])
            if len(path) < 2:
                raise ValueError("a drag needs at least two points")
            return DragAlong(path, keys)
        if kind == "move":
            return MoveTo(self._point(given))
        if kind == "scroll":
            dx, dy = self.screen.length_to_viewport(float(given.get("scroll_x", 0)), float(given.get("scroll_y", 0)))
            return ScrollAt(self._point(given), dx, dy, keys)
        if kind == "keypress":
            return KeyChord(tuple(str(k) for k in given["keys"]))
        if kind == "type":
            return TypeText(str(given["text"]))
        if kind == "wait":
            return WaitFor(WAIT_S)
        if kind == "screenshot":
            return Screenshot()
        return None

    @property
    def tool_label(self) -> str:
        """The tool (GA or preview), as a step's record names it."""
        return self.tool

    def cursor_text(self, cursor: Point | None) -> str:
        """OpenAI's tool has no cursor query; the policy's protocol asks for this all the same."""
        return ""

    @staticmethod
    def _strip(value: Any) -> Any:
        """`value` with its images and encrypted reasoning replaced by markers (they are saved apart or
        unreadable)."""
        if isinstance(value, dict):
            out = {k: OpenAIComputerUse._strip(v) for k, v in value.items()}
            if isinstance(out.get("image_url"), str) and out["image_url"].startswith("data:"):
                out["image_url"] = "screenshot (saved with the step)"
            if "encrypted_content" in out:
                out["encrypted_content"] = "(encrypted)"
            return out
        if isinstance(value, list):
            return [OpenAIComputerUse._strip(v) for v in value]
        return value

    def messages_log(self) -> list[dict[str, Any]]:
        """The conversation as sent, images and encrypted reasoning replaced by markers."""
        return [{"role": "system", "content": self._system}] + self._strip(self._items)
