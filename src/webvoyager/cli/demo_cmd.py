"""CLI command: `webvoyager demo` — the agent solving a sandbox task, live, in one command.

Starts the sandbox websites in-process, picks a task, chooses a model (a real one when a provider
key is set, else the offline `reference` model) and says which and why, runs the agent with the
live step printer of `webvoyager run`, then prints the answer, whether the task's check passed, and
where the trajectory and screenshots are.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence

import typer
from rich.markup import escape

from webvoyager.cli.common import console, friendly_errors
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task
from webvoyager.trajectory import safe_dirname

# The task shown by default: it searches, picks dates in a calendar, filters and sorts before answering.
# When a site's tasks change, `pick_task` falls back to the first task whose reference has that shape.
DEFAULT_TASK_IDS = ("hotels--2", "recipes--9", "shop--9")


@dataclass(frozen=True)
class ModelChoice:
    """The model the demo runs and, in words, why that one."""

    spec: str
    reason: str

    @property
    def offline(self) -> bool:
        return self.spec == "reference"


def choose_model(model: str | None, environ: Mapping[str, str] | None = None) -> ModelChoice:
    """`--model` if given; else OpenAI or Anthropic when their key is set; else `reference`."""
    from webvoyager.api.models import DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL

    env = os.environ if environ is None else environ
    if model:
        return ModelChoice(model, "chosen with --model")
    if env.get("OPENAI_API_KEY"):
        return ModelChoice(DEFAULT_OPENAI_MODEL, "OPENAI_API_KEY is set")
    if env.get("ANTHROPIC_API_KEY"):
        return ModelChoice(DEFAULT_ANTHROPIC_MODEL, "ANTHROPIC_API_KEY is set (and OPENAI_API_KEY is not)")
    return ModelChoice("reference", "no OPENAI_API_KEY or ANTHROPIC_API_KEY is set, so the offline reference model "
                                    "plays the agent (it follows the task's reference solution through the same "
                                    "prompts and parser a real model gets)")


def _shows_search_and_filter(task: Task) -> bool:
    if task.reference is None or task.checks is None or not task.checks.answer:
        return False
    kinds = [s.do for s in task.reference.steps]
    return "type" in kinds and ("select" in kinds or kinds.count("click") >= 2) and 4 <= len(kinds) <= 12


def pick_task(tasks: Sequence[Task], task_id: str | None) -> Task:
    """The task named by `task_id`, else the default demo task (see DEFAULT_TASK_IDS)."""
    by_id = {t.id: t for t in tasks}
    if task_id is not None:
        if task_id not in by_id:
            raise ConfigError(f"no sandbox task {task_id!r}; list them with `webvoyager sandbox tasks`")
        return by_id[task_id]
    for wanted in DEFAULT_TASK_IDS:
        if wanted in by_id and _shows_search_and_filter(by_id[wanted]):
            return by_id[wanted]
    shaped = [t for t in tasks if _shows_search_and_filter(t)]
    if shaped:
        return shaped[0]
    if not tasks:
        raise ConfigError("the sandbox has no tasks; reinstall webvoyager (the task files ship in the package)")
    return tasks[0]


def _plug_in_hint() -> str:
    return ("To use a real model: export OPENAI_API_KEY (→ openai:gpt-4o) or ANTHROPIC_API_KEY, or pass "
            "--model openai:MODEL --base-url http://localhost:8000/v1 for a local OpenAI-compatible server "
            "(vLLM, Ollama, LM Studio).")


def _default_out_dir() -> Path:
    from webvoyager.api.rundir import new_run_dir

    return new_run_dir(prefix="demo")


async def _run_demo(task_id: str | None, choice: ModelChoice, base_url: str | None, headed: bool,
                    out: Path) -> bool:
    from webvoyager.api import RunSettings, run_task_async
    from webvoyager.browser.types import BrowserConfig
    from webvoyager.cli.run_cmd import StepPrinter, print_result
    from webvoyager.sandbox.catalog import load_sandbox_tasks
    from webvoyager.sandbox.server import Sandbox

    with Sandbox(port=0) as sandbox:
        task = pick_task(load_sandbox_tasks(sandbox.port), task_id)
        console.print(f"[bold]Task[/] {escape(task.id)} ({escape(task.site)}): {escape(task.question)}")
        console.print(f"[bold]Start page[/] {escape(task.start_url)}  "
                      f"(sandbox websites served in-process on port {sandbox.port})")
        console.print(f"[bold]Model[/] {escape(choice.spec)}: {escape(choice.reason)}.")
        if choice.offline:
            console.print(escape(_plug_in_hint()), style="dim")
        settings = RunSettings(headless=not headed)  # a task's own max_steps wins in the loop
        printer = StepPrinter(console, max_steps=task.max_steps or settings.values.max_steps)
        config = BrowserConfig(headless=settings.headless, search_url=sandbox.search_url or BrowserConfig.search_url)
        result = await run_task_async(task, model=choice.spec, out_dir=out, settings=settings, base_url=base_url,
                                      on_step=printer, browser_config=config)
    task_dir = out / safe_dirname(task.id)
    print_result(result, out, console)
    screenshots = sorted(task_dir.glob("screenshot*.png"))
    marked = [p for p in screenshots if not p.stem.endswith("_clean")]
    console.print(f"[bold]Trajectory:[/] {escape(str(task_dir / 'trajectory.json'))}")
    console.print(f"[bold]Screenshots:[/] {len(marked)} marked (as the model saw them) in {escape(str(task_dir))}")
    if not choice.offline:
        console.print(f"Have an LMM judge it: webvoyager judge {escape(str(out))}", style="dim")
    return result.success is True


def register(app: typer.Typer) -> None:
    """Add the `demo` command to the app."""

    @app.command("demo")
    @friendly_errors
    def demo(
        task: Optional[str] = typer.Option(None, "--task", help="Sandbox task id (default: a search + filter task)."),
        model: Optional[str] = typer.Option(None, "--model", help="Model spec; default: a real model when its API "
                                            "key is set, else the offline 'reference' model."),
        base_url: Optional[str] = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible server."),
        headed: bool = typer.Option(False, "--headed", help="Show the browser window."),
        out: Optional[Path] = typer.Option(None, "--out", help="Run directory (default: runs/demo-<time>)."),
    ) -> None:
        """Watch the agent solve a sandbox task (offline with the reference model when no API key is set)."""
        from webvoyager.api import check_model_ready

        choice = choose_model(model)
        check_model_ready(choice.spec, base_url=base_url)  # a missing key fails here, before any browser
        run_dir = out if out is not None else _default_out_dir()
        ok = asyncio.run(_run_demo(task, choice, base_url, headed, run_dir))
        raise typer.Exit(code=0 if ok else 1)
