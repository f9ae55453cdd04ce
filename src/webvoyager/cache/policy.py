"""`CachedPolicy`: a Policy that replays a task's cached steps without a model call while the page
matches, then lets the real policy take over, and writes the cache again after a successful run.

A cached step matches when the page is at its URL (`store.portable_url`) and, for an action on an
element, its `ElementLocator` finds exactly one element of the observation; the action then uses that
element's label now. An answer step is never replayed as it was: its values are read again from the
page text (`AnswerLocator`); a cached answer without a locator, or one whose values the page no longer
shows where they were, goes to the model. The first step that does not match (or a cached action that
failed) ends the replay for the rest of the task, and the wrapped policy decides from there:

- a policy that can take turns it did not decide (`TurnTaker`, the WebVoyager policy) is given each
  replayed step as its own turn (the observation of this run and the cached reply, its action line
  written with the label used now), so it takes over with the history it would have had;
- any other policy starts on the current page with the task, told in a note which steps the cache did.

Every replayed step is marked `policy_data.cached` in trajectory.json; its usage is zero (no call).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from typing import Any, Awaitable, Callable, Protocol, runtime_checkable

from webvoyager.agent.policy import Decision, Policy
from webvoyager.agent.redact import Redactor
from webvoyager.browser.types import Action, Answer, Element, Observation, action_from_dict, action_text, action_to_dict
from webvoyager.cache.locator import ElementLocator, answer_locator
from webvoyager.cache.store import ActionCache, CacheEntry, CachedStep, portable_url
from webvoyager.errors import StorageError
from webvoyager.prompts import load_prompt
from webvoyager.tasks import Task
from webvoyager.trajectory import PolicyRecord, Result, Step

log = logging.getLogger("webvoyager.cache")
PageText = Callable[[], Awaitable[str]]
_ACTION_LINE = re.compile(r"^\s*\**Action\**\s*:.*$", re.MULTILINE | re.IGNORECASE)


@runtime_checkable
class TurnTaker(Protocol):
    """A policy that can add a turn it did not decide to its conversation (the cache decided it)."""

    def take_turn(self, observation: Observation, reply: str) -> None:
        ...


@dataclass
class _Taken:
    """What this run did at one decide call, as it would be cached (None: it cannot be cached)."""

    step: CachedStep | None
    cached: bool


def cacheable(action: Action, observation: Observation, page_text: str | None) -> CachedStep | None:
    """The cache record of `action` taken on `observation` (None: an action on a screen point, which
    names no element a later page could be searched for)."""
    data = action_to_dict(action)
    target = data.get("target")
    element: ElementLocator | None = None
    if isinstance(target, int):
        found = next((e for e in observation.elements if e.label == target), None)
        if found is None:
            return None
        element = ElementLocator.of(found, observation.elements)
        del data["target"]
    elif target is not None:
        return None
    step = CachedStep(url=portable_url(observation.url), action=data, element=element)
    if isinstance(action, Answer):
        step.answer_text = action.text
        step.answer = answer_locator(action.text, page_text or "")
    return step


def matching_action(cached: CachedStep, observation: Observation) -> tuple[Action | None, str]:
    """The cached step's action on `observation` (its element's label now), or None and why not."""
    if portable_url(observation.url) != cached.url:
        return None, f"the page is at {observation.url}, the cached step was at {cached.url}"
    data = dict(cached.action)
    if cached.element is not None:
        element: Element | None = cached.element.find(observation.elements)
        if element is None:
            return None, f"the element {cached.element.describe()} is not on the page (or not only once)"
        data["target"] = element.label
    try:
        return action_from_dict(data), ""
    except ValueError as exc:
        return None, f"the cached action cannot be read ({exc})"


def _thought_part(raw_output: str, thought: str) -> str:
    """The reply without its action line (which holds a label number of that page)."""
    head = _ACTION_LINE.split(raw_output, maxsplit=1)[0].rstrip() if raw_output else ""
    return head or (f"Thought: {thought}" if thought else "")


class CachedPolicy:
    """Wraps a policy: cached steps first (no model call), the wrapped policy from the first mismatch."""

    def __init__(self, inner: Policy, cache: ActionCache, page_text: PageText,
                 redactor: Redactor | None = None) -> None:
        self.inner = inner
        self.cache = cache
        self.page_text = page_text
        self.redactor = redactor
        self.name = inner.name
        self.model = getattr(inner, "model", None)   # the loop records the model's spec from here
        self._task: Task | None = None
        self._entry: CacheEntry | None = None
        self._cursor = 0
        self._replaying = False
        self._taken: list[_Taken] = []
        self.diverged: tuple[int, str] | None = None   # (step number, why) where the model took over

    def reset(self, task: Task) -> None:
        """Start a task: the wrapped policy starts too; the task's cache entry (if any) is loaded."""
        self.inner.reset(task)
        self._task = task
        self._entry = self.cache.load(task.id, task.start_url)
        self._cursor, self._taken, self.diverged = 0, [], None
        self._replaying = bool(self._entry and self._entry.steps)

    @property
    def replayed(self) -> int:
        """Steps of this task that came from the cache (model calls saved)."""
        return sum(1 for t in self._taken if t.cached)

    async def decide(self, observation: Observation) -> Decision:
        """The next cached step when it matches the page; else the wrapped policy's decision."""
        if self._replaying:
            decision = await self._replay(observation)
            if decision is not None:
                return decision
        decision = await self.inner.decide(self._takeover_view(observation))
        page = await self._page_text_or_none() if isinstance(decision.action, Answer) else None
        step = cacheable(decision.action, observation, page) if decision.action is not None else None
        self._taken.append(_Taken(step, cached=False))
        return decision

    async def _page_text_or_none(self) -> str | None:
        """The page text for an answer's locator; None when the page cannot be read (then no locator)."""
        try:
            return await self.page_text()
        except Exception as exc:  # noqa: BLE001 - a locator is an extra; the task's answer stands without it
            log.warning("the page text for the answer's locator could not be read: %s", exc)
            return None

    async def _replay(self, observation: Observation) -> Decision | None:
        assert self._entry is not None
        why = ""
        if observation.last_action_error or observation.gate_choice in ("reject", "takeover"):
            why = f"the cached step {self._cursor} did not work: {observation.last_action_error or observation.gate_choice}"
        elif self._cursor >= len(self._entry.steps):
            why = "the cached steps are all done and the task goes on"
        if not why:
            cached = self._entry.steps[self._cursor]
            action, why = matching_action(cached, observation)
            if isinstance(action, Answer):
                text = cached.answer.reread(await self.page_text()) if cached.answer else None
                if text is None:
                    action, why = None, ("the cached answer has no place on the page to be read from" if cached.answer
                                         is None else "the page no longer shows the answer's values where they were")
                else:
                    action = Answer(text)
            if action is not None:
                return self._replayed(cached, action, observation)
        self._replaying = False
        self.diverged = (len(self._taken) + 1, why)
        log.info("task %s: the model takes over at step %d: %s", self._task.id if self._task else "?",
                 len(self._taken) + 1, why)
        return None

    def _replayed(self, cached: CachedStep, action: Action, observation: Observation) -> Decision:
        self._cursor += 1
        reply = "\n".join(p for p in (cached.thought, f"Action: {action_text(action)}") if p)
        if isinstance(self.inner, TurnTaker):
            self.inner.take_turn(observation, reply)
        page_step = replace(cached, url=portable_url(observation.url))
        if isinstance(action, Answer):
            page_step.answer_text = action.text
        self._taken.append(_Taken(page_step, cached=True))
        thought = _THOUGHT.sub("", cached.thought).strip()
        return Decision(thought=thought, action=action, raw_output=reply, record=PolicyRecord(cached=True))

    def _takeover_view(self, observation: Observation) -> Observation:
        """The observation the wrapped policy gets at the takeover: a policy that was not given the
        replayed turns is told what the cache did, once."""
        done = [t for t in self._taken if t.cached]
        if not done or isinstance(self.inner, TurnTaker) or len(self._taken) != len(done):
            return observation
        lines = "\n".join(f"{i}. {_describe(t.step)}" for i, t in enumerate(done, 1) if t.step is not None)
        note = load_prompt("webvoyager.cache", "takeover.txt").render(count=str(len(done)), steps=lines,
                                                                      url=observation.url)
        return replace(observation, notes=[*observation.notes, note])

    def messages_log(self) -> list[dict[str, Any]]:
        return self.inner.messages_log()

    def save(self, result: Result, steps: list[Step]) -> bool:
        """After a successful task (its checks passed; without checks: answered), write its steps that
        worked (the replayed and the model's) as the task's cache entry. Returns whether it wrote."""
        if self._task is None or not succeeded(result):
            return False
        kept: list[CachedStep] = []
        for taken, step in zip(self._taken, steps):
            worked = step.action_data is not None and step.error is None and (step.gate is None or
                                                                            step.gate.choice == "approve")
            if not worked:
                continue
            if taken.step is None:
                return False   # a step the cache cannot repeat (a screen point): the task is not cached
            kept.append(replace(taken.step, thought=taken.step.thought if taken.cached
                                else _thought_part(step.raw_output, step.thought)))
        runs = self._entry.runs + 1 if self._entry else 1
        entry = CacheEntry(self._task.id, self._task.start_url, kept, runs=runs)
        if self.redactor is not None:   # a page's text (an answer's context) may hold a secret
            entry = CacheEntry.from_dict(self.redactor.data(entry.to_dict()))
        self.cache.save(entry)
        return True


