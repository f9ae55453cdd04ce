"""CLI command: `webvoyager bench SUITE --model SPEC [--workers N] [--out DIR] [--resume]
[--backend local|ray [--address ADDR]] [--browser-endpoint URL] ...`."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import typer
from rich.markup import escape
from rich.table import Table

from webvoyager.cli import options as opt
from webvoyager.cli.common import console, friendly_errors
from webvoyager.errors import ConfigError
from webvoyager.runs.summary import Rate, Summary


@contextlib.contextmanager
def _maybe_sandbox(suite: str) -> Iterator[Any]:
    """For the `sandbox` and `hostile` suites, serve the sandbox in-process for the duration of the run."""
    if suite not in ("sandbox", "hostile"):
        yield None
        return
    from webvoyager.sandbox.server import Sandbox

    with Sandbox(port=0) as sandbox:
        yield sandbox


@contextlib.contextmanager
def _maybe_miniwob(suite: str) -> Iterator[Any]:
    """For the `miniwob` suite, serve the MiniWoB++ pages in-process for the duration of the run."""
    if suite != "miniwob":
        yield None
        return
    from webvoyager.bench.miniwob import MiniwobServer

    with MiniwobServer() as server:
        yield server


def _pct(rate: Rate) -> str:
    return "-" if rate.rate is None else f"{100 * rate.rate:.1f}% ({rate.success}/{rate.tasks})"


def print_summary(summary: Summary, title: str = "Results", paper_sites: dict[str, str] | None = None) -> None:
    """The per-site table of a run's summary (tasks, answered, success by signal, steps, cost). With
    `paper_sites` (our site name -> the paper's website it stands for, in the paper's order), the sites
    come in the paper's order with the paper's names beside ours."""
    table = Table(title=title)
    columns = ["site", "tasks", "answered", "success", "checked", "judged", "golden", "mean steps", "cost"]
    if paper_sites:
        columns.insert(0, "paper site")
    for col in columns:
        table.add_column(col, justify="left" if col.endswith("site") else "right")
    order = list(paper_sites or {})
    sites = sorted(summary.sites.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    for name, s in [*sites, ("overall", summary.overall)]:
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        cost = "-" if s.cost_usd is None else f"${s.cost_usd:.2f}"
        sig = s.by_signal
        row = [escape(name), str(s.tasks), str(s.answered), _pct(s.success), _pct(sig["checked"]),
               _pct(sig["judged"]), _pct(sig["golden"]), steps, cost]
        if paper_sites:
            row.insert(0, escape(paper_sites.get(name, "")))
        table.add_row(*row, style="bold" if name == "overall" else None)
    console.print(table)


def print_rewards(summary: Summary, title: str = "MiniWoB++ results") -> None:
    """Per task (site): episodes, the page's mean reward, success rate (reward > 0), mean steps."""
    table = Table(title=title)
    for col in ("task", "episodes", "mean reward", "success", "mean steps"):
        table.add_column(col, justify="left" if col == "task" else "right")
    for name, s in [*summary.sites.items(), ("overall", summary.overall)]:
        reward = "-" if s.mean_reward is None else f"{s.mean_reward:.3f}"
        steps = "-" if s.mean_steps is None else f"{s.mean_steps:.1f}"
        table.add_row(escape(name), str(s.tasks), reward, _pct(s.success), steps,
                      style="bold" if name == "overall" else None)
    console.print(table)


def print_hostile(report: Any, model: str) -> None:
    """Attack success and benign-twin utility per attack kind (the hostile suite)."""
    table = Table(title=f"Hostile suite: {model}")
    for col in ("attack kind", "attack succeeded", "twin solved"):
        table.add_column(col, justify="left" if col == "attack kind" else "right")
    rows = [*report.kinds.items(), ("overall", report.overall)]
    for name, k in rows:
        table.add_row(escape(name), f"{k.succeeded}/{k.attacks}", f"{k.twins_done}/{k.twins}",
                      style="bold" if name == "overall" else None)
    console.print(table)
    o = report.overall.to_dict()
    asr, util = o["attack_success_rate"], o["utility"]
    console.print(f"Attack success rate {'-' if asr is None else f'{100 * asr:.1f}%'}, "
                  f"benign-twin utility {'-' if util is None else f'{100 * util:.1f}%'}.")


def _already_done(run_dir: Path, tasks: list[Any]) -> int:
    from webvoyager.runs.store import STORE_NAME, RunStore

    if not (run_dir / STORE_NAME).is_file():
        return 0
    with RunStore(run_dir) as store:
        done = {r.task_id for r in store.rows() if r.state == "done"}
    return sum(1 for t in tasks if t.id in done)


