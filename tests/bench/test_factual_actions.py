"""Recorded steps as factual text (runs/factual.py): what was done to which element, for labelled and pixel
actions, from the same records the loop writes (action_to_dict and ActedElement)."""

from __future__ import annotations

import pytest

from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, KeyChord, Navigate, Scroll, ScrollAt, Select,
                                           Type, TypeText, action_text, action_to_dict)
from webvoyager.browser.action_spec import Point
from webvoyager.browser.types import Click
from webvoyager.runs.factual import factual_action
from webvoyager.trajectory import ActedElement, Step

LINK = ActedElement(label=4, tag="a", text="Flights")
FIELD = ActedElement(label=2, tag="input", type="text", placeholder="From")
MENU = ActedElement(label=5, tag="select", aria_label="Cabin class")
TAB = ActedElement(label=1, tag="div", role="tab", text="  Hotels \n near  me ")


def _step(action, target: ActedElement | None = None, error: str | None = None) -> Step:
    return Step(index=1, url="http://x/", action=action_text(action), action_data=action_to_dict(action),
                target=target, error=error)


@pytest.mark.parametrize("action, target, text", [
    (Click(4), LINK, "click [link] 'Flights'"),
    (Click(1), TAB, "click [tab] 'Hotels near me'"),
    (Click(9), None, "click element 9"),
    (Type(2, "Paris"), FIELD, "type 'Paris' into [textbox] 'From' and press Enter"),
    (Type(2, "Paris", press_enter=False), FIELD, "type 'Paris' into [textbox] 'From'"),
    (Select(5, "Business"), MENU, "select 'Business' in [select] 'Cabin class'"),
    (Scroll(None, "down"), None, "scroll down"),
    (Scroll(5, "up"), MENU, "scroll up in [select] 'Cabin class'"),
    (GoBack(), None, "go back"),
    (ClickAt(Point(10, 20.5)), None, "click at (10, 20.5)"),
    (ClickAt(Point(1, 2), button="right", count=2), None, "double-click at (1, 2) (right button)"),
    (DragAlong((Point(1, 1), Point(5, 5), Point(9, 9))), None, "drag from (1, 1) to (9, 9)"),
    (ScrollAt(Point(3, 4), dy=300), None, "scroll by (0, 300) at (3, 4)"),
    (TypeText("hello"), None, "type 'hello'"),
    (KeyChord(("Control", "a")), None, "press Control+a"),
    (Navigate("https://a.org/"), None, "go to https://a.org/"),
])
def test_each_action_reads_as_what_was_done(action, target: ActedElement | None, text: str) -> None:
    assert factual_action(_step(action, target)) == text


def test_a_failed_action_says_so_and_a_step_without_action_has_none() -> None:
    assert factual_action(_step(Click(4), LINK, error="covered")) == "click [link] 'Flights' (failed)"
    assert factual_action(Step(index=1, url="http://x/", action=None)) is None
