"""`summary.json` (a `Summary`): overall and per-site numbers of a run, computed from the run directory's files.

A suite may declare groupings (`Grouping`: a task field such as Online-Mind2Web's `level`, recorded per
task in result.json `groups`, and the order of its values, in run.json `groups`): the summary then holds
the same numbers per value of each (`Summary.groups`), and lists the tasks the benchmark replaced.

Rates are over the tasks that have that signal (e.g. `judged.rate` = judged successes / judged tasks),
and `success.rate` (the headline) is over all tasks of the group, counting tasks without a verdict as
failures, so an unjudged run never looks better than it is; but tasks that ended in an infrastructure
failure (`infrastructure`: counts by cause) are left out of it, unless the run counts them as failures
(`bench --infra-as-failure`, run.json `infra_as_failure`). `estimates` (runs/estimates.py) adds the 95%
intervals, pass@k and pass^k, and over-claiming, in both views. `not_run` lists the tasks the bench's books
say it did not start and why (`budget`), and `budget` what the last budgeted bench invocation spent of
its limits (runs/budget.py).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from webvoyager.runs.budget import BudgetReport
from webvoyager.runs.calibration import CalibrationRow, read_calibration
from webvoyager.runs.estimates import RunEstimates, estimate_run
from webvoyager.runs.records import TaskRecord, load_records
from webvoyager.fileio import write_json_atomic
from webvoyager.trajectory import run_key
from webvoyager.usage import Usage

SUMMARY_NAME = "summary.json"
SIGNALS = ("checked", "judged", "golden")


@dataclass(frozen=True)
class Grouping:
    """One way a suite splits its results: a task field (`key`) and the order its values are shown in
    (values not listed come after, alphabetically)."""

    key: str
    order: tuple[str, ...] = ()

    def sort(self, values: Iterable[str]) -> list[str]:
        """`values` in this grouping's order."""
        rank = {v: i for i, v in enumerate(self.order)}
        return sorted(values, key=lambda v: (rank.get(v, len(rank)), v))

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "order": list(self.order)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Grouping:
        return cls(str(data["key"]), tuple(str(v) for v in data.get("order") or ()))


