"""The interface between the agent loop and a policy (WebVoyager, SeeAct, ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from webvoyager.browser.types import Action, Observation
from webvoyager.tasks import Task
from webvoyager.trajectory import PolicyRecord
from webvoyager.usage import Usage


@dataclass
class Decision:
    """What a policy decided at one step.

    `action` is None when the model's reply held no valid action; `error` then says why, in words
    for the model, and the loop feeds it back as the next observation's note (costing a step).
    `confirm`: the model's provider asks a person to confirm the action (OpenAI's pending safety checks,
    Gemini's `require_confirmation`); the loop sends it to the confirm gate whatever the action is, and
    the next observation's `gate_choice` tells the policy what was decided.
    """

    thought: str
    action: Action | None
    raw_output: str
    usage: Usage = field(default_factory=Usage)
    error: str | None = None
    record: PolicyRecord = field(default_factory=PolicyRecord)   # the step's `policy_data` in trajectory.json
    confirm: str | None = None   # the provider's own safety check on the action, in its words: the confirm
                                 # gate decides (the policy acknowledges it only on the gate's approval)


class Policy(Protocol):
    """Turns observations into actions for one task at a time.

    `reset` starts a new task; `decide` is called once per step with the newest observation
    (its `notes` carry the previous action's outcome or error); `messages_log` returns the
    conversation so far in the original WebVoyager `interact_messages.json` layout.
    """

    name: str

    def reset(self, task: Task) -> None:
        ...

    async def decide(self, observation: Observation) -> Decision:
        ...

    def messages_log(self) -> list[dict[str, Any]]:
        ...
