"""The loop's feedback on the previous step, as one typed value (the `Observation` fields it comes from).

Each policy words it for its model (`voyager.messages`, `seeact.messages`); the readers beside those
builders turn the words back into a `StepFeedback`, so offline stand-in models learn that a step failed
without matching phrases themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from webvoyager.agent.loop_guard import WARNING_START
from webvoyager.browser.types import Observation
from webvoyager.text import format_pattern


@dataclass(frozen=True)
class StepFeedback:
    """Why the previous step did not go as planned; all None when it did."""

    reply_error: str | None = None        # the reply held no usable action
    last_action: str | None = None        # the previous step's action (read back: only a failed one, when
                                          # the wording names it)
    last_action_error: str | None = None  # why executing it failed
    loop_warning: str | None = None       # the loop guard's warning about a repeated action
    gate_choice: str | None = None        # the confirm gate's verdict on it: approve, reject, takeover

    @classmethod
    def of(cls, obs: Observation) -> StepFeedback:
        """The feedback an observation carries."""
        return cls(reply_error=obs.reply_error, last_action=obs.last_action if obs.last_action_error else None,
                   last_action_error=obs.last_action_error, loop_warning=obs.loop_warning,
                   gate_choice=obs.gate_choice)

    def into(self, observation: Observation) -> Observation:
        """`observation` carrying this feedback in its typed fields (what the loop hands the policy)."""
        return replace(observation, last_action=self.last_action, last_action_error=self.last_action_error,
                       reply_error=self.reply_error, loop_warning=self.loop_warning, gate_choice=self.gate_choice)

    def problem(self) -> str | None:
        """The first thing that went wrong, in words (None: nothing did)."""
        if self.last_action_error is not None:
            return f"{self.last_action or 'the action'} failed: {self.last_action_error}"
        return self.reply_error or self.loop_warning


def read_feedback(notes: Sequence[str], *, failed_action: str, unusable_reply: str,
                  mixed: bool) -> tuple[StepFeedback, list[str]]:
    """The feedback a policy wrote among `notes` with its templates `failed_action` ("...{error}", may
    name the `{action}`) and `unusable_reply` ("...{error}"), and the other notes. `mixed`: the notes also
    hold page events, so only the loop's own phrasings count as feedback (else every note is feedback:
    what is neither a failed action nor an unusable reply is the loop guard's warning)."""
    failed, unusable = format_pattern(failed_action), format_pattern(unusable_reply)
    values: dict[str, str] = {}
    rest: list[str] = []
    for note in notes:
        found_unusable, found_failed = unusable.fullmatch(note), failed.fullmatch(note)
        if found_unusable:
            values["reply_error"] = found_unusable.group("error")
        elif found_failed:
            groups = found_failed.groupdict()
            values["last_action_error"] = groups["error"]
            if "action" in groups:
                values["last_action"] = groups["action"]
        elif not mixed or note.startswith(WARNING_START):
            values["loop_warning"] = note
        else:
            rest.append(note)
    return StepFeedback(**values), rest
