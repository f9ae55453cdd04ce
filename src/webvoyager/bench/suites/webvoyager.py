"""The `webvoyager` suite: WebVoyager's 643 tasks on 15 live websites, with the golden answers of its
`reference_answer.json` (the data is never shipped: --data or $WEBVOYAGER_DATA)."""

from __future__ import annotations

from pathlib import Path

from webvoyager.bench.suites.base import Suite, find_data
from webvoyager.runs.golden import load_reference_answers
from webvoyager.tasks import Task, load_tasks

GET_DATA = ("download it from https://github.com/MinorJerry/WebVoyager (folder data/) and pass its folder "
            "with --data or the WEBVOYAGER_DATA environment variable")
REFERENCE_ANSWERS = "reference_answer.json"


class WebVoyagerSuite(Suite):
    name = "webvoyager"
    help = "WebVoyager's 643 tasks on 15 live websites (WebVoyager_data.jsonl in --data)."

    def load(self) -> list[Task]:
        path = find_data(self.args.data_path(), "WebVoyager_data.jsonl",
                         "the WebVoyager task file WebVoyager_data.jsonl", GET_DATA)
        self.task_files = task_files_of(path)
        return with_golden(load_tasks(path), path.parent / REFERENCE_ANSWERS)


def task_files_of(path: Path) -> list[Path]:
    """A task file and the reference answers beside it, when there are any (the run's manifest)."""
    answers = path.parent / REFERENCE_ANSWERS
    return [path, answers] if answers.is_file() else [path]


def with_golden(tasks: list[Task], answers_path: Path) -> list[Task]:
    """Attach golden answers (type 'golden') and keep every reference answer in `extra`."""
    if not answers_path.is_file():
        return tasks
    answers = load_reference_answers(answers_path)
    out = []
    for task in tasks:
        kind, ans = answers.get(task.id, (None, None))
        if kind is None:
            out.append(task)
            continue
        extra = {**task.extra, "reference_answer": ans, "reference_answer_type": kind}
        out.append(task.replace(golden_answer=ans if kind == "golden" else None, extra=extra))
    return out
