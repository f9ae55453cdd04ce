"""`Episode`: a task environment that starts itself and says itself when it is over (MiniWoB++ pages).

The agent loop calls `begin` once the start page has loaded (the environment may start its episode
there, and give the question the model gets) and `ended` after every executed action; when `ended`
returns an `EpisodeEnd`, the run stops with status "done" and the environment's reward. At the end of a
run that stopped for another reason (step limit, answer, stuck), `ended(final=True)` gives the reward
as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from webvoyager.tasks import Task


@dataclass(frozen=True)
class EpisodeEnd:
    """The environment's own verdict on an episode."""

    reward: float
    success: bool
    reason: str = ""


class Episode(Protocol):
    """Hooks of an environment-run task (see the module docstring). `session` is the loop's browser session."""

    async def begin(self, session: Any, task: Task) -> Task:
        """Start the episode on the loaded start page; return the task as the model should see it."""
        ...

    async def ended(self, session: Any, *, final: bool = False) -> EpisodeEnd | None:
        """The end of the episode if the environment says it is over (with `final`: always a verdict)."""
        ...
