"""CLI command: `webvoyager export playwright RUN_DIR/TASK -o script.py`: a recorded task as a standalone
Python Playwright script (see replay/playwright_export.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors

export_app = typer.Typer(help="Export a recorded task to run without webvoyager.", no_args_is_help=True)


@export_app.command("playwright")
@friendly_errors
def playwright(
    task_dir: Path = typer.Argument(..., help="A task folder of a run: RUN_DIR/<task id> (holds trajectory.json)."),
    out: Path = typer.Option(..., "-o", "--out", help="The script to write (e.g. script.py)."),
    cache: Optional[Path] = typer.Option(None, "--cache", help="The action cache folder whose answer locator reads "
                                         "the answer from the page (default: the run's --cache, from run.json)."),
) -> None:
    """Write a Python Playwright script that repeats the task's steps by role and text locators."""
    from webvoyager.fileio import write_text_atomic
    from webvoyager.replay.playwright_export import export_playwright

    script = export_playwright(task_dir, cache_dir=cache)
    write_text_atomic(out, script.text)
    how = "read from the page" if script.reads_answer else "the recorded one (no answer locator in a cache)"
    console.print(f"Wrote {escape(str(out))}: {script.steps} step(s); the answer is {how}. "
                  f"Run: python {escape(str(out))} [--executable CHROMIUM] [--sandbox-port P]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.add_typer(export_app, name="export")
