"""Success rates with their 95% intervals, pass@k and pass^k, infrastructure failures and over-claiming,
per site and overall: the `estimates` part of summary.json (`RunEstimates`).

A task's attempts (`bench --repeat N`: one record per attempt) are counted together. By default an
attempt that ended in an infrastructure failure (`Result.infrastructure`) is left out (view
`infra_excluded`): it says nothing about the agent. The strict view (`infra_as_failure`, `bench
--infra-as-failure`) counts it as a failure. Both views are always computed; `view` says which one is
the run's headline. An unfinished attempt counts as a failure, as in the headline success rate.

- rate: with one attempt per task, successes / attempts with Wilson's interval; with more, the mean over
  tasks of each task's share of successful attempts, with a bootstrap interval over tasks
  (runs/intervals.py: `RESAMPLES` resamples, seed `SEED`).
- pass@k, pass^k (k = 1..N): the mean over tasks of the unbiased estimators from each task's n counted
  attempts and c successes; a task with fewer than k counted attempts is left out of that k (`tasks`).
- over-claimed: attempts whose agent answered as if done (status answered, an answer that does not admit
  failure, `tasks.mentions.admits_failure`) while the
  check, or the judge where there is no check, says failure; `share` is over the counted attempts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from webvoyager.runs.intervals import RESAMPLES, SEED, bootstrap_mean, pass_at_k, pass_hat_k, wilson
from webvoyager.runs.records import TaskRecord

View = Literal["infra_excluded", "infra_as_failure"]
VIEWS: tuple[View, ...] = ("infra_excluded", "infra_as_failure")
LEVEL = 0.95


@dataclass(frozen=True)
class PassK:
    """pass@k or pass^k for one k: the mean over the `tasks` that have at least k counted attempts."""

    k: int
    value: float | None
    tasks: int

    def to_dict(self) -> dict[str, Any]:
        return {"k": self.k, "value": self.value, "tasks": self.tasks}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PassK:
        return cls(int(data["k"]), data.get("value"), int(data.get("tasks") or 0))


@dataclass
class GroupEstimate:
    """The estimates of one group (a site, or the whole run) under one view."""

    tasks: int = 0                 # tasks with at least one counted attempt
    attempts: int = 0              # counted attempts
    successes: int = 0
    rate: float | None = None
    low: float | None = None       # the 95% interval
    high: float | None = None
    method: str = "wilson"         # wilson | bootstrap
    infrastructure: int = 0        # attempts that ended in an infrastructure failure
    infrastructure_causes: dict[str, int] = field(default_factory=dict)
    answered: int = 0              # counted attempts answered with a non-empty answer
    over_claimed: int = 0
    pass_at_k: list[PassK] = field(default_factory=list)
    pass_hat_k: list[PassK] = field(default_factory=list)

    @property
    def over_claim_share(self) -> float | None:
        return self.over_claimed / self.attempts if self.attempts else None

    def to_dict(self) -> dict[str, Any]:
        return {"tasks": self.tasks, "attempts": self.attempts, "successes": self.successes, "rate": self.rate,
                "interval": {"low": self.low, "high": self.high, "method": self.method, "level": LEVEL},
                "infrastructure": {"attempts": self.infrastructure, "causes": dict(self.infrastructure_causes)},
                "over_claim": {"answered": self.answered, "over_claimed": self.over_claimed,
                               "share": self.over_claim_share},
                "pass_at_k": [p.to_dict() for p in self.pass_at_k],
                "pass_hat_k": [p.to_dict() for p in self.pass_hat_k]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupEstimate:
        interval, infra = data.get("interval") or {}, data.get("infrastructure") or {}
        claim = data.get("over_claim") or {}
        return cls(tasks=int(data.get("tasks") or 0), attempts=int(data.get("attempts") or 0),
                   successes=int(data.get("successes") or 0), rate=data.get("rate"), low=interval.get("low"),
                   high=interval.get("high"), method=str(interval.get("method") or "wilson"),
                   infrastructure=int(infra.get("attempts") or 0),
                   infrastructure_causes=dict(infra.get("causes") or {}),
                   answered=int(claim.get("answered") or 0), over_claimed=int(claim.get("over_claimed") or 0),
                   pass_at_k=[PassK.from_dict(p) for p in data.get("pass_at_k") or []],
                   pass_hat_k=[PassK.from_dict(p) for p in data.get("pass_hat_k") or []])


@dataclass
class ViewEstimates:
    """One view's estimates: overall and per site."""

    overall: GroupEstimate
    sites: dict[str, GroupEstimate]

    def to_dict(self) -> dict[str, Any]:
        return {"overall": self.overall.to_dict(), "sites": {k: v.to_dict() for k, v in self.sites.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ViewEstimates:
        return cls(GroupEstimate.from_dict(data.get("overall") or {}),
                   {k: GroupEstimate.from_dict(v) for k, v in (data.get("sites") or {}).items()})


@dataclass
class RunEstimates:
    """Both views of a run, which one is the headline, and how the intervals were computed."""

    view: View
    repeat: int
    views: dict[str, ViewEstimates]
    resamples: int = RESAMPLES
    seed: int = SEED

    @property
    def headline(self) -> ViewEstimates:
        return self.views[self.view]

    def to_dict(self) -> dict[str, Any]:
        return {"view": self.view, "repeat": self.repeat, "level": LEVEL, "resamples": self.resamples,
                "seed": self.seed, **{name: v.to_dict() for name, v in self.views.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunEstimates:
        return cls(view=data.get("view") or "infra_excluded", repeat=int(data.get("repeat") or 1),
                   views={name: ViewEstimates.from_dict(data[name]) for name in VIEWS if name in data},
                   resamples=int(data.get("resamples") or RESAMPLES), seed=int(data.get("seed") or SEED))


def group_estimate(records: Iterable[TaskRecord], *, infra_as_failure: bool, repeat: int) -> GroupEstimate:
    """The estimates of these records (the attempts of some tasks) under one view; `repeat` is the run's
    attempts per task (it chooses the interval and the k of pass@k)."""
    out = GroupEstimate(method="bootstrap" if repeat > 1 else "wilson")
    per_task: dict[str, list[int]] = {}          # task id -> [counted attempts, successes]
    causes: Counter[str] = Counter()
    for rec in records:
        if rec.infrastructure is not None:
            out.infrastructure += 1
            causes[rec.infrastructure] += 1
            if not infra_as_failure:
                continue
        counts = per_task.setdefault(rec.task_id, [0, 0])
        succeeded = bool(rec.success) and rec.infrastructure is None
        counts[0] += 1
        counts[1] += int(succeeded)
        out.attempts += 1
        out.successes += int(succeeded)
        r = rec.result
        if r is not None and r.answered and (r.answer or "").strip():
            out.answered += 1
        out.over_claimed += int(rec.over_claimed)
    out.infrastructure_causes = dict(sorted(causes.items()))
    out.tasks = len(per_task)
    if out.method == "wilson":
        out.rate = out.successes / out.attempts if out.attempts else None
        bounds = wilson(out.successes, out.attempts)
    else:
        shares = [c / n for n, c in per_task.values()]
        out.rate = sum(shares) / len(shares) if shares else None
        bounds = bootstrap_mean(shares)
    out.low, out.high = bounds if bounds else (None, None)
    for k in range(1, repeat + 1):
        usable = [(n, c) for n, c in per_task.values() if n >= k]
        for estimator, target in ((pass_at_k, out.pass_at_k), (pass_hat_k, out.pass_hat_k)):
            values = [estimator(n, c, k) for n, c in usable]
            target.append(PassK(k, sum(values) / len(values) if values else None, len(values)))
    return out


def estimate_run(records: Iterable[TaskRecord], *, infra_as_failure: bool = False) -> RunEstimates:
    """Both views of the run's records, overall and per site (`view`: the run's headline)."""
    records = list(records)
    repeat = max((rec.repeat for rec in records), default=1)
    sites: dict[str, list[TaskRecord]] = {}
    for rec in records:
        sites.setdefault(rec.site or "(none)", []).append(rec)
    views = {}
    for name in VIEWS:
        strict = name == "infra_as_failure"
        views[name] = ViewEstimates(group_estimate(records, infra_as_failure=strict, repeat=repeat),
                                    {site: group_estimate(recs, infra_as_failure=strict, repeat=repeat)
                                     for site, recs in sorted(sites.items())})
    return RunEstimates(view="infra_as_failure" if infra_as_failure else "infra_excluded", repeat=repeat,
                        views=views)
