"""`judge --method webjudge`: Online-Mind2Web's three-stage judge, in our own wording (or a pack's).

1. Key points, from the task text alone (no screenshot, no trajectory).
2. Every screenshot of the trajectory scored 1-5 against the key points, one call per screenshot; it is
   kept when its score is at or above the threshold (default 3). A reply without a readable score
   (`verdict.parse_score`) is recorded with score None and the screenshot is not kept.
3. The outcome, from the task, the key points, the kept screenshots and the factual actions only: never
   the agent's final answer (its ANSWER action is left out) nor its thoughts, which make judges accept
   claims of success. The reply's last `Status: success|failure` line is the verdict; a reply without
   one is recorded as an error (verdict None).

Every call's request (system text, user text, screenshots by file name) and reply goes into the
judgement's `stages`. A trajectory with neither an action nor a screenshot fails without a model call.
With an Online-Mind2Web pack the three stages send the pack's texts, laid out as the original does
(its outcome text also lists the stage-2 reasons of the kept screenshots, the judge's own words).
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from webvoyager.judge.evidence import Evidence
from webvoyager.judge.verdict import parse_requirement_list, parse_score, parse_status, screenshot_reason
from webvoyager.models.base import ChatModel, Completion, ImagePart, Message, TextPart
from webvoyager.packs import ProtocolPack
from webvoyager.prompts import Prompt, load_prompt
from webvoyager.protocol import JudgeValues
from webvoyager.runs.judgements import NOT_SUCCESS, Judgement, StageCall
from webvoyager.usage import Usage

DEFAULT_MODEL = "openai:o4-mini"
DEFAULT_THRESHOLD = 3
SCORES = range(1, 6)
# Temperature 0 where the model takes one (reasoning models such as o4-mini accept only their default, so
# the OpenAI provider leaves it out for them); 4,096 tokens leaves a reasoning model room to think before
# it writes the reply, and is within every vision model's output limit.
VALUES = JudgeValues(images=None, temperature=0.0, seed=None, max_tokens=4096, any_not_success_fails=False)
_HEADING = re.compile(r"^\W*key\s*points?\W*$", re.IGNORECASE)


@dataclass(frozen=True)
class Request:
    """One stage's request before it is sent: system text, user text and the screenshots after it."""

    stage: str
    system: str
    text: str
    screenshots: tuple[Path, ...] = ()

    def messages(self) -> list[Message]:
        images = tuple(ImagePart(p.read_bytes()) for p in self.screenshots)
        return [Message.text("system", self.system), Message("user", (TextPart(self.text), *images))]

    def record(self, reply: Completion, score: int | None = None, kept: bool | None = None) -> StageCall:
        return StageCall(stage=self.stage, system=self.system, text=self.text,
                         screenshots=[p.name for p in self.screenshots], reply=reply.text, score=score, kept=kept)


@dataclass(frozen=True)
class Wording:
    """The three stages' texts: ours (`judge/prompts/webjudge_*.txt`) or an Online-Mind2Web pack's;
    `outcome_system` replaces the outcome stage's instructions (`judge --prompt FILE`)."""

    pack: ProtocolPack | None = None
    outcome_system: str | None = None

    def _prompt(self, name: str) -> Prompt:
        """The pack's template `name`, or our `webjudge_<name>.txt` (the same names, stage by stage)."""
        return self.pack.prompt(name) if self.pack is not None else load_prompt("webvoyager.judge", f"webjudge_{name}.txt")

    def key_points(self, task: str) -> Request:
        return Request("key_points", self._prompt("keypoints_system").render(),
                       self._prompt("keypoints_user").render(task=task))

    def screenshot(self, task: str, key_points: str, shot: Path) -> Request:
        return Request("screenshot", self._prompt("screenshot_system").render(),
                       self._prompt("screenshot_user").render(task=task, key_points=key_points), (shot,))

    def outcome(self, task: str, key_points: str, actions: str, kept: Sequence[Path], reasons: Sequence[str]) -> Request:
        system = self.outcome_system or self._prompt("outcome_system").render()
        if self.pack is None:
            text = self._prompt("outcome_user").render(task=task, key_points=key_points, actions=actions,
                                                       n_images=len(kept))
        elif kept:   # the original lists the judge's own reasons for the kept screenshots
            text = self._prompt("outcome_user").render(task=task, key_points=key_points, last_actions=actions,
                                                       thoughts=_numbered(r for r in reasons if r))
        else:
            text = self._prompt("outcome_user_no_images").render(task=task, key_points=key_points, last_actions=actions)
        return Request("outcome", system, text, tuple(kept))


def _numbered(items: Iterable[str]) -> str:
    return "\n".join(f"{i}. {item}" for i, item in enumerate(items, start=1))


async def _ask(model: ChatModel, request: Request) -> Completion:
    return await model.complete(request.messages(), temperature=VALUES.temperature, max_tokens=VALUES.max_tokens,
                                seed=VALUES.seed)


def _key_points(text: str) -> list[str]:
    return [p for p in parse_requirement_list(text) if not _HEADING.match(p)]


async def judge_webjudge(ev: Evidence, model: ChatModel, *, threshold: int = DEFAULT_THRESHOLD,
                         pack: ProtocolPack | None = None, system_prompt: str | None = None) -> Judgement:
    """Judge one task with WebJudge's three stages (see the module docstring)."""
    facts = ev.factual_actions()

    def judgement(verdict: str | None, **recorded: object) -> Judgement:
        return Judgement(task_id=ev.task_id, method="webjudge", model=model.spec, verdict=verdict,
                         threshold=threshold, **recorded)  # type: ignore[arg-type]

    if not facts.actions and not ev.screenshots:
        return judgement(NOT_SUCCESS, model_called=False,
                         reasoning=f"The trajectory has no action and no screenshot (status {ev.status}).")
    wording = Wording(pack, system_prompt)
    stages: list[StageCall] = []
    first = wording.key_points(ev.question)
    reply = await _ask(model, first)
    usage: Usage = reply.usage
    stages.append(first.record(reply))
    points = _key_points(reply.text)
    if not points:
        return judgement(None, usage=usage, stages=stages, error="the judge listed no key points")
    listing = _numbered(points)
    asks = [wording.screenshot(ev.question, listing, shot) for shot in ev.screenshots]
    replies = await asyncio.gather(*(_ask(model, a) for a in asks))
    kept: list[Path] = []
    reasons: list[str] = []
    for ask, answer in zip(asks, replies):
        score = parse_score(answer.text)
        keep = score is not None and score >= threshold
        usage = usage + answer.usage
        stages.append(ask.record(answer, score=score, kept=keep))
        if keep:
            kept.extend(ask.screenshots)
            reasons.append(screenshot_reason(answer.text))
    last = wording.outcome(ev.question, listing, facts.action_lines(), kept, reasons)
    reply = await _ask(model, last)
    usage = usage + reply.usage
    stages.append(last.record(reply))
    verdict = parse_status(reply.text)
    return judgement(verdict, reasoning=reply.text.strip(), usage=usage, images=len(kept), key_points=points,
                     stages=stages,
                     error=None if verdict else "the judge's reply holds no 'Status: success' or 'Status: failure' line")
