"""A tasks JSONL file in the WebVoyager schema as a suite (`webvoyager bench PATH`), with the golden
answers of a `reference_answer.json` beside it."""

from __future__ import annotations

from pathlib import Path

from webvoyager.bench.suites.base import Suite, SuiteArgs
from webvoyager.bench.suites.webvoyager import REFERENCE_ANSWERS, task_files_of, with_golden
from webvoyager.tasks import Task, load_tasks


class JsonlFileSuite(Suite):
    """Not registered by name: the registry makes one for a suite argument that is a file."""

    name = "jsonl"
    help = "The path of a tasks JSONL file (WebVoyager's schema)."

    def __init__(self, path: str, args: SuiteArgs | None = None) -> None:
        super().__init__(args)
        self.spelled, self.path = path, Path(path)

    @property
    def label(self) -> str:
        return self.spelled   # as the user wrote it (run.json `suite`)

    def load(self) -> list[Task]:
        self.task_files = task_files_of(self.path)
        return with_golden(load_tasks(self.path), self.path.parent / REFERENCE_ANSWERS)
