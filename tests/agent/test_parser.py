"""The reply parser: table-driven cases of what real models write, plus a no-crash property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webvoyager.voyager.parser import parse_reply
from webvoyager.browser.types import (
    Answer,
    Click,
    GoBack,
    Hover,
    PressKey,
    Scroll,
    Search,
    Select,
    Type,
    Wait,
    action_text,
)

VALID = [
    ("Thought: open it\nAction: Click [3]", Click(3)),
    ("Thought: x\nAction: click 12", Click(12)),
    ("Thought: x\naction:CLICK [ 7 ]", Click(7)),
    ("Thought: x\nAction: Click [Element 4]", Click(4)),
    ("Thought: x\n**Action:** `Click [12]`", Click(12)),
    ("Thought: x\nAction:\n```\nClick [5]\n```", Click(5)),
    ("Thought: x\nAction: Click [3] to open the recipe", Click(3)),
    ("Thought: x\nAction: click(3)", Click(3)),
    ("Thought: x\nAction: Click on [6]", Click(6)),
    ("Thought: x\nAction: Hover #2", Hover(2)),
    ("Thought: search\nAction: Type [4]; [vegan lasagna]", Type(4, "vegan lasagna")),
    ("Action: type [4]; [a]b]", Type(4, "a]b")),
    ("Action: Type [4]; [line one\nline two]", Type(4, "line one\nline two")),
    ("Action: Type 4; \"quoted text\"", Type(4, "quoted text")),
    ("Action: Type [4]; pizza\nThis should search for pizza.", Type(4, "pizza")),
    ("Action: ANSWER; It takes\n55 minutes", Answer("It takes\n55 minutes")),
    ("Action: Type [4]; [no enter here] (no Enter)", Type(4, "no enter here", press_enter=False)),
    ("Action: Scroll [WINDOW]; [down]", Scroll(None, "down")),
    ("Action: scroll [window]; [UP]", Scroll(None, "up")),
    ("Action: Scroll [8]; [down]", Scroll(8, "down")),
    ("Action: Scroll down", Scroll(None, "down")),
    ("Action: Wait", Wait()),
    ("Action: GoBack", GoBack()),
    ("Action: go back", GoBack()),
    ("Action: Google", Search()),
    ("Action: ANSWER; [42 minutes]", Answer("42 minutes")),
    ("Action: answer: 42", Answer("42")),
    ("Action: ANSWER; [Click 3 was wrong; the answer is 5]", Answer("Click 3 was wrong; the answer is 5")),
    ("Action: ANSWER; [Prices: [a] $3, [b] $4]", Answer("Prices: [a] $3, [b] $4")),
    ("Action: ANSWER; [first line\nsecond line]", Answer("first line\nsecond line")),
    ("Action: Select [2]; [Price: low to high]", Select(2, "Price: low to high")),
    ("Action: Hover [9]", Hover(9)),
    ("Action: PressKey [Enter]", PressKey("Enter")),
    ("Action: press [Escape]", PressKey("Escape")),
    # the LAST Action line wins: the model changed its mind
    ("Thought: first\nAction: Click [1]\nHmm, no.\nAction: Click [2]", Click(2)),
    # an inline marker in a one-line reply
    ("Thought: the box is 4. Action: Type [4]; [cats]", Type(4, "cats")),
    # "Action:" inside the thought (not at line start) does not count when a proper line exists
    ("Thought: the next Action: Click 9 seems wrong\nAction: GoBack", GoBack()),
]


@pytest.mark.parametrize("reply,expected", VALID, ids=[v[0][:40] for v in VALID])
def test_valid_replies(reply: str, expected: object) -> None:
    parsed = parse_reply(reply)
    assert parsed.error is None, parsed.error
    assert parsed.action == expected


def test_thought_is_extracted() -> None:
    parsed = parse_reply("Thought: The search box is [4].\nI will type there.\nAction: Type [4]; [x]")
    assert parsed.thought == "The search box is [4].\nI will type there."


def test_answer_mentioning_click_is_an_answer() -> None:
    parsed = parse_reply("Thought: done\nAction: ANSWER; [To see it, Click [3] on the page]")
    assert parsed.action == Answer("To see it, Click [3] on the page")


INVALID = [
    ("I think I should click the button.", "no 'Action:' line"),
    ("", "no 'Action:' line"),
    ("Thought: x\nAction:", "empty"),
    ("Thought: x\nAction: Click the search button", "Click [5]"),
    ("Thought: x\nAction: Type [3]", "text to type is missing"),
    ("Thought: x\nAction: Type the word", "Type [5]; [text to type]"),
    ("Thought: x\nAction: Scroll [WINDOW]; [sideways]", "Scroll [WINDOW]; [down]"),
    ("Thought: x\nAction: ANSWER; []", "answer text is missing"),
    ("Thought: x\nAction: Select [2]", "option is missing"),
    ("Thought: x\nAction: Double-click [2]", "Unknown action"),
]


@pytest.mark.parametrize("reply,fragment", INVALID, ids=[v[0][:40] or "empty" for v in INVALID])
def test_invalid_replies_explain_what_is_wrong(reply: str, fragment: str) -> None:
    parsed = parse_reply(reply)
    assert parsed.action is None
    assert parsed.error is not None and fragment in parsed.error
    assert "Click [N]" in parsed.error and "ANSWER; [text]" in parsed.error  # shows the expected formats


ROUND_TRIP = [Click(3), Type(4, "a] b"), Type(4, "x", press_enter=False), Scroll(None, "up"), Scroll(7, "down"),
              Wait(), GoBack(), Search(), Answer("yes [really]"), Select(1, "Large"), Hover(2), PressKey("Tab")]


@pytest.mark.parametrize("action", ROUND_TRIP, ids=[action_text(a) for a in ROUND_TRIP])
def test_canonical_text_parses_back(action: object) -> None:
    assert parse_reply(f"Thought: t\nAction: {action_text(action)}").action == action  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_no_input_crashes(text: str) -> None:
    parsed = parse_reply(text)
    assert (parsed.action is None) == (parsed.error is not None)


fragments = st.sampled_from(["Action:", "action :", "Thought:", "Click", "Type", "ANSWER", "Scroll", "[", "]",
                             ";", "\n", " ", "3", "WINDOW", "down", "**", "`", "```", "Select", "PressKey"])


@settings(max_examples=400, deadline=None)
@given(st.lists(fragments | st.text(max_size=5), max_size=30).map("".join))
def test_no_grammar_like_input_crashes(text: str) -> None:
    parsed = parse_reply(text)
    assert (parsed.action is None) == (parsed.error is not None)
