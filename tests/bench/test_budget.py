"""`bench --max-tokens / --max-cost` through the real CLI on the sandbox (issue 28, "Budgets"): a scripted model
whose every reply has a known usage answers each task in one call; the bench stops starting tasks once the
run's recorded spend reaches the limit, its books and summary.json show the tasks not run, and `--resume`
with a higher and then no limit runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.runs.budget import Budget
from webvoyager.runs.store import RunStore
from webvoyager.usage import Usage

IDS = [f"flights--{n}" for n in range(1, 6)]
REPLY_USAGE = {"input_tokens": 1000, "output_tokens": 50, "cost_usd": 0.01}   # every call: 1,050 tokens, $0.01


def _script(tmp_path: Path) -> Path:
    """A reply per task that answers at once with a known usage."""
    script = tmp_path / "replies.jsonl"
    line = json.dumps({"reply": "Thought: done.\nAction: ANSWER; 42", "usage": REPLY_USAGE})
    script.write_text("\n".join([line] * len(IDS)) + "\n", encoding="utf-8")
    return script


def _bench(script: Path, out: Path, *extra: str, workers: int = 1) -> str:
    args = ["bench", "sandbox", "--model", f"scripted:{script}", "--out", str(out), "--workers", str(workers)]
    for task_id in IDS:
        args += ["--id", task_id]
    res = CliRunner().invoke(app, [*args, *extra], env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    return " ".join(res.output.split())


def _books(out: Path) -> dict[str, tuple[str, str | None]]:
    with RunStore(out) as store:
        return {row.key: (row.state, row.not_run) for row in store.rows()}


def _report_shows_not_run(out: Path, not_run: list[str], reason: str) -> None:
    """`webvoyager report` names the tasks the budget left, why, and how to run them; the CSV says so too."""
    import csv
    import html
    import re

    res = CliRunner().invoke(app, ["report", str(out)], env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    page = (out / "report.html").read_text()
    paragraph = page.split('id="not-run"', 1)[1].split("</p>", 1)[0]
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", paragraph)).split())
    assert said.startswith(f"> {len(not_run)} task(s) not run : the budget was reached ({reason})"), said
    assert said.endswith(", ".join(not_run)) and "--resume" in said
    assert page.count("Not run (budget): the bench did not start it") == len(not_run)
    rows = {row["task_id"]: row["status"] for row in csv.DictReader((out / "report.csv").open())}
    assert [t for t, status in rows.items() if status == "not run (budget)"] == not_run


@pytest.mark.browser
@pytest.mark.slow
def test_budget_stops_the_bench_and_resume_runs_the_rest(tmp_path: Path) -> None:
    script, out = _script(tmp_path), tmp_path / "run"

    shown = _bench(script, out, "--max-tokens", "2100")    # reached after the second task's 2,100 tokens
    assert _books(out) == {**{t: ("done", None) for t in IDS[:2]}, **{t: ("pending", "budget") for t in IDS[2:]}}
    assert not (out / IDS[2]).exists()
    assert "Budget reached: spent 2,100 tokens of --max-tokens 2,100; 3 task(s) not run (budget)" in shown
    assert ", ".join(IDS[2:]) in shown and "--resume" in shown and "2 task(s) run" in shown
    summary = json.loads((out / "summary.json").read_text())
    assert summary["not_run"] == {"count": 3, "tasks": {t: "budget" for t in IDS[2:]}}
    assert summary["budget"] == {"max_cost_usd": None, "max_tokens": 2100, "spent_cost_usd": pytest.approx(0.02),
                                 "spent_tokens": 2100, "stopped": True, "not_run": 3,
                                 "reason": "spent 2,100 tokens of --max-tokens 2,100"}
    _report_shows_not_run(out, IDS[2:], "spent 2,100 tokens of --max-tokens 2,100")

    # the spend counts the earlier invocation's tasks: $0.02 + one more task reaches $0.03 >= $0.025
    shown = _bench(script, out, "--resume", "--max-cost", "0.025")
    assert _books(out) == {**{t: ("done", None) for t in IDS[:3]}, **{t: ("pending", "budget") for t in IDS[3:]}}
    assert "spent $0.0300 of --max-cost $0.025; 2 task(s) not run (budget)" in shown and "1 task(s) run" in shown

    shown = _bench(script, out, "--resume")
    assert _books(out) == {t: ("done", None) for t in IDS}
    assert "Budget" not in shown and "2 task(s) run" in shown
    summary = json.loads((out / "summary.json").read_text())
    assert summary["not_run"] == {"count": 0, "tasks": {}} and summary["budget"] is None
    assert summary["overall"]["usage"]["total_tokens"] == 5 * 1050
    with RunStore(out) as store:   # no task ran twice
        assert all(store.finished_attempts(t) == 1 for t in IDS)


@pytest.mark.browser
@pytest.mark.slow
def test_tasks_running_when_the_budget_is_reached_finish(tmp_path: Path) -> None:
    # two workers take a task each before either has spent anything; the first to finish reaches the
    # limit, the other still runs to its end, and the rest are not started
    out = tmp_path / "run"
    shown = _bench(_script(tmp_path), out, "--max-tokens", "1", workers=2)
    assert _books(out) == {**{t: ("done", None) for t in IDS[:2]}, **{t: ("pending", "budget") for t in IDS[2:]}}
    assert all(json.loads((out / t / "result.json").read_text())["status"] == "answered" for t in IDS[:2])
    assert "spent 2,100 tokens of --max-tokens 1; 3 task(s) not run (budget)" in shown


def test_bad_limits_are_refused_with_what_to_give(tmp_path: Path) -> None:
    for args, needle in ((["--max-cost", "-1"], "--max-cost must be a positive number of US dollars"),
                         (["--max-cost", "nan"], "--max-cost must be a positive number"),
                         (["--max-tokens", "0"], "--max-tokens must be a positive whole number"),
                         (["--max-cost", "five"], "--max-cost"), (["--max-tokens", "1.5"], "--max-tokens")):
        res = CliRunner().invoke(app, ["bench", "sandbox", "--model", "reference", "--out", str(tmp_path / "r"),
                                       *args])
        assert res.exit_code == 2 and needle in " ".join(res.output.split()), res.output
    assert not (tmp_path / "r").exists()


def test_a_budget_is_reached_at_its_limit_and_an_unpriced_cost_cannot_be_kept() -> None:
    budget = Budget(max_cost_usd=0.05, max_tokens=10_000).validate()
    assert budget.reached(Usage(4000, 100, 0.049, calls=3)) is None
    assert budget.reached(Usage(4000, 100, 0.05, calls=3)) == "spent $0.0500 of --max-cost $0.05"
    assert budget.reached(Usage(9000, 1000, 0.01, calls=3)) == "spent 10,000 tokens of --max-tokens 10,000"
    assert "WEBVOYAGER_PRICES" in (budget.reached(Usage(10, 1, None, calls=1)) or "")
    assert Budget(max_tokens=5).reached(Usage(10, 1, None, calls=1)) == "spent 11 tokens of --max-tokens 5"
    with pytest.raises(ConfigError, match="positive"):
        Budget(max_cost_usd=float("inf")).validate()
