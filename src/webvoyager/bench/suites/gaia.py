"""The `gaia` suite: the GAIA web subset WebVoyager evaluated (GAIA_web.jsonl in --data), graded by
its final answers."""

from __future__ import annotations

from pathlib import Path

from webvoyager.bench.suites.base import Suite, find_data
from webvoyager.bench.suites.webvoyager import GET_DATA
from webvoyager.errors import TaskFileError
from webvoyager.fileio import iter_jsonl, read_text_file
from webvoyager.tasks import Task, task_from_record


class GaiaSuite(Suite):
    name = "gaia"
    help = "The GAIA web subset, 90 tasks with final answers (GAIA_web.jsonl in --data)."

    def load(self) -> list[Task]:
        path = find_data(self.args.data_path(), "GAIA_web.jsonl", "the GAIA web subset GAIA_web.jsonl", GET_DATA)
        self.task_files = [path]
        return load_gaia(path)


def load_gaia(path: Path) -> list[Task]:
    """GAIA's records as tasks: site `GAIA level N`, the final answer as the golden answer."""
    tasks = []
    lines = read_text_file(path, TaskFileError, what="GAIA task file").splitlines()
    for number, rec in iter_jsonl(lines, source=str(path)):
        if not isinstance(rec, dict) or "Final answer" not in rec:
            raise TaskFileError(f"{path}, line {number}: a GAIA record needs 'Final answer'")
        level = rec.get("Level")
        base = {k: v for k, v in rec.items() if k not in ("Final answer", "Level", "task_id")}
        base["web_name"] = f"GAIA level {level}"
        task = task_from_record(base, source=str(path), line=number)
        extra = {**task.extra, "gaia_task_id": rec.get("task_id"), "level": level}
        tasks.append(task.replace(golden_answer=str(rec["Final answer"]), extra=extra))
    return tasks
