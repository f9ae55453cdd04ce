"""CLI command: `webvoyager run "TASK" --url URL [--model SPEC] ...` — one task, shown live step by step.

`StepPrinter` and `print_result` are reused by other commands (demo) that run the agent.
"""

from __future__ import annotations

import logging
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from webvoyager.agent.redact import Redactor
from webvoyager.cli import options as opt
from webvoyager.cli.common import console, err_console, friendly_errors
from webvoyager.trajectory import Result, Step

THOUGHT_CHARS = 400  # long thoughts are cut on screen; the full text is in trajectory.json


class StepPrinter:
    """Prints each step as it is recorded: number, timings, thought, action, error and notes."""

    def __init__(self, out: Console | None = None, *, max_steps: int | None = None) -> None:
        self.out = out or console
        self.max_steps = max_steps

    def __call__(self, step: Step) -> None:
        t = step.timings
        timing = " · ".join(f"{name} {t[key]:.1f}s" for name, key in
                            (("observe", "observe_s"), ("model", "model_s"), ("act", "act_s")) if key in t)
        total = f"/{self.max_steps}" if self.max_steps else ""
        cached = "  [magenta](from the action cache)[/]" if step.policy_data.cached else ""
        self.out.print(f"[bold cyan]Step {step.index}{total}[/]  [dim]{escape(step.url)}  {timing}[/]{cached}")
        thought = step.thought if len(step.thought) <= THOUGHT_CHARS else step.thought[:THOUGHT_CHARS] + "…"
        if thought:
            self.out.print(f"  [bold]Thought:[/] {escape(thought)}")
        if step.action:
            self.out.print(f"  [bold green]Action:[/] {escape(step.action)}")
        if step.error:
            self.out.print(f"  [bold red]Error:[/] {escape(step.error)}")
        for note in step.outcome_notes:
            self.out.print(f"  [yellow]Note:[/] {escape(str(note))}")
        if step.loop_warning:
            self.out.print("  [yellow]Loop guard:[/] the same action on an unchanged page; the model is warned")


def print_result(result: Result, run_dir: Path, out: Console | None = None) -> None:
    """The end of a run: status, answer, success by the task's check, and where the files are."""
    out = out or console
    colour = "green" if result.answered else "red"
    out.print(f"\n[bold {colour}]{result.status}[/] after {result.steps} step(s) "
              f"in {result.timings.get('wall_s', 0.0):.1f}s")
    if result.answer is not None:
        out.print(f"[bold]Answer:[/] {escape(result.answer)}")
    if result.error:
        out.print(f"[bold red]Error:[/] {escape(result.error)}")
    if result.success is not None:
        out.print(f"[bold]Success (task check):[/] {'yes' if result.success else 'no'}")
    usage = result.usage
    cost = f", ${usage.cost_usd:.4f}" if usage.cost_usd is not None else ""
    out.print(f"[dim]{usage.calls} model call(s), {usage.total_tokens} tokens{usage.cached_note}{cost}; "
              f"loop warnings: {result.loop_warnings}[/]")
    out.print(f"Run directory: [bold]{escape(str(run_dir))}[/]")


def print_calls_saved(run_dir: Path, out: Console | None = None) -> None:
    """With --cache: how many model calls the action cache saved in the run."""
    from webvoyager.cache.saved import calls_saved

    (out or console).print(f"{calls_saved(run_dir)} model call(s) saved by the action cache")


def setup_logging(redactor: Redactor | None = None, level: int = logging.WARNING) -> None:
    """Show warnings (model retries with their cause, page problems) on stderr, secrets redacted."""
    from rich.logging import RichHandler

    from webvoyager.agent.redact import RedactingFilter

    handler = RichHandler(console=err_console, show_path=False, show_time=False, markup=False)
    handler.addFilter(RedactingFilter(redactor or Redactor.from_env()))
    root = logging.getLogger("webvoyager")
    root.handlers = [h for h in root.handlers if not getattr(h, "_webvoyager_cli", False)]
    handler._webvoyager_cli = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)


@friendly_errors
@opt.with_agent_options()
def run(
    task: str = typer.Argument(..., help="What the agent should do, in plain words."),
    url: str = typer.Option(..., "--url", help="Start page of the task."),
    model: opt.Model = None,
    base_url: opt.BaseUrl = None,
    out: opt.Out = None,
    task_timeout: opt.TaskTimeout = None,
    *,
    agent: opt.AgentOptions,
) -> None:
    """Run one task with a web agent and show each step live; exit 0 when it answered."""
    from webvoyager.api import check_model_ready, default_model_spec, new_run_dir, run_task

    spec = model or default_model_spec()
    settings = agent.settings()
    # A missing key, or a stand-in that cannot serve these settings, is reported before any browser starts.
    check_model_ready(spec, base_url=base_url, settings=settings)
    setup_logging(settings.redactor())
    run_dir = out or new_run_dir()
    console.print(f"[bold]Task:[/] {escape(task)}\n[bold]Start:[/] {escape(url)}   [bold]Model:[/] {escape(spec)}"
                  f"   [bold]Policy:[/] {settings.policy}   [bold]Protocol:[/] {settings.protocol}"
                  f"   [bold]Wording:[/] {escape(settings.wording)}")
    result = run_task(task, url=url, model=spec, out_dir=run_dir, settings=settings, base_url=base_url,
                      on_step=StepPrinter(max_steps=settings.values.max_steps), task_timeout_s=task_timeout)
    print_result(result, run_dir)
    if settings.cache is not None:
        print_calls_saved(run_dir)
    raise typer.Exit(code=0 if result.answered else 1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("run")(run)
