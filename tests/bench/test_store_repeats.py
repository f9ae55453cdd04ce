"""The store's rows per repeat (keys `id`, `id@2`, ...), a store from before repeats, and the estimates of
records with repeats, infrastructure failures and over-claims, by value (runs/estimates.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from webvoyager.runs.estimates import estimate_run
from webvoyager.runs.records import TaskRecord
from webvoyager.runs.store import RunStore
from webvoyager.trajectory import Result, attempt_dirname, run_key


def test_each_repeat_has_its_own_row_and_folder(tmp_path: Path) -> None:
    with RunStore(tmp_path) as store:
        for k in (1, 2, 3):
            store.add_tasks([("a", attempt_dirname("a", k), "s")], repeat=k)
        store.start("a@2")
        store.finish("a@2", "answered", True)
        rows = store.rows()
    assert [(r.task_id, r.key, r.repeat, r.dirname, r.state) for r in rows] == [
        ("a", "a", 1, "a", "pending"), ("a", "a@2", 2, "a@2", "done"), ("a", "a@3", 3, "a@3", "pending")]
    assert run_key("x@y", 2) == "x@y@2" and attempt_dirname("x@y", 2) == "x_y@2"


def test_a_store_from_before_repeats_opens_with_every_row_its_first_attempt(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "runs.sqlite")
    db.executescript("CREATE TABLE tasks (task_id TEXT PRIMARY KEY, dirname TEXT NOT NULL, site TEXT NOT NULL "
                     "DEFAULT '', state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, status TEXT, "
                     "success INTEGER, updated_at TEXT NOT NULL);"
                     "INSERT INTO tasks VALUES ('old', 'old', 's', 'done', 1, 'answered', 1, 'then');")
    db.close()
    with RunStore(tmp_path) as store:
        (row,) = store.rows()
    assert (row.task_id, row.key, row.repeat, row.success) == ("old", "old", 1, True)


def _rec(task_id: str, repeat: int, *, success: bool | None, answer: str | None = "x",
         infra: str | None = None, site: str = "s") -> TaskRecord:
    status = "error" if infra else "answered" if answer is not None else "step_limit"
    result = Result(task_id=task_id, question="q", start_url="u", status=status, answer=answer, success=success,
                    site=site, infrastructure=infra, repeat=repeat)  # type: ignore[arg-type]
    return TaskRecord(task_id, attempt_dirname(task_id, repeat), site, result, None, repeat=repeat)


def test_estimates_of_three_attempts_with_an_infrastructure_failure_and_over_claims() -> None:
    records = [
        _rec("a", 1, success=True), _rec("a", 2, success=True), _rec("a", 3, success=False),   # over-claimed
        _rec("b", 1, success=False, answer=None), _rec("b", 2, success=None, answer=None, infra="network"),
        _rec("b", 3, success=False),                                                         # over-claimed
    ]
    est = estimate_run(records)
    left_out, strict = est.views["infra_excluded"].overall, est.views["infra_as_failure"].overall
    # a: 2 of 3; b: 0 of 2 counted (the network failure left out), 0 of 3 in the strict view
    assert (left_out.tasks, left_out.attempts, left_out.successes, left_out.infrastructure) == (2, 5, 2, 1)
    assert left_out.rate == pytest.approx((2 / 3 + 0) / 2) and strict.rate == pytest.approx((2 / 3 + 0) / 2)
    assert left_out.method == strict.method == "bootstrap"
    # pass@2: a 1 - C(1,2)/C(3,2) = 1, b 0; pass^2: a C(2,2)/C(3,2) = 1/3, b 0
    assert [p.value for p in left_out.pass_at_k] == pytest.approx([1 / 3, 0.5, 1.0])
    assert [p.tasks for p in left_out.pass_at_k] == [2, 2, 1]       # b has 2 counted attempts: not in k = 3
    assert [p.value for p in left_out.pass_hat_k] == pytest.approx([1 / 3, 1 / 6, 0.0])
    assert [p.value for p in strict.pass_at_k] == pytest.approx([1 / 3, 0.5, 0.5])
    assert (left_out.answered, left_out.over_claimed) == (4, 2) and left_out.over_claim_share == pytest.approx(0.4)
    assert strict.over_claim_share == pytest.approx(2 / 6)
    assert left_out.infrastructure_causes == {"network": 1}


def test_one_attempt_per_task_gets_wilson() -> None:
    records = [_rec(t, 1, success=t in "abcde") for t in "abcdefghij"]
    overall = estimate_run(records).headline.overall
    assert overall.method == "wilson" and overall.rate == 0.5
    assert (overall.low, overall.high) == pytest.approx((0.2366, 0.7634), abs=5e-5)


def test_an_answer_that_admits_failure_is_not_an_over_claim() -> None:
    records = [_rec("a", 1, success=False, answer="The hoodie costs $12.00."),               # claims: over-claimed
               _rec("b", 1, success=False, answer="I could not find the price on the site."),  # admits it
               _rec("c", 1, success=False, answer="Unable to load the page, so no answer."),
               _rec("d", 1, success=False, answer="N/A"),
               _rec("e", 1, success=True, answer="It costs $47.99.")]
    overall = estimate_run(records).headline.overall
    assert [r.task_id for r in records if r.over_claimed] == ["a"]
    assert (overall.answered, overall.over_claimed) == (5, 1)
