"""CLI group `webvoyager export`: a run directory in another benchmark's layout (`online-mind2web RUN_DIR
OUT`: Online-Mind2Web's submission layout v2)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors

export_app = typer.Typer(help="Write a run in another benchmark's layout.", no_args_is_help=True)


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


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.add_typer(export_app, name="export")
