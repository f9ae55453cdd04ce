"""`webvoyager export online-mind2web RUN_DIR OUT`: a run in Online-Mind2Web's submission layout (v2).

One folder per task, `OUT/<task_id>/result.json` and `OUT/<task_id>/trajectory/NNNN.png`:
`schema_version` "online-mind2web-v2", `task_id`, `task` (the question as the benchmark gave it),
`agent_final_answer`, and `action_history`, a list of steps `{step, action, thought, screenshot, url}`.
Each step that did something is one entry, its action written as factual text (runs/factual.py), its
screenshot the plain one the agent saw before acting (never the marked copy). The last entry is the
agent's final answer (its action is the answer, or says that there was none): the benchmark's judge
drops it and judges the factual actions only. Every file is written whole (atomically). Tasks that failed
for the infrastructure (an unreachable site, a full disk) are left out: they say nothing about the agent.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webvoyager.fileio import write_bytes_atomic, write_json_atomic
from webvoyager.runs.factual import factual_action
from webvoyager.export.source import finished_records
from webvoyager.trajectory import Result, Step, TaskDir, safe_dirname

SCHEMA_VERSION = "online-mind2web-v2"
TRAJECTORY = "trajectory"


@dataclass(frozen=True)
class ExportedTask:
    """One task written by `export_run`: its folder and how many steps and screenshots it holds."""

    task_id: str
    folder: Path
    steps: int
    screenshots: int


@dataclass(frozen=True)
class Export:
    """What `export_run` wrote, and the tasks it left out: those that failed for the infrastructure (the
    machine, the network, never the agent), which `bench --resume` runs again."""

    tasks: list[ExportedTask]
    skipped: list[str]


def export_run(run_dir: Path, out: Path) -> Export:
    """Write every finished task of `run_dir` into `out` (see the module docstring), but infrastructure
    failures; ConfigError when `run_dir` is no run directory or holds no finished task."""
    records = finished_records(run_dir, out)
    exported, skipped = [], []
    for rec in records:
        assert rec.result is not None
        if rec.result.infrastructure is not None:
            skipped.append(rec.task_id)
            continue
        exported.append(export_task(run_dir / rec.dirname, rec.result, out / safe_dirname(rec.task_id)))
    return Export(exported, skipped)


def export_task(folder: Path, result: Result, dest: Path) -> ExportedTask:
    """One task's folder in the submission layout: its screenshots copied, then result.json."""
    steps = TaskDir(folder).load_steps()
    if (dest / TRAJECTORY).is_dir():   # an earlier export's screenshots: none of them may linger
        shutil.rmtree(dest / TRAJECTORY)
    history: list[dict[str, Any]] = []
    copied = 0
    for step in steps:
        action = factual_action(step)
        if action is None or _is_answer(step):
            continue
        shot = _copy_screenshot(folder, step, dest, len(history))
        copied += shot is not None
        history.append(_entry(len(history), action, step, shot))
    final = next((s for s in reversed(steps) if _is_answer(s)), steps[-1] if steps else None)
    answer = result.answer if result.status == "answered" and result.answer is not None else ""
    shot = _copy_screenshot(folder, final, dest, len(history)) if final is not None else None
    copied += shot is not None
    said = answer or f"(no final answer: the run ended with status {result.status})"
    history.append({"step": len(history), "action": said, "thought": final.thought if final else "",
                    "screenshot": shot, "url": final.url if final else result.final_url})
    write_json_atomic(dest / "result.json", {
        "schema_version": SCHEMA_VERSION,
        "task_id": result.task_id,
        "task": result.original_question or result.question,
        "agent_final_answer": answer,
        "action_history": history,
    })
    return ExportedTask(result.task_id, dest, len(history), copied)


def _is_answer(step: Step) -> bool:
    return (step.action_data or {}).get("kind") == "answer"


def _entry(number: int, action: str, step: Step, shot: str | None) -> dict[str, Any]:
    return {"step": number, "action": action, "thought": step.thought, "screenshot": shot, "url": step.url}


def _copy_screenshot(folder: Path, step: Step, dest: Path, number: int) -> str | None:
    """Copy the step's plain screenshot as trajectory/NNNN.png; its name under trajectory/, None when the
    step has none (text-only runs)."""
    source = TaskDir(folder).clean_screenshot(step.index)
    if not source.is_file():
        return None
    name = f"{number:04d}.png"
    write_bytes_atomic(dest / TRAJECTORY / name, source.read_bytes())
    return name

