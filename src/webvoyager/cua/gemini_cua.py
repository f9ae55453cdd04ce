"""Gemini Computer Use, through generateContent of the official `google-genai` SDK.

Every request declares `Tool(computer_use=ComputerUse(environment=ENVIRONMENT_BROWSER))`; the model answers
with calls of predefined functions (two sets by model: `cua/gemini_functions.py`) whose points are on a
0-999 grid, mapped to the viewport by a `ScreenSpace` with grid 1000 (the screenshot goes at the viewport's
own size; Gemini is never told the size). The model's Content is kept as it came (thought signatures
included); the calls of a turn are answered by one user Content with one FunctionResponse each (its name
and id, the URL after it, any error, and the screenshot as an inline PNG part); only the newest
`keep_images` screenshots stay in the history.

Safety: a call whose `safety_decision` is `require_confirmation` goes to the confirm gate (PixelCall.confirm);
`"safety_acknowledgement": "true"` is sent back only when the gate approved it. When it did not (denied,
or the person took over), the task stops with an error saying so: the API accepts no further request that
leaves the check unacknowledged, and acknowledging what the user refused is not ours to do.
A reply that ends in MALFORMED_FUNCTION_CALL is asked for again once.
"""

from __future__ import annotations

import json
from typing import Any

from google.genai import types

from webvoyager.browser.action_spec import Point
from webvoyager.browser.screen_space import ScreenSpace
from webvoyager.cua.gemini_functions import FunctionMapper, UnknownFunction, function_set
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.errors import ModelError
from webvoyager.models.gemini_provider import GeminiModel, response_text
from webvoyager.tasks import Task
from webvoyager.usage import Usage

GRID = 1000
"""Gemini's points are 0-999; the reference maps them by int(v / 1000 * size)."""
LEFT_OUT = "(an older screenshot, left out to save context)"


