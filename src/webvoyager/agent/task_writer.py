"""`TaskWriter`: the one writer of a task's run files, so none of them is ever written unredacted.

`result.json`, `trajectory.json`, `interact_messages.json` and the screenshots of a task's folder are
written only here (the recorder during a run, `bench` when it adds its facts to a finished task), each
atomically and through the run's `Redactor`. The step files are written on the recorder's background
thread: the `*_job` methods redact (and so copy) the data at once and return the write to do later.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from webvoyager.agent.redact import Redactor
from webvoyager.fileio import write_bytes_atomic, write_json_atomic
from webvoyager.trajectory import Result, Step, TaskDir

Job = Callable[[], None]
Box = tuple[float, float, float, float]


class TaskWriter:
    """Writes the files of the task folder `task_dir`, every string and screenshot redacted."""

    def __init__(self, task_dir: Path, redactor: Redactor) -> None:
        self.files = TaskDir(Path(task_dir))
        self.redactor = redactor

    def result(self, result: Result) -> Result:
        """Write `result.json`; returns the result as written (redacted: its answer, final URL, error)."""
        written = self.redactor.record(result)
        write_json_atomic(self.files.result, written.to_dict())
        return written

    def trajectory_job(self, header: dict[str, Any], steps: list[Step]) -> Job:
        """The write of `trajectory.json` (the task's `header` and its steps so far), redacted now."""
        data = self.redactor.data({**header, "steps": [s.to_dict() for s in steps]})
        return lambda: write_json_atomic(self.files.trajectory, data)

    def messages_job(self, messages_log: list[dict[str, Any]]) -> Job:
        """The write of `interact_messages.json`, redacted now."""
        data = self.redactor.data(messages_log)
        return lambda: write_json_atomic(self.files.messages, data)

    def screenshot_job(self, path: Path, png: bytes, boxes: list[Box]) -> Job:
        """The write of a screenshot with `boxes` (fields showing a secret) blacked out when it runs."""
        return lambda: write_bytes_atomic(path, self.redactor.png(png, boxes))
