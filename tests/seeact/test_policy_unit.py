"""SeeActPolicy decisions on hand-made observations (no browser): history lines, errors, records."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from webvoyager.browser.types import Answer, Click, Element, Observation, Scroll, Select, Type
from webvoyager.errors import ConfigError
from webvoyager.models.scripted import ScriptedModel
from webvoyager.seeact.messages import FAILED_ACTION
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.tasks import Task

TASK = Task(id="t", question="Search for boots", start_url="http://x/")
ELEMENTS = [Element(label=0, tag="input", type="text", placeholder="Search", editable=True, bbox=(10, 10, 200, 30)),
            Element(label=1, tag="select", aria_label="Size", options=("Small", "Large"), bbox=(10, 60, 100, 30)),
            Element(label=2, tag="button", text="Search", bbox=(10, 110, 80, 30))]


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1024, 768), "white").save(out, format="PNG")
    return out.getvalue()


def _obs(notes: list[str] | None = None, *, last_action_error: str | None = None) -> Observation:
    return Observation(url="http://x/", title="x", screenshot=_png(), marked_screenshot=b"", elements=ELEMENTS,
                       text="", notes=notes or [], observation_id=1, last_action="Click [2]",
                       last_action_error=last_action_error)


def _policy(replies: list[str], **kwargs) -> tuple[SeeActPolicy, ScriptedModel]:
    model = ScriptedModel.from_replies(replies)
    policy = SeeActPolicy(model, **kwargs)
    policy.reset(TASK)
    return policy, model


async def test_failed_action_is_marked_in_the_next_history() -> None:
    policy, model = _policy(["click search", "ELEMENT: C\nACTION: CLICK\nVALUE: None",
                             "try again", "ELEMENT: C\nACTION: CLICK\nVALUE: None"])
    first = await policy.decide(_obs())
    assert first.action == Click(2)
    record = first.record.to_dict()["seeact"]      # as trajectory.json's policy_data holds it
    assert record["batch"] == 0 and record["letter"] == "C"
    assert record["batches"][0][2] == '<button> "Search"'
    await policy.decide(_obs(last_action_error="covered by a cookie banner"))
    stage_one = model.calls[2].messages[1].text_content
    assert "[button]  Search -> CLICK (failed: covered by a cookie banner)" in stage_one
    assert "- " + FAILED_ACTION.format(error="covered by a cookie banner") in stage_one


async def test_type_select_scroll_terminate_actions() -> None:
    policy, _ = _policy(["g", "ELEMENT: A\nACTION: TYPE\nVALUE: boots", "g", "ELEMENT: B\nACTION: SELECT\nVALUE: large",
                         "g", "ELEMENT: D\nACTION: SCROLL DOWN\nVALUE: None", "g", "ELEMENT: D\nACTION: TERMINATE\nVALUE: 3"])
    assert (await policy.decide(_obs())).action == Type(0, "boots", press_enter=False)
    assert (await policy.decide(_obs())).action == Select(1, "Large")
    assert (await policy.decide(_obs())).action == Scroll(None, "down")
    assert (await policy.decide(_obs())).action == Answer("3")
    assert policy.previous_actions == ["[textbox]  Search -> TYPE: boots", "[combobox]  Size -> SELECT: Large",
                                       "[page]  -> SCROLL DOWN", "[page]  -> TERMINATE: 3"]


async def test_unusable_replies_become_errors_for_the_model() -> None:
    policy, _ = _policy(["g", "I would click the button.", "g", "ELEMENT: B\nACTION: SELECT\nVALUE: purple",
                         "g", "ELEMENT: A\nACTION: TYPE\nVALUE: None"])
    no_format = await policy.decide(_obs())
    assert no_format.action is None and "ELEMENT / ACTION / VALUE" in (no_format.error or "")
    bad_option = await policy.decide(_obs())
    assert bad_option.action is None and "Small, Large" in (bad_option.error or "")
    no_text = await policy.decide(_obs())
    assert no_text.action is None and "TYPE needs a VALUE" in (no_text.error or "")
    assert policy.previous_actions == []


async def test_messages_log_has_both_stages_without_image_bytes() -> None:
    policy, _ = _policy(["describe", "ELEMENT: C\nACTION: CLICK\nVALUE: None"])
    await policy.decide(_obs())
    log = policy.messages_log()
    assert [m["role"] for m in log] == ["system", "user", "assistant", "user", "assistant"]
    assert log[1]["content"][1] == {"type": "image_url", "image_url": {"url": "<screenshot of step 1>"}}


def test_bad_settings_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="unknown grounding"):
        SeeActPolicy(ScriptedModel.from_replies([]), grounding="oracle")
    with pytest.raises(ConfigError):
        SeeActPolicy(ScriptedModel.from_replies([]), batch_size=0)
