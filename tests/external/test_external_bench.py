"""`bench SUITE --agent cmd:"COMMAND"` end to end: a tiny CSS-driving agent in its own process solves
sandbox tasks over CDP, the tasks' checks judge it on the real final page, its folders read like our
own agents' (report, judge), and a crashing, a junk-printing and a hanging agent each end as their own
task's error while the rest of the bench completes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from typer.testing import CliRunner

from tests.models.fake_providers import FakeOpenAI
from webvoyager.cli import app

pytestmark = pytest.mark.browser

AGENT = Path(__file__).parent / "agents" / "css_agent.py"
SOLVED = ("dictionary--1", "dictionary--12")
BROKEN = ("dictionary--2", "dictionary--3")   # crashes; prints junk


def result(run: Path, task_id: str) -> dict:
    return json.loads((run / task_id / "result.json").read_text())


@pytest.mark.slow
def test_bench_with_an_external_agent_checks_its_tasks_and_contains_its_failures(tmp_path: Path) -> None:
    run = tmp_path / "run"
    ids = [arg for task_id in (*SOLVED, *BROKEN) for arg in ("--id", task_id)]
    res = CliRunner().invoke(app, ["bench", "sandbox", "--agent", f"cmd:{sys.executable} {AGENT}", *ids,
                                   "--workers", "2", "--agent-timeout", "90", "--out", str(run)])
    assert res.exit_code == 0, res.output

    wander = result(run, "dictionary--1")
    assert wander["status"] == "answered" and wander["success"] is True
    assert wander["answer"] == "'wander' is a verb, CEFR level B1"   # read off the entry by CSS
    assert wander["policy"] == "external" and wander["model"] == f"cmd:{sys.executable} {AGENT}"
    browse = result(run, "dictionary--12")
    assert browse["success"] is True and browse["final_url"].endswith("/browse/v")   # a state check on the page

    record = json.loads((run / "dictionary--12" / "external.json").read_text())
    assert [urlsplit(u).path for u in record["urls"]] == ["/grammar", "/browse/a", "/browse/v"]
    assert record["agent_steps"] == [{"thought": "browse", "action": "click /browse/v"}]
    steps = json.loads((run / "dictionary--12" / "trajectory.json").read_text())["steps"]
    assert steps[0]["notes"] == ["the start page"] and steps[-1]["notes"] == ["the final page"]
    assert steps[-1]["action_data"] == {"kind": "answer", "text": browse["answer"]}
    assert all((run / "dictionary--12" / s["screenshot"]).is_file() for s in steps)

    crash = result(run, "dictionary--2")
    assert crash["status"] == "error" and crash["success"] is False
    assert "exited with status 1" in crash["error"] and "boom: the agent crashed on purpose" in crash["error"]
    junk = result(run, "dictionary--3")
    assert junk["status"] == "error" and "holds no JSON object" in junk["error"]
    assert "this is not JSON" in junk["error"]
    summary = json.loads((run / "summary.json").read_text())
    assert summary["overall"]["tasks"] == 4 and summary["overall"]["success"]["success"] == 2

    # the folders are our agents' folders: the report shows them, a judge reads their screenshots
    res = CliRunner().invoke(app, ["report", str(run)])
    assert res.exit_code == 0, res.output
    with FakeOpenAI() as server:
        server.queue("Verdict: SUCCESS", "Verdict: SUCCESS")
        res = CliRunner().invoke(app, ["judge", str(run), "--model", "openai:gpt-4o", "--base-url", server.base_url,
                                       "--images", "2", "--workers", "1"], env={"OPENAI_API_KEY": "sk-test"})
        assert res.exit_code == 0, res.output
        sent = [r.body for r in server.requests]
    assert len(sent) == 2   # the two answered tasks; the failed ones have no answer to judge
    assert all(sum(p.get("type") == "image_url" for m in b["messages"] if isinstance(m["content"], list)
                   for p in m["content"]) == 2 for b in sent)
    assert json.loads((run / "dictionary--1" / "judgement.json").read_text())["verdict"] == "SUCCESS"


def test_agent_and_model_options_exclude_each_other(tmp_path: Path) -> None:
    both = CliRunner().invoke(app, ["bench", "sandbox", "--agent", "cmd:true", "--model", "reference",
                                    "--out", str(tmp_path / "a")])
    assert both.exit_code == 2 and "not both" in both.output
    remote = CliRunner().invoke(app, ["bench", "sandbox", "--agent", "cmd:true", "--browser-endpoint",
                                      "http://127.0.0.1:9222", "--out", str(tmp_path / "b")])
    assert remote.exit_code == 2 and "--browser-endpoint" in remote.output
    bare = CliRunner().invoke(app, ["bench", "sandbox", "--agent", "python agent.py", "--out", str(tmp_path / "c")])
    assert bare.exit_code == 2 and 'cmd:"COMMAND"' in bare.output
