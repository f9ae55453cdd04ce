"""Wait in the agent loop: a late-loading page is waited for, and Waits count towards `stuck` by time.

The model is a stand-in that behaves like a real one behind the real OpenAI SDK and a local server
that speaks the OpenAI protocol: it answers Wait while the opening hours are not on the page, and
answers from them once they show.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Iterator

import pytest

from tests.models.fake_providers import FakeOpenAI, RecordedRequest, serve_openai
from webvoyager.agent.loop import Agent, LoopRules
from webvoyager.agent.recorder import Recorder
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task
from webvoyager.voyager.policy import WebVoyagerPolicy

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _last_user_text(request: RecordedRequest) -> str:
    user = [m for m in request.body["messages"] if m["role"] == "user"][-1]
    content = user["content"]
    return content if isinstance(content, str) else "\n".join(p.get("text", "") for p in content)


def _patient_model(request: RecordedRequest) -> str:
    """Waits while the hours are loading; answers from them once they are listed."""
    seen = _last_user_text(request)
    if "Open today from 9:30 to 17:00" in seen:
        return "Thought: The opening hours are shown now.\nAction: ANSWER; [9:30 to 17:00]"
    return "Thought: The opening hours are still loading, so I wait for them.\nAction: Wait"


@pytest.fixture
def patient() -> Iterator[FakeOpenAI]:
    yield from serve_openai(_patient_model)


def _task(pages_url: str) -> Task:
    return Task(id="hours", question="When is the City Museum open today?", start_url=f"{pages_url}/agent/late.html")


async def test_late_content_is_waited_for_and_the_task_solved(browser, pages_url, tmp_path, patient,
                                                              monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-key-for-the-local-server")
    model = create_model("openai:gpt-4o", base_url=patient.base_url)
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(),
                                task_dir=tmp_path / "t")
    assert result.status == "answered" and result.answer == "9:30 to 17:00"
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    actions = [s["action"] for s in steps]
    # One Wait that really waited is enough; a Wait that returned at once would be chosen again and again.
    assert actions[-1] == "ANSWER; [9:30 to 17:00]" and actions.count("Wait") == 1
    assert steps[0]["outcome_notes"] == [] and result.loop_warnings == 0


async def test_waits_on_an_unchanged_page_stop_only_after_the_waited_time(browser, pages_url, tmp_path) -> None:
    """Each Wait waits its whole time here (nothing changes); the run stops as stuck once the time
    waited on the page reaches the limit, not at the `stuck_after`-th repeat as other actions do."""
    model = ScriptedModel.from_replies(["Thought: wait.\nAction: Wait"] * 10)
    session = await browser.new_session(download_dir=tmp_path / "d", config=replace(browser.config, wait_s=0.4))
    try:
        agent = Agent(session, WebVoyagerPolicy(model), max_steps=10, recorder=Recorder(tmp_path / "t"),
                      rules=LoopRules(stuck_after=2, wait_stuck_s=3.0))
        task = Task(id="still", question="Wait for nothing", start_url=f"{pages_url}/agent/index.html")
        result = await agent.run(task)
    finally:
        await session.close()
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert result.status == "stuck" and result.steps > 2        # more Waits than `stuck_after` ...
    assert steps[-1]["error"].startswith("stopped: 'Wait' waited")   # ... stopped by the time waited
    assert "You waited 0.4 s and the page did not change." in steps[0]["outcome_notes"]