_THOUGHT = re.compile(r"^\s*\**Thought\**\s*:\s*", re.IGNORECASE)


def succeeded(result: Result) -> bool:
    """Whether a task's run is worth caching: its checks passed, or (a task without checks) it answered."""
    return result.success is True or (result.success is None and result.status == "answered")


def _describe(step: CachedStep) -> str:
    kind = str(step.action.get("kind", "?"))
    on = f" {step.element.describe()}" if step.element else ""
    text = step.action.get("text")
    return f"{kind}{on}" + (f' "{text}"' if isinstance(text, str) and kind != "answer" else "") + f" at {step.url}"


class _TextSession(Protocol):
    async def page_state(self) -> Any: ...


def cached_policy(policy: Policy, folder: str, session: _TextSession, redactor: Redactor | None) -> CachedPolicy:
    """`policy` wrapped with the action cache in `folder`, reading the page text from `session`."""
    async def page_text() -> str:
        return str((await session.page_state()).text)

    return CachedPolicy(policy, ActionCache(folder), page_text, redactor)


def save_cache(policy: CachedPolicy, result: Result, steps: list[Step]) -> None:
    """`policy.save`, where a cache folder that refuses the file is logged, never the task's failure."""
    try:
        policy.save(result, steps)
    except (OSError, StorageError) as exc:
        log.warning("the action cache of task %s was not written: %s", result.task_id, exc)
