"""Command-line interface: `webvoyager --help`. Thin: parse arguments, print with rich, call the library.

One module per command group registers its commands on the shared Typer app.
"""

from __future__ import annotations

import typer

from webvoyager import __version__

app = typer.Typer(
    name="webvoyager",
    help="Multimodal web agents (WebVoyager, SeeAct): run tasks, benchmark, judge, report, sandbox.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"webvoyager {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Multimodal web agents: run, bench, judge, report, sandbox."""


def _register_all() -> None:
    from webvoyager.cli import (
        bench_cmd,
        demo_cmd,
        export_cmd,
        judge_cmd,
        mcp_cmd,
        mind2web_cmd,
        observe_cmd,
        protocol_cmd,
        replay_cmd,
        report_cmd,
        run_cmd,
        sandbox_cmd,
    )

    for module in (demo_cmd, run_cmd, observe_cmd, sandbox_cmd, bench_cmd, judge_cmd, report_cmd, mind2web_cmd,
                   replay_cmd, export_cmd, mcp_cmd, protocol_cmd):
        module.register(app)


_register_all()


def main() -> None:
    """Entry point of the `webvoyager` console script."""
    app()
