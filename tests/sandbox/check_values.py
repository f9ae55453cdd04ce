"""Check values come from site data: the harness every site's test module uses.

Each site's test module defines `EXPECTED`, a function per task that computes from the site's data
module what the task's checks must hold, in the order `check_values` lists them: for each answer check
then each state check, its `values()` (a number check its value; a text check its expected phrases, then
its forbidden phrases and rivals; a pairs check its keys and values, then forbidden phrases; a URL check
its host, path and `name=value` parameters; a storage check its key and expected JSON). A check whose
value is stale or weakened (a forbidden candidate dropped) then fails its site's test.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from webvoyager.tasks import Task


def check_values(task: Task) -> list[Any]:
    """What a task's checks hold, flattened in a fixed order (see the module docstring)."""
    assert task.checks is not None, f"{task.id} has no checks"
    return [v for c in (*task.checks.answer, *task.checks.state) for v in c.values()]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(float(a) - float(b)) < 1e-9
    return a == b


def assert_check_values(tasks: Mapping[str, Task], expected: Mapping[str, Callable[[], list[Any]]]) -> None:
    """Every task's check values equal what its EXPECTED function derives from the site's data."""
    assert set(expected) == set(tasks), (f"derive every task's check values from the site data: missing "
                                         f"{sorted(set(tasks) - set(expected))}, unknown {sorted(set(expected) - set(tasks))}")
    for task_id, task in sorted(tasks.items()):
        got, want = check_values(task), list(expected[task_id]())
        assert len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want)), (
            f"{task_id}: the check holds {got}, the site data says {want}")
