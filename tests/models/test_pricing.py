"""The price table: lookups by name and snapshot, overrides from arguments and files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.errors import ConfigError
from webvoyager.models.pricing import DEFAULT_PRICES, Price, PriceTable, load_prices_file, price_table


@pytest.mark.parametrize("model, expected", [
    ("gpt-4o", DEFAULT_PRICES["gpt-4o"]),
    ("gpt-4o-2024-08-06", DEFAULT_PRICES["gpt-4o"]),
    ("gpt-4o-mini-2024-07-18", DEFAULT_PRICES["gpt-4o-mini"]),
    ("openai/gpt-4.1-mini", DEFAULT_PRICES["gpt-4.1-mini"]),
    ("GPT-4-Turbo", DEFAULT_PRICES["gpt-4-turbo"]),
    ("gpt-4-1106-vision-preview", DEFAULT_PRICES["gpt-4-1106-vision-preview"]),
    ("claude-3-5-sonnet-20241022", DEFAULT_PRICES["claude-3-5-sonnet"]),
    ("claude-3-opus-20240229", DEFAULT_PRICES["claude-3-opus"]),
    ("claude-sonnet-4-20250514", DEFAULT_PRICES["claude-sonnet-4"]),
    ("claude-opus-4-5-20251101", DEFAULT_PRICES["claude-opus-4-5"]),
    ("gpt-4.5-preview", None),  # not a dash-separated snapshot of gpt-4
    ("llava-13b", None),
])
def test_lookup(model: str, expected: Price | None) -> None:
    assert price_table().lookup(model) == expected


def test_cost_is_per_million_tokens() -> None:
    table = PriceTable({"m": Price(2.0, 8.0)})
    assert table.cost("m", 500_000, 250_000) == pytest.approx(1.0 + 2.0)
    assert table.cost("other", 10, 10) is None


def test_overrides_from_argument_and_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "prices.json"
    file.write_text(json.dumps({"gpt-4o": [1.0, 2.0], "my-local": {"input": 0.5, "output": 0.5}}))
    monkeypatch.setenv("WEBVOYAGER_PRICES", str(file))
    table = price_table({"my-local": {"input": 0.1, "output": 0.2}})
    assert table.lookup("gpt-4o") == Price(1.0, 2.0)  # file beats the defaults
    assert table.lookup("my-local") == Price(0.1, 0.2)  # argument beats the file
    assert table.lookup("gpt-4o-mini") == DEFAULT_PRICES["gpt-4o-mini"]


def test_bad_price_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_prices_file(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(ConfigError, match="cannot read prices file"):
        load_prices_file(broken)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"gpt-4o": {"in": 1}}))
    with pytest.raises(ConfigError, match="bad price for model 'gpt-4o'"):
        load_prices_file(wrong)


def test_cache_prices_defaults_and_overrides() -> None:
    claude = DEFAULT_PRICES["claude-sonnet-4"]
    assert (claude.cache_read_per_mtok, claude.cache_write_per_mtok) == (0.3, 3.75)   # 0.1x and 1.25x of $3
    assert DEFAULT_PRICES["gpt-4o"].cache_read_per_mtok == 1.25
    # 1M prompt tokens of which 600k read from the cache and 100k written, 0 output.
    assert claude.cost(1_000_000, 0, 600_000, 100_000) == pytest.approx(0.3 * 3.0 + 0.6 * 0.3 + 0.1 * 3.75)
    table = price_table({"mine": [1.0, 2.0, 0.1, 1.5], "other": {"input": 1.0, "output": 2.0, "cache_read": 0.2}})
    assert table.lookup("mine") == Price(1.0, 2.0, 0.1, 1.5)
    assert table.cost("other", 1_000_000, 0, 1_000_000) == pytest.approx(0.2)
    # Without a cache price the cached tokens pay the input price (no discount assumed).
    assert PriceTable({"plain": Price(1.0, 2.0)}).cost("plain", 1_000_000, 0, 1_000_000, 0) == pytest.approx(1.0)
    with pytest.raises(ConfigError, match="cache_read, cache_write"):
        price_table({"bad": [1.0, 2.0, 3.0]})
