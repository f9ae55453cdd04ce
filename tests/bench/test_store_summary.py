"""Run store (SQLite bookkeeping) and summary.json numbers."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from webvoyager.runs.records import load_records
from webvoyager.runs.store import RunStore
from webvoyager.runs.summary import Summary, write_summary
from webvoyager.runs.judgements import NOT_SUCCESS, SUCCESS, Judgement
from webvoyager.trajectory import TaskDir
from webvoyager.usage import Usage

from tests.bench.fakerun import FakeTask, make_run, read_json


def test_store_lifecycle_and_resume(tmp_path: Path) -> None:
    with RunStore(tmp_path) as store:
        store.add_tasks([("a", "a", "s1"), ("b", "b", "s1"), ("c", "c", "s2")])
        assert store.start("a") == 1
        store.finish("a", "answered", True)
        store.start("b")          # killed while running
    with RunStore(tmp_path) as store:
        assert store.counts() == {"pending": 1, "running": 1, "done": 1}
        store.add_tasks([("a", "a", "s1"), ("d", "d", "s2")])   # re-adding keeps state
        assert store.reset_interrupted() == ["b"]
        assert store.get("a").state == "done" and store.get("a").success is True
        assert store.get("b").state == "pending" and store.get("b").attempts == 1
        assert store.start("b") == 2
        store.finish("b", "error", None)
        assert store.finished_attempts("b") == 1 and store.finished_attempts("a") == 1
        assert [r.task_id for r in store.rows()] == ["a", "b", "c", "d"]
    db = sqlite3.connect(tmp_path / "runs.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT status FROM attempts WHERE task_id='b' ORDER BY attempt").fetchall() == [
        ("interrupted",), ("error",)]


def _judge(run_dir: Path, task_id: str, verdict: str | None) -> None:
    Judgement(task_id=task_id, method="webvoyager", model="openai:judge", verdict=verdict,
              usage=Usage(50, 5, 0.002, 1)).save(TaskDir(run_dir / task_id).judgement)


def test_summary_numbers(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", [
        FakeTask("s-1", site="shop", success=True, steps=2),
        FakeTask("s-2", site="shop", success=False, steps=4, answer="no"),
        FakeTask("s-3", site="shop", status="step_limit", answer=None, steps=6, success=False),
        FakeTask("w-1", site="wiki", golden="Paris", answer="It is Paris.", steps=3),
        FakeTask("w-2", site="wiki", golden="Rome", answer="Milan", steps=3),
        FakeTask("w-3", site="wiki", status="error", answer=None, steps=1, usage=Usage(10, 0, None, 1)),
    ])
    _judge(run, "w-1", SUCCESS)
    _judge(run, "w-2", NOT_SUCCESS)
    _judge(run, "w-3", None)  # unparseable judge reply: not a verdict
    summary = write_summary(run, run_wall_s=12.5).to_dict()
    assert read_json(run / "summary.json") == summary
    assert Summary.from_dict(summary).to_dict() == summary  # read back whole
    shop, wiki, overall = summary["sites"]["shop"], summary["sites"]["wiki"], summary["overall"]
    assert shop["tasks"] == 3 and shop["answered"] == 2
    assert shop["by_signal"]["checked"] == {"tasks": 3, "success": 1, "rate": pytest.approx(1 / 3)}
    assert shop["stop_reasons"] == {"answered": 2, "step_limit": 1}
    assert shop["mean_steps"] == pytest.approx(4.0)
    assert wiki["by_signal"]["judged"] == {"tasks": 2, "success": 1, "rate": 0.5}
    assert wiki["by_signal"]["golden"] == {"tasks": 2, "success": 1, "rate": 0.5}
    assert wiki["success"]["success"] == 1 and wiki["success"]["tasks"] == 3
    assert overall["tasks"] == 6 and overall["success"]["success"] == 2
    assert overall["tokens"] == {"input": 510, "output": 50, "total": 560}
    assert overall["cost_usd"] == pytest.approx(0.05)
    assert overall["task_wall_s"] == pytest.approx(12.0)
    assert summary["run_wall_s"] == 12.5
    assert summary["judges"] == {"webvoyager / openai:judge": 3}
    # recomputing keeps the recorded run wall time
    assert write_summary(run).run_wall_s == 12.5


def test_records_include_unfinished_and_plain_run_folders(tmp_path: Path) -> None:
    run = make_run(tmp_path / "run", [FakeTask("a")])
    with RunStore(run) as store:
        store.add_tasks([("b", "b", "shop")])
    recs = load_records(run)
    assert [(r.task_id, r.state, r.result is None) for r in recs] == [("a", "done", False), ("b", "pending", True)]
    plain = make_run(tmp_path / "plain", [FakeTask("x")], store=False)
    assert [r.task_id for r in load_records(plain)] == ["x"]


def test_runner_records_golden_and_redated_question(tmp_path: Path) -> None:
    from datetime import date

    from webvoyager.bench.redate import redate_task
    from webvoyager.agent.redact import Redactor
    from webvoyager.bench.attempt import finalize as _finalize
    from webvoyager.tasks import Task
    from webvoyager.trajectory import Result

    task = redate_task(Task(id="Booking--5", question="Bali from Jan 1 to Jan 4, 2024.", start_url="https://b.test/",
                            site="Booking", golden_answer="Hotel Sunny"), date(2026, 11, 30))
    result = Result(task_id=task.id, question=task.question, start_url=task.start_url, status="answered",
                    answer="The cheapest is hotel sunny, $40")
    _finalize(task, result, tmp_path / "Booking--5", attempt=2, redactor=Redactor())
    saved = read_json(tmp_path / "Booking--5" / "result.json")
    assert (saved["golden_answer"], saved["golden_match"], saved["attempt"]) == ("Hotel Sunny", True, 2)
    assert saved["original_question"] == "Bali from Jan 1 to Jan 4, 2024."
    assert saved["question"] == "Bali from Jan 1 to Jan 4, 2027." and saved["site"] == "Booking"


async def test_a_browser_that_cannot_start_is_one_clear_error(tmp_path: Path) -> None:
    from webvoyager.api.settings import RunSettings
    from webvoyager.bench.runner import BenchOptions, run_bench
    from webvoyager.browser.types import BrowserConfig
    from webvoyager.errors import BrowserError
    from webvoyager.tasks import Task

    tasks = [Task(id=f"t{i}", question="q", start_url="http://127.0.0.1:9/") for i in range(3)]
    model = type("Never", (), {"spec": "never", "complete": None})()
    with pytest.raises(BrowserError):
        await run_bench(tasks, model=model, settings=RunSettings(), run_dir=tmp_path / "run",  # type: ignore[arg-type]
                        options=BenchOptions(workers=2),
                        browser_config=BrowserConfig(executable_path=str(tmp_path / "no-chromium")))
    with RunStore(tmp_path / "run") as store:
        assert [r.state for r in store.rows()] == ["pending"] * 3   # nothing marked as run
    assert not list((tmp_path / "run").glob("t*/result.json"))
