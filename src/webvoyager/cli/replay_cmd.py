"""CLI command: `webvoyager replay RUN_DIR/TASK [--headed]`: replay a recorded trajectory, report where
the page no longer matches; exit 0 when every step matched, 1 otherwise."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, Iterator

import typer
from rich.markup import escape
from rich.table import Table

from webvoyager.cli.common import console, friendly_errors

_STYLE = {"match": "green", "moved": "yellow", "diverged": "bold red", "skipped": "dim"}


@contextlib.contextmanager
def _sandbox_if_needed(start_url: str) -> Iterator[Any]:
    """A recording on the sandbox replays on a sandbox started here (on a free port)."""
    from webvoyager.replay.replayer import uses_sandbox

    if not uses_sandbox(start_url):
        yield None
        return
    from webvoyager.sandbox.server import Sandbox

    with Sandbox(port=0) as sandbox:
        yield sandbox


@friendly_errors
def replay(
    task_dir: Path = typer.Argument(..., help="A task folder of a run: RUN_DIR/<task id> (holds trajectory.json)."),
    headed: bool = typer.Option(False, "--headed", help="Show the browser window."),
) -> None:
    """Replay a recorded task's actions in a fresh browser; report the first step where the page differs."""
    from webvoyager.replay.replayer import REPLAY_NAME, load_trajectory, replay_task

    header, _ = load_trajectory(task_dir)
    with _sandbox_if_needed(header["start_url"]) as sandbox:
        report = asyncio.run(replay_task(task_dir, headless=not headed,
                                         sandbox_port=sandbox.port if sandbox else None,
                                         search_url=sandbox.search_url if sandbox else None))
    table = Table(title=f"Replay of {report.task_id}")
    for col in ("step", "action", "result", "why"):
        table.add_column(col, justify="right" if col == "step" else "left")
    for check in report.steps:
        table.add_row(str(check.index), escape(check.action or "-"),
                      f"[{_STYLE[check.status]}]{check.status}[/]", escape(check.reason))
    console.print(table)
    first = report.first_divergence
    if first is None:
        console.print(f"[bold green]All {len(report.steps)} step(s) match.[/]")
    else:
        console.print(f"[bold red]Diverged at step {first.index}:[/] {escape(first.reason)}")
    console.print(f"Written: {escape(str(task_dir / REPLAY_NAME))}")
    raise typer.Exit(code=0 if first is None else 1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("replay")(replay)
