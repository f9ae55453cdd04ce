"""A bench run's spending limits (`bench --max-cost USD`, `--max-tokens N`) and what summary.json says of them.

The spend is the run's recorded usage (`usage.Usage`: every finished task's `result.json`, cost in USD
and input + output tokens), counted when a task finishes, never mid-task: once it reaches a limit the
bench starts no new task, lets the running ones finish, and marks the rest "not run (budget)" in its
books (`runs/store.py`), which `bench --resume` with a higher or no limit runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from webvoyager.errors import ConfigError
from webvoyager.usage import Usage

NOT_RUN_BUDGET = "budget"
"""The reason the books give a task the bench did not start because its budget was spent."""


@dataclass(frozen=True)
class Budget:
    """The limits of one bench invocation (None: no limit of that kind)."""

    max_cost_usd: float | None = None
    max_tokens: int | None = None

    @property
    def limited(self) -> bool:
        return self.max_cost_usd is not None or self.max_tokens is not None

    def validate(self) -> Budget:
        """Raise ConfigError for a limit that is not a positive finite number."""
        cost = self.max_cost_usd
        if cost is not None and (isinstance(cost, bool) or not isinstance(cost, (int, float))
                                 or not math.isfinite(cost) or cost <= 0):
            raise ConfigError(f"--max-cost must be a positive number of US dollars, like 5 or 0.25 (got {cost!r})")
        tokens = self.max_tokens
        if tokens is not None and (isinstance(tokens, bool) or not isinstance(tokens, int) or tokens <= 0):
            raise ConfigError(f"--max-tokens must be a positive whole number of tokens, like 200000 (got {tokens!r})")
        return self

    def reached(self, spent: Usage) -> str | None:
        """Why `spent` leaves no room for another task (a sentence for the user), or None."""
        if self.max_cost_usd is not None:
            if spent.calls and spent.cost_usd is None:
                return ("--max-cost cannot be kept: the run's cost is unknown (the model has no price; "
                        "give it one in a JSON price file named by WEBVOYAGER_PRICES)")
            if (spent.cost_usd or 0.0) >= self.max_cost_usd:
                return f"spent ${spent.cost_usd or 0.0:.4f} of --max-cost ${self.max_cost_usd:g}"
        if self.max_tokens is not None and spent.total_tokens >= self.max_tokens:
            return f"spent {spent.total_tokens:,} tokens of --max-tokens {self.max_tokens:,}"
        return None


@dataclass(frozen=True)
class BudgetReport:
    """What one budgeted bench invocation did (summary.json `budget`): its limits, the run's spend when it
    ended, whether a limit stopped it (`reason`) and how many tasks it left not run."""

    max_cost_usd: float | None
    max_tokens: int | None
    spent_cost_usd: float | None
    spent_tokens: int
    reason: str | None = None     # None: the limits were not reached
    not_run: int = 0

    @property
    def stopped(self) -> bool:
        return self.reason is not None

    def to_dict(self) -> dict[str, Any]:
        return {"max_cost_usd": self.max_cost_usd, "max_tokens": self.max_tokens,
                "spent_cost_usd": self.spent_cost_usd, "spent_tokens": self.spent_tokens,
                "stopped": self.stopped, "reason": self.reason, "not_run": self.not_run}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BudgetReport:
        cost, spent = data.get("max_cost_usd"), data.get("spent_cost_usd")
        tokens = data.get("max_tokens")
        return cls(max_cost_usd=None if cost is None else float(cost),
                   max_tokens=None if tokens is None else int(tokens),
                   spent_cost_usd=None if spent is None else float(spent),
                   spent_tokens=int(data.get("spent_tokens") or 0),
                   reason=data.get("reason"), not_run=int(data.get("not_run") or 0))
