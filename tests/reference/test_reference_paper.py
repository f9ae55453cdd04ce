"""The reference model under the paper protocol: it reads the paper's element text and, as that prompt
offers no Select action, chooses a drop-down option by typing it (what the paper's Type does)."""

from __future__ import annotations

from webvoyager.browser.elements_text import format_elements_paper
from webvoyager.browser.types import Element
from webvoyager.models.base import Message
from webvoyager.standins.elements import parse_element_list, resolve_target
from webvoyager.standins.voyager_replies import offers_select
from webvoyager.tasks import ElementRef
from webvoyager.voyager.policy import default_system_prompt

PAGE = [
    Element(label=0, tag="a", text="Recipes", aria_label="All recipes"),
    Element(label=1, tag="input", type="search", aria_label="Search recipes", placeholder="Search recipes"),
    Element(label=2, tag="button", text="Search"),
    Element(label=3, tag="select", text="Newest Top rated", options=("Newest", "Top rated"), aria_label="Sort"),
    Element(label=4, tag="a", text="Search tips"),
]


def test_paper_element_text_is_read_back() -> None:
    parsed = parse_element_list("Labelled elements in the screenshot:\n" + format_elements_paper(PAGE))
    assert [(e.label, e.tag, e.text, e.aria_label) for e in parsed] == [
        (0, "", "Recipes", "All recipes"), (1, "input", "", "Search recipes"), (2, "button", "Search", ""),
        (3, "", "Newest Top rated", "Sort"), (4, "", "Search tips", "")]


def test_targets_resolve_in_the_paper_format() -> None:
    parsed = parse_element_list(format_elements_paper(PAGE))
    assert resolve_target(ElementRef(placeholder="Search recipes"), parsed).element.label == 1   # by its aria-label
    assert resolve_target(ElementRef(text="Search", tag="button"), parsed).element.label == 2
    assert resolve_target(ElementRef(text="search tips", tag="a"), parsed).element.label == 4      # untagged: a link
    assert resolve_target(ElementRef(text="Recipes", tag="button"), parsed).element is None        # tagged if a button
    assert resolve_target(ElementRef(text="Sort", tag="select"), parsed).element.label == 3


def test_select_is_offered_only_when_the_prompt_lists_it() -> None:
    def convo(system: str) -> list[Message]:
        return [Message.text("system", system), Message.text("user", "Now given a task: x")]

    assert offers_select(convo(default_system_prompt())) is True
    assert offers_select(convo(default_system_prompt(paper=True))) is False
    assert offers_select(convo("A prompt of the user's own")) is True
