"""SeeAct's default protocol shows where the browser is and carries the model's NOTE lines to later steps;
`--protocol paper` shows neither (the original carries only the previous-action lines)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from tests.models.fake_providers import FakeOpenAI, RecordedRequest
from webvoyager.agent.page_content import PAGE_CLOSE, PAGE_OPEN
from webvoyager.browser.prompt_limits import TITLE_LIMIT, cap_title
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.policies import make_policy
from webvoyager.api.settings import RunSettings
from webvoyager.browser.types import Element, Observation
from webvoyager.models.scripted import ScriptedModel
from webvoyager.seeact.memory import MAX_NOTES, NOTE_CHARS, NOTES_HEADING
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.tasks import Task

TASK = Task(id="t", question="Compare the weights of two tents", start_url="http://shop.localhost/")
ELEMENTS = [Element(label=0, tag="a", text="Trail tent", bbox=(10, 10, 80, 20))]
CLICK = "ELEMENT: A\nACTION: CLICK\nVALUE: None"


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1024, 768), "white").save(out, format="PNG")
    return out.getvalue()


def _obs(title: str = "Trail tent | Cartwheel", url: str = "http://shop.localhost/p/trail") -> Observation:
    return Observation(url=url, title=title, screenshot=_png(), marked_screenshot=b"", elements=ELEMENTS, text="",
                       notes=[], observation_id=1)


def _policy(protocol: str, replies: list[str]) -> tuple[SeeActPolicy, ScriptedModel]:
    model = ScriptedModel.from_replies(replies)
    policy = make_policy(RunSettings(policy="seeact", protocol=protocol), model)  # type: ignore[arg-type]
    assert isinstance(policy, SeeActPolicy)
    policy.reset(TASK)
    return policy, model


def _stage_one(model: ScriptedModel, step: int) -> str:
    """The generation prompt of `step` (0-based; every step here asks one grounding question)."""
    return model.calls[2 * step].messages[1].text_content


async def test_default_shows_the_address_and_title_and_asks_for_notes_paper_does_not() -> None:
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["open it", CLICK])
        await policy.decide(_obs())
        sent = _stage_one(model, 0)
        if protocol == "default":
            assert sent.startswith(f"Current page: http://shop.localhost/p/trail\n{PAGE_OPEN}\n"
                                   f"Page title: Trail tent | Cartwheel\n{PAGE_CLOSE}\n\nTask: {TASK.question}\n")
            assert "write it on its own line that starts with NOTE:" in sent
        else:
            assert sent.startswith(f"Task: {TASK.question}\n\nPrevious actions:\nNone\n")
            assert "Cartwheel" not in sent and "shop.localhost" not in sent and "NOTE" not in sent


async def test_notes_are_carried_to_later_steps_and_recorded() -> None:
    replies = ["The Trail tent page.\nNOTE: Trail tent weighs 2.4 kg", CLICK,
               "Now the Dome tent.", "- **NOTE:** Dome tent weighs 3.1 kg\n" + CLICK,
               "Both are noted.", CLICK]
    policy, model = _policy("default", replies)
    first = await policy.decide(_obs())
    second = await policy.decide(_obs())
    await policy.decide(_obs())
    assert NOTES_HEADING not in _stage_one(model, 0)
    assert f"{NOTES_HEADING}\n- Trail tent weighs 2.4 kg\n\nTask:" in _stage_one(model, 1)
    assert f"{NOTES_HEADING}\n- Trail tent weighs 2.4 kg\n- Dome tent weighs 3.1 kg\n\nTask:" in _stage_one(model, 2)
    # trajectory.json's policy_data: the notes each step wrote (a grounding reply may write one too)
    assert first.record.to_dict()["seeact"]["notes"] == ["Trail tent weighs 2.4 kg"]
    assert second.record.to_dict()["seeact"]["notes"] == ["Dome tent weighs 3.1 kg"]


async def test_paper_carries_no_notes() -> None:
    policy, model = _policy("paper", ["NOTE: Trail tent weighs 2.4 kg", CLICK, "next", CLICK])
    first = await policy.decide(_obs())
    await policy.decide(_obs())
    assert "2.4 kg" not in _stage_one(model, 1) and NOTES_HEADING not in _stage_one(model, 1)
    assert "notes" not in first.record.to_dict()["seeact"]


async def test_the_notes_carried_and_the_title_are_capped_and_say_what_was_cut() -> None:
    many = "\n".join(f"NOTE: value {i}" for i in range(MAX_NOTES + 5)) + "\nNOTE: " + "x" * 5000
    policy, model = _policy("default", [many, CLICK, "next", CLICK])
    await policy.decide(_obs())
    await policy.decide(_obs(title=cap_title("T" * 100_000), url="http://x/" + "u" * 5000))   # as the session caps it
    sent = _stage_one(model, 1)
    assert f"({MAX_NOTES + 6 - MAX_NOTES} older notes left out: only the last {MAX_NOTES} are kept)" in sent
    assert "- value 5\n" not in sent and "- value 6\n" in sent
    assert "- " + "x" * NOTE_CHARS + "…\n" in sent and "x" * (NOTE_CHARS + 1) not in sent
    assert f"Page title: {cap_title('T' * 100_000)}" in sent and "T" * (TITLE_LIMIT + 1) not in sent   # not cut twice
    assert "more characters of the address were cut]" in sent and "u" * 1001 not in sent
    assert len(sent) < 20_000


def _noting(request: RecordedRequest) -> str:
    """Stage 1 notes what the page shows at the first step; stage 2 clicks the first option, then stops."""
    messages = request.body["messages"]
    text = " ".join(p.get("text", "") for p in messages[1]["content"]) if isinstance(messages[1]["content"], list) \
        else messages[1]["content"]
    if len(messages) < 4:
        return "A page." + ("" if "Previous actions:\nNone" not in text else "\nNOTE: the first page is the zoo")
    if "Previous actions:\nNone" in text:
        return "ELEMENT: A\nACTION: SCROLL DOWN\nVALUE: None"
    return "ELEMENT: A\nACTION: TERMINATE\nVALUE: done"


@pytest.mark.browser
async def test_a_note_reaches_the_next_request_of_a_real_run(browser, pages_url, tmp_path: Path) -> None:
    task = Task(id="noting", question="Note the page, scroll, stop", start_url=f"{pages_url}/zoo/scroll.html")
    with FakeOpenAI(_noting) as server:
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
        result = await execute_task(task, browser=browser, model=model, settings=RunSettings(policy="seeact"),
                                    task_dir=tmp_path / "t")
        requests = list(server.requests)
    assert (result.status, result.answer) == ("answered", "done")
    stage_ones = [r.body["messages"][1] for r in requests if len(r.body["messages"]) == 2]
    texts = [" ".join(p.get("text", "") for p in m["content"]) for m in stage_ones]
    assert texts[0].startswith(f"Current page: {pages_url}/zoo/scroll.html\n{PAGE_OPEN}\nPage title: ")
    assert NOTES_HEADING not in texts[0] and f"{NOTES_HEADING}\n- the first page is the zoo\n" in texts[1]
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert steps[0]["policy_data"]["seeact"]["notes"] == ["the first page is the zoo"]
