"""Reading Online-Mind2Web submissions: one folder per task id with `result.json` and `trajectory/`.

v1: `task`, `action_history` (strings), `thoughts`, `final_result_response`; the screenshots are the
files of `trajectory/` in the order of the number in their names, step i getting the i-th (a screenshot
past the last action becomes a step without an action: the page the agent ended on).
v2 (`"schema_version": "online-mind2web-v2"`): `action_history` is a list of steps `{action, thought,
screenshot}` whose last step is the agent's output, not an action: it is kept as a step without an
action (its thought and screenshot stay evidence) and `agent_final_answer` (else that step's text) is
the answer. A submission holds finished trajectories, so every imported task counts as answered, an
empty final response staying empty: the benchmark judges what the agent did.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from webvoyager.errors import ConfigError, TrajectoryFileError
from webvoyager.judge.importers.records import (ImportedStep, ImportedTask, Read, first_number, read_json_file,
                                                screenshot_png)
from webvoyager.runs.imported import SkippedFolder

V2 = "online-mind2web-v2"
AFTER_LAST_ACTION = "the page after the last action (no action was taken on it)"


def read_submissions(source: Path) -> Iterator[Read]:
    """One task (or the reason it was skipped) per task folder of the submission folder `source` (or of
    `source` itself when it is one task's folder)."""
    if (source / "result.json").is_file():
        folders = [source]
    else:
        folders = sorted(p for p in source.iterdir() if p.is_dir() and not p.name.startswith("."))
    if not folders:
        raise ConfigError(f"{source} holds no task folders; pass the folder with one <task_id>/result.json "
                          "(and <task_id>/trajectory/) per task")
    for folder in folders:
        try:
            yield read_task(folder)
        except TrajectoryFileError as exc:
            yield SkippedFolder(folder.name, str(exc))


def read_task(folder: Path) -> ImportedTask:
    """The task recorded in one submission folder; TrajectoryFileError says what is wrong with it."""
    data = read_json_file(folder / "result.json")
    if not isinstance(data, dict):
        raise TrajectoryFileError("result.json is not a JSON object")
    question = data.get("task")
    if not isinstance(question, str) or not question.strip():
        raise TrajectoryFileError("result.json has no 'task' (the task's text)")
    schema = data.get("schema_version")
    if schema is not None and schema != V2:
        raise TrajectoryFileError(f"result.json has schema_version {schema!r}; known: {V2!r}, or none for v1")
    trajectory = folder / "trajectory"
    if not trajectory.is_dir():
        raise TrajectoryFileError("trajectory/ (the screenshots) is missing")
    if schema == V2:
        steps, answer = _v2_steps(data, trajectory)
    else:
        steps, answer = _v1_steps(data, trajectory)
    return ImportedTask(task_id=folder.name, question=question.strip(), answer=answer, steps=steps,
                        schema="v2" if schema == V2 else "v1", folder=folder)


def _strings(data: dict[str, Any], key: str, *, required: bool) -> list[str | None]:
    value = data.get(key)
    if value is None and not required:
        return []
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) for v in value):
        raise TrajectoryFileError(f"result.json's {key!r} must be a list of strings")
    return value


def _v1_steps(data: dict[str, Any], trajectory: Path) -> tuple[list[ImportedStep], str]:
    actions = _strings(data, "action_history", required=True)
    thoughts = _strings(data, "thoughts", required=False)
    answer = data.get("final_result_response")
    if answer is not None and not isinstance(answer, str):
        raise TrajectoryFileError("result.json's 'final_result_response' must be a string")
    shots = []
    for path in (p for p in trajectory.iterdir() if p.is_file() and not p.name.startswith(".")):
        number = first_number(path.name)
        if number is None:
            raise TrajectoryFileError(f"trajectory/{path.name} has no number in its name (screenshots are "
                                      "ordered by it)")
        shots.append((number, path))
    if not shots:
        raise TrajectoryFileError("trajectory/ holds no screenshots")
    shots.sort()
    steps = []
    for i in range(max(len(actions), len(shots))):
        action = actions[i] if i < len(actions) else None
        png = screenshot_png(shots[i][1]) if i < len(shots) else None
        steps.append(ImportedStep(action=action or None, thought=(thoughts[i] if i < len(thoughts) else None) or "",
                                  screenshot=png, notes=() if i < len(actions) else (AFTER_LAST_ACTION,)))
    return steps, answer or ""


def _v2_steps(data: dict[str, Any], trajectory: Path) -> tuple[list[ImportedStep], str]:
    history = data.get("action_history")
    if not isinstance(history, list) or not history or not all(isinstance(s, dict) for s in history):
        raise TrajectoryFileError("result.json's 'action_history' must be a non-empty list of steps "
                                  "{action, thought, screenshot}")
    steps = []
    for number, item in enumerate(history, start=1):
        action, thought, name = item.get("action"), item.get("thought"), item.get("screenshot")
        if not isinstance(action, str):
            raise TrajectoryFileError(f"step {number} of 'action_history' has no 'action' text")
        if not isinstance(name, str) or not name.strip():
            raise TrajectoryFileError(f"step {number} of 'action_history' has no screenshot")
        path = trajectory / name
        if not path.is_file():
            raise TrajectoryFileError(f"step {number}'s screenshot trajectory/{name} is missing")
        last = number == len(history)
        notes = (f"the agent's output, kept as its final answer (not an action): {action}",) if last else ()
        steps.append(ImportedStep(action=None if last else action, thought=thought if isinstance(thought, str) else "",
                                  screenshot=screenshot_png(path), notes=notes))
    final = data.get("agent_final_answer")
    if final is not None and not isinstance(final, str):
        raise TrajectoryFileError("result.json's 'agent_final_answer' must be a string")
    return steps, final if final and final.strip() else history[-1]["action"]
