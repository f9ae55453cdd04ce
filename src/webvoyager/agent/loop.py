"""The agent loop: observe → decide → execute, recorded step by step, for any Policy.

Stops on an answer, the step budget, a stuck loop (see loop_guard and `LoopRules`) or an unrecoverable
error (a model that failed for good, a browser that crashed). Action errors and unparseable replies cost
a step and reach the policy in the next observation's typed fields (`last_action_error`, `reply_error`,
`loop_warning`), which each policy words for its model, as in the paper.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any, Awaitable, Callable, Mapping, Protocol, TypeVar

from webvoyager.agent.episode import Episode, EpisodeEnd
from webvoyager.agent.feedback import StepFeedback
from webvoyager.agent.gate import ConfirmGate, consequence
from webvoyager.agent.loop_guard import LoopGuard
from webvoyager.agent.policy import Decision, Policy
from webvoyager.agent.recorder import Recorder
from webvoyager.agent.redact import Redactor, fill_placeholders
from webvoyager.browser.action_set import spec_of
from webvoyager.browser.types import (Action, Answer, Element, Observation, Outcome, Point, Wait, action_text,
                                      action_to_dict, position_among, target_element)
from webvoyager.errors import ActionError, BrowserError, InfraKind, ModelError, infrastructure_kind
from webvoyager.protocol import WAIT_STUCK_S
from webvoyager.tasks import PageState, Task
from webvoyager.trajectory import ActedElement, Result, Status, Step
from webvoyager.usage import Usage

log = logging.getLogger("webvoyager.agent")
T = TypeVar("T")
StepCallback = Callable[[Step], None]


class AgentSession(Protocol):
    """What the loop needs from a browser session (browser.session.Session provides it)."""

    async def goto(self, url: str) -> None: ...
    async def observe(self, *, text_only: bool = False) -> Observation: ...
    async def execute(self, action: Action) -> Outcome: ...
    async def page_state(self) -> PageState: ...
    async def element_at(self, point: Point | None) -> Element | None: ...
    async def focused_element(self) -> Element | None: ...


@dataclass(frozen=True)
class LoopRules:
    """When the loop stops a task before its step budget (the paper protocol switches the guard off)."""

    stuck_after: int | None = 3          # an action repeated on an unchanged page; None: no loop guard
    wait_stuck_s: float = WAIT_STUCK_S   # time waited on one unchanged page before a Wait counts as stuck
    max_no_ops: int | None = None        # consecutive steps without an operation to run (SeeAct paper: 2)
    unusable_after: int | None = None    # consecutive replies without a usable action (default 3; paper: none)

    def guard(self) -> LoopGuard | None:
        return None if self.stuck_after is None else LoopGuard(self.stuck_after, wait_stuck_s=self.wait_stuck_s)


@dataclass(frozen=True)
class StopReason:
    """Why the loop ended a task: the Result's status, and the answer, the error or why it stopped."""

    status: Status
    detail: str | None = None
    infrastructure: InfraKind | None = None   # an error that was the machine's or a service's, not the task's

    @property
    def answer(self) -> str | None:
        return self.detail if self.status == "answered" else None

    @property
    def error(self) -> str | None:
        return self.detail if self.status in ("error", "unusable") else None


@dataclass
class _RunState:
    """Mutable state of one run; the loop's helpers update it."""

    task: Task
    steps: int = 0
    no_ops: int = 0                      # consecutive steps that executed no action
    unusable: int = 0                    # consecutive replies that held no usable action
    feedback: StepFeedback = field(default_factory=StepFeedback)  # for the next step's observation
    confirm: str | None = None   # the provider's safety check on this step's action (Decision.confirm)
    acted: Element | None = None  # the element this step's action operates (`Agent._acted_element`)
    usage: Usage = field(default_factory=Usage)
    timings: dict[str, float] = field(default_factory=lambda: {"observe_s": 0.0, "model_s": 0.0, "act_s": 0.0})
    last_url: str = ""
    end: EpisodeEnd | None = None        # the environment's verdict (tasks run with an Episode)


