"""MindAct's offline metrics: element accuracy, operation F1, step success, task success.

Definitions (Mind2Web / SeeAct): an element is right when the predicted element is one of the step's
positive candidates; operation F1 is the token-set F1 between the predicted and gold "OP VALUE"
strings, where CLICK carries no value; a step succeeds when the element is right and the F1 is 1; a
task succeeds when every one of its steps succeeds. A step whose positive candidate was not in the
ranker's top-k counts as a failure on every metric, and so does a step where no element was chosen
(every batch answered "none"): its operation F1 is 0 (MindAct's rule), whatever operation the reply named.
Macro averages first average per task, then over tasks; micro averages over steps. Task success is taken
over complete tasks only (every step 0..n-1 of the task present); tasks with missing steps are counted
apart (`incomplete_tasks`), never as solved or failed. Reported per split and overall.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass
from typing import Iterable

# HOVER and ENTER are folded into CLICK in the data, so a predicted HOVER / PRESS ENTER scores as CLICK.
_FOLD = {"HOVER": "CLICK", "PRESS ENTER": "CLICK", "ENTER": "CLICK"}


def action_string(op: str | None, value: str = "") -> str:
    """The "OP VALUE" string scored by operation F1; CLICK (and what folds into it) has no value."""
    if not op:
        return ""
    op = _FOLD.get(op.upper(), op.upper())
    return op if op == "CLICK" else f"{op} {value}".strip()


def token_f1(predicted: str, gold: str) -> float:
    """Token-set F1 between two whitespace-tokenised strings (1.0 when both are empty)."""
    pred, ref = set(predicted.split()), set(gold.split())
    if not pred and not ref:
        return 1.0
    common = len(pred & ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class StepOutcome:
    """How one step was scored."""

    annotation_id: str
    action_uid: str
    split: str
    element_correct: bool
    op_f1: float
    in_top_k: bool = True
    predicted_element: str | None = None
    predicted_action: str = ""
    gold_action: str = ""
    step_index: int | None = None      # the step's place in its task (0-based), when known
    task_steps: int | None = None      # how many steps the task has, when known

    @property
    def step_success(self) -> bool:
        return self.in_top_k and self.element_correct and self.op_f1 == 1.0


def score_step(annotation_id: str, action_uid: str, split: str, *, positive_ids: set[str], gold_op: str,
               gold_value: str, predicted_element: str | None, predicted_op: str | None, predicted_value: str,
               in_top_k: bool = True, step_index: int | None = None, task_steps: int | None = None) -> StepOutcome:
    """Score one prediction against the gold step (no element chosen, or ranked out: all zero)."""
    gold = action_string(gold_op, gold_value)
    pred = action_string(predicted_op, predicted_value)
    place = {"step_index": step_index, "task_steps": task_steps}
    if not in_top_k or predicted_element is None:
        return StepOutcome(annotation_id, action_uid, split, False, 0.0, in_top_k, predicted_element, pred, gold,
                           **place)
    return StepOutcome(annotation_id, action_uid, split, predicted_element in positive_ids, token_f1(pred, gold),
                       True, predicted_element, pred, gold, **place)


@dataclass(frozen=True)
class SplitMetrics:
    """Averages for one split (or "all"), as fractions in [0, 1]."""

    split: str
    tasks: int
    steps: int
    element_acc: float          # macro: per task, then over tasks
    op_f1: float
    step_sr: float
    task_sr: float | None       # over complete tasks only; None when there is none
    micro_element_acc: float    # over steps
    micro_op_f1: float
    micro_step_sr: float
    not_in_top_k: int = 0
    complete_tasks: int = 0     # tasks with every step present: what task_sr is taken over
    incomplete_tasks: int = 0   # tasks with missing steps (or an unknown length): left out of task_sr

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


def summarize(outcomes: list[StepOutcome], split: str) -> SplitMetrics:
    """Macro and micro averages of a list of step outcomes."""
    per_task: dict[str, list[StepOutcome]] = defaultdict(list)
    for o in outcomes:
        per_task[o.annotation_id].append(o)
    groups = list(per_task.values())
    complete = [g for g in groups if is_complete(g)]
    return SplitMetrics(
        split=split, tasks=len(groups), steps=len(outcomes),
        element_acc=_mean(_mean(float(o.element_correct) for o in g) for g in groups),
        op_f1=_mean(_mean(o.op_f1 for o in g) for g in groups),
        step_sr=_mean(_mean(float(o.step_success) for o in g) for g in groups),
        task_sr=_mean(float(all(o.step_success for o in g)) for g in complete) if complete else None,
        micro_element_acc=_mean(float(o.element_correct) for o in outcomes),
        micro_op_f1=_mean(o.op_f1 for o in outcomes),
        micro_step_sr=_mean(float(o.step_success) for o in outcomes),
        not_in_top_k=sum(1 for o in outcomes if not o.in_top_k),
        complete_tasks=len(complete), incomplete_tasks=len(groups) - len(complete),
    )


def is_complete(task_outcomes: list[StepOutcome]) -> bool:
    """Whether the outcomes hold every step 0..n-1 of their task (n known), each once."""
    length = task_outcomes[0].task_steps
    indexes = sorted(o.step_index for o in task_outcomes if o.step_index is not None)
    return (length is not None and all(o.task_steps == length for o in task_outcomes)
            and len(indexes) == len(task_outcomes) and indexes == list(range(length)))


def aggregate(outcomes: list[StepOutcome]) -> list[SplitMetrics]:
    """Metrics per split (in first-seen order), then "all" when there is more than one split."""
    by_split: dict[str, list[StepOutcome]] = defaultdict(list)
    for o in outcomes:
        by_split[o.split].append(o)
    rows = [summarize(items, split) for split, items in by_split.items()]
    if len(rows) > 1:
        rows.append(summarize(outcomes, "all"))
    return rows