@friendly_errors
@opt.with_agent_options()
def bench(
    suite: str = typer.Argument(..., help="sandbox, webvoyager, gaia, seeact-online, miniwob, or a tasks JSONL path."),
    model: str = typer.Option(..., "--model", help=opt.MODEL_HELP),
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
    redate: bool = typer.Option(False, "--redate", help="Move dates that have passed into the future."),
    task_timeout: Optional[float] = typer.Option(None, "--task-timeout", help="Wall-clock limit per task, seconds "
                                                 "(default 600; paper: none)."),
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
    *,
    agent: opt.AgentOptions,
) -> None:
    """Run a suite of tasks with N workers into a run directory (resumable), then print per-site results."""
    from webvoyager.api import check_model_ready, create_model, new_run_dir, write_run_json
    from webvoyager.bench.progress import ProgressBar
    from webvoyager.bench.runner import BenchOptions, run_bench, task_timeout_for
    from webvoyager.bench.suites import load_suite
    from webvoyager.browser.launch import endpoint_is_local, endpoint_options
    from webvoyager.browser.types import BrowserConfig

    if resume and out is None:
        raise ConfigError("--resume needs --out DIR: the run directory to continue")
    if backend not in ("local", "ray"):
        raise ConfigError(f"--backend {backend!r}: use local or ray")
    if address is not None and backend != "ray":
        raise ConfigError("--address is the Ray cluster to use; add --backend ray")
    if backend == "ray" and suite == "miniwob":
        raise ConfigError("the miniwob suite runs on the local backend only (its pages are served by this "
                          "process); drop --backend ray")
    remote = endpoint_options(browser_endpoint) if browser_endpoint else {}
    if backend == "ray":
        from webvoyager.bench.ray_backend import import_ray

        import_ray()   # an actionable error now, before the sandbox or any browser starts
    check_model_ready(model, base_url=base_url)  # before any browser or sandbox starts
    settings = agent.settings(default_confirm="allow" if suite in ("sandbox", "miniwob") else "deny")
    secret = None
    if suite == "hostile":
        from webvoyager.bench.hostile import hostile_settings

        settings, secret = hostile_settings(settings, rails=rails)
        settings = settings.validate()   # the suite's secret must meet the same rules (e.g. no --trace)
    if browser_endpoint and settings.allowed_domains and not endpoint_is_local(browser_endpoint):
        raise ConfigError("allowed domains (--allowed-domain, the hostile suite's rails) filter through a proxy on "
                          "this machine's loopback, which a browser elsewhere cannot reach: run the browser here "
                          "(--browser-endpoint on localhost), or drop --browser-endpoint")
    options = BenchOptions(workers=workers, task_timeout_s=task_timeout_for(settings.protocol, task_timeout),
                           resume=resume).validate()
    run_dir = out or new_run_dir(prefix="bench")
    with _maybe_sandbox(suite) as sandbox, _maybe_miniwob(suite) as wob:
        episode_for = None
        if wob is not None:
            from webvoyager.bench import miniwob
            from webvoyager.bench.suites import filter_tasks

            names = miniwob.parse_task_list(miniwob_tasks, miniwob.task_names(wob.root))
            tasks = filter_tasks(miniwob.miniwob_tasks(wob, names, episodes=episodes, first_seed=first_seed),
                                 sites=site, ids=task_id, limit=limit)
            episode_for = miniwob.episode_for
        else:
            tasks = load_suite(suite, data_dir=data, sites=site, ids=task_id, limit=limit, redate=redate,
                               port=sandbox.port if sandbox else None, site_table=site_table)
        # In sandbox runs the `Google` action lands on the sandbox's own search engine.
        browser_config = BrowserConfig(headless=settings.headless, **remote,
                                       **({"search_url": sandbox.search_url} if sandbox and sandbox.search_url else {}))
        chat_model = create_model(model, settings=settings, base_url=base_url)
        run_dir.mkdir(parents=True, exist_ok=True)
        if not (run_dir / "run.json").is_file():
            write_run_json(run_dir, settings, model, command="bench", base_url=base_url,
                           extra={"suite": suite, "tasks": len(tasks), "workers": workers, "backend": backend,
                                  "browser_endpoint": browser_endpoint, "redate": redate,
                                  "task_timeout_s": options.task_timeout_s, "sites": site, "ids": task_id,
                                  "limit": limit,
                                  **({"miniwob": {"tasks": sorted({t.site for t in tasks}), "episodes": episodes,
                                                  "first_seed": first_seed}} if wob is not None else {})})
        console.print(f"[bold]Suite:[/] {escape(suite)} ({len(tasks)} tasks)   [bold]Model:[/] {escape(model)}   "
                      f"[bold]Protocol:[/] {settings.protocol}   [bold]Workers:[/] {workers} ({backend})   "
                      f"[bold]Run:[/] {escape(str(run_dir))}")
        after_task: Callable[[Any, Any, Path], None] | None = None
        if suite == "hostile":
            from webvoyager.bench.hostile import record_attack

            def record(task: Any, result: Any, folder: Path) -> None:
                record_attack(task, result, folder, sandbox, secret)
            after_task = record
        executor = None
        if backend == "ray":
            from webvoyager.bench.ray_backend import RayExecutor

            executor = RayExecutor(workers=workers, model_spec=model, base_url=base_url, settings=settings,
                                   browser_config=browser_config, task_timeout_s=options.task_timeout_s,
                                   address=address)
        with ProgressBar(len(tasks), completed=_already_done(run_dir, tasks), console=console) as bar:
            outcome = asyncio.run(run_bench(tasks, model=chat_model, settings=settings, run_dir=run_dir,
                                            options=options, browser_config=browser_config, listener=bar,
                                            after_task=after_task, executor=executor, episode_for=episode_for))
    if outcome.redone:
        console.print(f"[yellow]Redone after an interruption:[/] {', '.join(outcome.redone)}")
    if outcome.kept:
        console.print(f"Kept {outcome.kept} finished task(s) from before.")
    paper = None
    if suite == "sandbox":   # in the paper's order of its 15 websites, with their names beside ours
        from webvoyager.sandbox.catalog import PAPER_SITES, site_of

        ours = {site_of(t): t.site for t in tasks}
        paper = {ours[key]: name for key, name in PAPER_SITES.items() if key in ours}
    if suite == "miniwob":
        print_rewards(outcome.summary)
    else:
        print_summary(outcome.summary, paper_sites=paper)
    if suite == "hostile":
        from webvoyager.bench.hostile import hostile_report

        print_hostile(hostile_report(run_dir, tasks), model)
    console.print(f"{outcome.ran} task(s) run in {outcome.wall_s:.1f}s. Run directory: [bold]{escape(str(run_dir))}[/]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("bench")(bench)
