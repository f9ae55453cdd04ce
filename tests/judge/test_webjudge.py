"""`judge --method webjudge` against the local OpenAI-protocol server through the real `openai` SDK: what
each of the three stages is sent (and never sent), the threshold, the verdict, the judgement file, the
report's task page, the o4-mini request shape and the default model."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.judge.webjudge_server import KEY_POINTS, ScriptedWebJudge, Stages, images, texts
from tests.models.fake_providers import FakeOpenAI
from webvoyager.api import create_model
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.judge.runner import JudgeSettings, judge_run
from webvoyager.models.retry import RetryPolicy
from webvoyager.report.build import render_html
from webvoyager.runs.judgements import Judgement, load_judgement
from webvoyager.trajectory import TaskDir

ANSWER = "ZEBRA-ANSWER-7731 the kettle costs $19"
THOUGHTS = [f"MOONLIGHT-THOUGHT-{i} I am sure this is done" for i in range(1, 6)]
# step 3's reply has no score: recorded as unreadable and never kept
SCORES: dict[str, int | str] = {"screenshot1.png": 1, "screenshot2.png": 4, "screenshot3.png": "I cannot tell.",
                                "screenshot4.png": 3, "screenshot5.png": 5}
runner = CliRunner()


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as s:
        yield s


@pytest.fixture
def run(tmp_path: Path) -> Path:
    return make_run(tmp_path / "run", [FakeTask("t-1", steps=5, answer=ANSWER, thoughts=THOUGHTS)])


def _model(server: FakeOpenAI, name: str = "gpt-4o"):
    return create_model(f"openai:{name}", base_url=server.base_url, api_key="sk-test",
                        retry=RetryPolicy(max_retries=0, base_s=0.01, cap_s=0.01, jitter=0.0))


async def _judge(run: Path, server: FakeOpenAI, *, threshold: int | None = None, outcome: str | None = None,
                 model: str = "gpt-4o", prompts: str | None = None) -> Stages:
    script = ScriptedWebJudge(run / "t-1", SCORES)
    if outcome is not None:
        script.outcome = outcome
    server.responder = script
    server.requests.clear()
    await judge_run(run, _model(server, model), JudgeSettings(method="webjudge", threshold=threshold, force=True,
                                                              workers=1, prompts=prompts))
    return Stages.of(server, len(SCORES))


def _shot(run: Path, i: int) -> bytes:
    return (run / "t-1" / f"screenshot{i}.png").read_bytes()


async def test_each_stage_is_sent_what_it_may_see(run: Path, server: FakeOpenAI) -> None:
    stages = await _judge(run, server)
    # stage 1: the task alone, no image
    first = texts(stages.key_points)
    assert "Question of t-1?" in first and images(stages.key_points) == []
    assert "Click [" not in first
    # stage 2: one call per screenshot, one image each, with the task and the key points
    assert sorted(images(b)[0] for b in stages.screenshots) == sorted(_shot(run, i) for i in range(1, 6))
    for body in stages.screenshots:
        assert len(images(body)) == 1
        assert "Question of t-1?" in texts(body) and all(k in texts(body) for k in KEY_POINTS)
    # stage 3: the task, the key points, the factual actions and only the screenshots scored >= 3
    last = texts(stages.outcome)
    assert "Question of t-1?" in last and all(k in last for k in KEY_POINTS)
    assert all(f"Click [{i}]" in last for i in range(1, 5))
    assert images(stages.outcome) == [_shot(run, i) for i in (2, 4, 5)]
    # never the final answer nor a thought, in any request of any stage
    for body in [stages.key_points, *stages.screenshots, stages.outcome]:
        sent = json.dumps(body)
        assert "ZEBRA-ANSWER-7731" not in sent and "ANSWER;" not in sent
        assert "MOONLIGHT-THOUGHT" not in sent and "I am sure" not in sent
    # our sampling for an ordinary model: temperature 0, 4,096 tokens
    assert {(b["temperature"], b["max_tokens"]) for b in server.bodies()} == {(0, 4096)}


@pytest.mark.parametrize("threshold,kept", [(None, (2, 4, 5)), (1, (1, 2, 4, 5)), (4, (2, 5)), (5, (5,))])
async def test_threshold_chooses_the_screenshots_of_the_outcome(run: Path, server: FakeOpenAI, threshold: int | None,
                                                                kept: tuple[int, ...]) -> None:
    stages = await _judge(run, server, threshold=threshold)
    assert images(stages.outcome) == [_shot(run, i) for i in kept]
    saved = read_json(run / "t-1" / "judgement.json")
    assert saved["threshold"] == (threshold or 3) and saved["images"] == len(kept)
    shown = [c["screenshots"] for c in saved["stages"] if c["stage"] == "outcome"]
    assert shown == [[f"screenshot{i}.png" for i in kept]]


@pytest.mark.parametrize("reply,verdict", [
    ("All met.\nStatus: success", "SUCCESS"),
    ("Thoughts: the sort was never applied.\nStatus: \"failure\"", "NOT SUCCESS"),
    ("**Thoughts**: fine, though I first doubted the status: success is clear.\n**Status**: **failure**",
     "NOT SUCCESS"),
    ("I think the assistant did it.", None),
])
async def test_the_outcome_status_line_is_the_verdict(run: Path, server: FakeOpenAI, reply: str,
                                                      verdict: str | None) -> None:
    await _judge(run, server, outcome=reply)
    saved = read_json(run / "t-1" / "judgement.json")
    assert saved["verdict"] == verdict and saved["reasoning"] == reply.strip()
    if verdict is None:
        assert "Status" in saved["error"] and saved["success"] is None
    else:
        assert saved["error"] is None


async def test_the_judgement_records_every_stage(run: Path, server: FakeOpenAI) -> None:
    await _judge(run, server)
    raw = (run / "t-1" / "judgement.json").read_text()
    assert "base64" not in raw and len(raw) < 40_000   # screenshots by file name, never their bytes
    saved = read_json(run / "t-1" / "judgement.json")
    assert (saved["method"], saved["model"], saved["key_points"]) == ("webjudge", "openai:gpt-4o", KEY_POINTS)
    assert [c["stage"] for c in saved["stages"]] == ["key_points"] + ["screenshot"] * 5 + ["outcome"]
    first, *scored, last = saved["stages"]
    assert "Question of t-1?" in first["text"] and first["screenshots"] == [] and first["reply"].startswith("Key points")
    assert [(c["screenshots"], c["score"], c["kept"]) for c in scored] == [
        (["screenshot1.png"], 1, False), (["screenshot2.png"], 4, True), (["screenshot3.png"], None, False),
        (["screenshot4.png"], 3, True), (["screenshot5.png"], 5, True)]
    assert scored[2]["reply"] == "I cannot tell."
    assert "Click [1]" in last["text"] and last["reply"].endswith("Status: success") and last["system"]
    assert (run / "t-1" / "judgements" / "webjudge--openai_gpt-4o.json").is_file()
    # the same judge at the same threshold is skipped, at another threshold it judges again
    again = await judge_run(run, _model(server), JudgeSettings(method="webjudge"))
    assert again.skipped == ["t-1"]
    server.responder = ScriptedWebJudge(run / "t-1", SCORES)
    other = await judge_run(run, _model(server), JudgeSettings(method="webjudge", threshold=4))
    assert other.judged == ["t-1"]


def test_judgement_files_from_before_webjudge_still_load(tmp_path: Path) -> None:
    path = tmp_path / "judgement.json"
    path.write_text(json.dumps({"task_id": "a", "method": "keypoints", "protocol": "default", "model": "openai:x",
                                "verdict": "SUCCESS", "requirements": [{"text": "r", "met": True, "reason": ""}]}))
    old = load_judgement(path)
    assert old is not None and old.stages == [] and old.key_points == [] and old.threshold is None
    assert Judgement.from_dict(old.to_dict()) == old


async def test_the_report_task_page_shows_the_stages(run: Path, server: FakeOpenAI) -> None:
    await _judge(run, server)
    html = render_html(run)
    page = html[html.index('id="task-t-1"'):]
    assert all(k in page for k in KEY_POINTS)
    rows = re.findall(r'<a href="t-1/(screenshot\d\.png)">.*?</a></td>\s*<td>(\w+)</td><td class="l \w+">(\w+)</td>',
                      page, re.DOTALL)
    assert rows == [("screenshot1.png", "1", "no"), ("screenshot2.png", "4", "yes"),
                    ("screenshot3.png", "unreadable", "no"), ("screenshot4.png", "3", "yes"),
                    ("screenshot5.png", "5", "yes")]
    assert "kept (score &ge; 3)" in page
    assert "Outcome reply" in page and "Every key point is met.\nStatus: success" in page
    assert "screenshot2.png, screenshot4.png, screenshot5.png" in page
    assert "every request and reply (7 call(s))" in page


async def test_o4_mini_gets_a_reasoning_model_request(run: Path, server: FakeOpenAI) -> None:
    await _judge(run, server, model="o4-mini")
    bodies = server.bodies()
    assert len(bodies) == 7
    for body in bodies:
        assert body["model"] == "o4-mini" and body["max_completion_tokens"] == 4096
        assert "temperature" not in body and "max_tokens" not in body and "seed" not in body


def test_the_cli_judges_with_o4_mini_by_default(run: Path, server: FakeOpenAI) -> None:
    server.responder = ScriptedWebJudge(run / "t-1", SCORES)
    done = runner.invoke(app, ["judge", str(run), "--method", "webjudge", "--threshold", "4",
                               "--base-url", server.base_url], env={"OPENAI_API_KEY": "sk-test"})
    assert done.exit_code == 0, done.output
    assert {b["model"] for b in server.bodies()} == {"o4-mini"}
    assert images(server.bodies()[-1]) == [_shot(run, i) for i in (2, 5)]
    saved = read_json(run / "t-1" / "judgement.json")
    assert (saved["model"], saved["threshold"], saved["verdict"]) == ("openai:o4-mini", 4, "SUCCESS")


@pytest.mark.parametrize("settings,message", [
    (JudgeSettings(method="webjudge", threshold=0), "from 1 to 5"),
    (JudgeSettings(method="webjudge", threshold=6), "got 6"),
    (JudgeSettings(method="keypoints", threshold=3), "--method webjudge"),
    (JudgeSettings(method="webjudge", images="all"), "drop --images"),
    (JudgeSettings(method="webjudge", protocol="paper"), "drop --protocol paper"),
])
def test_webjudge_options_are_checked(settings: JudgeSettings, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        settings.validate()


def test_cli_refuses_a_bad_threshold_and_a_method_without_a_default_model(run: Path) -> None:
    done = runner.invoke(app, ["judge", str(run), "--method", "webjudge", "--threshold", "9"])
    assert done.exit_code == 2 and "--threshold must be a score from 1 to 5" in done.output
    done = runner.invoke(app, ["judge", str(run), "--method", "keypoints"])
    assert done.exit_code == 2 and "has no default judge model" in done.output


async def test_a_trajectory_without_actions_or_screenshots_fails_without_a_call(tmp_path: Path,
                                                                              server: FakeOpenAI) -> None:
    run = make_run(tmp_path / "run", [FakeTask("empty", status="error", answer=None, steps=0)])
    await judge_run(run, _model(server), JudgeSettings(method="webjudge"))
    saved = load_judgement(TaskDir(run / "empty").judgement)
    assert saved is not None and saved.verdict == "NOT SUCCESS" and saved.model_called is False
    assert server.requests == []


async def test_a_trajectory_without_an_answer_is_still_judged(tmp_path: Path, server: FakeOpenAI) -> None:
    # the answer is never an input of webjudge, so a step-limit run is judged on what it did
    run = make_run(tmp_path / "run", [FakeTask("lim", status="step_limit", answer=None, steps=2)])
    server.responder = ScriptedWebJudge(run / "lim", {"screenshot1.png": 3, "screenshot2.png": 2})
    await judge_run(run, _model(server), JudgeSettings(method="webjudge"))
    stages = Stages.of(server, 2)
    assert images(stages.outcome) == [(run / "lim" / "screenshot1.png").read_bytes()]
    assert "Click [1]" in texts(stages.outcome) and "Click [2]" in texts(stages.outcome)
    assert read_json(run / "lim" / "judgement.json")["verdict"] == "SUCCESS"
