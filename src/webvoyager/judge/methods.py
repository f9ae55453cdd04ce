"""The judging methods: webvoyager and keypoints, each under either protocol (`webvoyager.protocol.JudgeValues`),
and webjudge (judge/webjudge.py).

* `webvoyager`: the paper's auto-evaluator with our own prompt: task, final answer and the last K marked
  screenshots (the paper protocol: every screenshot of the trajectory); the reply ends with SUCCESS or
  NOT SUCCESS; the screenshots win over the answer.
* `keypoints` (in the spirit of WebJudge; default protocol only): a first call lists the task's key
  requirements; a second call judges each against the screenshots and the list of actions taken (never
  the agent's thoughts or claims of success). The verdict is SUCCESS only if the judge says so and no
  requirement is NOT MET.
* `webjudge` (default protocol only; default model o4-mini): Online-Mind2Web's three stages, key points,
  every screenshot scored against them, the outcome from the kept ones and the factual actions.

Verdict rule: by default the LAST verdict word of the reply counts; the paper protocol uses the original
evaluator's rule (`NOT SUCCESS` anywhere fails, else `SUCCESS` anywhere succeeds). Both: a task that
never answered fails without any model call; a reply without a verdict is recorded as an error (verdict
None), not as a failure. `system_prompt` replaces the method's instructions (`judge --prompt FILE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from webvoyager.errors import ConfigError
from webvoyager.judge.evidence import Evidence
from webvoyager.judge.webjudge import DEFAULT_MODEL as WEBJUDGE_MODEL, DEFAULT_THRESHOLD, judge_webjudge
from webvoyager.judge.verdict import (original_verdict, parse_requirement_list, parse_requirement_verdicts,
                                      parse_verdict)
from webvoyager.models.base import ChatModel, Completion, ImagePart, Message, TextPart
from webvoyager.models.plain_images import without_detail
from webvoyager.packs import ProtocolPack
from webvoyager.prompts import Prompt, load_prompt
from webvoyager.protocol import DEFAULT_JUDGE, JudgeValues
from webvoyager.runs.judgements import NOT_SUCCESS, Judgement, Requirement
from webvoyager.usage import Usage

METHODS = ("webvoyager", "keypoints", "webjudge")
# A method's judge model when `--model` is not given (the others have none: the user chooses).
DEFAULT_MODELS = {"webjudge": WEBJUDGE_MODEL}
# The screenshot count the original evaluator's user prompt states: its --max_attached_imgs, which
# evaluation/run_eval.sh sets to 15 (auto_eval.py writes that number, not how many it attached).
ORIGINAL_STATED_SCREENSHOTS = 15


@dataclass(frozen=True)
class JudgeRules:
    """How one judging pass calls the model and reads it: the protocol's values, the images to show
    (None: all), and the user's own instructions, if any."""

    protocol: str = "default"
    values: JudgeValues = DEFAULT_JUDGE
    images: int | None = 3
    system_prompt: str | None = None
    pack: ProtocolPack | None = None     # paper protocol: the original evaluator's wording and layout
    threshold: int = DEFAULT_THRESHOLD   # webjudge: the score a screenshot needs to reach the outcome stage

    async def ask(self, model: ChatModel, messages: list[Message]) -> Completion:
        """One judge call with the protocol's sampling (temperature 0; the paper also sends its seed). The
        paper's evaluator sends its screenshots without a detail level (auto_eval.py), so the paper's
        judge does too."""
        if self.protocol == "paper":
            messages = without_detail(messages)
        return await model.complete(messages, temperature=self.values.temperature,
                                    max_tokens=self.values.max_tokens, seed=self.values.seed)

    def verdict(self, text: str) -> str | None:
        return original_verdict(text) if self.values.any_not_success_fails else parse_verdict(text)


def _prompt(name: str) -> Prompt:
    return load_prompt("webvoyager.judge", name)


def _images(paths: Sequence[Path]) -> list[ImagePart]:
    return [ImagePart(p.read_bytes()) for p in paths]


def no_answer_judgement(ev: Evidence, method: str, model: str, protocol: str = "default") -> Judgement:
    """The verdict for a task that never answered: failure, reached without calling the model."""
    return Judgement(task_id=ev.task_id, method=method, protocol=protocol, model=model, verdict=NOT_SUCCESS,
                     reasoning=f"The agent gave no final answer (status {ev.status}), so the task failed.",
                     model_called=False)


