"""The WebVoyager policy: one model call per step, reply parsed into a single action."""

from __future__ import annotations

from typing import Any

from webvoyager.voyager.messages import ObservationRecord, Turn, build_log, build_messages
from webvoyager.voyager.pack_layout import PackTurn, PackWording
from webvoyager.voyager.parser import parse_reply
from webvoyager.agent.policy import Decision
from webvoyager.browser.action_set import DEFAULT, PAPER
from webvoyager.browser.types import Observation
from webvoyager.errors import ConfigError
from webvoyager.models.base import ChatModel, Message
from webvoyager.packs import ProtocolPack
from webvoyager.prompts import load_prompt
from webvoyager.tasks import Task
from webvoyager.trajectory import PolicyRecord


def action_list(*, paper: bool = False) -> str:
    """The numbered list of actions in the system prompt, from their declarations: the paper's seven,
    then (outside the paper protocol) the default protocol's other actions under "Extra actions:"."""
    lines = [f"{i}. {spec.guide_line}" for i, spec in enumerate(PAPER, 1)]
    if not paper:
        extra = [spec for spec in DEFAULT if spec not in PAPER]
        lines += ["Extra actions:"] + [f"{i}. {spec.guide_line}" for i, spec in enumerate(extra, len(PAPER) + 1)]
    return "\n".join(lines)


def default_system_prompt(*, text_only: bool = False, paper: bool = False) -> str:
    """Our system prompt: the screenshot or text-only variant, listing the paper's seven actions only
    (and describing the paper's marks and element text) in the paper protocol. Outside the paper
    protocol it also tells the model that page content is data, never instructions."""
    def part(name: str) -> str:
        return load_prompt("webvoyager.voyager", name).text

    actions = action_list(paper=paper)
    untrusted = "" if paper else "\n" + part("untrusted.txt") + "\n"
    if text_only:
        return load_prompt("webvoyager.voyager", "system_text_only.txt").render(actions=actions, untrusted=untrusted)
    observation = part("observation_paper.txt" if paper else "observation.txt")
    return load_prompt("webvoyager.voyager", "system.txt").render(observation=observation, actions=actions,
                                                                   untrusted=untrusted)


class WebVoyagerPolicy:
    """Screenshot (or accessibility tree) in, `Thought:`/`Action:` reply out, as in the paper.

    A reply without a valid action gives a Decision with `action=None` and an `error` for the model;
    the agent loop counts it as a step and shows the error in the next observation's notes.
    With a prompt `pack` (paper protocol) the conversation is the original's, worded by the pack
    (`voyager.pack_layout`); a `system_prompt` given as well still replaces the system message.
    """

    name = "webvoyager"

    def __init__(self, model: ChatModel, *, context_images: int = 3, text_only: bool = False,
                 temperature: float | None = 1.0, max_tokens: int = 1024, seed: int | None = None,
                 original_actions: bool = False, system_prompt: str | None = None,
                 pack: ProtocolPack | None = None) -> None:
        if context_images < 1:
            raise ConfigError(f"context_images must be at least 1 (got {context_images}); "
                              "it is how many recent screenshots the model keeps")
        self.model = model
        self.context_images = context_images
        self.text_only = text_only
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.seed = seed
        self.original_actions = original_actions   # the paper protocol: its seven actions only
        self.wording = PackWording(pack, text_only=text_only) if pack is not None else None
        self.system_prompt = system_prompt or (self.wording.system_prompt() if self.wording else
                                               default_system_prompt(text_only=text_only, paper=original_actions))
        self._task: Task | None = None
        self._turns: list[Turn] = []
        self._pack_turns: list[PackTurn] = []

    def reset(self, task: Task) -> None:
        """Start a new task: forget the previous conversation."""
        self._task = task
        self._turns = []
        self._pack_turns = []

    async def decide(self, observation: Observation) -> Decision:
        """Send the conversation with the new observation; parse the reply into one action."""
        if self._task is None:
            raise RuntimeError("WebVoyagerPolicy.decide called before reset(task)")
        messages = self._next_messages(observation, self._task)
        completion = await self.model.complete(messages, temperature=self.temperature,
                                               max_tokens=self.max_tokens, seed=self.seed)
        text = completion.text or ""
        self._set_reply(text)
        parsed = parse_reply(text, original_only=self.original_actions)
        return Decision(thought=parsed.thought, action=parsed.action, raw_output=text, usage=completion.usage,
                        error=parsed.error, record=PolicyRecord(images_sent=sum(len(m.images) for m in messages)))

    def take_turn(self, observation: Observation, reply: str) -> None:
        """Add a turn decided without the model (the action cache replayed it): the observation and the
        reply, as if the model had given it, so a later call sees the history it would have had."""
        if self._task is None:
            raise RuntimeError("WebVoyagerPolicy.take_turn called before reset(task)")
        self._next_messages(observation, self._task)
        self._set_reply(reply)

    def _set_reply(self, text: str) -> None:
        if self.wording is not None:
            self._pack_turns[-1].reply = text
        else:
            self._turns[-1].reply = text

    def _next_messages(self, observation: Observation, task: Task) -> list[Message]:
        """Add the observation's turn to the conversation; the messages of the next call."""
        if self.wording is not None:
            turn = self.wording.turn(len(self._pack_turns) + 1, observation, question=task.question,
                                     start_url=task.start_url, previous=self._pack_turns)
            self._pack_turns.append(turn)
            return self.wording.messages(self.system_prompt, self._pack_turns, context_images=self.context_images)
        record = ObservationRecord.from_observation(len(self._turns) + 1, observation, text_only=self.text_only,
                                                    delimit=not self.original_actions)
        self._turns.append(Turn(record))
        return build_messages(self.system_prompt, task.question, task.start_url, self._turns,
                              context_images=self.context_images, text_only=self.text_only)

    def messages_log(self) -> list[dict[str, Any]]:
        """The conversation of the last call (plus the reply) in the `interact_messages.json` layout."""
        if self._task is None:
            return []
        if self.wording is not None:
            return self.wording.log(self.system_prompt, self._pack_turns, context_images=self.context_images)
        return build_log(self.system_prompt, self._task.question, self._task.start_url, self._turns,
                         context_images=self.context_images, text_only=self.text_only)
