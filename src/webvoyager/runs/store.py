"""Run bookkeeping in SQLite (`runs.sqlite` in the run directory), so a killed run can be resumed.

Table `tasks`: one row per task and repeat (`bench --repeat N`: state pending|running|done, attempts, final
status and success, and `infrastructure`: the kind of an infrastructure failure, `errors.InfraKind`, which
`--resume` reruns). A row's key (column `task_id`) is the task id for repeat 1, as before repeats existed,
and `<task id>@<repeat>` for the others (`trajectory.run_key`); `repeat` says which.
Table `attempts`: one row per attempt (started, finished, status), the evidence that no task ran twice;
an attempt whose worker died is closed as `lost` (status), one a killed run left open as `interrupted`.
A pending row may carry `not_run`: why the bench did not start it (`budget`: `bench --max-cost/--max-tokens`
was spent, runs/budget.py); starting the task clears it, so `--resume` runs such rows like any pending one.
WAL journal and one transaction per change: a SIGKILL leaves the database consistent, with the tasks
that were running still marked `running`; `reset_interrupted` turns them back into `pending`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

from webvoyager.trajectory import run_key

STORE_NAME = "runs.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tasks (
    task_id    TEXT PRIMARY KEY,
    dirname    TEXT NOT NULL,
    site       TEXT NOT NULL DEFAULT '',
    state      TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done')),
    attempts   INTEGER NOT NULL DEFAULT 0,
    status     TEXT,
    success    INTEGER,
    updated_at TEXT NOT NULL,
    infrastructure TEXT,
    repeat     INTEGER NOT NULL DEFAULT 1,
    not_run    TEXT
);
CREATE TABLE IF NOT EXISTS attempts (
    task_id     TEXT NOT NULL,
    attempt     INTEGER NOT NULL,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    status      TEXT,
    PRIMARY KEY (task_id, attempt)
);
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class TaskRow:
    """One task's bookkeeping."""

    task_id: str
    dirname: str
    site: str
    state: str
    attempts: int
    status: str | None
    success: bool | None
    updated_at: str
    infrastructure: str | None = None   # an infrastructure failure's kind: rerun by --resume
    repeat: int = 1                     # which of the run's `--repeat` attempts of the task
    not_run: str | None = None          # pending: why the bench did not start it (`budget`)

    @property
    def key(self) -> str:
        """The row's key in the store (what `start`, `finish` and `get` take): `trajectory.run_key`."""
        return run_key(self.task_id, self.repeat)


