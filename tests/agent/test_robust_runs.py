"""Hostile pages end their task with a clear status and whole files, in `run` and beside a normal task in
`bench` (issue 22, items 1 and 2). The probes are tests/pages/robust, served by tests/probe_server.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import pytest
from typer.testing import CliRunner

from tests.scripted import scripted_spec
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.browser.types import BrowserConfig
from webvoyager.cli import app
from webvoyager.models.base import Completion, Message
from webvoyager.tasks import Task
from webvoyager.tasks.answers import TextCheck
from webvoyager.tasks.model import TaskChecks

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TASK_FILES = ("result.json", "trajectory.json", "interact_messages.json")


def _whole(folder: Path) -> dict:
    """The task's files all parse (none cut short); returns result.json."""
    for name in TASK_FILES:
        json.loads((folder / name).read_text(encoding="utf-8"))
    return json.loads((folder / "result.json").read_text(encoding="utf-8"))


def test_run_has_the_bench_task_timeout_by_default(probe_url, tmp_path) -> None:
    spec = scripted_spec(tmp_path / "s.jsonl", ["Thought: it says 42.\nAction: ANSWER; 42"])
    res = CliRunner().invoke(app, ["run", "What is the answer?", "--url", f"{probe_url}/robust/control.html",
                                   "--model", spec, "--out", str(tmp_path / "run")])
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "run" / "run.json").read_text())["task_timeout_s"] == 600.0


def test_run_ends_at_its_task_timeout_with_whole_files(probe_url, tmp_path) -> None:
    # The endless download holds the click until its own 30 s limit; the task limit comes first.
    spec = scripted_spec(tmp_path / "s.jsonl", ["Thought: get it.\nAction: Click [0]",
                                                "Thought: done.\nAction: ANSWER; done"])
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", "Download the data file", "--url", f"{probe_url}/robust/endless_download.html",
                                   "--model", spec, "--out", str(out), "--task-timeout", "4"])
    assert res.exit_code == 1, res.output
    assert "timeout" in res.output
    result = _whole(out / "task")
    assert result["status"] == "timeout" and "--task-timeout of 4 s" in result["error"]
    assert json.loads((out / "run.json").read_text())["task_timeout_s"] == 4.0


class ByQuestion:
    """A model double: a fixed list of replies per task question, in order."""

    spec = "by-question"

    def __init__(self, replies: dict[str, list[str]]) -> None:
        self.replies = {q: list(r) for q, r in replies.items()}

    async def complete(self, messages: Sequence[Message], **kwargs: object) -> Completion:
        text = "\n".join(m.text_content for m in messages)
        question = next(q for q in self.replies if q in text)
        return Completion(self.replies[question].pop(0))


async def test_a_bench_of_probes_finishes_the_normal_task(probe_url, tmp_path) -> None:
    probes = {   # task id -> (page, question, replies)
        "dialog-loop": ("dialog_loop.html", "Greet the page", []),
        "heap": ("heap.html", "Load it all", []),
        "download": ("endless_download.html", "Fetch the data", ["Thought: get it.\nAction: Click [0]",
                                                          "Thought: no file.\nAction: ANSWER; none"]),
        "churn": ("churn.html", "Show the details", ["Thought: open.\nAction: Click [1]",
                                                      "Thought: shown.\nAction: ANSWER; shown"]),
        "spam": ("dialog_spam.html", "Show more offers", ["Thought: more.\nAction: Click [0]",
                                                          "Thought: shown.\nAction: ANSWER; shown"]),
        "control": ("control.html", "What is the answer?", ["Thought: it says 42.\nAction: ANSWER; 42"]),
    }
    tasks = [Task(id=tid, question=q, start_url=f"{probe_url}/robust/{page}",
                  checks=TaskChecks(answer=[TextCheck(type="text", expect=["42"])]) if tid == "control" else None)
             for tid, (page, q, _) in probes.items()]
    model = ByQuestion({q: replies for _, q, replies in probes.values()})
    config = BrowserConfig(response_timeout_s=3.0, download_timeout_s=2.0,
                           extra_args=("--js-flags=--max-old-space-size=64",))   # the heap probe crashes soon
    run = tmp_path / "bench"
    await run_bench(tasks, model=model, settings=RunSettings(), run_dir=run,  # type: ignore[arg-type]
                    options=BenchOptions(workers=1, task_timeout_s=120), browser_config=config)
    results = {tid: _whole(run / tid) for tid in probes}
    assert results["control"]["status"] == "answered" and results["control"]["success"] is True
    assert results["dialog-loop"]["status"] == "error"
    assert "did not answer within 3 s" in results["dialog-loop"]["error"]
    assert "JavaScript dialogs" in results["dialog-loop"]["error"]
    assert results["heap"]["status"] == "error" and results["heap"]["error"].startswith("the page crashed")
    assert {tid: results[tid]["status"] for tid in ("download", "churn", "spam")} == dict.fromkeys(
        ("download", "churn", "spam"), "answered")
    steps = json.loads((run / "download" / "trajectory.json").read_text())
    steps = steps["steps"] if isinstance(steps, dict) else steps
    assert any("did not finish within 2 s; it was cancelled" in n for s in steps for n in s["outcome_notes"])