class Agent:
    """Runs one policy in one browser session, one task at a time."""

    def __init__(self, session: AgentSession, policy: Policy, *, max_steps: int = 15,
                 recorder: Recorder | None = None, rules: LoopRules = LoopRules(), text_only: bool = False,
                 on_step: StepCallback | None = None, placeholders: Mapping[str, str] | None = None,
                 gate: ConfirmGate | None = None, episode: Episode | None = None) -> None:
        self.session = session
        self.policy = policy
        self.max_steps = max_steps
        self.recorder = recorder
        self.rules = rules
        self.text_only = text_only
        self.on_step = on_step
        self.redactor = recorder.redactor if recorder else Redactor.from_env()
        self.placeholders = dict(placeholders or {})  # {{NAME}} → secret value, filled in only when acting
        self.gate = gate    # decides about consequential actions (None: all allowed)
        self.episode = episode  # an environment that starts and ends the task itself (MiniWoB++)
        self._step_timings: dict[str, float] = {}

    async def run(self, task: Task) -> Result:
        """Do `task` from its start URL; every step is recorded as it happens. Never raises for
        model or browser failures: they end the run with status "error" and the message."""
        state, started = _RunState(task), time.perf_counter()
        guard = self.rules.guard()
        stop: StopReason | None = None
        try:
            await self._open(state)
            while stop is None:
                stop = await self._step(state, guard) if state.steps < self.max_steps else StopReason("step_limit")
        except (ModelError, BrowserError) as exc:
            stop = StopReason("error", str(exc), infrastructure_kind(exc))
        except BaseException:
            if self.recorder:   # cancelled (a task timeout) or failed: its step files are whole before anyone reads them
                self.recorder.drain()
            raise
        return await self._finish(state, stop, guard, started)

    async def _step(self, state: _RunState, guard: LoopGuard | None) -> StopReason | None:
        """One step: observe, decide, act, record; returns why the task stops here, if it does."""
        self._step_timings = {}
        observation = await self._timed(state, "observe_s", self.session.observe(text_only=self.text_only))
        observation = self.redactor.observation(observation)  # the model never sees a secret
        step, action = await self._decide(state, observation)
        stop = (StopReason("answered", action.text) if isinstance(action, Answer)
                else self._unusable(state, step, action))
        acted = False
        if action is not None and stop is None:
            stop = self._guard(state, step, action, observation, guard)
            acted = stop is None and await self._act(state, step, action, observation, guard)
        # SeeAct's no-op rule counts steps that had no operation to run; one that ran and failed is not
        # one (its seeact.py resets the count after its fallback chain, whatever the chain managed).
        stop = stop or self._no_op_limit(state, step, action is not None and stop is None)
        if acted:
            stop = await self._episode_end(state, step)
        self._record(step, observation)
        return stop

    # ----- helpers of the loop -----------------------------------------------------------------

    async def _open(self, state: _RunState) -> None:
        """Reset the policy, start the record and load the start page. With an Episode, the page is
        loaded first: the environment starts there and may give the question the model gets."""
        if self.episode is not None:
            await self.session.goto(state.task.start_url)
            state.task = await self.episode.begin(self.session, state.task)
        self.policy.reset(state.task)
        if self.recorder:
            self.recorder.start(state.task, policy=self.policy.name, model=_model_spec(self.policy),
                                messages_log=self.policy.messages_log())
        if self.episode is None:
            await self.session.goto(state.task.start_url)

    async def _episode_end(self, state: _RunState, step: Step) -> StopReason | None:
        """With an Episode: stop with status "done" when the environment says the episode is over."""
        end = state.end = await self.episode.ended(self.session) if self.episode is not None else None
        if end is None:
            return None
        step.outcome_notes.append(f"The page ended the episode: reward {end.reward:g}"
                                  + (f" ({end.reason})" if end.reason else ""))
        return StopReason("done", end.reason or None)

    async def _timed(self, state: _RunState, key: str, awaitable: Awaitable[T]) -> T:
        start = time.perf_counter()
        try:
            return await awaitable
        finally:
            elapsed = time.perf_counter() - start
            state.timings[key] += elapsed
            self._step_timings[key] = elapsed

    async def _decide(self, state: _RunState, observation: Observation) -> tuple[Step, Action | None]:
        """Ask the policy; a reply without a valid action becomes the step's error (and a note)."""
        observation, state.feedback = state.feedback.into(observation), StepFeedback()
        state.steps += 1
        state.last_url = observation.url
        step = Step(index=state.steps, url=observation.url, title=observation.title, notes=list(observation.notes),
                    elements_text=observation.text)
        step.timings = self._step_timings
        try:
            decision: Decision = await self._timed(state, "model_s", self.policy.decide(observation))
        except ModelError as exc:
            step.error = f"model call failed: {exc}"
            self._record(step, observation)
            raise
        state.usage += decision.usage
        state.confirm = decision.confirm
        step.thought, step.raw_output, step.usage, step.policy_data = (
            decision.thought, decision.raw_output, decision.usage, decision.record)
        if decision.action is None:
            step.error = decision.error or "the reply held no valid action"
            state.feedback = replace(state.feedback, reply_error=step.error)
            return step, None
        step.action, step.action_data = action_text(decision.action), action_to_dict(decision.action)
        element = state.acted = await self._acted_element(decision.action, observation)
        if element is not None:
            nth, similar = position_among(element, observation.elements)
            step.target = ActedElement(label=element.label, **element.identity(), nth=nth, similar=similar,
                                       bbox=element.bbox)
        state.feedback = replace(state.feedback, last_action=step.action)
        return step, decision.action

    def _guard(self, state: _RunState, step: Step, action: Action, observation: Observation,
               guard: LoopGuard | None) -> StopReason | None:
        """The loop guard's word on the step's action: stop as stuck, warn the model, or nothing."""
        wait = isinstance(action, Wait)
        check = guard.check(observation.fingerprint, step.action or "", wait=wait) if guard else None
        if check is not None and check.verdict == "stuck":
            step.error = f"stopped: {check.reason}"
            return StopReason("stuck", check.reason)
        if check is not None and check.note:
            step.loop_warning = check.note
            state.feedback = replace(state.feedback, loop_warning=check.note)
        return None

    async def _act(self, state: _RunState, step: Step, action: Action, observation: Observation,
                   guard: LoopGuard | None) -> bool:
        """Execute the step's action after the confirm gate; errors become notes. Returns whether the
        action was executed."""
        action = await self._gated(state, step, action, observation)
        if action is None:
            return False
        try:
            filled = fill_placeholders(action, self.placeholders)
            outcome = await self._timed(state, "act_s", self.session.execute(filled))
        except ActionError as exc:
            step.error = str(exc)
            state.feedback = replace(state.feedback, last_action_error=step.error)
            return False
        step.outcome_notes, step.settled_by = list(outcome.notes), outcome.settled_by
        if outcome.download is not None:
            step.download = str(outcome.download)
        if guard is not None and outcome.waited_s is not None:
            guard.waited(observation.fingerprint, outcome.waited_s)
        return True

    def _unusable(self, state: _RunState, step: Step, action: Action | None) -> StopReason | None:
        """Stop after `unusable_after` replies in a row without a usable action (no `Action:` line, an
        unknown action, a bad argument): a model that never answers in the grammar would otherwise be
        sent the format help until the step budget is gone."""
        state.unusable = 0 if action is not None else state.unusable + 1
        limit = self.rules.unusable_after
        if limit is None or state.unusable < limit:
            return None
        why = f"{state.unusable} replies in a row held no usable action (the last: {step.error})"
        step.error = f"{step.error}; stopped: {state.unusable} unusable replies in a row"
        return StopReason("unusable", why)

    def _no_op_limit(self, state: _RunState, step: Step, acted: bool) -> StopReason | None:
        """SeeAct's rule (`max_no_ops`): stop after that many consecutive steps with no operation to run."""
        state.no_ops = 0 if acted else state.no_ops + 1
        if self.rules.max_no_ops is None or state.no_ops < self.rules.max_no_ops:
            return None
        why = f"{state.no_ops} consecutive steps without an executable operation"
        step.error = (f"{step.error}; " if step.error else "") + f"stopped: {why}"
        return StopReason("stuck", why)

    async def _acted_element(self, action: Action, observation: Observation) -> Element | None:
        """The element an action operates (recorded as the step's target, judged by the gate, found again
        by replay): the one the label names; for a screenshot point (coordinate grounding, pixel actions)
        the one under it now, found by hit-testing (no point: under the mouse); for text typed at the
        focus, the focused element."""
        if not hasattr(action, "target"):
            return await self.session.focused_element() if spec_of(action).gate == "type" else None
        target = getattr(action, "target")
        if isinstance(target, Point) or (target is None and spec_of(action).gate):
            return await self.session.element_at(target)
        return target_element(action, observation.elements)

    async def _gated(self, state: _RunState, step: Step, action: Action, observation: Observation) -> Action | None:
        """The action to execute after the confirm gate: itself, a Wait (the person took over), or None."""
        reason = consequence(action, state.acted)
        if state.confirm:   # never acknowledged without the gate: the mode or a person decides
            vendor = f"the model's provider asks a person to confirm it: {state.confirm}"
            reason = f"{reason}; {vendor}" if reason else vendor
        if reason is None or self.gate is None:
            return action
        verdict = await self.gate.review(step.action or "", reason, observation.url)
        step.gate = verdict
        state.feedback = replace(state.feedback, gate_choice=verdict.choice)
        if verdict.choice == "reject":
            who = "the user" if verdict.by == "person" else "this run's rules"
            note = f" ({verdict.note})" if verdict.note and verdict.by == "person" else ""
            step.error = (f"Not done: {reason}, and {who} did not allow it{note}. Do not try to get around this; "
                          "continue without it or answer with what you have.")
            state.feedback = replace(state.feedback, last_action_error=step.error)
            return None
        return Wait() if verdict.choice == "takeover" else action

    def _record(self, step: Step, observation: Observation | None) -> None:
        if self.recorder:
            self.recorder.record_step(step, observation, self.policy.messages_log())
        if self.on_step:
            try:
                self.on_step(Step.from_dict(self.redactor.data(step.to_dict())))
            except Exception:  # a broken display must not end the task
                log.exception("the step callback failed at step %d", step.index)

    async def _finish(self, state: _RunState, stop: StopReason, guard: LoopGuard | None, started: float) -> Result:
        """The task's Result, built from the stop reason and the final page, recorded and redacted."""
        task = state.task
        page: PageState | None = None
        try:
            page = await self.session.page_state()
        except Exception as exc:  # a crashed page must not hide the run's own result
            log.warning("could not read the final page state of task %s: %s", task.id, exc)
        if self.episode is not None and state.end is None and page is not None:
            try:
                state.end = await self.episode.ended(self.session, final=True)
            except Exception as exc:  # a crashed page: no reward rather than a lost result
                log.warning("could not read the episode's reward of task %s: %s", task.id, exc)
        success = task.check(stop.answer, page) if task.checkable else None  # on the real page, before redaction
        result = Result(
            task_id=task.id, question=task.question, start_url=task.start_url, status=stop.status,
            answer=stop.answer, success=state.end.success if state.end is not None else success,
            steps=state.steps, final_url=page.url if page else state.last_url, error=stop.error,
            usage=state.usage, timings={**state.timings, "wall_s": time.perf_counter() - started},
            site=task.site, model=_model_spec(self.policy), policy=self.policy.name,
            loop_warnings=guard.warnings if guard else 0, reward=state.end.reward if state.end else None,
            infrastructure=stop.infrastructure,
        )
        # the final URL holds what a form sent by GET (a typed secret); the answer may repeat a page's text
        return self.recorder.finish(result) if self.recorder else self.redactor.record(result)


def _model_spec(policy: Any) -> str:
    model = getattr(policy, "model", None)
    return str(getattr(model, "spec", "") or "")
