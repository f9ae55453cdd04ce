"""CLI commands: `webvoyager sandbox serve` (the local websites) and `webvoyager sandbox tasks` (their tasks)."""

from __future__ import annotations

import json
import threading
from typing import Optional

import typer
from rich.table import Table

from webvoyager.cli.common import console, friendly_errors
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task, task_to_record

sandbox_app = typer.Typer(help="The offline sandbox: local replica websites with checked tasks.",
                          no_args_is_help=True)


def check_kind(task: Task) -> str:
    """A short description of how a task's success is checked, e.g. "answer:number+state:storage"."""
    parts = []
    if task.checks is not None:
        parts += [f"answer:{c.type}" for c in task.checks.answer] + [f"state:{c.type}" for c in task.checks.state]
    return "+".join(parts) or "none"


@sandbox_app.command("serve")
@friendly_errors
def serve(
    port: int = typer.Option(8765, "--port", "-p", help="Port to serve every site on (0 picks a free one)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Log every request."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Serve the pages changed, data and answers the "
                                          "same: shuffled (navigation links in another order), renamed (ids and "
                                          "classes), banner (a promotion banner at the top)."),
) -> None:
    """Serve every sandbox site on one port until Ctrl-C; each site is http://<site>.localhost:<port>/."""
    from webvoyager.sandbox.server import Sandbox

    try:
        sandbox = Sandbox(port=port, verbose=verbose, variant=variant)
    except OSError as exc:
        raise ConfigError(f"cannot listen on port {port} ({exc.strerror}); pick another with --port") from None
    shown = f" (variant: {sandbox.variant})" if sandbox.variant else ""
    table = Table(title=f"webvoyager sandbox on port {sandbox.port}{shown}", show_lines=False)
    table.add_column("site", style="bold")
    table.add_column("title")
    table.add_column("url", style="cyan")
    for name in sandbox:
        table.add_row(name, sandbox.sites[name].title, sandbox.url(name))
    console.print(table)
    console.print(f"Index of sites: http://localhost:{sandbox.port}/  -  press Ctrl-C to stop.")
    # serve in a worker thread and wait on an event, so Ctrl-C reaches the main thread promptly
    stopped = threading.Event()
    sandbox.start()
    try:
        stopped.wait()
    except KeyboardInterrupt:
        console.print("stopping the sandbox")
    finally:
        sandbox.stop()


@sandbox_app.command("tasks")
@friendly_errors
def tasks(
    site: Optional[list[str]] = typer.Option(None, "--site", "-s", help="Only this site's tasks (repeatable)."),
    min_steps: int = typer.Option(0, "--min-steps", min=0, help="Only tasks whose reference takes at least N steps."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", min=1, help="Only tasks whose reference takes at "
                                            "most N steps."),
    as_json: bool = typer.Option(False, "--json", help="Print JSONL task records instead of a table."),
) -> None:
    """List the sandbox tasks: id, site, question, how success is checked, reference steps (answer included)."""
    from webvoyager.sandbox.catalog import load_sandbox_tasks, reference_steps, site_of

    all_tasks = [t for t in load_sandbox_tasks()
                 if min_steps <= reference_steps(t) <= (max_steps if max_steps is not None else 10**6)]
    if site:
        known = sorted({site_of(t) for t in load_sandbox_tasks()})
        unknown = [s for s in site if s not in known]
        if unknown:
            raise ConfigError(f"unknown sandbox site {', '.join(unknown)}; sites are: {', '.join(known)}")
        all_tasks = [t for t in all_tasks if site_of(t) in site]
    if as_json:
        for task in all_tasks:
            typer.echo(json.dumps(task_to_record(task), ensure_ascii=False))
        return
    table = Table(title=f"{len(all_tasks)} sandbox tasks", show_lines=False)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("site")
    table.add_column("question", overflow="fold")
    table.add_column("check")
    table.add_column("steps", justify="right")
    for task in all_tasks:
        table.add_row(task.id, site_of(task), task.question, check_kind(task), str(reference_steps(task) or "-"))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add the `sandbox` command group to the app."""
    app.add_typer(sandbox_app, name="sandbox")