class RunStore:
    """The SQLite bookkeeping of one bench run. Not thread-safe: use it from the event loop's thread."""

    def __init__(self, run_dir: Path) -> None:
        run_dir.mkdir(parents=True, exist_ok=True)
        self.path = run_dir / STORE_NAME
        self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tasks)")}
        if "infrastructure" not in columns:   # a run directory made before the column existed
            self._db.execute("ALTER TABLE tasks ADD COLUMN infrastructure TEXT")
        if "repeat" not in columns:           # ... or before repeats: every row is repeat 1
            self._db.execute("ALTER TABLE tasks ADD COLUMN repeat INTEGER NOT NULL DEFAULT 1")
        if "not_run" not in columns:          # ... or before budgets
            self._db.execute("ALTER TABLE tasks ADD COLUMN not_run TEXT")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add_tasks(self, tasks: Iterable[tuple[str, str, str]], repeat: int = 1) -> None:
        """Register (task_id, dirname, site) as pending for attempt `repeat` (keyed `run_key(task_id,
        repeat)`); rows already known are left as they are."""
        now = _now()
        with self._db:
            self._db.executemany(
                "INSERT OR IGNORE INTO tasks (task_id, dirname, site, state, updated_at, repeat) "
                "VALUES (?, ?, ?, 'pending', ?, ?)",
                [(run_key(tid, repeat), d, s, now, repeat) for tid, d, s in tasks],
            )

    def reset_interrupted(self) -> list[str]:
        """Tasks left `running` by a killed run go back to `pending`; returns their ids."""
        rows = self._db.execute("SELECT task_id FROM tasks WHERE state = 'running' ORDER BY task_id").fetchall()
        with self._db:
            self._db.execute("UPDATE tasks SET state = 'pending', updated_at = ? WHERE state = 'running'", (_now(),))
            self._db.execute("UPDATE attempts SET status = 'interrupted', finished_at = ? WHERE finished_at IS NULL",
                             (_now(),))
        return [r[0] for r in rows]

    def reset_infrastructure_failures(self) -> list[str]:
        """Tasks that ended with an infrastructure failure (a full disk, a browser that would not start,
        a model server that could not be reached) go back to `pending`, to be run again; returns their
        ids. Their attempts stay recorded as they finished."""
        rows = self._db.execute("SELECT task_id FROM tasks WHERE state = 'done' AND infrastructure IS NOT NULL "
                                "ORDER BY task_id").fetchall()
        with self._db:
            self._db.execute("UPDATE tasks SET state = 'pending', updated_at = ? WHERE state = 'done' "
                             "AND infrastructure IS NOT NULL", (_now(),))
        return [r[0] for r in rows]

    def start(self, task_id: str) -> int:
        """Mark a task running and open a new attempt; returns the attempt number (1-based)."""
        now = _now()
        with self._db:
            self._db.execute("UPDATE tasks SET state = 'running', attempts = attempts + 1, updated_at = ?, "
                             "not_run = NULL WHERE task_id = ?", (now, task_id))
            (attempt,) = self._db.execute("SELECT attempts FROM tasks WHERE task_id = ?", (task_id,)).fetchone()
            self._db.execute("INSERT INTO attempts (task_id, attempt, started_at) VALUES (?, ?, ?)",
                             (task_id, attempt, now))
        return int(attempt)

    def mark_not_run(self, keys: Iterable[str], reason: str) -> None:
        """Record why these pending rows were not started (`reason`, e.g. `budget`); they stay pending."""
        now = _now()
        with self._db:
            self._db.executemany("UPDATE tasks SET not_run = ?, updated_at = ? WHERE task_id = ? AND state = 'pending'",
                                 [(reason, now, key) for key in keys])

    def abandon(self, task_id: str) -> None:
        """Close a task's open attempt as `lost` (its worker died under it); the task stays running."""
        with self._db:
            self._db.execute("UPDATE attempts SET status = 'lost', finished_at = ? WHERE task_id = ? "
                             "AND finished_at IS NULL", (_now(), task_id))

    def finish(self, task_id: str, status: str, success: bool | None, infrastructure: str | None = None) -> None:
        """Mark a task done with its final status (and the kind of an infrastructure failure, which
        `reset_infrastructure_failures` reruns); closes its open attempt."""
        now = _now()
        with self._db:
            self._db.execute("UPDATE tasks SET state = 'done', status = ?, success = ?, updated_at = ?, "
                             "infrastructure = ? WHERE task_id = ?",
                             (status, None if success is None else int(success), now, infrastructure, task_id))
            self._db.execute("UPDATE attempts SET finished_at = ?, status = ? WHERE task_id = ? AND finished_at IS NULL",
                             (now, status, task_id))

    def rows(self) -> list[TaskRow]:
        """Every task and repeat, in insertion order (`task_id` is the task's own id, `key` the row's)."""
        cur = self._db.execute("SELECT task_id, dirname, site, state, attempts, status, success, updated_at, "
                               "infrastructure, repeat, not_run FROM tasks ORDER BY rowid")
        return [TaskRow(_task_of(r[0], r[9]), r[1], r[2], r[3], r[4], r[5], None if r[6] is None else bool(r[6]),
                        r[7], r[8], r[9], r[10]) for r in cur.fetchall()]

    def get(self, key: str) -> TaskRow | None:
        """The row of `key` (a task id for its first attempt, `run_key` for the others)."""
        return next((r for r in self.rows() if r.key == key), None)

    def finished_attempts(self, task_id: str) -> int:
        """How many attempts of this task ran to the end (never more than one in a healthy run)."""
        (n,) = self._db.execute("SELECT COUNT(*) FROM attempts WHERE task_id = ? AND finished_at IS NOT NULL "
                                "AND status NOT IN ('interrupted', 'lost')", (task_id,)).fetchone()
        return int(n)

    def counts(self) -> dict[str, int]:
        """Number of tasks per state."""
        out = {"pending": 0, "running": 0, "done": 0}
        for state, n in self._db.execute("SELECT state, COUNT(*) FROM tasks GROUP BY state"):
            out[state] = n
        return out


def _task_of(key: str, repeat: int) -> str:
    """The task id of a row's key (the inverse of `run_key`)."""
    suffix = run_key("", repeat)
    return key[: -len(suffix)] if suffix and key.endswith(suffix) else key
