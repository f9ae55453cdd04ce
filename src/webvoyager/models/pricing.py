"""Token prices per model, used to put a cost on each call.

The built-in table is an ESTIMATE (public list prices in USD per million tokens, as last checked by
the project; providers change them and give discounts we do not see). Override it with the `prices`
argument of `create_model`, with a JSON file named by the `WEBVOYAGER_PRICES` environment variable, or
with the CLI's `--prices FILE`. The JSON maps a model name to `{"input": USD, "output": USD}` or to
`[input, output]`, both per million tokens. A model that is not in the table gets cost None
("unknown"), never a guess.
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
    """USD per million input and output tokens."""

    input_per_mtok: float
    output_per_mtok: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input_per_mtok + output_tokens * self.output_per_mtok) / 1e6


# Estimate; see the module docstring. Keys are model names or name prefixes (a dated snapshot such
# as "gpt-4o-2024-08-06" takes the price of "gpt-4o").
DEFAULT_PRICES: dict[str, Price] = {
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4o-mini": Price(0.15, 0.60),
    "gpt-4.1": Price(2.00, 8.00),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4-turbo": Price(10.00, 30.00),
    "gpt-4-vision-preview": Price(10.00, 30.00),
    "gpt-4-1106-vision-preview": Price(10.00, 30.00),  # the WebVoyager paper's model
    "gpt-4": Price(30.00, 60.00),
    "gpt-5": Price(1.25, 10.00),
    "gpt-5-mini": Price(0.25, 2.00),
    "gpt-5-nano": Price(0.05, 0.40),
    "claude-3-opus": Price(15.00, 75.00),
    "claude-3-sonnet": Price(3.00, 15.00),
    "claude-3-haiku": Price(0.25, 1.25),
    "claude-3-5-sonnet": Price(3.00, 15.00),
    "claude-3-5-haiku": Price(0.80, 4.00),
    "claude-3-7-sonnet": Price(3.00, 15.00),
    "claude-sonnet-4": Price(3.00, 15.00),
    "claude-opus-4": Price(15.00, 75.00),
    "claude-opus-4-5": Price(5.00, 25.00),
    "claude-haiku-4-5": Price(1.00, 5.00),
    "gemini-2.5-computer-use-preview-10-2025": Price(1.25, 10.00),
    "gemini-2.5-pro": Price(1.25, 10.00),
    "gemini-2.5-flash": Price(0.30, 2.50),
    "gemini-3-flash-preview": Price(0.50, 3.00),
    "gemini-3-pro-preview": Price(2.00, 12.00),
    "gemini-3.1-pro-preview": Price(2.00, 12.00),
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

    def cost(self, model: str, input_tokens: int, output_tokens: int) -> float | None:
        """USD for one call, or None when the model's price is unknown."""
        price = self.lookup(model)
        return None if price is None else price.cost(input_tokens, output_tokens)


def _parse_price(name: str, value: object, origin: str) -> Price:
    try:
        if isinstance(value, Price):
            return value
        if isinstance(value, Mapping):
            return Price(float(value["input"]), float(value["output"]))
        if isinstance(value, (list, tuple)) and len(value) == 2:
            return Price(float(value[0]), float(value[1]))
    except (KeyError, TypeError, ValueError):
        pass
    raise ConfigError(
        f"bad price for model {name!r} in {origin}: {value!r}; write "
        '{"input": USD_PER_MILLION, "output": USD_PER_MILLION} or [input, output]'
    )


def parse_prices(data: Mapping[str, object], origin: str = "prices") -> dict[str, Price]:
    """Turn a user-supplied mapping (model -> {"input", "output"} or [in, out]) into prices."""
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
