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
          gold_value: str = "", top: bool = True):
    return score_step(task, uid, split, positive_ids={"good"}, gold_op=gold_op, gold_value=gold_value,
                      predicted_element=elem, predicted_op=op, predicted_value=value, in_top_k=top)


def test_macro_micro_per_split() -> None:
    outcomes = [
        _step("T1", "s1", "test_task", elem="good", op="CLICK", value=""),
        _step("T1", "s2", "test_task", elem="good", op="TYPE", value="new york city", gold_op="TYPE",
              gold_value="new york"),
        _step("T2", "s3", "test_task", elem="bad", op="CLICK", value=""),
        _step("T2", "s4", "test_task", elem="good", op="CLICK", value="", top=False),  # ranked out: failure
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


def test_no_element_predicted_is_wrong_element() -> None:
    o = _step("T", "s", "x", elem=None, op="CLICK", value="")
    assert not o.element_correct and o.op_f1 == 1.0 and not o.step_success
