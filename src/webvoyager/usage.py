"""Token usage and cost of model calls, added up per step and per task.

`input_tokens` counts every prompt token a call consumed, cached or not; `cache_read_tokens` and
`cache_write_tokens` say how many of them the provider read from its prompt cache or wrote to it
(each priced at its own rate: `models/pricing.py`). `image_tokens_estimate` is OUR estimate of the
prompt tokens the call's images took (providers do not report it; see `models/image_tokens.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Usage:
    """Tokens and cost (USD, None when the price is unknown) of one or more model calls."""

    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    calls: int = 0
    cache_read_tokens: int = 0      # of input_tokens: read from the provider's prompt cache
    cache_write_tokens: int = 0     # of input_tokens: written to it (Anthropic bills these above input)
    image_tokens_estimate: int = 0  # of input_tokens, estimated from the images' sizes (not reported)

    def __add__(self, other: Usage) -> Usage:
        if self.cost_usd is None and other.cost_usd is None:
            cost = None
        else:
            cost = (self.cost_usd or 0.0) + (other.cost_usd or 0.0)
        counts = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)
                  if f.name != "cost_usd"}
        return Usage(cost_usd=cost, **counts)

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    @property
    def cached_tokens(self) -> int:
        """Prompt tokens served from or written to the provider's cache (what the summaries show)."""
        return self.cache_read_tokens + self.cache_write_tokens

    @property
    def cached_note(self) -> str:
        """` (N cached)` after a token total when the provider's prompt cache served or took any, else ""."""
        return f" ({self.cached_tokens:,} cached)" if self.cached_tokens else ""

    def to_dict(self) -> dict[str, object]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "total_tokens": self.total_tokens,
            "cost_usd": self.cost_usd,
            "calls": self.calls,
            "cache_read_tokens": self.cache_read_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "image_tokens_estimate": self.image_tokens_estimate,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Usage:
        """Read `to_dict`'s keys; records written before a field existed load it as 0."""
        cost = data.get("cost_usd")
        counts = {f.name: int(data.get(f.name, 0) or 0)  # type: ignore[call-overload]
                  for f in fields(cls) if f.name != "cost_usd"}
        return cls(cost_usd=float(cost) if cost is not None else None, **counts)  # type: ignore[arg-type]
