"""Printing result sections (`bench.suites.sections`) with rich: any suite's tables and lines."""

from __future__ import annotations

from typing import Iterable

from rich.markup import escape
from rich.table import Table

from webvoyager.bench.suites.sections import Section, TableSection
from webvoyager.cli.common import console


def print_sections(sections: Iterable[Section]) -> None:
    """Each table as a rich table (its total row in bold), each line as text; cells are text, not markup."""
    for section in sections:
        if isinstance(section, TableSection):
            console.print(_table(section))
        else:
            console.print(escape(section.text))


def _table(section: TableSection) -> Table:
    table = Table(title=section.title)
    for i, column in enumerate(section.columns):
        table.add_column(column, justify="left" if i < section.name_columns else "right")
    for row in section.rows:
        table.add_row(*map(escape, row))
    if section.total is not None:
        table.add_row(*map(escape, section.total), style="bold")
    return table
