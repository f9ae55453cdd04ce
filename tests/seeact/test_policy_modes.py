"""Each grounding mode end to end in real Chromium with a scripted model (what was clicked and typed)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from webvoyager.agent.loop import Agent
from webvoyager.models.base import ImagePart
from webvoyager.models.scripted import ScriptedModel
from webvoyager.seeact.policy import SeeActPolicy
from tests.seeact.shop_page import GO_CENTER, LETTERS, shop_task, status_text

pytestmark = pytest.mark.browser


def _choice(letter: str, op: str, value: str = "None") -> str:
    return f"(Reiteration) my target.\nELEMENT: {letter}\nACTION: {op}\nVALUE: {value}"


async def test_choice_mode_types_selects_clicks_and_answers(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([
        "The search box is empty; type red shoes.", _choice(LETTERS["q"], "TYPE", "red shoes"),
        "Pick the large size.", _choice(LETTERS["size"], "SELECT", "large"),
        "Click Search.", _choice(LETTERS["go"], "CLICK"),
        "The status says it searched; done.", _choice(LETTERS["none"], "TERMINATE", "Searched red shoes"),
    ])
    policy = SeeActPolicy(model, grounding="choice", temperature=0.0)
    result = await Agent(session, policy, max_steps=6).run(shop_task(tmp_path))
    assert result.status == "answered" and result.answer == "Searched red shoes"
    assert await status_text(session) == "Searched red shoes size Large"
    assert await session.page.input_value("#size") == "Large"      # "large" matched the option "Large"
    # stage 1 of the last step saw the previous actions in the paper's style
    last_generation = model.calls[6].messages[1]
    assert "[textbox]  Search products -> TYPE: red shoes" in last_generation.text_content
    assert "[combobox]  Size -> SELECT: Large" in last_generation.text_content
    assert "[button]  Search -> CLICK" in last_generation.text_content
    assert any(isinstance(p, ImagePart) for p in last_generation.parts)
    # stage 2 is a second turn of the same conversation, with lettered options and the none option
    grounding_call = model.calls[1].messages
    assert grounding_call[2].role == "assistant" and grounding_call[2].text_content.startswith("The search box")
    options = grounding_call[3].text_content
    assert 'B. <input type=text> "", "Search products"' in options or "B. <input" in options
    assert "G. None of the other options match the correct element" in options


async def test_choice_mode_walks_batches_until_one_names_an_element(session, tmp_path: Path) -> None:
    # batch size 2 -> 3 batches (Home+box | size+Search | cart+cart); the target is in the third
    model = ScriptedModel.from_replies([
        "Add the sandals to the cart (second Add to cart button).",
        "ELEMENT: C\nACTION: CLICK\nVALUE: None", "ELEMENT: C\nACTION: CLICK\nVALUE: None",
        "ELEMENT: B\nACTION: CLICK\nVALUE: None",
        "Done.", "ELEMENT: C\nACTION: TERMINATE\nVALUE: added",
    ])
    policy = SeeActPolicy(model, grounding="choice", batch_size=2)
    result = await Agent(session, policy, max_steps=3).run(shop_task(tmp_path, "Add sandals to the cart"))
    assert result.status == "answered"
    assert await status_text(session) == "Added sandals"
    third_question = model.calls[3].messages[-1].text_content
    assert "Question 3 of 3" in third_question and "C. None of the other options" in third_question


async def test_som_mode_draws_letters_and_clicks_the_named_label(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([
        "Click the Search button.", _choice(LETTERS["go"], "CLICK"),
        "Done.", _choice(LETTERS["none"], "TERMINATE", "ok"),
    ])
    result = await Agent(session, SeeActPolicy(model, grounding="som"), max_steps=3).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await status_text(session) == "Searched size Small"
    stage2 = model.calls[1].messages[-1]
    (marked,) = stage2.images
    image = Image.open(io.BytesIO(marked.data)).convert("RGB")
    # the label of the Search button (box 300..400 x 400..440) sits below its bottom-left corner, in red
    r, g, b = image.getpixel((303, 444))
    assert r > 150 and g < 80 and b < 80
    assert "label" in stage2.text_content.lower()


async def test_som_mode_invented_label_is_an_error_for_the_model(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies(["Click it.", _choice("X", "CLICK"), "Done.", _choice("G", "TERMINATE", "x")])
    result = await Agent(session, SeeActPolicy(model, grounding="som"), max_steps=3).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await status_text(session) == "Nothing yet"
    assert "label X is not on the screenshot" in model.calls[2].messages[1].text_content


async def test_attributes_mode_finds_the_element_and_asks_when_several_match(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([
        "Type red shoes in the search box.",
        "ELEMENT TYPE: TEXTBOX\nELEMENT TEXT: Search products\nACTION: TYPE\nVALUE: red shoes",
        "Add the second item to the cart.",
        "ELEMENT TYPE: BUTTON\nELEMENT TEXT: Add to cart\nACTION: CLICK\nVALUE: None",
        "ELEMENT: B\nACTION: CLICK\nVALUE: None",     # follow-up among the two matches
        "Done.", "ELEMENT TYPE: NONE\nELEMENT TEXT: None\nACTION: TERMINATE\nVALUE: added",
    ])
    result = await Agent(session, SeeActPolicy(model, grounding="attributes"), max_steps=4).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await session.page.input_value("#q") == "red shoes"
    assert await status_text(session) == "Added sandals"
    follow_up = model.calls[4].messages[-1].text_content
    assert "A. <button> \"Add to cart\"" in follow_up and "B. <button> \"Add to cart\"" in follow_up


async def test_coordinates_mode_clicks_at_the_point(session, tmp_path: Path) -> None:
    x, y = GO_CENTER
    model = ScriptedModel.from_replies([
        "Click the Search button in the middle.", f"POINT: ({x}, {y})\nACTION: CLICK\nVALUE: None",
        "Done.", "POINT: None\nACTION: TERMINATE\nVALUE: done",
    ])
    policy = SeeActPolicy(model, grounding="coordinates")
    result = await Agent(session, policy, max_steps=3).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await status_text(session) == "Searched size Small"
    assert "1024 pixels wide and 768 pixels high" in model.calls[1].messages[-1].text_content
    assert "[button]  Search -> CLICK" in model.calls[2].messages[1].text_content
