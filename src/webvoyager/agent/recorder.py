"""Writes a task's records as they happen, in the run-directory layout of docs/DESIGN.md.

After every step: `screenshot{i}.png` (marked, what the model saw), `screenshot{i}_clean.png`,
`trajectory.json` (all steps so far) and `interact_messages.json`. At the end: `result.json`.
The files are written by `TaskWriter` (agent/task_writer.py): atomically, every string and screenshot
redacted, so a run killed at any moment leaves whole files without secrets.

The step files are written by a background thread (`BackgroundWriter`), in order, so the agent loop
never waits on the disk (fsync, PNG redaction, JSON encoding); what they hold is fixed (copied and
redacted) when the step is recorded. `finish` waits for every pending write before `result.json` is
written, so a finished task's folder is always complete.
"""

from __future__ import annotations

import collections
import logging
import threading
from pathlib import Path
from typing import Any, Callable

from webvoyager.agent.redact import Redactor
from webvoyager.agent.task_writer import Box, Job, TaskWriter
from webvoyager.browser.types import Observation
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, Step

log = logging.getLogger("webvoyager.agent")


class BackgroundWriter:
    """Runs jobs (file writes) one at a time, in submission order, on a thread of its own that exists
    only while jobs are pending. The first job error is kept and raised by the next `flush`."""

    def __init__(self, name: str = "webvoyager-recorder") -> None:
        self._name = name
        self._jobs: collections.deque[Callable[[], None]] = collections.deque()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._jobs:
                    self._thread = None
                    self._idle.notify_all()
                    return
                job = self._jobs.popleft()
            try:
                job()
            except BaseException as exc:  # noqa: BLE001 - handed to the recording thread by flush()
                with self._lock:
                    self._error = self._error or exc

    @property
    def pending(self) -> int:
        """Jobs not finished yet (queued, or the one running)."""
        with self._lock:
            return len(self._jobs) + (self._thread is not None)

    def check(self) -> None:
        """Raise (once) the first error a finished job raised, without waiting for the others."""
        with self._lock:
            error, self._error = self._error, None
        if error is not None:
            raise error

    def flush(self) -> None:
        """Wait until every submitted job has run; raise the first error one of them raised (once)."""
        with self._lock:
            while self._thread is not None:
                self._idle.wait()
            error, self._error = self._error, None
        if error is not None:
            raise error


class Recorder:
    """Records one task into `task_dir` (created if needed). Without a `redactor`, the secrets of the
    environment (names with KEY, TOKEN, SECRET, PASSWORD) are redacted."""

    def __init__(self, task_dir: Path, *, redactor: Redactor | None = None) -> None:
        self.redactor = redactor or Redactor.from_env()
        self.write = TaskWriter(Path(task_dir), self.redactor)
        self.files = self.write.files
        self.steps: list[Step] = []
        self._header: dict[str, Any] = {}
        self.writer = BackgroundWriter()

    @property
    def path(self) -> Path:
        return self.files.path

    def start(self, task: Task, *, policy: str = "", model: str = "",
              messages_log: list[dict[str, Any]] | None = None) -> None:
        """Begin a task: an empty trajectory (and the message log so far: the system prompt) is written
        at once, so the folder is never half-made."""
        self.writer.flush()
        self.files.path.mkdir(parents=True, exist_ok=True)
        self._clear_previous_attempt()
        self.steps = []
        self._header = {"task_id": task.id, "question": task.question, "start_url": task.start_url,
                        "site": task.site, "policy": policy, "model": model}
        self.write.trajectory_job(self._header, self.steps)()
        if messages_log:
            self.write.messages_job(messages_log)()

    def record_step(self, step: Step, observation: Observation | None,
                    messages_log: list[dict[str, Any]] | None = None) -> None:
        """Queue the step's screenshots, then the trajectory and message log including it, for the
        background writer (see the module docstring); an earlier write's error is raised here."""
        self.writer.check()   # a write that failed since the last step stops the task now
        jobs: list[Job] = []
        if observation is not None:
            boxes = self._secret_boxes(observation)
            marked = observation.marked_screenshot or observation.screenshot
            if marked:
                jobs.append(self.write.screenshot_job(self.files.screenshot(step.index), marked, boxes))
                step.screenshot = self.files.screenshot(step.index).name
            if observation.screenshot:
                jobs.append(self.write.screenshot_job(self.files.clean_screenshot(step.index), observation.screenshot,
                                                      boxes))
        self.steps.append(step)
        jobs.append(self.write.trajectory_job(self._header, self.steps))
        if messages_log is not None:
            jobs.append(self.write.messages_job(messages_log))
        for job in jobs:
            self.writer.submit(job)

    def drain(self) -> None:
        """Wait for the pending writes, keeping quiet about their errors (a task being cancelled)."""
        try:
            self.writer.flush()
        except Exception as exc:  # noqa: BLE001 - the cancellation is what the caller reports
            log.warning("a step file of %s could not be written: %s", self.files.path, exc)

    def finish(self, result: Result) -> Result:
        """Wait for the step files, then write `result.json` (and, for a task that failed before its
        policy logged anything, a message log holding only an empty system message: the original
        evaluator reads that as "no answer"). Returns the result as written (redacted). A step file
        that could not be written raises here."""
        self.writer.flush()
        if not self.files.messages.is_file():
            self.write.messages_job([{"role": "system", "content": ""}])()
        written = self.write.result(result)
        log.info("task %s finished: %s after %d steps", result.task_id, result.status, result.steps)
        return written

    def _clear_previous_attempt(self) -> None:
        """A task redone in the same folder (bench --resume after a kill) must not keep the old
        attempt's screenshots or verdict next to the new trajectory."""
        stale = [*self.files.path.glob("screenshot*.png"), self.files.result, self.files.trajectory,
                 self.files.messages, self.files.judgement]
        for path in stale:
            path.unlink(missing_ok=True)

    def _secret_boxes(self, observation: Observation) -> list[Box]:
        if not self.redactor.secrets:
            return []
        return [e.bbox for e in observation.elements
                if self.redactor.contains_secret(e.value) or self.redactor.contains_secret(e.text)]
