"""CLI group `webvoyager export`: a run directory in another benchmark's layout (`online-mind2web RUN_DIR
OUT`: Online-Mind2Web's submission layout v2), a recorded task as a standalone Python Playwright
script (`playwright RUN_DIR/TASK -o script.py`, see replay/playwright_export.py), or runs as a training
dataset (`dataset RUN_DIR... -o OUT`, see export/dataset.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors

export_app = typer.Typer(help="Write a run in another benchmark's layout, a task as a Playwright script, or runs as "
                         "a training dataset.", no_args_is_help=True)


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


@export_app.command("dataset")
@friendly_errors
def dataset(
    run_dirs: list[Path] = typer.Argument(..., help="Run directories (from bench or run)."),
    out: Path = typer.Option(..., "-o", "--out", help="The folder to write (new, or empty)."),
    fmt: str = typer.Option("jsonl", "--format", help="jsonl (OUT/steps.jsonl or trajectories.jsonl) or hf (a "
                            "Hugging Face dataset by save_to_disk; needs the dataset extra)."),
    per: str = typer.Option("step", "--per", help="A row per step (what the model saw, said and did) or per "
                            "trajectory (the task, its steps, checks and verdicts)."),
    success_only: bool = typer.Option(False, "--success-only", help="Only tasks that succeeded."),
    failed_only: bool = typer.Option(False, "--failed-only", help="Only tasks that failed."),
    secret_env: list[str] = typer.Option([], "--secret-env", help="Name of an env var whose value is redacted "
                                         "too (the environment's keys and tokens always are); repeatable."),
) -> None:
    """Write runs as a dataset to train on: screenshots, element text, replies, actions and outcomes, redacted."""
    from webvoyager.errors import ConfigError
    from webvoyager.export.dataset import DatasetRequest, export_dataset

    if success_only and failed_only:
        raise ConfigError("--success-only and --failed-only exclude each other; give one")
    only = "success" if success_only else "failed" if failed_only else "all"
    export = export_dataset(DatasetRequest(tuple(run_dirs), out, format=fmt, per=per, only=only,  # type: ignore[arg-type]
                                           secret_env=tuple(secret_env)))
    console.print(f"Wrote {export.rows} {per} row(s) of {export.tasks} task(s), {export.screenshots} screenshot(s), "
                  f"to [bold]{escape(str(export.path))}[/] ({fmt}).")
    if export.filtered:
        console.print(f"Left out {len(export.filtered)} task(s) by --{only}-only.")
    if export.infrastructure:
        console.print(f"[yellow]Left out {len(export.infrastructure)} task(s) that failed for the infrastructure[/]: "
                      f"{escape(', '.join(export.infrastructure))}")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.add_typer(export_app, name="export")
