"""The result sections of a run's estimates (runs/estimates.py): success with its 95% interval, the
infrastructure failures, over-claiming, and with repeats pass@k and pass^k, per site and overall.

Data only, like every result section: the CLI prints them after the suite's own sections, and the
report shows the same tables. The paper protocol shows both views (infrastructure failures left out,
and counted as failures); otherwise the run's own view.
"""

from __future__ import annotations

from webvoyager.bench.suites.sections import OVERALL, Section, TableSection, TextSection
from webvoyager.runs.estimates import GroupEstimate, RunEstimates
from webvoyager.runs.intervals import RESAMPLES, SEED
from webvoyager.runs.summary import Summary

VIEW_TITLES = {"infra_excluded": "infrastructure failures left out",
               "infra_as_failure": "infrastructure failures counted as failures"}


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _row(name: str, e: GroupEstimate, repeat: int) -> tuple[str, ...]:
    interval = "-" if e.low is None else f"{_pct(e.low)} - {_pct(e.high)}"
    claim = "-" if e.over_claim_share is None else f"{e.over_claimed} ({_pct(e.over_claim_share)})"
    row = [name, str(e.tasks), str(e.attempts), f"{_pct(e.rate)} ({e.successes}/{e.attempts})", interval,
           str(e.infrastructure), claim]
    if repeat > 1:
        row += [_pct(p.value) for p in e.pass_at_k] + [_pct(p.value) for p in e.pass_hat_k]
    return tuple(row)


def view_table(estimates: RunEstimates, view: str) -> TableSection:
    """One view's table: a row per site and the overall row."""
    v, n = estimates.views[view], estimates.repeat
    columns = ["site", "tasks", "attempts", "success", "95% interval", "infra", "over-claimed"]
    if n > 1:
        columns += [f"pass@{k}" for k in range(1, n + 1)] + [f"pass^{k}" for k in range(1, n + 1)]
    rows = tuple(_row(name, e, n) for name, e in v.sites.items())
    return TableSection(f"Success with 95% intervals ({VIEW_TITLES[view]})", tuple(columns), rows,
                        total=_row(OVERALL, v.overall, n))


def method_line(estimates: RunEstimates) -> TextSection:
    """How the intervals were computed and what the infrastructure failures were."""
    overall = estimates.headline.overall
    how = ("Wilson score intervals (one attempt per task)" if estimates.repeat == 1 else
           f"{estimates.repeat} attempts per task: the mean over tasks of each task's success share, with a "
           f"bootstrap interval over tasks ({RESAMPLES} resamples, seed {SEED}); pass@k and pass^k are the "
           "unbiased estimators")
    causes = ", ".join(f"{kind} {n}" for kind, n in overall.infrastructure_causes.items())
    infra = (f"Infrastructure failures: {overall.infrastructure} ({causes}), "
             + ("counted as failures (--infra-as-failure)." if estimates.view == "infra_as_failure"
                else "left out of the success denominator (--infra-as-failure counts them).")
             if overall.infrastructure else "No infrastructure failures.")
    return TextSection(f"{how}. {infra} Over-claimed: answered as if done, but the check (or the judge) "
                       "says failure.")


def rate_sections(summary: Summary, *, both_views: bool = False) -> list[Section]:
    """The estimates' tables (the run's view; with `both_views`, the other one too) and their method line."""
    estimates = summary.estimates
    if estimates is None:
        return []
    views = [estimates.view] + ([v for v in estimates.views if v != estimates.view] if both_views else [])
    return [*(view_table(estimates, view) for view in views), method_line(estimates)]
