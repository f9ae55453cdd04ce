"""Every sandbox task's checks accept its right answers and reject its wrong ones (its probes).

Each task carries at least 2 `pass` probes (correct answers in other words, or equivalent final states)
and at least 4 `fail` probes (a neighbouring candidate, an off-by-one or wrong-unit number, a swapped
pair, the right entity with a wrong number, the right number among others, a refusal...). Every task
with an answer check must also reject the common refusals and non-answers below.
"""

from __future__ import annotations

import pytest

from webvoyager.sandbox.catalog import load_hostile_tasks, load_sandbox_tasks
from webvoyager.tasks import AnswerPlan, Probe, Task
from webvoyager.tasks.mentions import hedges

TASKS = {t.id: t for t in [*load_sandbox_tasks(), *load_hostile_tasks()]}
REFUSALS = ["I could not find the answer on this website.", "N/A", "", "Done.", "The page did not load."]
CASES = [(t.id, "pass", i) for t in TASKS.values() for i in range(len(t.probes.accept) if t.probes else 0)] + \
        [(t.id, "fail", i) for t in TASKS.values() for i in range(len(t.probes.reject) if t.probes else 0)]


def _probe(task_id: str, side: str, index: int) -> Probe:
    probes = TASKS[task_id].probes
    assert probes is not None
    return (probes.accept if side == "pass" else probes.reject)[index]


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_every_task_has_enough_probes(task_id: str) -> None:
    task = TASKS[task_id]
    assert task.checks is not None and task.probes is not None, f"{task_id} needs checks and probes"
    assert len(task.probes.accept) >= 2, f"{task_id}: give at least 2 right answers (pass probes)"
    assert len(task.probes.reject) >= 4, f"{task_id}: give at least 4 plausible wrong answers (fail probes)"
    if task.checks.state:
        assert sum(p.has_state for p in task.probes.accept) >= 2 or len(task.probes.accept) >= 2
        assert any(p.has_state for p in task.probes.reject), f"{task_id}: probe the state check with a wrong state"


@pytest.mark.parametrize("task_id, side, index", CASES)
def test_probe(task_id: str, side: str, index: int) -> None:
    task, probe = TASKS[task_id], _probe(task_id, side, index)
    verdict = task.probe(probe)
    assert verdict is (side == "pass"), f"{task_id}: the checks {'reject' if side == 'pass' else 'accept'} " \
                                        f"the {side} probe {probe.model_dump(exclude_none=True)}"


@pytest.mark.parametrize("task_id", sorted(t.id for t in TASKS.values() if t.checks and t.checks.answer))
def test_refusals_fail(task_id: str) -> None:
    task = TASKS[task_id]
    for text in REFUSALS:
        assert not task.probe(Probe(answer=text)), f"{task_id} accepts the non-answer {text!r}"


@pytest.mark.parametrize("task_id", sorted(t.id for t in load_sandbox_tasks()))
def test_every_answer_task_rejects_a_hedge(task_id: str) -> None:
    """A hedge names the right value and a wrong one ("Either v1.1.0 or v1.0.0"): every answer task probes
    one, and its checks fail it; the reference's own answer never reads as a hedge."""
    task = TASKS[task_id]
    assert task.probes is not None
    hedged = [p for p in task.probes.reject if p.kind == "hedge"]
    if not (task.checks and task.checks.answer):
        assert not hedged, f"{task_id} has no answer check to probe with a hedge"
        return
    assert hedged, f"{task_id}: add a 'hedge' fail probe (the right value and a wrong one, either/or)"
    for probe in hedged:
        assert probe.answer and hedges(probe.answer), f"{task_id}: {probe.answer!r} does not read as a hedge"
        assert not task.probe(probe), f"{task_id} accepts the hedge {probe.answer!r}"
    right = [p.answer for p in task.probes.accept if p.answer]
    assert any(r.rstrip(".").lower() in hedged[0].answer.lower() for r in right), \
        f"{task_id}: the hedge should carry a right answer (one of its pass probes)"
    assert isinstance(task.reference.answer, AnswerPlan) and not hedges(task.reference.answer.say)


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_reference_answers_are_read_off_the_page(task_id: str) -> None:
    """The reference solution never carries the checked answer: it says where the page shows it."""
    task: Task = TASKS[task_id]
    assert task.reference is not None
    if task.checks and task.checks.answer:
        assert isinstance(task.reference.answer, AnswerPlan), f"{task_id}: read the answer off the page"
