"""The shared text helpers: the one option matcher (browser Select and SeeAct grounding), first lines."""

from __future__ import annotations

import pytest

from webvoyager.text import first_line, match_option, normalize_text

SORTS = ["Relevance", "Price: Low to High", "Price: High to Low", "relevance (new)"]
CABINS = ["Economy", "Premium Economy", "Business"]


@pytest.mark.parametrize("options, wanted, expected", [
    (SORTS, "Relevance", 0),                   # exact text
    (SORTS, "RELEVANCE", 0),                   # same words, other case
    (SORTS, "High to Low", 2),                 # contained
    (SORTS, "Price: Low to Hihg", 1),          # a typo: closest by similarity
    (SORTS, "Delivery date", None),            # nothing close
    (CABINS, "economy", 0),
    (CABINS, "Economy class", 0),              # an option inside the wanted words
    (CABINS, "premium", 1),                    # the shortest option containing the words
    (["Sort by: Price (low to high)", "Sort by: Rating"], "price low to high", 0),
    (["1 adult", "2 adults", "3 adults"], "2 adults", 1),
    (["Red", "Green"], "Gren", 1),
    (["Red", "Green"], "purple", None),
    ([], "x", None),
    (["A", "B"], "", None),
])
def test_match_option_order_of_preference(options: list[str], wanted: str, expected: int | None) -> None:
    assert match_option(options, wanted) == expected


def test_first_line_of_text_and_exceptions() -> None:
    assert first_line("\n  net::ERR_NAME_NOT_RESOLVED at x\nCall log: ...") == "net::ERR_NAME_NOT_RESOLVED at x"
    assert first_line(ValueError("boom\nmore")) == "boom"
    assert first_line("") == ""


def test_normalize_text_folds_case_quotes_dashes_and_spaces() -> None:
    assert normalize_text("  It\u2019s  \u201cA\u201d \u2013 B\u00a0C ") == "it's \"a\" - b c"
