"""CLI command: `webvoyager bench SUITE --model SPEC [--workers N] [--out DIR] [--resume]
[--backend local|ray [--address ADDR]] [--browser-endpoint URL] ...`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click
import typer
from rich.markup import escape
from typer.core import TyperCommand

from webvoyager.bench.rate_sections import rate_sections
from webvoyager.bench.suites.sections import summary_sections
from webvoyager.cli import options as opt
from webvoyager.cli.common import console, friendly_errors
from webvoyager.cli.run_cmd import print_calls_saved
from webvoyager.cli.sections import print_sections
from webvoyager.runs.summary import Summary

if TYPE_CHECKING:
    from webvoyager.bench.runner import BenchOutcome


def print_summary(summary: Summary, title: str = "Results", paper_sites: dict[str, str] | None = None) -> None:
    """The per-site table of a run's summary, its per-group tables and replaced tasks
    (`bench.suites.sections.summary_sections`)."""
    print_sections(summary_sections(summary, title=title, paper_sites=paper_sites))


def print_budget(outcome: BenchOutcome) -> None:
    """What a budgeted bench spent, and the tasks it left not run (with how to run them)."""
    report = outcome.budget
    if report is None:
        return
    cost = "unknown" if report.spent_cost_usd is None else f"${report.spent_cost_usd:.4f}"
    limits = ", ".join(part for part in (
        f"--max-cost ${report.max_cost_usd:g}" if report.max_cost_usd is not None else "",
        f"--max-tokens {report.max_tokens:,}" if report.max_tokens is not None else "") if part)
    console.print(f"[bold]Budget:[/] the run has spent {cost} and {report.spent_tokens:,} tokens ({limits}).")
    if report.stopped:
        console.print(f"[yellow]Budget reached:[/] {escape(report.reason or '')}; {report.not_run} task(s) not run "
                      f"(budget): {escape(', '.join(outcome.not_run))}. Run the same command with --resume and a "
                      "higher (or no) limit to run them.")


def _suites_help() -> str:
    """The registered suites, a line each (rich markup: their help is escaped)."""
    from webvoyager.bench.suites import registered

    return "\n".join(["Suites:", *(f"  {name}: {escape(suite.help)}" for name, suite in registered().items())])


class _BenchCommand(TyperCommand):
    """`bench`, whose help lists the suites registered when it is shown (plug-ins included)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.epilog = _suites_help()
        super().format_help(ctx, formatter)


