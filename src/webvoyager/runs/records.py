"""Reading a run directory back: one `TaskRecord` per task, with its result, judgement and signals.

Three success signals are kept apart, never blended silently:
`checked` (the task's own answer/state check), `judged` (an LMM judge's verdict), `golden` (the answer
contains the benchmark's golden answer). `success` is the headline: checked when the task has a check,
else judged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from webvoyager.runs.golden import golden_match
from webvoyager.runs.store import STORE_NAME, RunStore
from webvoyager.errors import ConfigError
from webvoyager.runs.judgements import Judgement, load_judgement
from webvoyager.tasks.mentions import admits_failure
from webvoyager.trajectory import Result, TaskDir, safe_dirname


@dataclass
class TaskRecord:
    """One task of a run as found on disk (result None: not finished yet)."""

    task_id: str
    dirname: str
    site: str
    result: Result | None
    judgement: Judgement | None
    state: str = "done"
    repeat: int = 1          # which of the run's independent attempts of the task (`bench --repeat N`)
    not_run: str | None = None   # not finished: why the bench did not start it (`budget`), from its books

    @property
    def status(self) -> str:
        """The result's status; for an attempt not finished, its state in the books, or "not run (budget)"
        when the bench did not start it and why."""
        if self.result is not None:
            return self.result.status
        return f"not run ({self.not_run})" if self.not_run else self.state

    @property
    def infrastructure(self) -> str | None:
        """The kind of infrastructure failure that ended this attempt (errors.InfraKind), or None."""
        return self.result.infrastructure if self.result else None

    @property
    def over_claimed(self) -> bool:
        """The agent answered as if done (status answered, an answer that does not admit failure: "I could
        not find it" claims nothing) but the check, or the judge where there is no check, says it failed."""
        r = self.result
        answer = (r.answer or "").strip() if r else ""
        return bool(r and r.answered and answer and not admits_failure(answer) and self.success is False)

    @property
    def label_key(self) -> str:
        """The attempt's name in a labels CSV: the task id, `TASK#N` for attempt N > 1 of a repeated run
        (the report's labelling export, `judge agreement` and `judge calibrate` all key by it)."""
        return self.task_id if self.repeat == 1 else f"{self.task_id}#{self.repeat}"

    @property
    def task_dir(self) -> str:
        return self.dirname

    @property
    def checked(self) -> bool | None:
        return self.result.success if self.result else None

    @property
    def judged(self) -> bool | None:
        return self.judgement.success if self.judgement else None

    @property
    def golden(self) -> bool | None:
        if self.result is None:
            return None
        return golden_match(self.result.answer, self.result.golden_answer)

    @property
    def success(self) -> bool | None:
        return self.checked if self.checked is not None else self.judged

    @property
    def signal(self) -> str | None:
        """Which signal `success` comes from: 'checked', 'judged' or None."""
        if self.checked is not None:
            return "checked"
        return "judged" if self.judged is not None else None


def _load_result(path: Path) -> Result | None:
    try:
        return TaskDir(path).load_result()
    except (json.JSONDecodeError, TypeError, ValueError):
        return None


def load_records(run_dir: Path) -> list[TaskRecord]:
    """Every task of the run: the bench store's tasks in order, then any other task folder with a result."""
    if not run_dir.is_dir():
        raise ConfigError(f"run directory {run_dir} does not exist; pass the --out folder of a bench or run")
    records: list[TaskRecord] = []
    seen: set[str] = set()
    if (run_dir / STORE_NAME).is_file():
        with RunStore(run_dir) as store:
            rows = store.rows()
        for row in rows:
            folder = run_dir / row.dirname
            result = _load_result(folder) if row.state == "done" else None
            records.append(TaskRecord(row.task_id, row.dirname, row.site, result,
                                      load_judgement(TaskDir(folder).judgement), state=row.state, repeat=row.repeat,
                                      not_run=row.not_run if row.state == "pending" else None))
            seen.add(row.dirname)
    for folder in sorted(p for p in run_dir.iterdir() if p.is_dir() and p.name not in seen):
        result = _load_result(folder)
        if result is None:
            continue
        records.append(TaskRecord(result.task_id, folder.name, result.site, result,
                                  load_judgement(TaskDir(folder).judgement), repeat=result.repeat))
    return records


def task_folder(run_dir: Path, task_id: str) -> Path:
    """The folder of a task inside a run directory."""
    return run_dir / safe_dirname(task_id)
