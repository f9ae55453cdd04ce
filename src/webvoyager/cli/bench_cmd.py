"""CLI command: `webvoyager bench SUITE --model SPEC [--workers N] [--out DIR] [--resume] ...`."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, Iterator, Optional

import typer
from rich.markup import escape
from rich.table import Table

from webvoyager.cli import options as opt
from webvoyager.cli.common import console, friendly_errors
from webvoyager.errors import ConfigError
from webvoyager.runs.summary import Rate, Summary


@contextlib.contextmanager
def _maybe_sandbox(suite: str) -> Iterator[int | None]:
    """For the `sandbox` suite, serve the sandbox in-process for the duration of the run."""
    if suite != "sandbox":
        yield None
        return
    from webvoyager.sandbox.server import Sandbox

    with Sandbox(port=0) as sandbox:
        yield sandbox.port


def _pct(rate: Rate) -> str:
    return "-" if rate.rate is None else f"{100 * rate.rate:.1f}% ({rate.success}/{rate.tasks})"


def print_summary(summary: Summary, title: str = "Results") -> None:
    """The per-site table of a run's summary (tasks, answered, success by signal, steps, cost)."""
    table = Table(title=title)
    for col in ("site", "tasks", "answered", "success", "checked", "judged", "golden", "mean steps", "cost"):
        table.add_column(col, justify="left" if col == "site" else "right")
    for name, s in [*summary.sites.items(), ("overall", summary.overall)]:
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        cost = "-" if s.cost_usd is None else f"${s.cost_usd:.2f}"
        sig = s.by_signal
        table.add_row(escape(name), str(s.tasks), str(s.answered), _pct(s.success), _pct(sig["checked"]),
                      _pct(sig["judged"]), _pct(sig["golden"]), steps, cost,
                      style="bold" if name == "overall" else None)
    console.print(table)


def _already_done(run_dir: Path, tasks: list[Any]) -> int:
    from webvoyager.runs.store import STORE_NAME, RunStore

    if not (run_dir / STORE_NAME).is_file():
        return 0
    with RunStore(run_dir) as store:
        done = {r.task_id for r in store.rows() if r.state == "done"}
    return sum(1 for t in tasks if t.id in done)


@friendly_errors
@opt.with_agent_options(skip=("confirm",))
def bench(
    suite: str = typer.Argument(..., help="sandbox, webvoyager, gaia, seeact-online, or a tasks JSONL path."),
    model: str = typer.Option(..., "--model", help=opt.MODEL_HELP),
    workers: int = typer.Option(1, "--workers", min=1, help="Tasks run at once (one shared browser)."),
    out: opt.Out = None,
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Run only the first N tasks."),
    site: list[str] = typer.Option([], "--site", help="Only tasks of this site; repeatable."),
    task_id: list[str] = typer.Option([], "--id", help="Only this task id; repeatable."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out: finished tasks are kept."),
    redate: bool = typer.Option(False, "--redate", help="Move dates that have passed into the future."),
    task_timeout: Optional[float] = typer.Option(None, "--task-timeout", help="Wall-clock limit per task, seconds "
                                                 "(default 600; paper: none)."),
    data: Optional[Path] = typer.Option(None, "--data", help="Folder or file of the suite's data "
                                        "(default: $WEBVOYAGER_DATA)."),
    site_table: Optional[Path] = typer.Option(None, "--site-table", help="SeeAct short-name -> URL table "
                                              "(website_dict.py or JSON)."),
    base_url: opt.BaseUrl = None,
    *,
    agent: opt.AgentOptions,
) -> None:
    """Run a suite of tasks with N workers into a run directory (resumable), then print per-site results."""
    from webvoyager.api import check_model_ready, create_model, new_run_dir, write_run_json
    from webvoyager.bench.progress import ProgressBar
    from webvoyager.bench.runner import BenchOptions, run_bench, task_timeout_for
    from webvoyager.bench.suites import load_suite

    if resume and out is None:
        raise ConfigError("--resume needs --out DIR: the run directory to continue")
    check_model_ready(model, base_url=base_url)  # before any browser or sandbox starts
    settings = agent.settings()
    options = BenchOptions(workers=workers, task_timeout_s=task_timeout_for(settings.protocol, task_timeout),
                           resume=resume).validate()
    run_dir = out or new_run_dir(prefix="bench")
    with _maybe_sandbox(suite) as port:
        tasks = load_suite(suite, data_dir=data, sites=site, ids=task_id, limit=limit, redate=redate, port=port,
                           site_table=site_table)
        chat_model = create_model(model, base_url=base_url)
        run_dir.mkdir(parents=True, exist_ok=True)
        if not (run_dir / "run.json").is_file():
            write_run_json(run_dir, settings, model, command="bench", base_url=base_url,
                           extra={"suite": suite, "tasks": len(tasks), "workers": workers, "redate": redate,
                                  "task_timeout_s": options.task_timeout_s, "sites": site, "ids": task_id,
                                  "limit": limit})
        console.print(f"[bold]Suite:[/] {escape(suite)} ({len(tasks)} tasks)   [bold]Model:[/] {escape(model)}   "
                      f"[bold]Protocol:[/] {settings.protocol}   [bold]Workers:[/] {workers}   "
                      f"[bold]Run:[/] {escape(str(run_dir))}")
        with ProgressBar(len(tasks), completed=_already_done(run_dir, tasks), console=console) as bar:
            outcome = asyncio.run(run_bench(tasks, model=chat_model, settings=settings, run_dir=run_dir,
                                            options=options, listener=bar))
    if outcome.redone:
        console.print(f"[yellow]Redone after an interruption:[/] {', '.join(outcome.redone)}")
    if outcome.kept:
        console.print(f"Kept {outcome.kept} finished task(s) from before.")
    print_summary(outcome.summary)
    console.print(f"{outcome.ran} task(s) run in {outcome.wall_s:.1f}s. Run directory: [bold]{escape(str(run_dir))}[/]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("bench")(bench)
