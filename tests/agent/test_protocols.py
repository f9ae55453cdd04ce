"""Every difference between the `default` and `paper` protocols of the WebVoyager policy, one test each
(the table in docs/DESIGN.md, "Protocols"). The judge's are in tests/bench/test_judges.py, SeeAct's in
tests/seeact/test_seeact_paper.py, the Wait's behaviour in tests/browser/test_wait.py."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.agent.protocol_runs import ProtocolRun
from webvoyager.api.policies import make_policy
from webvoyager.api.settings import RunSettings
from webvoyager.protocol import task_timeout_for
from webvoyager.browser.types import BrowserConfig, Observation, Select
from webvoyager.errors import ConfigError
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task

TASK = Task(id="t", question="q", start_url="http://example.org/", max_steps=5)


def browser_run(test):  # type: ignore[no-untyped-def]
    """Marks a test that reads the shared runs (real Chromium, slow)."""
    return pytest.mark.browser(pytest.mark.slow(test))


def _observation() -> Observation:
    return Observation(url="http://example.org/", title="Shop", screenshot=b"", marked_screenshot=b"", elements=[],
                       text='[3]: <select> "Size" options="Small | Large"')


async def test_actions_paper_allows_only_the_seven_original_actions() -> None:
    reply = "Thought: choose the size.\nAction: Select [3]; [Large]"
    for protocol, allowed in (("default", True), ("paper", False)):
        policy = make_policy(RunSettings(protocol=protocol), ScriptedModel.from_replies([reply]))
        policy.reset(TASK)
        decision = await policy.decide(_observation())
        assert (decision.action == Select(3, "Large")) is allowed
        assert ("Select [N]" in policy.system_prompt) is allowed  # type: ignore[attr-defined]
        if not allowed:
            assert decision.error and "not an action of this run" in decision.error
            assert "Google" in decision.error and "Select" not in decision.error.split("available.")[1]


@browser_run
def test_loop_guard_only_in_default(stubborn_runs: dict[str, ProtocolRun]) -> None:
    default, paper = stubborn_runs["default"].result, stubborn_runs["paper"].result
    assert default.status == "stuck" and default.steps == 3 and default.loop_warnings == 1
    assert paper.status == "step_limit" and paper.loop_warnings == 0
    assert not any("Warning" in text for text in stubborn_runs["paper"].user_texts(-1))


def test_task_timeout_only_in_default() -> None:
    assert task_timeout_for("default") == 600.0 and task_timeout_for("default", 30.0) == 30.0
    assert task_timeout_for("paper") is None
    with pytest.raises(ConfigError, match="no per-task timeout"):
        task_timeout_for("paper", 30.0)


def test_wait_is_fixed_in_paper_and_until_a_change_in_default() -> None:
    base = BrowserConfig()
    assert RunSettings().browser_config(base).wait_for_change is True
    paper = RunSettings(protocol="paper").browser_config(base)
    assert paper.wait_for_change is False and paper.wait_s == 5.0
    assert RunSettings(wait_s=2.0).browser_config(base).wait_s == 2.0
    with pytest.raises(ConfigError, match="wait_s"):
        RunSettings(protocol="paper", wait_s=2.0)


@browser_run
def test_steps_paper_runs_its_15_whatever_the_task_says(stubborn_runs: dict[str, ProtocolRun]) -> None:
    assert stubborn_runs["paper"].result.steps == 15 and len(stubborn_runs["paper"].requests) == 15
    assert RunSettings().steps_for(TASK) == 5 and RunSettings(protocol="paper").steps_for(TASK) == 15
    with pytest.raises(ConfigError, match="max_steps"):
        RunSettings(protocol="paper", max_steps=30)


@browser_run
def test_context_images_paper_keeps_three(stubborn_runs: dict[str, ProtocolRun]) -> None:
    paper = stubborn_runs["paper"]
    assert [paper.images(i) for i in (0, 1, 2, 3, 14)] == [1, 2, 3, 3, 3]
    assert RunSettings(context_images=5).context_images == 5
    with pytest.raises(ConfigError, match="context_images"):
        RunSettings(protocol="paper", context_images=5)


@browser_run
def test_element_text_paper_format(stubborn_runs: dict[str, ProtocolRun]) -> None:
    paper = stubborn_runs["paper"].user_texts(0)[0]
    default = stubborn_runs["default"].user_texts(0)[0]
    assert '[0]: <input> "Search recipes";\t[1]: <button> "Search";\t[2]: <button> "Load more ideas";' in paper
    assert '[0]: <input type=text> "", "Search recipes" placeholder="Search recipes"' in default
    assert "\t" not in default


@browser_run
def test_marks_paper_style(stubborn_runs: dict[str, ProtocolRun]) -> None:
    def image(run: str, name: str) -> bytes:
        return Image.open(io.BytesIO((stubborn_runs[run].folder / name).read_bytes())).convert("RGB").tobytes()

    assert image("paper", "screenshot1_clean.png") == image("default", "screenshot1_clean.png")  # the same page
    assert image("paper", "screenshot1.png") != image("default", "screenshot1.png")              # other marks


@browser_run
def test_sampling_paper_sends_the_run_script_values(stubborn_runs: dict[str, ProtocolRun]) -> None:
    paper = stubborn_runs["paper"].requests[0].body
    default = stubborn_runs["default"].requests[0].body
    # run.py's create() sends model, messages, max_tokens and seed: no temperature, no image detail
    assert "temperature" not in paper and (paper["seed"], paper["max_tokens"]) == (42, 1000)
    assert (default["temperature"], default.get("seed"), default["max_tokens"]) == (1.0, None, 1024)
    image_parts = [p["image_url"] for run in (paper, default) for m in run["messages"] if isinstance(m["content"], list)
                   for p in m["content"] if p["type"] == "image_url"]
    assert [("detail" in p) for p in image_parts] == [False, True]
