"""SeeAct's paper protocol (`--policy seeact --protocol paper`) against the default, one difference each:
temperature 0, 30 operations, a 1280x720 window, candidates from the whole page, and a stop after two
consecutive steps without an executable operation. The model is a stand-in behind the real OpenAI SDK
(a local OpenAI-protocol server) that never finds its element."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio
from PIL import Image

from tests.models.fake_providers import FakeOpenAI, RecordedRequest
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task
from webvoyager.trajectory import Result

TARGET = "List entry 120"   # far below the first screen of zoo/scroll.html


def _lost(request: RecordedRequest) -> str:
    if len(request.body["messages"]) >= 4:            # stage 2: a multiple-choice question
        return "ELEMENT: ZZ\nACTION: CLICK\nVALUE: None"   # a letter that names no option
    return f"I look for {TARGET} but I am not sure where it is."


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def seeact_runs(browser, pages_url, tmp_path_factory) -> dict[str, tuple[Result, list[RecordedRequest], Path]]:
    runs = {}
    for protocol in ("default", "paper"):
        task = Task(id=protocol, question=f"Open {TARGET}", start_url=f"{pages_url}/zoo/scroll.html")
        steps = {"max_steps": 3} if protocol == "default" else {}
        settings = RunSettings(policy="seeact", protocol=protocol, **steps)  # type: ignore[arg-type]
        with FakeOpenAI(_lost) as server:
            model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
            folder = tmp_path_factory.mktemp("seeact") / protocol
            result = await execute_task(task, browser=browser, model=model, settings=settings, task_dir=folder)
            runs[protocol] = (result, list(server.requests), folder)
    return runs


def test_paper_values_are_seeacts_and_fixed() -> None:
    paper = RunSettings(policy="seeact", protocol="paper")
    assert (paper.temperature, paper.max_steps, paper.viewport, paper.seed) == (0.0, 29, (1280, 720), None)
    assert paper.loop_rules().max_no_ops == 2 and paper.loop_rules().stuck_after is None
    assert RunSettings(policy="seeact").loop_rules().max_no_ops is None
    for clash in ({"temperature": 1.0}, {"max_steps": 15}, {"viewport": (1024, 768)}):
        with pytest.raises(ConfigError, match="paper protocol fixes"):
            RunSettings(policy="seeact", protocol="paper", **clash)


@pytest.mark.browser
@pytest.mark.slow
def test_paper_stops_after_two_consecutive_no_ops(seeact_runs) -> None:
    paper, default = seeact_runs["paper"][0], seeact_runs["default"][0]
    assert paper.status == "stuck" and paper.steps == 2
    assert default.status == "step_limit" and default.steps == 3


@pytest.mark.browser
@pytest.mark.slow
def test_paper_temperature_zero(seeact_runs) -> None:
    paper, default = seeact_runs["paper"][1][0].body, seeact_runs["default"][1][0].body
    assert (paper["temperature"], paper["max_tokens"], paper.get("seed")) == (0.0, 4096, None)
    assert (default["temperature"], default["max_tokens"]) == (1.0, 1024)


@pytest.mark.browser
@pytest.mark.slow
def test_paper_window_is_1280_by_720(seeact_runs) -> None:
    assert Image.open(seeact_runs["paper"][2] / "screenshot1.png").size == (1280, 720)
    assert Image.open(seeact_runs["default"][2] / "screenshot1.png").size == (1024, 768)


@pytest.mark.browser
@pytest.mark.slow
def test_paper_candidates_come_from_the_whole_page(seeact_runs) -> None:
    def offered(protocol: str) -> str:   # every multiple-choice question the model was asked
        return " ".join(str(r.body["messages"][-1]["content"]) for r in seeact_runs[protocol][1]
                        if len(r.body["messages"]) >= 4)

    assert f'<a> "{TARGET}"' in offered("paper")
    assert f'<a> "{TARGET}"' not in offered("default") and '<a> "List entry 1"' in offered("default")


@pytest.mark.browser
@pytest.mark.slow
def test_paper_generation_shows_no_page_address_title_or_notes(seeact_runs) -> None:
    def generation(protocol: str) -> str:   # the first request's stage-1 prompt, as sent
        content = seeact_runs[protocol][1][0].body["messages"][1]["content"]
        return " ".join(p.get("text", "") for p in content) if isinstance(content, list) else content

    url = seeact_runs["default"][0].final_url or ""
    assert generation("default").startswith(f"Current page: {url}\n<page_content>\nPage title: ")
    assert "NOTE:" in generation("default")
    paper = generation("paper")
    assert paper.startswith("Task: ") and "Current page:" not in paper and "Page title:" not in paper
    assert "zoo/scroll.html" not in paper and "NOTE" not in paper
