"""Result sections a suite gives the CLI to print: typed tables of text rows and lines of text.

Data only (the CLI renders them with rich), so a suite with results of its own needs no printing code.
The per-site table of a run's summary and MiniWoB++'s reward table are made here for every suite.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from webvoyager.runs.summary import Rate, Summary

OVERALL = "overall"


@dataclass(frozen=True)
class TableSection:
    """A table: the first `name_columns` columns are names (left-aligned), the rest figures; `total`
    is the emphasised last row."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: tuple[str, ...] | None = None
    name_columns: int = 1


@dataclass(frozen=True)
class TextSection:
    """One line of text."""

    text: str


Section = Union[TableSection, TextSection]


def pct(rate: Rate) -> str:
    """`62.5% (5/8)`, or `-` when nothing was counted."""
    return "-" if rate.rate is None else f"{100 * rate.rate:.1f}% ({rate.success}/{rate.tasks})"


def site_table(summary: Summary, title: str = "Results", paper_sites: dict[str, str] | None = None) -> TableSection:
    """The per-site table of a run's summary (tasks, answered, success by signal, steps, cost). With
    `paper_sites` (our site name -> the paper's website it stands for, in the paper's order), the sites
    come in the paper's order with the paper's names beside ours."""
    columns = ["site", "tasks", "answered", "success", "checked", "judged", "golden", "mean steps", "cost"]
    if paper_sites:
        columns.insert(0, "paper site")
    order = list(paper_sites or {})
    sites = sorted(summary.sites.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    rows = []
    for name, s in [*sites, (OVERALL, summary.overall)]:
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        cost = "-" if s.cost_usd is None else f"${s.cost_usd:.2f}"
        sig = s.by_signal
        row = [name, str(s.tasks), str(s.answered), pct(s.success), pct(sig["checked"]), pct(sig["judged"]),
               pct(sig["golden"]), steps, cost]
        if paper_sites:
            row.insert(0, paper_sites.get(name, ""))
        rows.append(tuple(row))
    return TableSection(title, tuple(columns), tuple(rows[:-1]), total=rows[-1],
                        name_columns=2 if paper_sites else 1)


def reward_table(summary: Summary, title: str = "MiniWoB++ results") -> TableSection:
    """Per task (site): episodes, the page's mean reward, success rate (reward > 0), mean steps."""
    rows = []
    for name, s in [*summary.sites.items(), (OVERALL, summary.overall)]:
        reward = "-" if s.mean_reward is None else f"{s.mean_reward:.3f}"
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        rows.append((name, str(s.tasks), reward, pct(s.success), steps))
    return TableSection(title, ("task", "episodes", "mean reward", "success", "mean steps"), tuple(rows[:-1]),
                        total=rows[-1])
