"""CLI command `webvoyager judge import DIR --format FORMAT --out RUN_DIR`: other agents' trajectories
in our run layout, ready for `judge RUN_DIR --model ...`, `report` and `judge agreement`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors


def add_import_command(group: typer.Typer) -> None:
    """Register `import` on the `judge` command group."""
    group.command("import")(import_cmd)


@friendly_errors
def import_cmd(
    source: Path = typer.Argument(..., metavar="DIR", help="The folder of trajectories: an Online-Mind2Web submission (one "
                                  "<task_id>/ folder per task) or the original WebVoyager's results/ folder."),
    fmt: str = typer.Option(..., "--format", help="online-mind2web (v1 and v2 submissions) or webvoyager-original "
                            "(results/<time>/task<id>/ with interact_messages.json)."),
    out: Path = typer.Option(..., "--out", help="The run folder to write (must be new or empty)."),
    force: bool = typer.Option(False, "--force", help="Replace an earlier import in --out (its judgements too); "
                               "a run of our own agent is never replaced."),
) -> None:
    """Import trajectories made by other agents as a run: keeps each task's id, question, answer, actions,
    thoughts and screenshots; folders that cannot be read are skipped, each with its reason."""
    from webvoyager.judge.importers import ImportedTask, import_trajectories

    def show(read: object) -> None:
        if isinstance(read, ImportedTask):
            console.print(f"[green]imported[/] {escape(read.task_id)} [dim]({len(read.actions)} action(s), "
                          f"{_answer(read.answer)})[/]")
        else:
            console.print(f"[yellow]skipped[/] {escape(read.folder)}: {escape(read.reason)}")

    info = import_trajectories(source, out, fmt, force=force, on_read=show)
    console.print(f"Imported {info.tasks} task(s) from {escape(str(source))} into {escape(str(out))}; "
                  f"skipped {len(info.skipped)} folder(s).")
    console.print(f"Next: [bold]webvoyager judge {escape(str(out))} --model SPEC[/] (then "
                  f"[bold]webvoyager report {escape(str(out))}[/])")


def _answer(answer: str | None) -> str:
    return "no answer" if answer is None else "an empty answer" if not answer.strip() else "answered"
