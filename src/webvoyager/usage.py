"""Token usage and cost of model calls, added up per step and per task."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Usage:
    """Tokens and cost (USD, None when the price is unknown) of one or more model calls."""

    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    calls: int = 0

    def __add__(self, other: Usage) -> Usage:
        if self.cost_usd is None and other.cost_usd is None:
            cost = None
        else:
            cost = (self.cost_usd or 0.0) + (other.cost_usd or 0.0)
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cost_usd=cost,
            calls=self.calls + other.calls,
        )

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def to_dict(self) -> dict[str, object]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "total_tokens": self.total_tokens,
            "cost_usd": self.cost_usd,
            "calls": self.calls,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Usage:
        cost = data.get("cost_usd")
        return cls(
            input_tokens=int(data.get("input_tokens", 0) or 0),  # type: ignore[arg-type]
            output_tokens=int(data.get("output_tokens", 0) or 0),  # type: ignore[arg-type]
            cost_usd=float(cost) if cost is not None else None,  # type: ignore[arg-type]
            calls=int(data.get("calls", 0) or 0),  # type: ignore[arg-type]
        )
