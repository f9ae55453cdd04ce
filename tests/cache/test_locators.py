"""The action cache's locators: an element by identity, link path and position among look-alikes (never
its label); an answer's values by the page text just before them."""

from __future__ import annotations

from webvoyager.browser.types import Element
from webvoyager.cache.locator import ElementLocator, answer_locator


def _buttons(count: int, first_label: int = 0) -> list[Element]:
    return [Element(label=first_label + i, tag="button", text="Add to cart") for i in range(count)]


def test_an_element_is_found_by_identity_under_another_label() -> None:
    link = Element(label=4, tag="a", text="Tomato Soup", href="http://recipes.localhost:8111/r/soup")
    locator = ElementLocator.of(link, [link])
    assert locator.href == "/r/soup" and locator.nth == 0 and locator.similar == 1
    moved = Element(label=9, tag="a", text="Tomato Soup", href="http://recipes.localhost:9222/r/soup")
    assert locator.find([Element(label=0, tag="a", text="Banner"), moved]) == moved
    assert locator.find([Element(label=9, tag="a", text="Tomato Soup", href="/r/bisque")]) is None


def test_look_alikes_are_told_apart_by_position_only_when_there_are_as_many() -> None:
    page = _buttons(3)
    locator = ElementLocator.of(page[1], page)
    assert (locator.nth, locator.similar) == (1, 3)
    assert locator.find(_buttons(3, first_label=10)).label == 11
    assert locator.find(_buttons(2)) is None and locator.find(_buttons(4)) is None


def test_an_answer_is_read_again_from_the_text_before_its_values() -> None:
    page = "Tomato Soup\nTotal time: 25 minutes\nServes: 4\n"
    locator = answer_locator("It takes 25 minutes and serves 4.", page)
    assert locator is not None and locator.template == "It takes {0} minutes and serves {1}."
    assert locator.reread(page.replace("25", "40").replace("4\n", "6\n")) == "It takes 40 minutes and serves 6."
    assert locator.reread("Tomato Soup\nServes: 4\n") is None          # the value is gone: ask the model
    whole = answer_locator("Tomato Soup", "Dish: Tomato Soup\nTotal time: 25 minutes")
    assert whole is not None and whole.reread("Dish: Miso Soup\nTotal time: 25 minutes") == "Miso Soup"


def test_an_answer_without_a_unique_place_on_the_page_has_no_locator() -> None:
    assert answer_locator("There are 3 results.", "3 results\nPage 1 of 3") is None   # 3 is there twice
    assert answer_locator("Yes", "Nothing relevant here") is None
