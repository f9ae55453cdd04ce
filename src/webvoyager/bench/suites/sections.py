"""Result sections a suite gives the CLI to print: typed tables of text rows and lines of text.

Data only (the CLI renders them with rich), so a suite with results of its own needs no printing code.
The per-site table of a run's summary, its per-group tables and replaced tasks, and MiniWoB++'s reward
table are made here for every suite.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from webvoyager.runs.summary import GroupStats, Rate, Summary

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


def summary_sections(summary: Summary, title: str = "Results",
                     paper_sites: dict[str, str] | None = None) -> list[Section]:
    """The per-site table (`site_table`), a table per grouping the summary holds (e.g. per level) and the
    replaced tasks."""
    return [site_table(summary, title=title, paper_sites=paper_sites),
            *(group_table(summary, key) for key in summary.groups),
            *replaced_lines(summary)]


def group_table(summary: Summary, key: str, title: str | None = None) -> TableSection:
    """The numbers per value of one grouping (e.g. `level`), the run's overall as the total row."""
    rows = [_stats_row(value, s) for value, s in summary.groups.get(key, {}).items()]
    return TableSection(title or f"Results by {key}", (key, *_COLUMNS[1:]), tuple(rows),
                        total=_stats_row(OVERALL, summary.overall))


def replaced_lines(summary: Summary) -> list[Section]:
    """A line naming the replaced tasks of the run, none when there are none."""
    if not summary.replaced:
        return []
    return [TextSection(f"{len(summary.replaced)} replaced task(s), not comparable with results on the tasks they "
                        f"replaced: {', '.join(summary.replaced)}")]


_COLUMNS = ("site", "tasks", "answered", "success", "checked", "judged", "golden", "mean steps", "cost")


def _stats_row(name: str, s: GroupStats) -> tuple[str, ...]:
    steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
    cost = "-" if s.cost_usd is None else f"${s.cost_usd:.2f}"
    sig = s.by_signal
    return (name, str(s.tasks), str(s.answered), pct(s.success), pct(sig["checked"]), pct(sig["judged"]),
            pct(sig["golden"]), steps, cost)


def site_table(summary: Summary, title: str = "Results", paper_sites: dict[str, str] | None = None) -> TableSection:
    """The per-site table of a run's summary (tasks, answered, success by signal, steps, cost). With
    `paper_sites` (our site name -> the paper's website it stands for, in the paper's order), the sites
    come in the paper's order with the paper's names beside ours."""
    columns = list(_COLUMNS)
    if paper_sites:
        columns.insert(0, "paper site")
    rows = []
    for name, s in [*in_paper_order(summary, paper_sites), (OVERALL, summary.overall)]:
        row = list(_stats_row(name, s))
        if paper_sites:
            row.insert(0, paper_sites.get(name, ""))
        rows.append(tuple(row))
    return TableSection(title, tuple(columns), tuple(rows[:-1]), total=rows[-1],
                        name_columns=2 if paper_sites else 1)


def in_paper_order(summary: Summary, paper_sites: dict[str, str] | None) -> list[tuple[str, GroupStats]]:
    """The summary's sites in the order of `paper_sites` (our site name -> the paper's website, in the
    paper's order), sites it does not name last in their own order."""
    order = list(paper_sites or {})
    return sorted(summary.sites.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))


def reward_table(summary: Summary, title: str = "MiniWoB++ results") -> TableSection:
    """Per task (site): episodes, the page's mean reward, success rate (reward > 0), mean steps."""
    rows = []
    for name, s in [*summary.sites.items(), (OVERALL, summary.overall)]:
        reward = "-" if s.mean_reward is None else f"{s.mean_reward:.3f}"
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        rows.append((name, str(s.tasks), reward, pct(s.success), steps))
    return TableSection(title, ("task", "episodes", "mean reward", "success", "mean steps"), tuple(rows[:-1]),
                        total=rows[-1])
