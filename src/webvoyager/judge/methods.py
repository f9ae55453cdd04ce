"""The two judging protocols.

* `webvoyager`: the paper's auto-evaluator with our own prompt: task, final answer and the last K marked
  screenshots; reply ends with SUCCESS or NOT SUCCESS; temperature 0; the screenshots win over the answer.
* `keypoints` (in the spirit of WebJudge): a first call lists the task's key requirements; a second call
  judges each against the screenshots and the list of actions taken (never the agent's thoughts or
  claims of success). The verdict is SUCCESS only if the judge says so and no requirement is NOT MET.

Both: a task that never answered fails without any model call; a reply without a verdict is recorded
as an error (verdict None), not as a failure.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from webvoyager.judge.evidence import Evidence
from webvoyager.runs.judgements import NOT_SUCCESS, Judgement, Requirement
from webvoyager.judge.verdict import parse_requirement_list, parse_requirement_verdicts, parse_verdict
from webvoyager.models.base import ChatModel, ImagePart, Message, TextPart
from webvoyager.prompts import Prompt, load_prompt
from webvoyager.usage import Usage

PROTOCOLS = ("webvoyager", "keypoints")
MAX_TOKENS = 1024


def _prompt(name: str) -> Prompt:
    return load_prompt("webvoyager.judge", name)


def _images(paths: Sequence[Path]) -> list[ImagePart]:
    return [ImagePart(p.read_bytes()) for p in paths]


def no_answer_judgement(ev: Evidence, protocol: str, model: str) -> Judgement:
    """The verdict for a task that never answered: failure, reached without calling the model."""
    return Judgement(task_id=ev.task_id, protocol=protocol, model=model, verdict=NOT_SUCCESS,
                     reasoning=f"The agent gave no final answer (status {ev.status}), so the task failed.",
                     model_called=False)


async def judge_webvoyager(ev: Evidence, model: ChatModel, *, images: int | None) -> Judgement:
    """The paper's protocol (see the module docstring)."""
    if ev.answer is None:
        return no_answer_judgement(ev, "webvoyager", model.spec)
    shots = ev.last_screenshots(images)
    user = _prompt("webvoyager_user.txt").render(task=ev.question, answer=ev.answer, n_images=len(shots))
    messages = [Message.text("system", _prompt("webvoyager_system.txt").text),
                Message("user", (TextPart(user), *_images(shots)))]
    reply = await model.complete(messages, temperature=0.0, max_tokens=MAX_TOKENS)
    verdict = parse_verdict(reply.text)
    return Judgement(task_id=ev.task_id, protocol="webvoyager", model=model.spec, verdict=verdict,
                     reasoning=reply.text.strip(), usage=reply.usage, images=len(shots),
                     error=None if verdict else "the judge's reply holds no SUCCESS / NOT SUCCESS verdict")


async def judge_keypoints(ev: Evidence, model: ChatModel, *, images: int | None) -> Judgement:
    """The key-requirements protocol (see the module docstring)."""
    if ev.answer is None:
        return no_answer_judgement(ev, "keypoints", model.spec)
    extract = await model.complete(
        [Message.text("user", _prompt("keypoints_extract.txt").render(task=ev.question))],
        temperature=0.0, max_tokens=MAX_TOKENS)
    requirements = parse_requirement_list(extract.text)
    usage: Usage = extract.usage
    if not requirements:
        return Judgement(task_id=ev.task_id, protocol="keypoints", model=model.spec, verdict=None,
                         reasoning=extract.text, usage=usage, error="the judge listed no key requirements")
    shots = ev.last_screenshots(images)
    listing = "\n".join(f"{i}. {r}" for i, r in enumerate(requirements, start=1))
    user = _prompt("keypoints_judge_user.txt").render(task=ev.question, requirements=listing,
                                                      actions=ev.action_lines(), n_images=len(shots))
    reply = await model.complete(
        [Message.text("system", _prompt("keypoints_judge_system.txt").text),
         Message("user", (TextPart(user), *_images(shots)))],
        temperature=0.0, max_tokens=MAX_TOKENS)
    usage = usage + reply.usage
    judged = parse_requirement_verdicts(reply.text, requirements)
    verdict = parse_verdict(_verdict_part(reply.text))
    if verdict is not None and any(r.met is False for r in judged):
        verdict = NOT_SUCCESS  # stricter than the judge's own summary: every requirement must hold
    return Judgement(task_id=ev.task_id, protocol="keypoints", model=model.spec, verdict=verdict,
                     reasoning=reply.text.strip(), usage=usage, images=len(shots), requirements=judged,
                     error=None if verdict else "the judge's reply holds no SUCCESS / NOT SUCCESS verdict")


def _verdict_part(text: str) -> str:
    """The text after the last 'verdict' word (requirement reasons may mention success), else all."""
    idx = [m.end() for m in re.finditer(r"verdict", text, re.IGNORECASE)]
    return text[idx[-1]:] if idx else text


async def judge_task(ev: Evidence, model: ChatModel, *, protocol: str, images: int | None) -> Judgement:
    """Judge one task with the named protocol."""
    if protocol == "webvoyager":
        return await judge_webvoyager(ev, model, images=images)
    if protocol == "keypoints":
        return await judge_keypoints(ev, model, images=images)
    raise ValueError(f"unknown protocol {protocol!r}")


__all__ = ["PROTOCOLS", "Requirement", "judge_task", "judge_webvoyager", "judge_keypoints"]
