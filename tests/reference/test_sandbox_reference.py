"""Acceptance: every sandbox task is solved by the `reference` model through the real agent loop,
in real Chromium, against the in-process sandbox. A failure here is a bug in a site, a task, the
browser layer or the reference model — never a reason to skip the task."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.models.reference import ReferenceModel
from webvoyager.sandbox.catalog import load_sandbox_tasks

TASK_IDS = [t.id for t in load_sandbox_tasks()]

# One model for every task: it keeps no state, so sharing it also checks that claim.
MODEL = ReferenceModel()


def _trace(task_dir: Path) -> str:
    """The recorded steps (thought, action, error, notes) to print when a task fails."""
    path = task_dir / "trajectory.json"
    if not path.is_file():
        return "(no trajectory.json)"
    steps = json.loads(path.read_text(encoding="utf-8")).get("steps", [])
    lines = []
    for step in steps:
        lines.append(f"  {step.get('index')}: {step.get('url')} | {step.get('action')} | "
                     f"error={step.get('error')} | notes={step.get('notes')}")
    return "\n".join(lines)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("task_id", TASK_IDS)
async def test_reference_solves_sandbox_task(task_id: str, sandbox, browser, tmp_path: Path) -> None:
    api = pytest.importorskip("webvoyager.agent.api")
    task = next(t for t in load_sandbox_tasks(sandbox.port) if t.id == task_id)
    assert task.reference is not None, f"{task_id} has no reference solution"
    settings = api.RunSettings(max_steps=task.max_steps or 15)
    task_dir = tmp_path / "run" / task_id
    result = await api.execute_task(task, browser=browser, model=MODEL, settings=settings, task_dir=task_dir)
    detail = f"{task_id}: status={result.status} error={result.error} answer={result.answer!r}\n{_trace(task_dir)}"
    assert result.status == "answered", detail
    assert result.success is True, detail
