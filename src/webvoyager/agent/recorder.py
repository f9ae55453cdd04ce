"""Writes a task's records as they happen, in the run-directory layout of docs/DESIGN.md.

After every step: `screenshot{i}.png` (marked, what the model saw), `screenshot{i}_clean.png`,
`trajectory.json` (all steps so far) and `interact_messages.json`. At the end: `result.json`.
Every write is atomic and every string passes through the redactor, so a run killed at any moment
leaves whole files without secrets.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from webvoyager.agent.redact import Redactor
from webvoyager.browser.types import Observation
from webvoyager.fileio import write_bytes_atomic, write_json_atomic
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, Step, TaskDir

log = logging.getLogger("webvoyager.agent")


class Recorder:
    """Records one task into `task_dir` (created if needed)."""

    def __init__(self, task_dir: Path, *, redactor: Redactor | None = None) -> None:
        self.files = TaskDir(Path(task_dir))
        self.redactor = redactor or Redactor()
        self.steps: list[Step] = []
        self._header: dict[str, Any] = {}

    @property
    def path(self) -> Path:
        return self.files.path

    def start(self, task: Task, *, policy: str = "", model: str = "",
              messages_log: list[dict[str, Any]] | None = None) -> None:
        """Begin a task: an empty trajectory (and the message log so far: the system prompt) is written
        at once, so the folder is never half-made."""
        self.files.path.mkdir(parents=True, exist_ok=True)
        self._clear_previous_attempt()
        self.steps = []
        self._header = {"task_id": task.id, "question": task.question, "start_url": task.start_url,
                        "site": task.site, "policy": policy, "model": model}
        self._write_trajectory()
        if messages_log:
            write_json_atomic(self.files.messages, self.redactor.data(messages_log))

    def record_step(self, step: Step, observation: Observation | None,
                    messages_log: list[dict[str, Any]] | None = None) -> None:
        """Write the step's screenshots, then the trajectory and message log including it."""
        if observation is not None:
            boxes = self._secret_boxes(observation)
            marked = observation.marked_screenshot or observation.screenshot
            if marked:
                write_bytes_atomic(self.files.screenshot(step.index), self.redactor.png(marked, boxes))
                step.screenshot = self.files.screenshot(step.index).name
            if observation.screenshot:
                write_bytes_atomic(self.files.clean_screenshot(step.index),
                                   self.redactor.png(observation.screenshot, boxes))
        self.steps.append(step)
        self._write_trajectory()
        if messages_log is not None:
            write_json_atomic(self.files.messages, self.redactor.data(messages_log))

    def finish(self, result: Result) -> None:
        """Write `result.json` (and, for a task that failed before its policy logged anything, a message
        log holding only an empty system message: the original evaluator reads that as "no answer")."""
        self.files.path.mkdir(parents=True, exist_ok=True)
        if not self.files.messages.is_file():
            write_json_atomic(self.files.messages, [{"role": "system", "content": ""}])
        write_json_atomic(self.files.result, self.redactor.data(result.to_dict()))
        log.info("task %s finished: %s after %d steps", result.task_id, result.status, result.steps)

    def _clear_previous_attempt(self) -> None:
        """A task redone in the same folder (bench --resume after a kill) must not keep the old
        attempt's screenshots or verdict next to the new trajectory."""
        stale = [*self.files.path.glob("screenshot*.png"), self.files.result, self.files.trajectory,
                 self.files.messages, self.files.judgement]
        for path in stale:
            path.unlink(missing_ok=True)

    def _write_trajectory(self) -> None:
        data = {**self._header, "steps": [s.to_dict() for s in self.steps]}
        write_json_atomic(self.files.trajectory, self.redactor.data(data))

    def _secret_boxes(self, observation: Observation) -> list[tuple[float, float, float, float]]:
        if not self.redactor.secrets:
            return []
        return [e.bbox for e in observation.elements
                if self.redactor.contains_secret(e.value) or self.redactor.contains_secret(e.text)]
