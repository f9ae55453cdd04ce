"""Token prices per model, used to put a cost on each call.

The built-in table is an ESTIMATE (public list prices in USD per million tokens, as last checked by
the project; providers change them and give discounts we do not see). Override it with the `prices`
argument of `create_model`, with a JSON file named by the `WEBVOYAGER_PRICES` environment variable, or
with the CLI's `--prices FILE`. The JSON maps a model name to `{"input": USD, "output": USD}` (optionally
also `"cache_read"` and `"cache_write"`) or to `[input, output]` / `[input, output, cache_read, cache_write]`,
all per million tokens. A model that is not in the table gets cost None ("unknown"), never a guess.

Prompt-cache prices: the prompt tokens a provider read from its cache (`Usage.cache_read_tokens`) cost
`cache_read`, the ones it wrote (`cache_write_tokens`, Anthropic only) `cache_write`, the rest `input`.
A model in the table without a cache price pays its `input` price for those tokens (no discount assumed,
so the estimate errs high), which is also what a price file without the two keys gives.
Sources (checked 2026): Anthropic, https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
(5-minute cache writes 1.25x the input price, reads 0.1x; the only TTL we ask for); OpenAI,
https://platform.openai.com/docs/pricing ("cached input"; no write surcharge); Gemini,
https://ai.google.dev/gemini-api/docs/pricing ("context caching price", 10% of input for 2.5 and later).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from webvoyager.errors import ConfigError

PRICES_ENV = "WEBVOYAGER_PRICES"


@dataclass(frozen=True)
class Price:
    """USD per million input and output tokens, and per million prompt tokens read from or written to the
    provider's prompt cache (None: the input price, see the module docstring)."""

    input_per_mtok: float
    output_per_mtok: float
    cache_read_per_mtok: float | None = None
    cache_write_per_mtok: float | None = None

    def cost(self, input_tokens: int, output_tokens: int, cache_read_tokens: int = 0,
             cache_write_tokens: int = 0) -> float:
        """USD for a call; `input_tokens` counts every prompt token, cached ones included."""
        read = self.input_per_mtok if self.cache_read_per_mtok is None else self.cache_read_per_mtok
        write = self.input_per_mtok if self.cache_write_per_mtok is None else self.cache_write_per_mtok
        fresh = max(0, input_tokens - cache_read_tokens - cache_write_tokens)
        return (fresh * self.input_per_mtok + cache_read_tokens * read + cache_write_tokens * write
                + output_tokens * self.output_per_mtok) / 1e6


def _claude(input_per_mtok: float, output_per_mtok: float) -> Price:
    """An Anthropic price: 5-minute cache writes at 1.25x the input price, cache reads at 0.1x."""
    return Price(input_per_mtok, output_per_mtok, round(input_per_mtok * 0.1, 6), round(input_per_mtok * 1.25, 6))


def _cached(input_per_mtok: float, output_per_mtok: float, cached_input_per_mtok: float) -> Price:
    """An OpenAI or Gemini price: cached input at its own price; writing the cache costs the input price."""
    return Price(input_per_mtok, output_per_mtok, cached_input_per_mtok)


