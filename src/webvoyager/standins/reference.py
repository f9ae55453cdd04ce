"""The `reference` model: a solver of known sandbox tasks, speaking through the real prompts.

It is a regression oracle, not an agent baseline: it knows each sandbox task's reference solution
(which element to use at each step, by what a person sees) and carries it out through exactly what a
real model is sent, replying in the policy's grammar, e.g.

    Thought: Reference step 3/7: click "Search".
    Action: Click [12]

It keeps no state between calls: the position comes back from its own previous thought
(`plan.parse_progress`). When the page does not show what the reference expects, or the previous
step failed, it raises `ModelError` (the task ends with status `error`) - it never guesses.
It is built for one policy and protocol (`create_model("reference", settings=...)` passes the run's):
WebVoyager conversations are read through `voyager.readback` (`voyager_replies`), SeeAct's two-stage
prompts through `seeact.readback` (`seeact_replies`); the paper protocol offers no Select action, so
there a drop-down option is typed into the list. The system prompt is never read: a user's own
(`--system-prompt`) changes nothing.
"""

from __future__ import annotations

from typing import Sequence

from webvoyager.errors import ConfigError, ModelError
from webvoyager.models.base import Completion, Message
from webvoyager.protocol import PolicyName, ProtocolName, check_policy, check_protocol
from webvoyager.seeact.grounding import GroundingMode
from webvoyager.standins import judge_replies, seeact_replies
from webvoyager.standins.latency import answer_after, in_thread
from webvoyager.standins.plan import find_task, next_move, parse_progress, target_not_found_error
from webvoyager.standins.reading import noted_in
from webvoyager.standins.voyager_replies import (at_bottom, failure_note, last_assistant_text, move_action,
                                                 newest_observation, offers_select, page_view, task_text,
                                                 voyager_reply)
from webvoyager.tasks import Task
from webvoyager.usage import Usage


def _approx_tokens(text: str) -> int:
    return (len(text) + 3) // 4


def voyager_step(messages: Sequence[Message], tasks: tuple[Task, ...] | None, *, select: bool = True) -> str:
    """The next reply in a WebVoyager conversation (`select`: the protocol offers the Select action)."""
    if seeact_replies.is_generation(messages):
        raise ModelError("the reference model was built for the webvoyager policy, but this is a SeeAct "
                         "conversation; build it with the run's policy (create_model('reference', settings=...))")
    task = find_task(task_text(messages), tasks)
    previous = last_assistant_text(messages)
    progress = parse_progress(previous)
    observation = newest_observation(messages)
    if previous is not None:
        note = failure_note(observation)
        if note is not None:
            raise ModelError(f"{task.id}: the reference model's previous action did not work "
                             f"({previous.strip().splitlines()[-1]}): {note}")
    view = page_view(messages)
    if progress.scrolls and at_bottom(observation.notes):
        raise target_not_found_error(task, progress, view.elements, "the page is already at the bottom")
    replies = [m.text_content for m in messages if m.role == "assistant"]
    move = next_move(task, progress, view.elements, view, noted_in(replies))
    return voyager_reply(move.thought(), move_action(move, select=select))


class ReferenceModel:
    """A `ChatModel` that solves sandbox tasks from their reference solutions (spec `reference`).

    `tasks` replaces the sandbox catalogue as the pool of solvable tasks (any tasks with reference
    solutions, e.g. from a custom JSONL file). `policy` and `protocol` are the run's: they say which
    conversation it answers and which actions it may use; `grounding` (SeeAct) is refused up front
    when the reference cannot answer it. Temperature, max_tokens and seed are accepted and ignored:
    the replies are deterministic. Usage counts approximate tokens (characters / 4) at cost 0.
    """

    spec = "reference"

    def __init__(self, tasks: Sequence[Task] | None = None, *, policy: PolicyName = "webvoyager",
                 protocol: ProtocolName = "default", grounding: GroundingMode = "choice",
                 latency_s: float = 0.0) -> None:
        self.tasks = tuple(t for t in tasks if t.reference is not None) if tasks is not None else None
        self.latency_s = latency_s   # how long each answer takes (`--latency`; standins/latency.py)
        self.policy, self.protocol = check_policy(policy), check_protocol(protocol)
        if policy == "seeact" and grounding == "coordinates":
            raise ConfigError("the reference model cannot answer SeeAct's coordinates grounding (it reads text, "
                              "and that question gives no element positions); use --grounding choice, som or "
                              "attributes")

    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0, max_tokens: int = 1024,
                       seed: int | None = None) -> Completion:
        """Reply with the next reference action for the sandbox task in `messages` (to a judge's request:
        its verdict, standins/judge_replies.py)."""
        return await answer_after(self.latency_s, in_thread(lambda: self._reply(messages)))

    def _reply(self, messages: Sequence[Message]) -> Completion:
        if judge_replies.is_judge_request(messages):
            text = judge_replies.reference_verdict(messages)
        elif self.policy == "seeact":
            text = seeact_replies.reply(messages, self.tasks)
        else:
            text = voyager_step(messages, self.tasks, select=offers_select(self.protocol))
        usage = Usage(input_tokens=sum(_approx_tokens(m.text_content) for m in messages),
                      output_tokens=_approx_tokens(text), cost_usd=0.0, calls=1)
        return Completion(text=text, usage=usage, model=self.spec)
