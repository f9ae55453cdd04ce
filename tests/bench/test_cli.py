"""The bench/judge/report commands through the real CLI (Typer's runner, in-process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.models.fake_providers import FakeOpenAI
from webvoyager.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_judge_report_and_agreement_commands(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", [FakeTask("a", steps=3), FakeTask("b", steps=2),
                                      FakeTask("c", status="step_limit", answer=None)])
    with FakeOpenAI() as server:
        server.queue("Verdict: SUCCESS", "Verdict: NOT SUCCESS")
        res = runner.invoke(app, ["judge", str(run), "--model", "openai:gpt-4o", "--base-url", server.base_url,
                                  "--images", "2", "--workers", "1"])
        assert res.exit_code == 0, res.output
        assert len(server.requests) == 2  # c never answered: no call
        assert all(len([p for m in r.body["messages"] if isinstance(m["content"], list) for p in m["content"]
                        if p.get("type") == "image_url"]) == 2 for r in server.requests)
    assert read_json(run / "a" / "judgement.json")["verdict"] == "SUCCESS"
    assert read_json(run / "summary.json")["overall"]["by_signal"]["judged"] == {"tasks": 3, "success": 1,
                                                                                 "rate": pytest.approx(1 / 3)}
    labels = tmp_path / "labels.csv"
    labels.write_text("task_id,label\na,1\nb,1\nc,0\n")
    out_csv = tmp_path / "agreement.csv"
    res = runner.invoke(app, ["judge", "agreement", str(labels), "--run", str(run), "--csv", str(out_csv)])
    assert res.exit_code == 0, res.output
    rows = out_csv.read_text().splitlines()
    # labels 1,1,0 vs judge 1,0,0: agreement 2/3; pa1 = 2/3, pb1 = 1/3, pe = 4/9, kappa = (2/3 - 4/9)/(5/9) = 0.4
    assert rows[1].split(",")[:4] == ["labels vs run", "3", "66.7%", "0.400"]
    res = runner.invoke(app, ["report", str(run)])
    assert res.exit_code == 0 and (run / "report.html").is_file() and (run / "report.csv").is_file()


def test_friendly_errors(tmp_path: Path) -> None:
    res = runner.invoke(app, ["judge", str(tmp_path), "--model", "openai:gpt-4o"])
    assert res.exit_code == 2 and "OPENAI_API_KEY" in res.output
    res = runner.invoke(app, ["judge", str(tmp_path), "--model", "scripted:x", "--images", "some"])
    assert res.exit_code == 2 and "'all'" in res.output
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--resume"])
    assert res.exit_code == 2 and "--out" in res.output
    res = runner.invoke(app, ["bench", "nope", "--model", "reference", "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "unknown suite" in res.output
    res = runner.invoke(app, ["judge", "agreement", str(tmp_path / "missing.csv"), "--run", str(tmp_path)])
    assert res.exit_code == 2
    res = runner.invoke(app, ["judge", str(tmp_path), "--model", "scripted:x", "--protocol", "keypoints"])
    assert res.exit_code == 2 and "--method keypoints" in res.output      # the judging method moved to --method
    res = runner.invoke(app, ["judge", str(tmp_path), "--model", "scripted:x", "--protocol", "paper", "--images", "3"])
    assert res.exit_code == 2 and "whole trajectory" in res.output


def test_sandbox_suite_binds_the_port(sandbox) -> None:
    from webvoyager.bench.suites import load_suite

    tasks = load_suite("sandbox", port=sandbox.port, sites=["hotels"])
    assert tasks and all(f":{sandbox.port}/" in t.start_url for t in tasks)
    assert all(t.checkable for t in tasks)


@pytest.mark.browser
@pytest.mark.slow
def test_bench_runs_the_seeact_policy_with_the_chosen_grounding(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["bench", "sandbox", "--model", "reference", "--policy", "seeact",
                                   "--grounding", "som", "--id", "recipes--1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    settings = json.loads((out / "run.json").read_text())["settings"]
    assert (settings["policy"], settings["grounding"]) == ("seeact", "som")
    result = json.loads((out / "recipes--1" / "result.json").read_text())
    assert result["status"] == "answered" and result["success"] is True and result["policy"] == "seeact"
    steps = json.loads((out / "recipes--1" / "trajectory.json").read_text())["steps"]
    assert steps[0]["policy_data"]["seeact"]["grounding"] == "som"


@pytest.mark.browser
@pytest.mark.slow
def test_bench_paper_protocol_end_to_end_is_recorded_everywhere(tmp_path: Path) -> None:
    """`--protocol paper` on the sandbox with the reference model: the protocol is in run.json,
    summary.json and the report; the paper has no per-task timeout."""
    prompt = tmp_path / "system.txt"
    prompt.write_text("Imagine you are a robot browsing the web. Click [N], Type [N]; [text], ANSWER; [text].\n")
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["bench", "sandbox", "--model", "reference", "--protocol", "paper",
                                   "--id", "recipes--1", "--system-prompt", str(prompt), "--out", str(out)])
    assert res.exit_code == 0, res.output
    run = json.loads((out / "run.json").read_text())
    assert run["settings"]["protocol"] == "paper" and run["task_timeout_s"] is None
    assert run["settings"]["system_prompt"] == str(prompt) and run["settings"]["loop_guard"] is False
    assert json.loads((out / "summary.json").read_text())["protocol"] == "paper"
    result = json.loads((out / "recipes--1" / "result.json").read_text())
    assert result["status"] == "answered" and result["success"] is True
    log = json.loads((out / "recipes--1" / "interact_messages.json").read_text())
    assert log[0]["content"] == prompt.read_text().strip()              # the user's prompt, as is
    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    assert '<b id="protocol">paper</b>' in (out / "report.html").read_text()


def test_paper_protocol_refuses_settings_it_fixes(tmp_path: Path) -> None:
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--protocol", "paper", "--max-steps", "20",
                              "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "paper protocol fixes max_steps=20" in " ".join(res.output.split())
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--protocol", "paper",
                              "--task-timeout", "60", "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "no per-task timeout" in res.output
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--protocol", "papers",
                              "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "unknown protocol 'papers'" in res.output
