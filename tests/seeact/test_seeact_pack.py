"""`--policy seeact --protocol paper --prompts PACK`: SeeAct's online requests in the original's layout and
words (seeact.py + data_utils/prompts.py `generate_prompt(experiment_split="SeeAct")` + inference_engine.py):
per batch a fresh [system, user(query, screenshot)] call, then [system, user, assistant("\\n\\n" + the
generation), user(referring prompt)]; every message a list of parts; the texts exactly the pack's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.models.fake_providers import FakeOpenAI
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.policies import make_policy
from webvoyager.api.settings import RunSettings
from webvoyager.browser.types import Element, Observation
from webvoyager.errors import ConfigError
from webvoyager.packs import ProtocolPack
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.tasks import Task

TASK = Task(id="t", question="Open the page of item 3", start_url="http://x/")


def _obs(elements: list[Element]) -> Observation:
    from tests.seeact.test_paper_pipeline import _png
    return Observation(url="http://x/", title="x", screenshot=_png(), marked_screenshot=b"", elements=elements,
                       text="", notes=[], observation_id=1)


def _parts(*texts: str) -> list[dict[str, str]]:
    return [{"type": "text", "text": t} for t in texts]


def _referring(pack: ProtocolPack, options: list[str]) -> str:
    """The referring prompt as generate_new_referring_prompt + format_options lay it out."""
    none = chr(ord("A") + len(options))
    listed = "".join(f"{chr(ord('A') + i)}. {o}\n" for i, o in enumerate(options))
    return (pack.text("online_referring") + "\n\n"
            + f"{pack.prompt('none_instruction').render(non_abcd=none)}{listed}"
            + f"{pack.prompt('none_option').render(non_abcd=none)}\n\n"
            + pack.text("online_element_format") + "\n\n" + pack.text("online_action_format") + "\n\n"
            + pack.text("online_value_format"))


async def test_paper_policy_with_a_pack_sends_the_packs_strings_in_the_originals_layout(
        seeact_pack: ProtocolPack) -> None:
    # 20 candidates: two batches (17, 3); the first is answered with its "none" letter, the second picks C.
    elements = [Element(label=i, tag="a", text=f"item {i}", bbox=(10, 30 * i, 80, 20)) for i in range(20)]
    replies = ["plan one", "ELEMENT: R\nACTION: NONE\nVALUE: None", "plan two", "ELEMENT: C\nACTION: CLICK\nVALUE: None"]
    with FakeOpenAI() as server:
        server.queue(*replies)
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
        settings = RunSettings(policy="seeact", protocol="paper", prompts=str(seeact_pack.folder))
        policy = make_policy(settings, model)
        assert isinstance(policy, SeeActPolicy)
        policy.reset(TASK)
        decision = await policy.decide(_obs(elements))
        bodies = server.bodies()
    assert len(bodies) == 4 and decision.action is not None and decision.record.seeact.element == 19
    query = (seeact_pack.text("query_intro") + TASK.question + "\n\n" + seeact_pack.text("previous_actions")
             + "\n" + seeact_pack.text("online_question"))
    for first, plan in ((0, "plan one"), (2, "plan two")):   # each batch starts a fresh conversation
        system, user = bodies[first]["messages"]
        assert system == {"role": "system", "content": _parts(seeact_pack.text("online_system"))}
        assert user["role"] == "user" and user["content"][0] == {"type": "text", "text": query}
        image = user["content"][1]
        assert image["type"] == "image_url" and image["image_url"]["detail"] == "high"
        assert image["image_url"]["url"].startswith("data:image/png;base64,")
        second = bodies[first + 1]["messages"]
        assert second[:2] == bodies[first]["messages"]
        assert second[2] == {"role": "assistant", "content": _parts(f"\n\n{plan}")}
    options = [f'<a> "item {i}"' for i in range(20)]
    assert bodies[1]["messages"][3] == {"role": "user", "content": _parts(_referring(seeact_pack, options[:17]))}
    assert bodies[3]["messages"][3] == {"role": "user", "content": _parts(_referring(seeact_pack, options[17:]))}
    assert {(b["temperature"], b["max_tokens"]) for b in bodies} == {(0, 4096)}


def test_a_webvoyager_pack_is_refused_for_seeact_and_the_other_way_round(seeact_pack: ProtocolPack,
                                                                          tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a seeact pack .*needs a webvoyager pack"):
        RunSettings(policy="webvoyager", protocol="paper", prompts=str(seeact_pack.folder))
    other = tmp_path / "manifest-only"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({"format": 1, "protocol": "webvoyager", "templates": {}}))
    with pytest.raises(ConfigError, match="is a webvoyager pack .*needs a seeact pack"):
        RunSettings(policy="seeact", protocol="paper", prompts=str(other))
    with pytest.raises(ConfigError, match="textual choices only"):
        RunSettings(policy="seeact", protocol="paper", grounding="som", prompts=str(seeact_pack.folder))


def _plan_then_stop(request) -> str:
    """Stage 1: a plan; stage 2: stop with the answer "done"."""
    if len(request.body["messages"]) < 4:
        return "The task is done already."
    return "ELEMENT: A\nACTION: TERMINATE\nVALUE: done"


@pytest.mark.browser
async def test_a_paper_run_with_a_pack_sends_the_packs_system_prompt_to_the_model(
        browser, pages_url, seeact_pack: ProtocolPack, tmp_path) -> None:
    task = Task(id="pack", question="Say done", start_url=f"{pages_url}/zoo/basic.html")
    with FakeOpenAI(_plan_then_stop) as server:
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
        result = await execute_task(task, browser=browser, model=model, task_dir=tmp_path / "t",
                                    settings=RunSettings(policy="seeact", protocol="paper",
                                                         prompts=str(seeact_pack.folder)))
        bodies = server.bodies()
    assert bodies and all(b["messages"][0]["content"] == _parts(seeact_pack.text("online_system")) for b in bodies)
    assert all(b["messages"][1]["content"][0]["text"].startswith(seeact_pack.text("query_intro") + task.question)
               for b in bodies)
    assert len(bodies) == 2 and (result.status, result.answer) == ("answered", "done")
