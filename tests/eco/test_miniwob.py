"""`webvoyager bench miniwob`: MiniWoB++ pages served locally, run by our agent through the real OpenAI
SDK (a local fake server whose replies come from tests/eco/miniwob_rules.py, which reads the element
list the agent sends); the reward is the page's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.eco import miniwob_rules
from tests.models.fake_providers import FakeOpenAI
from webvoyager.bench.miniwob import MiniwobServer, miniwob_tasks, parse_task_list, task_names
from webvoyager.cli import app
from webvoyager.errors import ConfigError

pytest.importorskip("miniwob.reward")  # the `miniwob` extra ships the task pages

runner = CliRunner()
TASKS = "click-button,click-checkboxes,enter-text,login-user"


def _bench(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, correct: bool, tasks: str = TASKS,
           episodes: int = 2, first_seed: int = 7, max_steps: int = 8) -> tuple:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    out = tmp_path / ("right" if correct else "wrong")
    with FakeOpenAI(responder=lambda req: miniwob_rules.respond(req.body, correct=correct)) as server:
        res = runner.invoke(app, ["bench", "miniwob", "--tasks", tasks, "--episodes", str(episodes),
                                  "--first-seed", str(first_seed), "--model", "openai:gpt-4o",
                                  "--base-url", server.base_url, "--out", str(out), "--max-steps", str(max_steps),
                                  "--workers", "2"])
        questions = [miniwob_rules.TASK.search(miniwob_rules._texts(
            next(m for m in r.body["messages"] if m["role"] == "user"))).group(1) for r in server.requests]
    assert res.exit_code == 0, res.output
    return res, out, questions


def _results(out: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in out.glob("*/result.json")}


@pytest.mark.browser
@pytest.mark.slow
def test_correct_and_wrong_scripts_get_the_pages_rewards(tmp_path, monkeypatch) -> None:
    res, out, questions = _bench(tmp_path, monkeypatch, correct=True)
    results = _results(out)
    assert sorted(results) == sorted(f"{t}--{s}" for t in TASKS.split(",") for s in (7, 8))
    for name, r in results.items():
        assert r["status"] == "done" and r["reward"] == 1.0 and r["success"] is True, (name, r)
        assert r["question"] != "" and "MiniWoB++ page gives" not in r["question"]
        last = json.loads((out / name / "trajectory.json").read_text())["steps"][-1]
        assert last["outcome_notes"][-1].startswith("The page ended the episode: reward 1")
    # The model was asked the pages' own utterances, e.g. 'Click on the "..." button.'
    assert any(q.startswith("Click on the") for q in questions) and any(q.startswith("Select ") for q in questions)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["mean_reward"] == 1.0 and summary["overall"]["success"]["success"] == 8
    assert set(summary["sites"]) == set(TASKS.split(","))
    assert all(s["tasks"] == 2 and s["mean_reward"] == 1.0 for s in summary["sites"].values())
    table = " ".join(res.output.split())
    assert "mean reward" in table and "click-checkboxes │ 2 │ 1.000 │ 100.0% (2/2)" in table
    run = json.loads((out / "run.json").read_text())
    assert run["suite"] == "miniwob" and run["miniwob"]["first_seed"] == 7 and run["miniwob"]["episodes"] == 2

    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<th>mean reward</th>" in html and '<td class="reward">1.000</td>' in html

    # The same seed gives the same page: a second run of one episode gets the same question.
    _, again_dir, _ = _bench(tmp_path / "again", monkeypatch, correct=True, tasks="click-checkboxes", episodes=1,
                             first_seed=8)
    again = _results(again_dir)
    assert again["click-checkboxes--8"]["question"] == results["click-checkboxes--8"]["question"]
    assert results["click-checkboxes--7"]["question"] != results["click-checkboxes--8"]["question"]


@pytest.mark.browser
@pytest.mark.slow
def test_wrong_scripts_get_no_reward(tmp_path, monkeypatch) -> None:
    _, out, _ = _bench(tmp_path, monkeypatch, correct=False, episodes=1)
    results = _results(out)
    assert len(results) == 4
    for name, r in results.items():
        assert r["reward"] is not None and r["reward"] <= 0 and r["success"] is False, (name, r)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["success"]["success"] == 0 and summary["overall"]["mean_reward"] <= 0

    # Stopped before the page says done (typed the right text, never submitted): reward 0, not done.
    _, out, _ = _bench(tmp_path / "short", monkeypatch, correct=True, tasks="enter-text", episodes=1, max_steps=1)
    result = _results(out)["enter-text--7"]
    assert result["status"] == "step_limit" and result["reward"] == 0.0 and result["success"] is False


def test_task_list_and_seeds() -> None:
    names = task_names()
    assert "click-button" in names and len(names) > 100
    assert parse_task_list("enter-text, click-button", names) == ["enter-text", "click-button"]
    with pytest.raises(ConfigError, match="unknown MiniWoB\\+\\+ task"):
        parse_task_list("click-buton", names)
    with MiniwobServer() as server:
        tasks = miniwob_tasks(server, ["click-button"], episodes=3, first_seed=5)
    assert [t.id for t in tasks] == ["click-button--5", "click-button--6", "click-button--7"]
    assert [t.extra["miniwob_seed"] for t in tasks] == [5, 6, 7]
    assert tasks[0].start_url.endswith("/miniwob/click-button.html") and tasks[0].site == "click-button"