async def judge_webvoyager(ev: Evidence, model: ChatModel, rules: JudgeRules) -> Judgement:
    """The paper's method (see the module docstring)."""
    if ev.answer is None:
        return no_answer_judgement(ev, "webvoyager", model.spec, rules.protocol)
    shots = ev.last_screenshots(rules.images)
    if rules.pack is not None:
        messages = _original_layout(ev, rules.pack, shots, rules.system_prompt)
    else:
        user = _prompt("webvoyager_user.txt").render(task=ev.question, answer=ev.answer, n_images=len(shots))
        system = rules.system_prompt or _prompt("webvoyager_system.txt").text
        messages = [Message.text("system", system), Message("user", (TextPart(user), *_images(shots)))]
    reply = await rules.ask(model, messages)
    verdict = rules.verdict(reply.text)
    return Judgement(task_id=ev.task_id, method="webvoyager", protocol=rules.protocol, model=model.spec,
                     verdict=verdict, reasoning=reply.text.strip(), usage=reply.usage, images=len(shots),
                     error=None if verdict else "the judge's reply holds no SUCCESS / NOT SUCCESS verdict")


def _original_layout(ev: Evidence, pack: ProtocolPack, shots: list[Path], own: str | None) -> list[Message]:
    """The original evaluator's request worded by the pack: its system prompt (or the user's own), then
    one user turn of the filled user template, the screenshots, and its closing line."""
    user = pack.prompt("judge_user").render(task=ev.question.strip(), answer=(ev.answer or "").strip(),
                                            num=ORIGINAL_STATED_SCREENSHOTS)
    return [Message.text("system", own or pack.text("judge_system")),
            Message("user", (TextPart(user), *_images(shots), TextPart(pack.text("judge_closing"))))]


async def judge_keypoints(ev: Evidence, model: ChatModel, rules: JudgeRules) -> Judgement:
    """The key-requirements method (see the module docstring)."""
    if ev.answer is None:
        return no_answer_judgement(ev, "keypoints", model.spec, rules.protocol)
    extract_prompt = _prompt("keypoints_extract.txt").render(task=ev.question)
    extract = await rules.ask(model, [Message.text("user", extract_prompt)])
    requirements = parse_requirement_list(extract.text)
    usage: Usage = extract.usage
    if not requirements:
        return Judgement(task_id=ev.task_id, method="keypoints", protocol=rules.protocol, model=model.spec,
                         verdict=None, reasoning=extract.text, usage=usage,
                         error="the judge listed no key requirements")
    shots = ev.last_screenshots(rules.images)
    listing = "\n".join(f"{i}. {r}" for i, r in enumerate(requirements, start=1))
    user = _prompt("keypoints_judge_user.txt").render(task=ev.question, requirements=listing,
                                                      actions=ev.action_lines(), n_images=len(shots))
    system = rules.system_prompt or _prompt("keypoints_judge_system.txt").text
    reply = await rules.ask(model, [Message.text("system", system), Message("user", (TextPart(user), *_images(shots)))])
    usage = usage + reply.usage
    judged = parse_requirement_verdicts(reply.text, requirements)
    verdict = rules.verdict(_verdict_part(reply.text))
    if verdict is not None and any(r.met is False for r in judged):
        verdict = NOT_SUCCESS  # stricter than the judge's own summary: every requirement must hold
    return Judgement(task_id=ev.task_id, method="keypoints", protocol=rules.protocol, model=model.spec,
                     verdict=verdict, reasoning=reply.text.strip(), usage=usage, images=len(shots),
                     requirements=judged,
                     error=None if verdict else "the judge's reply holds no SUCCESS / NOT SUCCESS verdict")


def _verdict_part(text: str) -> str:
    """The text after the last 'verdict' word (requirement reasons may mention success), else all."""
    idx = [m.end() for m in re.finditer(r"verdict", text, re.IGNORECASE)]
    return text[idx[-1]:] if idx else text


async def judge_task(ev: Evidence, model: ChatModel, *, method: str, rules: JudgeRules) -> Judgement:
    """Judge one task with the named method."""
    if method == "webvoyager":
        return await judge_webvoyager(ev, model, rules)
    if method == "keypoints":
        return await judge_keypoints(ev, model, rules)
    if method == "webjudge":
        return await judge_webjudge(ev, model, threshold=rules.threshold, pack=rules.pack,
                                    system_prompt=rules.system_prompt)
    raise ValueError(f"unknown judging method {method!r}")


def default_model(method: str) -> str:
    """The judge model of `method` when `--model` is not given; ConfigError for a method without one."""
    if method not in DEFAULT_MODELS:
        raise ConfigError(f"--method {method} has no default judge model: pass --model SPEC "
                          "(e.g. --model openai:gpt-4o)")
    return DEFAULT_MODELS[method]


__all__ = ["DEFAULT_MODELS", "METHODS", "JudgeRules", "default_model", "Requirement", "judge_task", "judge_webvoyager",
           "judge_keypoints"]
