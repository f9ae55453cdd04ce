"""The tolerant grounding-reply parser and SELECT option matching."""

from __future__ import annotations

import pytest

from webvoyager.seeact.parse import parse_grounding, parse_letter, parse_operation, parse_point

CASES = [
    ("ELEMENT: H\nACTION: CLICK\nVALUE: None", ("H", "CLICK", "")),
    ("ELEMENT: H / ACTION: CLICK / VALUE: None", ("H", "CLICK", "")),
    ("**ELEMENT:** B\n**ACTION:** TYPE\n**VALUE:** \"New York\"", ("B", "TYPE", "New York")),
    ("element: c\naction: select\nvalue: 'Large'", ("C", "SELECT", "Large")),
    ("Element: B.", ("B", None, "")),
    ("ELEMENT: [AB]\nACTION: Press Enter\nVALUE: N/A", ("AB", "PRESS ENTER", "")),
    ("ELEMENT: H. <button id=7 submit search> Search </button>\nACTION: CLICK", ("H", "CLICK", "")),
    # echoed answer format first, real answer last
    ("Format:\nELEMENT: The uppercase letter of your choice.\nACTION: Choose an action from {CLICK, TYPE, SELECT}."
     "\nVALUE: Provide additional input based on ACTION.\n\n(Final Answer)\nELEMENT: D\nACTION: TYPE\nVALUE: pasta",
     ("D", "TYPE", "pasta")),
    ("ELEMENT: <the letter of your choice>\nACTION: <one of CLICK>\n...\nELEMENT: E\nACTION: HOVER\nVALUE: None",
     ("E", "HOVER", "")),
    ("`ELEMENT: F`\n`ACTION: SCROLL_DOWN`", ("F", "SCROLL DOWN", "")),
    ("ELEMENT: None of the above\nACTION: TERMINATE\nVALUE: 42 results", ("NONE", "TERMINATE", "42 results")),
    ("ACTION: GO BACK\nVALUE: None", (None, "GO BACK", "")),
    ("I think the answer is the search box.", (None, None, "")),
]


@pytest.mark.parametrize("reply, expected", CASES)
def test_choice_replies(reply: str, expected: tuple[str | None, str | None, str]) -> None:
    parsed = parse_grounding(reply)
    assert (parsed.element, parsed.operation, parsed.value) == expected


def test_recorded_gpt4v_reply_is_read(shared_data) -> None:
    import json

    file = next((shared_data / "seeact/examples/textual_choice").glob("*/prediction-4api.jsonl"))
    replies = [json.loads(line)["gpt_output"][1] for line in file.read_text().splitlines()]
    assert [parse_grounding(r).element for r in replies] == ["H", "R", "R"]


def test_attributes_and_point_replies() -> None:
    attrs = parse_grounding("ELEMENT TYPE: BUTTON\nELEMENT TEXT: \"Add to cart\"\nACTION: CLICK\nVALUE: None")
    assert (attrs.element_type, attrs.element_text, attrs.operation) == ("BUTTON", "Add to cart", "CLICK")
    point = parse_grounding("POINT: (512, 300.5)\nACTION: TYPE\nVALUE: hello")
    assert point.point == (512.0, 300.5) and point.operation == "TYPE" and point.value == "hello"
    assert parse_point("x=10, y=20") == (10.0, 20.0)
    assert parse_point("None") is None


def test_letter_and_operation_edge_cases() -> None:
    assert parse_letter("The uppercase letter of your choice.") is None
    assert parse_letter("b") == "B"
    assert parse_letter("Option C") == "C"
    assert parse_operation("click.") == "CLICK"
    assert parse_operation("ENTER") == "PRESS ENTER"
    assert parse_operation("fly") is None


