"""The `cua` policy: a native computer-use model drives the browser by screen points.

Each loop step performs one of the model's calls. A reply with several calls (a batch) is performed a
call per step without asking the model again; the results of the whole batch (the screenshot after
each, or the error that stopped it: a failed action, the confirm gate's refusal) go back in the next
request, as the vendors' own loops do. A reply without calls is the final answer. A call carrying the
vendor's safety check goes to the confirm gate (`Decision.confirm`); when the gate does not approve it,
the rest of that vendor call (a batch sharing its id) is not performed. The vendor's
protocol lives in its adapter (`cua/anthropic_cua.py`, ...); this module only sequences the calls.
"""

from __future__ import annotations

from typing import Any, Protocol

from webvoyager.agent.policy import Decision
from webvoyager.browser.action_set import Answer
from webvoyager.browser.action_spec import Point
from webvoyager.browser.screen_space import ScreenSpace
from webvoyager.browser.types import Observation
from webvoyager.cua.turns import CallResult, ModelTurn, PixelCall
from webvoyager.prompts import load_prompt
from webvoyager.tasks import Task
from webvoyager.trajectory import ComputerUseRecord, PolicyRecord


class Adapter(Protocol):
    """What the policy needs from a vendor adapter (see `cua.anthropic_cua.AnthropicComputerUse`)."""

    name: str
    screen: ScreenSpace

    @property
    def tool_label(self) -> str: ...   # the tool as a step's record names it (e.g. computer_20250124)
    def start(self, task: Task, system: str) -> None: ...
    async def turn(self, results: list[CallResult], screenshot: bytes) -> ModelTurn: ...
    def cursor_text(self, cursor: Point | None) -> str: ...
    def messages_log(self) -> list[dict[str, Any]]: ...


def system_prompt(task: Task) -> str:
    """Our system prompt for computer-use models (cua/prompts/system.txt)."""
    return load_prompt("webvoyager.cua", "system.txt").render(task=task.question, start_url=task.start_url)


def _feedback(obs: Observation) -> str:
    """What the loop has to say besides the screenshot: the page's notes and the loop guard's warning."""
    parts = [*obs.notes, obs.loop_warning or ""]
    return "\n".join(p for p in parts if p)


class ComputerUsePolicy:
    """Drives one computer-use adapter through the agent loop (see the module docstring)."""

    name = "cua"

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self._queue: list[PixelCall] = []
        self._running: PixelCall | None = None
        self._results: list[CallResult] = []
        self._cursor: Point | None = None

    def reset(self, task: Task) -> None:
        self.adapter.start(task, system_prompt(task))
        self._queue, self._running, self._results, self._cursor = [], None, [], None

    def _result(self, call: PixelCall, obs: Observation) -> CallResult:
        shot = self.adapter.screen.fit(obs.screenshot)
        error = obs.last_action_error or None
        where = {"url": obs.url, "approved": call.confirm is not None and obs.gate_choice == "approve"}
        if call.result == "cursor":
            return CallResult(call.call_id, shot, error, text=self.adapter.cursor_text(self._cursor), **where)
        if call.result == "zoom" and call.region is not None and error is None:
            return CallResult(call.call_id, shot, text=_feedback(obs),
                              image=self.adapter.screen.zoom(obs.screenshot, call.region), **where)
        return CallResult(call.call_id, shot, error, text=_feedback(obs), **where)

    def _perform(self, call: PixelCall, turn: ModelTurn | None) -> Decision:
        self._running = call
        target = getattr(call.action, "target", None)
        if isinstance(target, Point):
            self._cursor = target
        record = PolicyRecord(computer_use=ComputerUseRecord(
            tool=self.adapter.tool_label, call_id=call.call_id, call=call.name,
            model_point=list(call.model_point) if call.model_point is not None else None,
            image_size=list(self.adapter.screen.model_extent), batched=turn is None))
        if turn is None:   # a later call of a batch: no model call at this step
            return Decision(thought="", action=call.action, raw_output="", record=record, confirm=call.confirm)
        return Decision(thought=turn.text, action=call.action, raw_output=turn.raw, usage=turn.usage, record=record,
                        confirm=call.confirm)

    async def decide(self, observation: Observation) -> Decision:
        if self._running is not None:
            result = self._result(self._running, observation)
            self._results.append(result)
            refused = self._running.confirm is not None and not result.approved
            # A refused safety check, or a failed action of a call made of several: the rest of that call
            # (a batch sharing its id) is not performed.
            if result.error or refused:
                self._queue = [c for c in self._queue if c.call_id != result.call_id]
            self._running = None
        if self._queue:
            return self._perform(self._queue.pop(0), None)
        shot = self.adapter.screen.fit(observation.screenshot)
        turn = await self.adapter.turn(self._results, shot)
        self._results = [CallResult(call_id, shot, error=why, url=observation.url) for call_id, why in turn.refused]
        if turn.answer is not None:
            return Decision(thought="", action=Answer(turn.answer), raw_output=turn.raw, usage=turn.usage)
        if not turn.calls:
            reasons = "; ".join(why for _, why in turn.refused)
            return Decision(thought=turn.text, action=None, raw_output=turn.raw, usage=turn.usage,
                            error=f"No call could be performed: {reasons}")
        self._queue = list(turn.calls[1:])
        return self._perform(turn.calls[0], turn)

    def messages_log(self) -> list[dict[str, Any]]:
        return self.adapter.messages_log()