class GeminiComputerUse:
    """The conversation with one Gemini model through its computer-use tool, for one task at a time."""

    name = "gemini"

    def __init__(self, model: GeminiModel, viewport: tuple[int, int], *, max_tokens: int = 4096,
                 keep_images: int = 3, excluded: tuple[str, ...] = ()) -> None:
        self.model = model
        self.functions = function_set(model.model)
        self.screen = ScreenSpace(viewport, viewport, grid=GRID, rounding="floor")
        self.mapper = FunctionMapper(self.screen, self.functions)
        self.max_tokens, self.keep_images, self.excluded = max_tokens, keep_images, excluded
        self._system = ""
        self._contents: list[types.Content] = []
        self._ids: dict[str, types.FunctionCall] = {}   # the last turn's calls by our id, in the model's order

    # -- the request -----------------------------------------------------------------------------------
    def declaration(self) -> types.Tool:
        """The tool as declared in every request."""
        return types.Tool(computer_use=types.ComputerUse(
            environment=types.Environment.ENVIRONMENT_BROWSER,
            excluded_predefined_functions=list(self.excluded) or None))

    def start(self, task: Task, system: str) -> None:
        self._system, self._contents, self._ids = system, [], {}
        self._task = task

    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn:
        """Send the results of the last turn's calls (the task and the first screenshot at the start),
        and read the model's next turn."""
        if not self._contents:
            parts = [types.Part(text=self._task.question), _png_part(screenshot)]
            self._contents.append(types.Content(role="user", parts=parts))
        else:
            self._contents.append(types.Content(role="user", parts=self._responses(results)))
        self._prune_images()
        config = types.GenerateContentConfig(system_instruction=self._system, tools=[self.declaration()],
                                             max_output_tokens=self.max_tokens)
        request = {"model": self.model.model, "contents": self._contents, "config": config}
        create = self.model.client.aio.models.generate_content
        response, usage = await self.model.native(create, request)
        if _malformed(response):   # the reference asks again once
            response, more = await self.model.native(create, request)
            usage = usage + more
            if _malformed(response):
                raise ModelError(f"gemini answered twice with a malformed function call for model "
                                 f"{self.model.model!r}; the task cannot go on")
        return self._read(response, usage)

    def _responses(self, results: list[CallResult]) -> list[types.Part]:
        """One FunctionResponse per call of the last turn, in the model's order (a call performed as
        several actions is answered by its first failure, else its last result)."""
        by_id: dict[str, CallResult] = {}
        approved: set[str] = set()
        for result in results:
            if result.approved:
                approved.add(result.call_id)
            if by_id.get(result.call_id) is None or not by_id[result.call_id].error:
                by_id[result.call_id] = result
        parts = []
        for call_id, call in self._ids.items():
            result = by_id.get(call_id)
            if result is None:
                continue
            asked = _safety_check(call) is not None
            if asked and call_id not in approved:
                raise ModelError(f"stopped: the user did not confirm {call.name} ({_safety_check(call)}); "
                                 "Gemini's safety check is acknowledged only when the user approves, and the "
                                 "task cannot go on without it")
            response: dict[str, Any] = {"url": result.url}
            if result.error:
                response["error"] = result.error
            elif result.text:
                response["note"] = result.text
            if asked:
                response["safety_acknowledgement"] = "true"
            parts.append(types.Part(function_response=types.FunctionResponse(
                name=call.name, id=call.id, response=response,
                parts=[types.FunctionResponsePart(inline_data=types.FunctionResponseBlob(
                    mime_type="image/png", data=result.image or result.screenshot))])))
        return parts

    def _prune_images(self) -> None:
        """Keep the newest `keep_images` screenshots of the history; older ones are dropped."""
        seen = 0
        for content in reversed(self._contents):
            if content.role != "user":
                continue
            for i, part in reversed(list(enumerate(content.parts or []))):
                response = part.function_response
                if response is not None and response.parts:
                    seen += 1
                    if seen > self.keep_images:
                        response.parts = None
                elif part.inline_data is not None:
                    seen += 1
                    if seen > self.keep_images and content.parts is not None:
                        content.parts[i] = types.Part(text=LEFT_OUT)

    # -- the reply -------------------------------------------------------------------------------------
    def _read(self, response: Any, usage: Usage) -> ModelTurn:
        blocked = getattr(response.prompt_feedback, "block_reason", None) if response.prompt_feedback else None
        if not response.candidates and blocked:
            raise ModelError(f"gemini blocked the prompt ({blocked}) for model {self.model.model!r}")
        content = response.candidates[0].content if response.candidates else None
        content = content or types.Content(role="model", parts=[])
        self._contents.append(content)
        self._ids = {}
        calls: list[PixelCall] = []
        refused: list[tuple[str, str]] = []
        for n, call in enumerate(p.function_call for p in content.parts or [] if p.function_call is not None):
            call_id = call.id or f"{call.name}#{len(self._contents)}.{n}"
            self._ids[call_id] = call
            mapped = self._pixel_calls(call_id, call)
            if isinstance(mapped, str):
                refused.append((call_id, mapped))
            else:
                calls.extend(mapped)
        text = response_text(response).strip()
        raw = json.dumps(content.model_dump(mode="json", exclude_none=True), ensure_ascii=False)
        answer = text if not calls and not refused else None
        return ModelTurn(text=text, calls=tuple(calls), raw=raw, usage=usage, answer=answer, refused=tuple(refused))

    def _pixel_calls(self, call_id: str, call: types.FunctionCall) -> list[PixelCall] | str:
        """The pixel actions of one function call, or why it cannot be performed (told back to the model)."""
        args = {k: v for k, v in (call.args or {}).items() if k not in ("safety_decision", "intent")}
        try:
            actions = self.mapper.map(call.name or "", args)
        except UnknownFunction as exc:
            return f"{exc}."
        except (KeyError, TypeError, ValueError) as exc:
            return f"The {call.name} call could not be read ({type(exc).__name__}: {exc}); check its arguments."
        check = _safety_check(call)
        given_point = (float(args["x"]), float(args["y"])) if "x" in args and "y" in args else None
        return [PixelCall(call_id, action, confirm=check if i == 0 else None, name=call.name or "",
                          model_point=given_point) for i, action in enumerate(actions)]

    @property
    def tool_label(self) -> str:
        """The computer-use tool and its function set, as a step's record names it."""
        return f"gemini_computer_use:{self.functions}"

    def cursor_text(self, cursor: Point | None) -> str:
        """Gemini has no cursor query; kept for the policy's protocol."""
        return ""

    def messages_log(self) -> list[dict[str, Any]]:
        """The conversation as sent, screenshots replaced by a marker (they are saved with the steps)."""
        def strip(value: Any) -> Any:
            if isinstance(value, dict):
                if "inline_data" in value:
                    return {"inline_data": {"note": "screenshot (saved with the step)"}}
                return {k: strip(v) for k, v in value.items()}
            if isinstance(value, list):
                return [strip(v) for v in value]
            return value
        log = [strip(c.model_dump(mode="json", exclude_none=True)) for c in self._contents]
        return [{"role": "system", "content": self._system}] + log


def _png_part(png: bytes) -> types.Part:
    return types.Part(inline_data=types.Blob(mime_type="image/png", data=png))


def _safety_check(call: types.FunctionCall) -> str | None:
    """The explanation of a call's `require_confirmation` safety decision (None: the call needs none)."""
    decision = (call.args or {}).get("safety_decision")
    if isinstance(decision, dict) and decision.get("decision") == "require_confirmation":
        return str(decision.get("explanation") or "the model asks the user to confirm this action")
    return None


def _malformed(response: Any) -> bool:
    candidates = response.candidates or []
    return bool(candidates) and candidates[0].finish_reason == types.FinishReason.MALFORMED_FUNCTION_CALL
