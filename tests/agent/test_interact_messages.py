"""`interact_messages.json` can be read by WebVoyager's original auto-evaluator: answered and unanswered
runs of both protocols, read by `original_evaluator.read_task_folder` (what that tool does)."""

from __future__ import annotations

import json

import pytest

from tests.agent.original_evaluator import read_task_folder
from tests.agent.protocol_runs import QUESTION, ProtocolRun
from webvoyager.agent.recorder import Recorder
from webvoyager.tasks import Task
from webvoyager.trajectory import Result

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("protocol", ["default", "paper"])
def test_answered_run_is_read_with_its_task_answer_and_screenshots(answering_runs: dict[str, ProtocolRun],
                                                                    protocol: str) -> None:
    run = answering_runs[protocol]
    assert run.result.status == "answered" and run.result.answer == "Tomato Soup"
    read = read_task_folder(run.folder)
    assert read.task == QUESTION and read.answer == "Tomato Soup"
    assert read.screenshots == ["screenshot1.png", "screenshot2.png"]      # the marked ones, in step order
    log = json.loads((run.folder / "interact_messages.json").read_text())
    assert [m["role"] for m in log] == ["system", "user", "assistant", "user", "assistant"]
    # The raw reply ("... I can ANSWER now.\n**Action:** ANSWER; ...") would be misread; it is written canonically.
    assert log[-1]["content"] == "Thought: Tomato Soup is listed, so I can answer now.\nAction: ANSWER; [Tomato Soup]"
    assert log[2]["content"] == "Thought: I search for soup.\nAction: Type [0]; [soup]"   # others stay as sent


@pytest.mark.parametrize("protocol", ["default", "paper"])
def test_unanswered_run_is_read_as_unanswered(stubborn_runs: dict[str, ProtocolRun], protocol: str) -> None:
    run = stubborn_runs[protocol]
    assert run.result.status in ("stuck", "step_limit")
    read = read_task_folder(run.folder)
    assert read.task == QUESTION and read.answer is None


def test_log_layout_matches_the_original(stubborn_runs: dict[str, ProtocolRun]) -> None:
    """After 15 steps with 3 screenshots in context: full observations are [text, image_url] parts,
    clipped ones plain strings, replies strings; images point at the step's screenshot file."""
    log = json.loads((stubborn_runs["paper"].folder / "interact_messages.json").read_text())
    assert log[0]["role"] == "system" and isinstance(log[0]["content"], str)
    users = [m["content"] for m in log if m["role"] == "user"]
    assert len(users) == 15 and all(isinstance(c, str) for c in users[:12])
    assert [[p["type"] for p in c] for c in users[12:]] == [["text", "image_url"]] * 3
    assert [c[1]["image_url"]["url"] for c in users[12:]] == ["screenshot13.png", "screenshot14.png",
                                                               "screenshot15.png"]
    assert users[0].startswith(f"Now given a task: {QUESTION}  Please interact with ")
    assert all(isinstance(m["content"], str) for m in log if m["role"] == "assistant")


def test_task_that_failed_before_any_step_is_read_as_unanswered(tmp_path) -> None:
    task = Task(id="t", question="q", start_url="http://example.org/")
    Recorder(tmp_path).finish(Result.failure(task, "error", "the browser did not start"))
    assert read_task_folder(tmp_path).answer is None and read_task_folder(tmp_path).task is None