@friendly_errors
@opt.with_agent_options()
def bench(
    suite: str = typer.Argument(..., help="A suite (listed below) or the path of a tasks JSONL file."),
    model: Optional[str] = typer.Option(None, "--model", help=opt.MODEL_HELP + " Or --agent."),
    external: Optional[str] = typer.Option(None, "--agent", help='Benchmark your own agent instead: cmd:"COMMAND" '
                                           "gets each task as JSON on stdin (with the cdp_url of a browser to drive) "
                                           'and prints {"answer": ...} (see the README).'),
    agent_timeout: Optional[float] = typer.Option(None, "--agent-timeout", help="--agent: its time limit per task, "
                                                  "seconds (default: the task timeout); then its processes are killed."),
    workers: int = typer.Option(1, "--workers", min=1, help="Tasks run at once (local: one shared browser; "
                                "ray: one actor with its own browser each)."),
    backend: str = typer.Option("local", "--backend", help="local (this process) or ray (a Ray cluster; needs "
                                "the ray extra of webvoyager)."),
    address: Optional[str] = typer.Option(None, "--address", help="ray: the cluster, auto or ray://HOST:10001 "
                                          "(default: $RAY_ADDRESS, else a new local cluster)."),
    browser_endpoint: Optional[str] = typer.Option(None, "--browser-endpoint", help="Use a running browser: "
                                                   "ws://HOST:PORT/ (playwright run-server) or http://HOST:PORT "
                                                   "(Chromium with --remote-debugging-port)."),
    out: opt.Out = None,
    limit: Optional[int] = typer.Option(None, "--limit", min=1, help="Run only the first N tasks."),
    site: list[str] = typer.Option([], "--site", help="Only tasks of this site; repeatable."),
    task_id: list[str] = typer.Option([], "--id", help="Only this task id; repeatable."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out: finished tasks are kept."),
    repeat: Optional[int] = typer.Option(None, "--repeat", min=1, help="Independent attempts per task (default "
                                         "1; a resumed run keeps its own): rates get a bootstrap interval, "
                                         "pass@k and pass^k."),
    infra_as_failure: bool = typer.Option(False, "--infra-as-failure", help="Count infrastructure failures "
                                          "(browser, network, model API, harness) as failures instead of "
                                          "leaving them out of the success rate."),
    redate: bool = typer.Option(False, "--redate", help="Move dates that have passed into the future."),
    max_cost: Optional[float] = typer.Option(None, "--max-cost", help="Start no new task once the run's recorded "
                                             "cost reaches this many US dollars (running tasks finish; the rest "
                                             "stay for --resume)."),
    max_tokens: Optional[int] = typer.Option(None, "--max-tokens", help="Start no new task once the run's recorded "
                                             "tokens (input + output) reach N (as --max-cost)."),
    task_timeout: opt.TaskTimeout = None,
    data: Optional[Path] = typer.Option(None, "--data", help="Folder or file of the suite's data "
                                        "(default: $WEBVOYAGER_DATA)."),
    site_table: Optional[Path] = typer.Option(None, "--site-table", help="SeeAct short-name -> URL table "
                                              "(website_dict.py or JSON)."),
    base_url: opt.BaseUrl = None,
    rails: bool = typer.Option(True, "--rails/--no-rails", help="hostile suite: keep the browser-level rails on "
                               "(allowed domains, confirm gate deny) or measure without them."),
    miniwob_tasks: Optional[str] = typer.Option(None, "--tasks", help="miniwob suite: comma-separated MiniWoB++ "
                                                "task names (default: every task of the miniwob package)."),
    episodes: int = typer.Option(1, "--episodes", min=1, help="miniwob suite: episodes (seeds) per task."),
    first_seed: int = typer.Option(0, "--first-seed", help="miniwob suite: seed of the first episode."),
    level: Optional[str] = typer.Option(None, "--level", help="online-mind2web suite: only tasks of this level "
                                        "(easy, medium or hard)."),
    site_map: Optional[Path] = typer.Option(None, "--site-map", help="online-mind2web suite: live hosts served "
                                            "from local copies (lines `host base-URL`, or a .json object)."),
    variant: Optional[str] = typer.Option(None, "--variant", help="sandbox suites: serve the pages changed "
                                          "(shuffled, renamed or banner; data and answers the same)."),
    *,
    agent: opt.AgentOptions,
) -> None:
    """Run a suite of tasks with N workers into a run directory (resumable), then print per-site results."""
    from webvoyager.bench.progress import ProgressBar
    from webvoyager.bench.suite_run import BenchRequest, prepare_run
    from webvoyager.bench.suites import SuiteArgs, open_suite
    from webvoyager.errors import ConfigError
    from webvoyager.runs.budget import Budget

    if (model is None) == (external is None):
        raise ConfigError('give --model SPEC (our agent with that model) or --agent cmd:"COMMAND" (your agent), '
                          "not both")
    model = model or external or ""
    chosen = open_suite(suite, SuiteArgs(data_dir=data, site_table=site_table, rails=rails, tasks=miniwob_tasks,
                                         episodes=episodes, first_seed=first_seed, level=level, site_map=site_map,
                                         variant=variant))
    request = BenchRequest(model=model, base_url=base_url, workers=workers, backend=backend, address=address,
                           browser_endpoint=browser_endpoint, out=out, resume=resume, task_timeout_s=task_timeout,
                           sites=tuple(site), ids=tuple(task_id), limit=limit, redate=redate, repeat=repeat,
                           infra_as_failure=infra_as_failure, agent=external, agent_timeout_s=agent_timeout,
                           budget=Budget(max_cost_usd=max_cost, max_tokens=max_tokens).validate())
    run = prepare_run(chosen, request, lambda confirm: agent.settings(default_confirm=confirm))
    with run.open():
        repeats = f" x {run.options.repeat} attempts" if run.options.repeat > 1 else ""
        console.print(f"[bold]Suite:[/] {escape(chosen.label)} ({len(run.tasks)} tasks{repeats})   "
                      f"[bold]Model:[/] {escape(model)}   [bold]Protocol:[/] {run.settings.protocol} ({escape(run.settings.wording)})   [bold]Workers:[/] {workers} ({backend})   "
                      f"[bold]Run:[/] {escape(str(run.run_dir))}")
        with ProgressBar(run.attempts, completed=run.already_done(), console=console) as bar:
            outcome = run.execute(listener=bar)
    if outcome.redone:
        console.print(f"[yellow]Redone after an interruption:[/] {', '.join(outcome.redone)}")
    if outcome.rerun:
        console.print(f"[yellow]Run again after an infrastructure failure:[/] {', '.join(outcome.rerun)}")
    if outcome.kept:
        console.print(f"Kept {outcome.kept} finished task(s) from before.")
    print_budget(outcome)
    print_sections(run.sections(outcome))
    print_sections(rate_sections(outcome.summary, both_views=run.settings.protocol == "paper"))
    if run.settings.cache is not None:
        print_calls_saved(run.run_dir)
    console.print(f"{outcome.ran} task(s) run in {outcome.wall_s:.1f}s. "
                  f"Run directory: [bold]{escape(str(run.run_dir))}[/]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("bench", cls=_BenchCommand)(bench)
