"""`summary.json`: overall and per-site numbers of a run, computed from the files in the run directory.

Rates are over the tasks that have that signal (e.g. `judged.rate` = judged successes / judged tasks),
and `success.rate` (the headline) is over all tasks of the group, counting tasks without a verdict as
failures, so an unjudged run never looks better than it is.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from webvoyager.bench.records import TaskRecord, load_records
from webvoyager.fileio import write_json_atomic
from webvoyager.usage import Usage

SUMMARY_NAME = "summary.json"
SIGNALS = ("checked", "judged", "golden")


@dataclass
class SignalStats:
    """How many tasks have this signal, and how many of those succeeded."""

    tasks: int = 0
    success: int = 0

    @property
    def rate(self) -> float | None:
        return self.success / self.tasks if self.tasks else None

    def add(self, value: bool | None) -> None:
        if value is not None:
            self.tasks += 1
            self.success += int(value)

    def to_dict(self) -> dict[str, Any]:
        return {"tasks": self.tasks, "success": self.success, "rate": self.rate}


@dataclass
class GroupStats:
    """Numbers for a set of tasks (one site, or the whole run)."""

    tasks: int = 0
    finished: int = 0
    answered: int = 0
    success: int = 0
    signals: dict[str, SignalStats] = field(default_factory=lambda: {s: SignalStats() for s in SIGNALS})
    stop_reasons: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    usage: Usage = field(default_factory=Usage)
    wall_s: float = 0.0

    def add(self, rec: TaskRecord) -> None:
        self.tasks += 1
        for name in SIGNALS:
            self.signals[name].add(getattr(rec, name))
        self.success += int(bool(rec.success))
        if rec.result is None:
            return
        r = rec.result
        self.finished += 1
        self.answered += int(r.answered)
        self.stop_reasons[r.status] += 1
        self.steps += r.steps
        self.usage = self.usage + r.usage
        self.wall_s += float(r.timings.get("wall_s", 0.0) or 0.0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tasks": self.tasks,
            "finished": self.finished,
            "answered": self.answered,
            "success": {"tasks": self.tasks, "success": self.success,
                        "rate": self.success / self.tasks if self.tasks else None},
            "by_signal": {name: s.to_dict() for name, s in self.signals.items()},
            "stop_reasons": dict(sorted(self.stop_reasons.items())),
            "mean_steps": self.steps / self.finished if self.finished else None,
            "tokens": {"input": self.usage.input_tokens, "output": self.usage.output_tokens,
                       "total": self.usage.total_tokens},
            "cost_usd": self.usage.cost_usd,
            "task_wall_s": round(self.wall_s, 3),
            "mean_task_wall_s": round(self.wall_s / self.finished, 3) if self.finished else None,
        }


def summarize(records: Iterable[TaskRecord], *, run_wall_s: float | None = None) -> dict[str, Any]:
    """The summary dictionary (written as summary.json) for these task records."""
    overall = GroupStats()
    sites: dict[str, GroupStats] = {}
    judges: Counter[str] = Counter()
    for rec in records:
        overall.add(rec)
        sites.setdefault(rec.site or "(none)", GroupStats()).add(rec)
        if rec.judgement is not None:
            judges[f"{rec.judgement.protocol} / {rec.judgement.model}"] += 1
    return {
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "run_wall_s": round(run_wall_s, 3) if run_wall_s is not None else None,
        "judges": dict(judges),
        "overall": overall.to_dict(),
        "sites": {name: stats.to_dict() for name, stats in sorted(sites.items())},
    }


def write_summary(run_dir: Path, *, run_wall_s: float | None = None) -> dict[str, Any]:
    """Recompute summary.json from the run directory's files; keeps the run's wall time already recorded."""
    path = run_dir / SUMMARY_NAME
    if run_wall_s is None and path.is_file():
        try:
            run_wall_s = json.loads(path.read_text(encoding="utf-8")).get("run_wall_s")
        except json.JSONDecodeError:
            run_wall_s = None
    summary = summarize(load_records(run_dir), run_wall_s=run_wall_s)
    write_json_atomic(path, summary)
    return summary