# Estimate; see the module docstring. Keys are model names or name prefixes (a dated snapshot such
# as "gpt-4o-2024-08-06" takes the price of "gpt-4o").
DEFAULT_PRICES: dict[str, Price] = {
    "gpt-4o": _cached(2.50, 10.00, 1.25),
    "gpt-4o-mini": _cached(0.15, 0.60, 0.075),
    "gpt-4.1": _cached(2.00, 8.00, 0.50),
    "gpt-4.1-mini": _cached(0.40, 1.60, 0.10),
    "gpt-4.1-nano": _cached(0.10, 0.40, 0.025),
    # No prompt caching on these older models: cached prices fall back to input (they report none).
    "gpt-4-turbo": Price(10.00, 30.00),
    "gpt-4-vision-preview": Price(10.00, 30.00),
    "gpt-4-1106-vision-preview": Price(10.00, 30.00),  # the WebVoyager paper's model
    "gpt-4": Price(30.00, 60.00),
    "gpt-5": _cached(1.25, 10.00, 0.125),
    "gpt-5-mini": _cached(0.25, 2.00, 0.025),
    "gpt-5-nano": _cached(0.05, 0.40, 0.005),
    "claude-3-opus": _claude(15.00, 75.00),
    "claude-3-sonnet": _claude(3.00, 15.00),
    "claude-3-haiku": _claude(0.25, 1.25),
    "claude-3-5-sonnet": _claude(3.00, 15.00),
    "claude-3-5-haiku": _claude(0.80, 4.00),
    "claude-3-7-sonnet": _claude(3.00, 15.00),
    "claude-sonnet-4": _claude(3.00, 15.00),
    "claude-opus-4": _claude(15.00, 75.00),
    "claude-opus-4-5": _claude(5.00, 25.00),
    "claude-haiku-4-5": _claude(1.00, 5.00),
    "gemini-2.5-computer-use-preview-10-2025": _cached(1.25, 10.00, 0.125),
    "gemini-2.5-pro": _cached(1.25, 10.00, 0.125),
    "gemini-2.5-flash": _cached(0.30, 2.50, 0.03),
    "gemini-3-flash-preview": _cached(0.50, 3.00, 0.05),
    "gemini-3-pro-preview": _cached(2.00, 12.00, 0.20),
    "gemini-3.1-pro-preview": _cached(2.00, 12.00, 0.20),
}


class PriceTable:
    """Looks up a model's price: exact name first, then the longest known prefix followed by '-'."""

    def __init__(self, prices: Mapping[str, Price]) -> None:
        self._prices = dict(prices)

    def lookup(self, model: str) -> Price | None:
        """The price of `model`, or None when it is unknown."""
        # Routers name models "vendor/model" (OpenRouter); the price belongs to the model part.
        name = model.rsplit("/", 1)[-1].strip().lower()
        if name in self._prices:
            return self._prices[name]
        # Only whole dash-separated prefixes count, so "gpt-4.5" never takes the price of "gpt-4".
        candidates = [key for key in self._prices if name.startswith(key + "-")]
        if not candidates:
            return None
        return self._prices[max(candidates, key=len)]

    def cost(self, model: str, input_tokens: int, output_tokens: int, cache_read_tokens: int = 0,
             cache_write_tokens: int = 0) -> float | None:
        """USD for one call, or None when the model's price is unknown."""
        price = self.lookup(model)
        return None if price is None else price.cost(input_tokens, output_tokens, cache_read_tokens,
                                                     cache_write_tokens)


def _parse_price(name: str, value: object, origin: str) -> Price:
    try:
        if isinstance(value, Price):
            return value
        if isinstance(value, Mapping):
            return Price(float(value["input"]), float(value["output"]), _optional(value.get("cache_read")),
                         _optional(value.get("cache_write")))
        if isinstance(value, (list, tuple)) and len(value) in (2, 4):
            return Price(float(value[0]), float(value[1]), *(float(v) for v in value[2:]))
    except (KeyError, TypeError, ValueError):
        pass
    raise ConfigError(
        f"bad price for model {name!r} in {origin}: {value!r}; write "
        '{"input": USD_PER_MILLION, "output": USD_PER_MILLION} (optionally "cache_read", "cache_write") or '
        "[input, output] or [input, output, cache_read, cache_write]"
    )


def _optional(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def parse_prices(data: Mapping[str, object], origin: str = "prices") -> dict[str, Price]:
    """Turn a user-supplied mapping (model -> {"input", "output"[, "cache_read", "cache_write"]} or a list of
    2 or 4 numbers) into prices."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"{origin} must be a JSON object mapping model names to prices")
    return {str(k).lower(): _parse_price(str(k), v, origin) for k, v in data.items()}


def load_prices_file(path: str | Path) -> dict[str, Price]:
    """Read a prices JSON file (see the module docstring)."""
    file = Path(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"prices file {file} does not exist; check the path") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"cannot read prices file {file}: {exc}") from None
    return parse_prices(data, origin=str(file))


def price_table(overrides: Mapping[str, object] | None = None) -> PriceTable:
    """The default table, updated by the `WEBVOYAGER_PRICES` file and then by `overrides`."""
    prices = dict(DEFAULT_PRICES)
    env_file = os.environ.get(PRICES_ENV)
    if env_file:
        prices.update(load_prices_file(env_file))
    if overrides:
        prices.update(parse_prices(overrides))
    return PriceTable(prices)
