"""CLI command: `webvoyager report RUN_DIR` writes report.html and report.csv into the run directory."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors


@friendly_errors
def report(run_dir: Path = typer.Argument(..., help="The run directory (from bench or run).")) -> None:
    """Write a self-contained report.html (open it from disk) and report.csv for a run."""
    from webvoyager.report.build import build_report

    html_path, csv_path = build_report(run_dir)
    console.print(f"Report: [bold]{escape(str(html_path))}[/]\nCSV:    [bold]{escape(str(csv_path))}[/]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("report")(report)