@dataclass
class Rate:
    """How many tasks have a signal, and how many of those succeeded."""

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
    """Numbers for a set of tasks (one site, or the whole run).

    `success` is the headline over every task of the group (a task without a verdict counts as a
    failure); `by_signal` rates each signal over the tasks that have it.
    """

    tasks: int = 0
    finished: int = 0
    answered: int = 0
    success: Rate = field(default_factory=Rate)
    by_signal: dict[str, Rate] = field(default_factory=lambda: {s: Rate() for s in SIGNALS})
    stop_reasons: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    usage: Usage = field(default_factory=Usage)
    task_wall_s: float = 0.0
    rewards: int = 0                 # tasks with an environment's reward (MiniWoB++)
    reward_sum: float = 0.0
    infrastructure: Counter[str] = field(default_factory=Counter)   # infrastructure failures by cause

    @property
    def mean_reward(self) -> float | None:
        return self.reward_sum / self.rewards if self.rewards else None

    @property
    def mean_steps(self) -> float | None:
        return self.steps / self.finished if self.finished else None

    @property
    def mean_task_wall_s(self) -> float | None:
        return self.task_wall_s / self.finished if self.finished else None

    @property
    def cost_usd(self) -> float | None:
        return self.usage.cost_usd

    def add(self, rec: TaskRecord, infra_as_failure: bool = False) -> None:
        self.tasks += 1
        for name in SIGNALS:
            self.by_signal[name].add(getattr(rec, name))
        if rec.infrastructure is not None:
            self.infrastructure[rec.infrastructure] += 1
        if rec.infrastructure is None or infra_as_failure:   # else it says nothing about the agent
            self.success.tasks += 1
            self.success.success += int(bool(rec.success) and rec.infrastructure is None)
        if rec.result is None:
            return
        r = rec.result
        self.finished += 1
        self.answered += int(r.answered)
        self.stop_reasons[r.status] += 1
        self.steps += r.steps
        self.usage = self.usage + r.usage
        self.task_wall_s += float(r.timings.get("wall_s", 0.0) or 0.0)
        if r.reward is not None:
            self.rewards += 1
            self.reward_sum += r.reward

    def to_dict(self) -> dict[str, Any]:
        return {
            "tasks": self.tasks,
            "finished": self.finished,
            "answered": self.answered,
            "success": self.success.to_dict(),
            "by_signal": {name: s.to_dict() for name, s in self.by_signal.items()},
            "stop_reasons": dict(sorted(self.stop_reasons.items())),
            "steps": self.steps,
            "mean_steps": self.mean_steps,
            "tokens": {"input": self.usage.input_tokens, "output": self.usage.output_tokens,
                       "total": self.usage.total_tokens},
            "usage": self.usage.to_dict(),
            "cost_usd": self.usage.cost_usd,
            "task_wall_s": round(self.task_wall_s, 3),
            "mean_task_wall_s": round(self.task_wall_s / self.finished, 3) if self.finished else None,
            "rewards": self.rewards,
            "reward_sum": self.reward_sum,
            "mean_reward": self.mean_reward,
            "infrastructure": dict(sorted(self.infrastructure.items())),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupStats:
        def rate(d: dict[str, Any] | None) -> Rate:
            return Rate(int((d or {}).get("tasks", 0)), int((d or {}).get("success", 0)))

        return cls(tasks=int(data.get("tasks", 0)), finished=int(data.get("finished", 0)),
                   answered=int(data.get("answered", 0)), success=rate(data.get("success")),
                   by_signal={name: rate((data.get("by_signal") or {}).get(name)) for name in SIGNALS},
                   stop_reasons=Counter(data.get("stop_reasons") or {}), steps=int(data.get("steps", 0)),
                   usage=Usage.from_dict(data.get("usage") or {}),
                   task_wall_s=float(data.get("task_wall_s") or 0.0), rewards=int(data.get("rewards") or 0),
                   reward_sum=float(data.get("reward_sum") or 0.0),
                   infrastructure=Counter(data.get("infrastructure") or {}))


@dataclass
class Summary:
    """What `summary.json` holds: overall and per-site numbers of a run, and which judges gave verdicts."""

    overall: GroupStats = field(default_factory=GroupStats)
    sites: dict[str, GroupStats] = field(default_factory=dict)
    groups: dict[str, dict[str, GroupStats]] = field(default_factory=dict)   # grouping key -> value -> numbers
    replaced: list[str] = field(default_factory=list)   # ids of the tasks the benchmark's maintainers replaced
    judges: dict[str, int] = field(default_factory=dict)
    run_wall_s: float | None = None
    protocol: str = "default"          # the run's protocol (run.json), default or paper
    estimates: RunEstimates | None = None   # intervals, pass@k/pass^k, over-claiming (both views)
    not_run: dict[str, str] = field(default_factory=dict)   # row key -> why the bench did not start it
    budget: BudgetReport | None = None      # the last budgeted bench invocation's limits and spend
    calibration: tuple[CalibrationRow, ...] = ()   # judges against the checks (calibration.json), if measured
    generated_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "generated_at": self.generated_at,
            "protocol": self.protocol,
            "run_wall_s": round(self.run_wall_s, 3) if self.run_wall_s is not None else None,
            "judges": dict(self.judges),
            "overall": self.overall.to_dict(),
            "sites": {name: stats.to_dict() for name, stats in self.sites.items()},
            **({"estimates": self.estimates.to_dict()} if self.estimates else {}),
            "groups": {key: {value: stats.to_dict() for value, stats in values.items()}
                       for key, values in self.groups.items()},
            "replaced": {"count": len(self.replaced), "tasks": list(self.replaced)},
            "not_run": {"count": len(self.not_run), "tasks": dict(self.not_run)},
            "budget": self.budget.to_dict() if self.budget else None,
            **({"calibration": [row.to_dict() for row in self.calibration]} if self.calibration else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Summary:
        return cls(overall=GroupStats.from_dict(data.get("overall") or {}),
                   sites={k: GroupStats.from_dict(v) for k, v in (data.get("sites") or {}).items()},
                   groups={key: {value: GroupStats.from_dict(v) for value, v in values.items()}
                           for key, values in (data.get("groups") or {}).items()},
                   replaced=[str(t) for t in (data.get("replaced") or {}).get("tasks", [])],
                   judges=dict(data.get("judges") or {}), run_wall_s=data.get("run_wall_s"),
                   protocol=str(data.get("protocol") or "default"),
                   estimates=RunEstimates.from_dict(data["estimates"]) if data.get("estimates") else None,
                   not_run={str(k): str(v) for k, v in ((data.get("not_run") or {}).get("tasks") or {}).items()},
                   budget=BudgetReport.from_dict(data["budget"]) if data.get("budget") else None,
                   calibration=tuple(CalibrationRow.from_dict(row) for row in data.get("calibration") or ()),
                   generated_at=str(data.get("generated_at") or ""))


def summarize(records: Iterable[TaskRecord], *, run_wall_s: float | None = None,
              protocol: str = "default", groupings: Iterable[Grouping] = (),
              infra_as_failure: bool = False) -> Summary:
    """The summary (written as summary.json) of these task records; per value of each grouping too
    (a task not finished yet has no value: it counts overall and per site only). `infra_as_failure`:
    the headline counts infrastructure failures as failures instead of leaving them out."""
    records = list(records)
    summary = Summary(run_wall_s=run_wall_s, protocol=protocol,
                      estimates=estimate_run(records, infra_as_failure=infra_as_failure))
    judges: Counter[str] = Counter()
    sites: dict[str, GroupStats] = {}
    groups: dict[str, dict[str, GroupStats]] = {}
    for rec in records:
        summary.overall.add(rec, infra_as_failure)
        sites.setdefault(rec.site or "(none)", GroupStats()).add(rec, infra_as_failure)
        if rec.result is not None:
            for key, value in rec.result.groups.items():
                groups.setdefault(key, {}).setdefault(value, GroupStats()).add(rec, infra_as_failure)
            if rec.result.replaced:
                summary.replaced.append(rec.task_id)
        if rec.not_run is not None:
            summary.not_run[run_key(rec.task_id, rec.repeat)] = rec.not_run
        if rec.judgement is not None:
            judges[f"{rec.judgement.judge} / {rec.judgement.model}"] += 1
    summary.sites = dict(sorted(sites.items()))
    declared = {g.key: g for g in groupings}
    for key, values in groups.items():
        grouping = declared.get(key, Grouping(key))
        summary.groups[key] = {v: values[v] for v in grouping.sort(values)}
    summary.judges = dict(judges)
    return summary


def read_summary(run_dir: Path) -> Summary | None:
    """The run's summary.json, or None when there is none (or it is unreadable)."""
    path = run_dir / SUMMARY_NAME
    try:
        return Summary.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError, TypeError, ValueError, AttributeError):
        return None


_KEEP: Any = object()


def write_summary(run_dir: Path, *, run_wall_s: float | None = None, budget: BudgetReport | None = _KEEP) -> Summary:
    """Recompute summary.json from the run directory's files; keeps the run's wall time and budget report
    already recorded unless given (the bench gives its `budget`: None for an invocation without limits)."""
    previous = read_summary(run_dir) if run_wall_s is None or budget is _KEEP else None
    if run_wall_s is None:
        run_wall_s = previous.run_wall_s if previous else None
    if budget is _KEEP:
        budget = previous.budget if previous else None
    summary = summarize(load_records(run_dir), run_wall_s=run_wall_s, protocol=run_protocol(run_dir),
                        groupings=run_groupings(run_dir), infra_as_failure=run_infra_as_failure(run_dir))
    summary.calibration = read_calibration(run_dir)
    summary.budget = budget
    write_json_atomic(run_dir / SUMMARY_NAME, summary.to_dict())
    return summary


def _run_json(run_dir: Path) -> dict[str, Any]:
    try:
        data = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def run_protocol(run_dir: Path) -> str:
    """The protocol `run.json` records for the run ("default" for runs from before protocols)."""
    try:
        return str(_run_json(run_dir)["settings"]["protocol"])
    except (KeyError, TypeError):
        return "default"


def run_groupings(run_dir: Path) -> tuple[Grouping, ...]:
    """The groupings `run.json` records for the run (its suite's; none for most suites)."""
    try:
        return tuple(Grouping.from_dict(g) for g in _run_json(run_dir).get("groups") or ())
    except (KeyError, TypeError, AttributeError):
        return ()


def run_infra_as_failure(run_dir: Path) -> bool:
    """Whether the run counts infrastructure failures as failures (run.json `infra_as_failure`, written
    by `bench --infra-as-failure`); False for runs from before the option."""
    return bool(_run_json(run_dir).get("infra_as_failure", False))
