"""MindAct's metrics, table-driven with hand-computed values."""

from __future__ import annotations

import pytest

from webvoyager.seeact.mind2web.metrics import action_string, aggregate, score_step, token_f1


@pytest.mark.parametrize("pred, gold, f1", [
    ("CLICK", "CLICK", 1.0),
    ("TYPE new york", "TYPE new york", 1.0),
    ("TYPE new york city", "TYPE new york", 2 * 0.75 * 1.0 / 1.75),
    ("SELECT 2", "TYPE 2", 0.5),
    ("", "CLICK", 0.0),
    ("", "", 1.0),
    ("TYPE york york", "TYPE york", 1.0),   # token sets, not bags
])
def test_token_f1(pred: str, gold: str, f1: float) -> None:
    assert token_f1(pred, gold) == pytest.approx(f1)


def test_click_value_is_ignored_and_hover_folds_into_click() -> None:
    assert action_string("CLICK", "whatever") == "CLICK"
    assert action_string("HOVER", "x") == "CLICK"
    assert action_string("PRESS ENTER", "") == "CLICK"
    assert action_string("type", "New York") == "TYPE New York"
    assert action_string(None) == ""


def _step(task: str, uid: str, split: str, *, elem: str | None, op: str, value: str, gold_op: str = "CLICK",
          gold_value: str = "", top: bool = True, index: int = 0, of: int | None = 1):
    """A scored step: step `index` of a task of `of` steps (None: length unknown)."""
    return score_step(task, uid, split, positive_ids={"good"}, gold_op=gold_op, gold_value=gold_value,
                      predicted_element=elem, predicted_op=op, predicted_value=value, in_top_k=top,
                      step_index=index, task_steps=of)


def test_macro_micro_per_split() -> None:
    outcomes = [
        _step("T1", "s1", "test_task", elem="good", op="CLICK", value="", index=0, of=2),
        _step("T1", "s2", "test_task", elem="good", op="TYPE", value="new york city", gold_op="TYPE",
              gold_value="new york", index=1, of=2),
        _step("T2", "s3", "test_task", elem="bad", op="CLICK", value="", index=0, of=2),
        _step("T2", "s4", "test_task", elem="good", op="CLICK", value="", top=False, index=1, of=2),  # ranked out
        _step("T3", "s5", "test_website", elem="good", op="CLICK", value=""),
    ]
    assert [o.step_success for o in outcomes] == [True, False, False, False, True]
    assert outcomes[3].element_correct is False and outcomes[3].op_f1 == 0.0
    task_split, website, overall = aggregate(outcomes)
    f1_s2 = 2 * 0.75 / 1.75
    assert (task_split.split, task_split.tasks, task_split.steps) == ("test_task", 2, 4)
    assert task_split.element_acc == pytest.approx((1.0 + 0.0) / 2)
    assert task_split.op_f1 == pytest.approx(((1 + f1_s2) / 2 + (1 + 0) / 2) / 2)
    assert task_split.step_sr == pytest.approx((0.5 + 0.0) / 2)
    assert task_split.task_sr == 0.0
    assert task_split.micro_element_acc == pytest.approx(2 / 4)
    assert task_split.micro_op_f1 == pytest.approx((1 + f1_s2 + 1 + 0) / 4)
    assert task_split.micro_step_sr == pytest.approx(1 / 4)
    assert task_split.not_in_top_k == 1
    assert (website.split, website.step_sr, website.task_sr) == ("test_website", 1.0, 1.0)
    assert overall.split == "all" and overall.tasks == 3 and overall.steps == 5
    assert overall.task_sr == pytest.approx(1 / 3)
    assert overall.step_sr == pytest.approx((0.5 + 0.0 + 1.0) / 3)


def test_no_element_chosen_scores_zero_operation_f1() -> None:
    """MindAct's rule: every batch answered "none", so no element was chosen: operation F1 is 0 even
    though the reply's operation (CLICK) equals the gold one; that would have scored 1 before."""
    o = _step("T", "s", "x", elem=None, op="CLICK", value="")
    assert not o.element_correct and o.op_f1 == 0.0 and not o.step_success
    (metrics,) = aggregate([o, _step("T", "s2", "x", elem="good", op="CLICK", value="", index=1, of=2)])
    # hand-computed: op F1 per task (0 + 1) / 2 = 0.5; element acc 0.5; step SR 0.5
    assert (metrics.op_f1, metrics.element_acc, metrics.step_sr) == (0.5, 0.5, 0.5)


def test_task_success_only_over_complete_tasks() -> None:
    """T1: both of its 2 steps, all right (solved); T2: both of its 2 steps, one wrong (failed);
    T3: only step 2 of 3, right (incomplete: left out, not counted as solved); T4: its 1 step twice
    over a length it does not have (step 0 and 1 of a 1-step task: inconsistent, incomplete)."""
    outcomes = [
        _step("T1", "a", "s", elem="good", op="CLICK", value="", index=0, of=2),
        _step("T1", "b", "s", elem="good", op="CLICK", value="", index=1, of=2),
        _step("T2", "c", "s", elem="good", op="CLICK", value="", index=0, of=2),
        _step("T2", "d", "s", elem="bad", op="CLICK", value="", index=1, of=2),
        _step("T3", "e", "s", elem="good", op="CLICK", value="", index=1, of=3),
        _step("T4", "f", "s", elem="good", op="CLICK", value="", index=1, of=1),
    ]
    (metrics,) = aggregate(outcomes)
    assert (metrics.tasks, metrics.complete_tasks, metrics.incomplete_tasks) == (4, 2, 2)
    assert metrics.task_sr == 0.5                                      # (1 + 0) / 2, not (1 + 0 + 1 + 1) / 4
    assert metrics.step_sr == (1.0 + 0.5 + 1.0 + 1.0) / 4              # steps still count for step metrics
    (unknown,) = aggregate([_step("T", "g", "s", elem="good", op="CLICK", value="", of=None)])
    assert unknown.task_sr is None and unknown.incomplete_tasks == 1
