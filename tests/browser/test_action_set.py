"""The action registry (browser/action_set.py): the named sets are what docs/DESIGN.md says, and every
consumer reads the declarations: the parser and its help text, the system prompt, the gate, SeeAct's
operations, the MCP `act` tool, the trajectory format and the browser handlers. DoubleClick, declared
once (plus its handler), shows that a new action reaches all of them."""

from __future__ import annotations

import json

import pytest

from webvoyager.agent.gate import consequence
from webvoyager.browser import actions as browser_actions
from webvoyager.browser import handlers as browser_handlers
from webvoyager.browser.action_set import (DECLARED, DEFAULT, MCP, PAPER, PIXEL, SEEACT, ClickAt, DragAlong, GoForward,
                                           HoldKeys, KeyChord, MouseDown, MouseUp, MoveTo, Navigate, Screenshot,
                                           ScrollAt, TypeText, WaitFor, actions_in, spec_of)
from webvoyager.browser.action_spec import Point
from webvoyager.browser.types import (Answer, Click, DoubleClick, Element, GoBack, Hover, PressKey, Scroll, Search,
                                      Select, Type, Wait, action_from_dict, action_text, action_to_dict)
from webvoyager.mcpserver.server import ACT_DESCRIPTION
from webvoyager.prompts import load_prompt
from webvoyager.seeact.actions import ELEMENT_OPS, PAGE_OPS, build_action
from webvoyager.seeact.parse import OPERATIONS
from webvoyager.voyager.parser import formats_help, parse_reply
from webvoyager.voyager.policy import default_system_prompt

BUY = Element(label=0, tag="button", text="Buy now")


def _classes(specs) -> list[type]:  # type: ignore[no-untyped-def]
    return [s.cls for s in specs]


def test_named_sets_are_the_documented_ones() -> None:
    assert _classes(PAPER) == [Click, Type, Scroll, Wait, GoBack, Search, Answer]   # the paper's seven, in order
    assert [s.grammar.format for s in PAPER] == ["Click [N]", "Type [N]; [text]", "Scroll [N or WINDOW]; [up or down]",
                                                 "Wait", "GoBack", "Google", "ANSWER; [text]"]
    assert set(_classes(DEFAULT)) == set(_classes(PAPER)) | {Select, Hover, PressKey, DoubleClick}
    assert _classes(MCP) == [c for c in _classes(DEFAULT) if c is not Answer]
    assert _classes(SEEACT) == [Click, Type, Scroll, Select, Hover, PressKey, GoBack, Answer]   # no DoubleClick
    pixel_only = [ClickAt, MoveTo, MouseDown, MouseUp, DragAlong, ScrollAt, TypeText, KeyChord, HoldKeys, WaitFor,
                  Screenshot, Navigate, GoForward]
    assert _classes(PIXEL) == [Wait, GoBack, Answer] + pixel_only and actions_in("pixel") == PIXEL
    assert _classes(DECLARED) == _classes(DEFAULT) + pixel_only   # pixel actions are in no labelled prompt
    assert not set(pixel_only) & (set(_classes(MCP)) | set(_classes(SEEACT)))
    with pytest.raises(ValueError, match="no action set 'nope'"):
        actions_in("nope")


def test_double_click_is_parsed_listed_and_written_in_the_default_protocol_only() -> None:
    reply = "Thought: open the file.\nAction: DoubleClick [4]"
    assert parse_reply(reply).action == DoubleClick(4)
    assert parse_reply("Action: double click 4").action == DoubleClick(4)
    assert "DoubleClick [N]" in formats_help() and "DoubleClick [N]" not in formats_help(PAPER)
    paper = parse_reply(reply, original_only=True)
    assert paper.action is None and paper.error is not None
    assert "not an action of this run" in paper.error and "DoubleClick" not in paper.error.split("available.")[1]
    assert "11. DoubleClick [N] — double-click element N" in default_system_prompt()
    assert "DoubleClick" not in default_system_prompt(paper=True)
    assert action_text(DoubleClick(4)) == "DoubleClick [4]"
    assert action_to_dict(DoubleClick(4)) == {"kind": "doubleclick", "target": 4}
    assert action_from_dict({"kind": "doubleclick", "target": 4}) == DoubleClick(4)
    assert "DoubleClick [N]" in ACT_DESCRIPTION and "ANSWER" not in ACT_DESCRIPTION


def test_every_declared_action_round_trips_through_its_canonical_text_and_dict() -> None:
    examples = {Click: Click(3), Type: Type(4, "a] b", press_enter=False), Scroll: Scroll(7, "down"), Wait: Wait(),
                GoBack: GoBack(), Search: Search(), Answer: Answer("yes [really]"), Select: Select(1, "Large"),
                Hover: Hover(2), PressKey: PressKey("Tab"), DoubleClick: DoubleClick(5)}
    pixel = {ClickAt: ClickAt(Point(3, 4.5), "right", 2, ("Shift",)), MoveTo: MoveTo(Point(1, 2)),
             MouseDown: MouseDown(), MouseUp: MouseUp(Point(5, 6)), DragAlong: DragAlong((Point(1, 2), Point(3, 4))),
             ScrollAt: ScrollAt(None, dx=10, dy=-300), TypeText: TypeText("a 'b' c", press_enter=True),
             KeyChord: KeyChord(("ctrl", "s")), HoldKeys: HoldKeys(("Shift",), 1.5), WaitFor: WaitFor(2),
             Screenshot: Screenshot(), Navigate: Navigate("http://x/"), GoForward: GoForward()}
    assert set(examples) | set(pixel) == set(_classes(DECLARED))   # a new action needs an example here
    for action in examples.values():
        assert parse_reply(f"Action: {action_text(action)}").action == action
        assert action_from_dict(action_to_dict(action)) == action
    for action in pixel.values():   # not in the WebVoyager grammar's sets: read back by their own grammar
        assert spec_of(action).grammar.read(type(action), action_text(action)) == action
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        assert "not an action of this run" in (parse_reply(f"Action: {action_text(action)}").error or "")


def test_the_gate_judges_a_double_click_like_a_click() -> None:
    assert consequence(DoubleClick(0), BUY) == consequence(Click(0), BUY) == "it buys, books or spends something ('Buy now')"
    assert spec_of(Hover).gate is None and consequence(Hover(0), BUY) is None


def test_every_declared_action_has_one_browser_handler_and_a_missing_one_fails_loudly() -> None:
    handlers = dict(browser_handlers.HANDLERS)
    assert set(handlers) == set(_classes(DECLARED))
    del handlers[DoubleClick]
    with pytest.raises(ImportError, match="declared actions without a handler: DoubleClick"):
        browser_actions.check_handlers(DECLARED, handlers)
    with pytest.raises(ValueError, match="Click has two browser handlers"):
        browser_actions.handles(Click)(browser_actions._nothing)


def test_seeact_operations_come_from_the_declarations_and_its_prompt_lists_them_all() -> None:
    assert set(OPERATIONS) == ELEMENT_OPS | PAGE_OPS and not ELEMENT_OPS & PAGE_OPS
    assert ELEMENT_OPS == {"CLICK", "TYPE", "SELECT", "HOVER"}
    listed = load_prompt("webvoyager.seeact", "operations_online.txt").text
    assert all(op in listed for op in OPERATIONS)
    assert build_action("HOVER", "", 3, None).action == Hover(3) and build_action("GO BACK", "", None, None).action == GoBack()
    assert build_action("CLICK", "", None, None).error == "CLICK needs a target element, but none was chosen"
