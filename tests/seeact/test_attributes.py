"""Attribute grounding: the heuristic search over the page's elements."""

from __future__ import annotations

from webvoyager.browser.types import Element
from webvoyager.seeact.attributes import find_matches


def test_attribute_search_tiers() -> None:
    elements = [Element(label=0, tag="a", text="Search tips"), Element(label=1, tag="button", text="Search"),
                Element(label=2, tag="input", type="search", placeholder="Search products", editable=True),
                Element(label=3, tag="select", options=("A", "B"))]
    assert [e.label for e in find_matches("BUTTON", "Search", elements)] == [1]        # exact text + kind
    assert [e.label for e in find_matches("TEXTBOX", "search products", elements)] == [2]
    assert [e.label for e in find_matches("LINK", "tips", elements)] == [0]            # contained text + kind
    assert [e.label for e in find_matches("SELECTBOX", "", elements)] == [3]           # no text: by kind
    assert find_matches("OTHER", "", elements) == []
    assert find_matches("BUTTON", "Checkout", elements) == []
