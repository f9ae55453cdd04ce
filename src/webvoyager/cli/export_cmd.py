"""CLI group `webvoyager export`: a run directory in another benchmark's layout (`online-mind2web RUN_DIR
OUT`: Online-Mind2Web's submission layout v2), or a recorded task as a standalone Python Playwright
script (`playwright RUN_DIR/TASK -o script.py`, see replay/playwright_export.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors

export_app = typer.Typer(help="Write a run in another benchmark's layout, or a task as a Playwright script.", no_args_is_help=True)


@export_app.command("online-mind2web")
@friendly_errors
def online_mind2web(
    run_dir: Path = typer.Argument(..., help="The run directory (from bench or run)."),
    out: Path = typer.Argument(..., help="The folder to write: one <task_id>/ folder per task."),
) -> None:
    """Online-Mind2Web's submission layout v2: OUT/<task_id>/result.json and trajectory/ screenshots."""
    from webvoyager.export.online_mind2web import export_run

    export = export_run(run_dir, out)
    shots = sum(t.screenshots for t in export.tasks)
    console.print(f"Wrote {len(export.tasks)} task(s) with {shots} screenshot(s) to [bold]{escape(str(out))}[/] "
                  "(Online-Mind2Web v2 layout).")
    if export.skipped:
        console.print(f"[yellow]Left out {len(export.skipped)} task(s) that failed for the infrastructure[/] "
                      f"(run them again with `bench ... --resume`): {escape(', '.join(export.skipped))}")


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
