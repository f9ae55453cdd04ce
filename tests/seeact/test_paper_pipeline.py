"""SeeAct's question building under `--protocol paper` against the default, one difference each: batches
of 17 in turn (17/17/16, seeact.py's `range(0, n, 17)`), candidates sorted by their centre (top to bottom,
then left to right), image-annotation labels white on black on the image only, and at most 29 operations."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from tests.models.fake_providers import FakeOpenAI
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.policies import make_policy
from webvoyager.api.settings import RunSettings
from webvoyager.browser.types import Element, Observation
from webvoyager.models.scripted import ScriptedModel
from webvoyager.protocol import offline_crop
from webvoyager.seeact.mind2web.data import Candidate, GoldOperation, QueryBatch, Step
from webvoyager.seeact.mind2web.evaluate import batch_image
from webvoyager.seeact.choices import split_batches
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.seeact.readback import read_question
from webvoyager.tasks import Task

TASK = Task(id="t", question="Open the page of item 49", start_url="http://x/")


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1280, 720), "white").save(out, format="PNG")
    return out.getvalue()


def _obs(elements: list[Element]) -> Observation:
    return Observation(url="http://x/", title="x", screenshot=_png(), marked_screenshot=b"", elements=elements,
                       text="", notes=[], observation_id=1)


def _policy(protocol: str, replies: list[str], **settings) -> tuple[SeeActPolicy, ScriptedModel]:
    model = ScriptedModel.from_replies(replies)
    policy = make_policy(RunSettings(policy="seeact", protocol=protocol, **settings), model)  # type: ignore[arg-type]
    assert isinstance(policy, SeeActPolicy)
    policy.reset(TASK)
    return policy, model


def _asked(model: ScriptedModel) -> list[list[str]]:
    """The option texts of each multiple-choice question the model was asked."""
    questions = [read_question(call.messages[-1]) for call in model.calls[1:]]
    return [[text for _, text in q.options] for q in questions if q is not None]


NONE = "ELEMENT: ZZZ\nACTION: NONE\nVALUE: None"


def test_paper_batches_are_slices_of_17_and_default_batches_are_even() -> None:
    assert [len(b) for b in split_batches(list(range(50)), 17, fixed=True)] == [17, 17, 16]
    assert [len(b) for b in split_batches(list(range(50)), 17)] == [16, 17, 17]
    assert [len(b) for b in split_batches(list(range(35)), 17, fixed=True)] == [17, 17, 1]


async def test_paper_policy_asks_17_17_16_and_default_16_17_17() -> None:
    elements = [Element(label=i, tag="a", text=f"item {i}", bbox=(10, 20 * i, 80, 18)) for i in range(50)]
    sizes = {}
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["look for it", NONE, NONE, NONE])
        await policy.decide(_obs(elements))
        sizes[protocol] = [len(options) for options in _asked(model)]
    assert sizes == {"default": [16, 17, 17], "paper": [17, 17, 16]}


async def test_paper_orders_candidates_by_position_default_by_document_order() -> None:
    # Document order puts the footer link (drawn at the top by CSS) last; its centre is highest on screen.
    elements = [Element(label=0, tag="a", text="left", bbox=(10, 100, 50, 20)),
                Element(label=1, tag="a", text="right", bbox=(300, 100, 50, 20)),
                Element(label=2, tag="a", text="below", bbox=(10, 300, 50, 20)),
                Element(label=3, tag="a", text="pinned top", bbox=(500, 5, 50, 20))]
    order = {}
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["look", NONE])
        await policy.decide(_obs(elements))
        order[protocol] = [text.split('"')[1] for text in _asked(model)[0]]
    assert order["default"] == ["left", "right", "below", "pinned top"]
    assert order["paper"] == ["pinned top", "left", "right", "below"]


async def test_default_ranks_by_the_stage_1_reply_paper_by_the_task_only() -> None:
    # 60 links the task's words do not name; the reply names the last one, which the task alone ranks out.
    elements = [Element(label=i, tag="a", text=f"entry {i}", bbox=(10, 12 * i, 80, 10)) for i in range(59)]
    elements.append(Element(label=59, tag="a", text="Next", bbox=(10, 708, 80, 10)))
    shown = {}
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["I will click the Next link at the bottom.", NONE, NONE, NONE])
        await policy.decide(_obs(elements))
        shown[protocol] = any('"Next"' in text for options in _asked(model) for text in options)
    assert shown == {"default": True, "paper": False}


async def test_paper_som_labels_are_white_on_black_without_a_text_list() -> None:
    elements = [Element(label=0, tag="button", text="Go", bbox=(100, 100, 200, 60))]
    sent = {}
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["click Go", "ELEMENT: A\nACTION: CLICK\nVALUE: None"], grounding="som")
        await policy.decide(_obs(elements))
        question = model.calls[1].messages[-1]
        image = Image.open(io.BytesIO(question.parts[-1].data)).convert("RGB")  # type: ignore[union-attr]
        # The label sits just below the box's bottom-left corner: its background at the label's edge.
        sent[protocol] = (image.getpixel((101, 162)), "Go" in question.text_content)
    assert sent["paper"] == ((0, 0, 0), False)
    assert sent["default"][0] != (0, 0, 0) and sent["default"][1] is True


def test_paper_runs_at_most_29_operations() -> None:
    assert RunSettings(policy="seeact", protocol="paper").max_steps == 29
    assert RunSettings(policy="seeact").max_steps == 15



def _text(message: dict) -> str:
    content = message["content"]
    return content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)


def _type_into_a_button(request) -> str:
    """Stage 1: a plan; stage 2: TYPE into the "Nested button" (which fails) until three failed, then stop."""
    messages = request.body["messages"]
    if len(messages) < 4:
        return "I will type into the Nested button."
    if _text(messages[1]).count("(failed:") >= 3:      # the previous-action lines mark each failure
        return "ELEMENT: A\nACTION: TERMINATE\nVALUE: gave up"
    letter = re.search(r"^([A-Z]+)\. <button[^\n]*Nested", _text(messages[-1]), re.MULTILINE).group(1)
    return f"ELEMENT: {letter}\nACTION: TYPE\nVALUE: hello"


@pytest.mark.browser
@pytest.mark.slow
async def test_paper_a_failed_action_is_not_a_no_op(browser, pages_url, tmp_path) -> None:
    # Three TYPEs into a button fail in a row: the paper's no-op rule (2 in a row) does not stop the run for
    # them, as seeact.py's count is reset after an operation was tried.
    task = Task(id="failing", question="Type hello into the Nested button", start_url=f"{pages_url}/zoo/basic.html")
    with FakeOpenAI(_type_into_a_button) as server:
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
        result = await execute_task(task, browser=browser, model=model,
                                    settings=RunSettings(policy="seeact", protocol="paper"), task_dir=tmp_path / "t")
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())
    steps = steps["steps"] if isinstance(steps, dict) else steps
    assert sum("not editable" in (s.get("error") or "") for s in steps) == 3
    assert (result.status, result.answer) == ("answered", "gave up")


async def test_paper_offers_no_scroll_or_go_back_and_does_not_run_them() -> None:
    elements = [Element(label=0, tag="a", text="Home", bbox=(10, 10, 50, 20))]
    for protocol in ("default", "paper"):
        policy, model = _policy(protocol, ["scroll down", "ELEMENT: B\nACTION: SCROLL DOWN\nVALUE: None"])
        decision = await policy.decide(_obs(elements))
        sent = " ".join(m.text_content for m in model.calls[1].messages)
        if protocol == "paper":
            assert "SCROLL" not in sent and "GO BACK" not in sent and "PRESS ENTER" in sent
            assert decision.action is None and "not one of the operations offered" in (decision.error or "")
        else:
            assert "SCROLL DOWN" in sent and "GO BACK" in sent
            assert decision.action is not None and decision.action.direction == "down"  # type: ignore[union-attr]


def _whole_page(height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1280, height), "white").save(out, format="PNG")
    return out.getvalue()


def test_paper_offline_crops_are_1024_px_around_the_batch_as_jpeg_95() -> None:
    # One candidate at y=2000 (40 px tall) on a 5000 px page: ours keeps 200 px around it (at least 768),
    # the original's textual_choices.py 1024 px on each side; the original engine allows 4096 tokens.
    target = Candidate("7", "button", {"bounding_box_rect": "100,2000,80,40"})
    step = Step(annotation_id="a", action_uid="u", task="t", operation=GoldOperation("CLICK"), positives=[target],
                negatives=[], screenshot=_whole_page(5000))
    batch = QueryBatch(choices=(("7", "<button> Go"),))
    sizes = {p: Image.open(io.BytesIO(batch_image(step, batch, {"7": target}, offline_crop(p)))).size
             for p in ("default", "paper")}
    assert sizes == {"default": (1280, 768), "paper": (1280, 40 + 2 * 1024)}
    assert (offline_crop("paper").max_tokens, offline_crop("default").max_tokens) == (4096, 1024)
