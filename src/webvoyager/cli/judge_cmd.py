"""CLI commands: `webvoyager judge RUN_DIR --model SPEC ...`, `webvoyager judge agreement LABELS ...`,
`webvoyager judge calibrate RUN_DIR` and `webvoyager judge import DIR ...` (cli/judge_import_cmd.py).

`judge` is a command group whose default command judges a run: `judge RUN_DIR` is `judge run RUN_DIR`.
"""

from __future__ import annotations

import asyncio
import csv
from pathlib import Path
from typing import Any, Optional


import typer
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

from webvoyager.cli import options as opt
from webvoyager.cli.common import console, friendly_errors
from webvoyager.text import csv_row


class _DefaultToRun(TyperGroup):
    """Routes `judge RUN_DIR ...` to the `run` subcommand when the first word is not a subcommand."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


judge_app = typer.Typer(cls=_DefaultToRun, no_args_is_help=True,
                        help="Judge a run with an LMM (`judge RUN_DIR --model SPEC`), or measure agreement.")


@judge_app.command("run")
@friendly_errors
def judge_run_cmd(
    run_dir: Path = typer.Argument(..., help="The run directory (from bench or run)."),
    model: Optional[str] = typer.Option(None, "--model", help="Judge model: openai:MODEL, anthropic:MODEL, "
                                        "scripted:PATH (webjudge: openai:o4-mini unless given; the others: "
                                        "required)."),
    images: Optional[str] = typer.Option(None, "--images", help="How many of the last screenshots to show: K or "
                                         "'all' (default 3; paper: all)."),
    method: str = typer.Option("webvoyager", "--method", help="webvoyager (the paper's evaluator), keypoints "
                               "(stricter) or webjudge (Online-Mind2Web's three stages)."),
    threshold: Optional[int] = typer.Option(None, "--threshold", help="webjudge: the 1-5 score a screenshot "
                                            "needs to be shown to the outcome stage (default 3)."),
    protocol: opt.ProtocolOpt = "default",
    prompt: Optional[Path] = typer.Option(None, "--prompt", help="A text file replacing the judge's instructions "
                                          "(its system prompt; webjudge: the outcome stage's), as is."),
    prompts: Optional[Path] = typer.Option(None, "--prompts", help="A prompt pack: with --protocol paper a "
                                           "WebVoyager pack, with --method webjudge an Online-Mind2Web pack (made "
                                           "by `webvoyager protocol import webvoyager|online-mind2web PATH`)."),
    workers: int = typer.Option(4, "--workers", min=1, help="Tasks judged at once."),
    force: bool = typer.Option(False, "--force", help="Judge again tasks already judged by this judge and model."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="OpenAI-compatible server (vLLM, Ollama...)."),
) -> None:
    """Judge every finished task of RUN_DIR; writes judgement.json per task and updates summary.json."""
    from webvoyager.runs.judgements import Judgement
    from webvoyager.judge.methods import default_model
    from webvoyager.judge.runner import JudgeSettings, judge_run, parse_images
    from webvoyager.api import check_model_ready, create_model

    settings = JudgeSettings(method=method, protocol=protocol, images=parse_images(images), workers=workers,
                             force=force, prompt=str(prompt) if prompt else None,
                             prompts=str(prompts) if prompts else None, threshold=threshold).validate()
    model = model or default_model(method)
    check_model_ready(model, base_url=base_url)
    console.print(f"[bold]Judge:[/] {settings.judge}   [bold]Wording:[/] {escape(settings.wording)}")
    chat_model = create_model(model, base_url=base_url)

    def show(j: Judgement) -> None:
        colour = {"SUCCESS": "green", "NOT SUCCESS": "red", None: "yellow"}[j.verdict]
        note = j.error or ("no model call" if not j.model_called else f"{j.images} image(s)")
        console.print(f"[{colour}]{j.verdict or 'ERROR'}[/] {escape(j.task_id)} [dim]({escape(note)})[/]")

    report = asyncio.run(judge_run(run_dir, chat_model, settings, on_done=show))
    console.print(f"Judged {len(report.judged)} task(s): {report.success} SUCCESS; skipped {len(report.skipped)} "
                  f"already judged; {len(report.errors)} error(s).")
    from webvoyager.cli.bench_cmd import print_summary
    from webvoyager.runs.summary import write_summary

    print_summary(write_summary(run_dir), title=f"Results ({settings.judge} judge)")
    if report.errors:
        raise typer.Exit(code=1)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _kappa(agr: Any) -> str:
    return "-" if agr.kappa is None else f"{agr.kappa:.3f}"


def _gap(agr: Any) -> str:
    return "-" if agr.gap_points is None else f"{agr.gap_points:+.1f}"


def _row(name: str, agr: Any) -> list[str]:
    return [name, str(agr.n), _pct(agr.agreement), _kappa(agr), str(agr.both_success), str(agr.a_only_success),
            str(agr.b_only_success), str(agr.both_failure), _pct(agr.a_rate), _pct(agr.b_rate), _gap(agr),
            str(agr.excluded)]


@judge_app.command("agreement")
@friendly_errors
def agreement_cmd(
    labels: str = typer.Argument(..., help="Reference labels: a CSV of task_id,0/1, a judged run directory, or the "
                                 "Online-Mind2Web human labels file (with --labels-format online-mind2web)."),
    run: Optional[str] = typer.Option(None, "--run", help="Judged run directory to compare with LABELS "
                                      "(RUN_DIR@JUDGE/MODEL picks one judge of that run, e.g. "
                                      "runs/x@webvoyager-paper/openai:gpt-4o)."),
    other: Optional[str] = typer.Option(None, "--other", help="A second judge (run directory, RUN_DIR@JUDGE/MODEL) "
                                        "or labels CSV."),
    csv_out: Optional[Path] = typer.Option(None, "--csv", help="Also write the comparison rows to this CSV."),
    labels_format: str = typer.Option("ours", "--labels-format", help="How LABELS is written: ours (CSV "
                                      "task_id,label with 1 success / 0 failure) or online-mind2web (the benchmark's "
                                      "human labels: 1 success, 0 failure, 2 not executable, which is excluded)."),
    labels_column: Optional[str] = typer.Option(None, "--labels-column", help="online-mind2web: the agent whose "
                                                "labels to read (e.g. Operator) when the file labels several."),
) -> None:
    """Agreement %, Cohen's kappa, the confusion matrix and the success-rate gap (b minus a, in points)
    between labels and judges (or two judges)."""
    from webvoyager.errors import ConfigError
    from webvoyager.judge.agreement import compare, load_label_set

    sources = [("labels", labels)] + [(n, p) for n, p in (("run", run), ("other", other)) if p is not None]
    if len(sources) < 2:
        raise ConfigError("compare LABELS with something: pass --run RUN_DIR (and/or --other RUN_DIR2 or CSV)")
    loaded = {name: load_label_set(path, labels_format=labels_format if name == "labels" else "ours",
                                   column=labels_column if name == "labels" else None) for name, path in sources}
    invalid = frozenset().union(*(s.invalid for s in loaded.values()))
    names = [n for n, _ in sources]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    table = Table(title="Agreement (a = first, b = second; gap = b's success rate minus a's, in points)")
    header = ["a vs b", "tasks", "agreement", "kappa", "a1 b1", "a1 b0", "a0 b1", "a0 b0", "a rate", "b rate",
              "gap", "excluded"]
    for col in header:
        table.add_column(col, justify="left" if col == "a vs b" else "right")
    rows, excluded = [], []
    for a, b in pairs:
        agreement = compare(loaded[a].success, loaded[b].success, invalid=invalid)
        row = _row(f"{a} vs {b}", agreement)
        rows.append(row)
        excluded.append(f"{a} vs {b}: {agreement.excluded} invalid task(s) excluded")
        table.add_row(*row)
    console.print(table)
    if invalid:
        console.print(f"{len(invalid)} task(s) labelled invalid (not executable) in the labels; "
                      + "; ".join(excluded) + ".")
    if csv_out is not None:
        with csv_out.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(csv_row(header))
            writer.writerows(csv_row(row) for row in rows)


@judge_app.command("calibrate")
@friendly_errors
def calibrate_cmd(
    run_dir: Path = typer.Argument(..., help="A judged run of code-checked tasks (a sandbox bench run)."),
    judge: list[str] = typer.Option([], "--judge", help="Only this judge of the run: JUDGE/MODEL (e.g. "
                                    "webvoyager/openai:gpt-4o) or JUDGE for each of its models; repeatable. "
                                    "Default: every judge that judged the run."),
    probes: bool = typer.Option(True, "--probes/--no-probes", help="Also judge each task's trajectory with its "
                                "probes as the final answer (right answers reworded, hedges, off-by-ones...)."),
    workers: int = typer.Option(4, "--workers", min=1, help="Probe trajectories judged at once."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="OpenAI-compatible server of the judge model."),
) -> None:
    """Each judge of RUN_DIR against the code checks: agreement, Cohen's kappa, false-positive and
    false-negative rates, the success-rate gap, and its verdicts on the tasks' probes per kind. Writes
    calibration.json in RUN_DIR (summary.json and the report show it)."""
    from webvoyager.api import check_model_ready, create_model
    from webvoyager.judge.calibration import PASS_KIND, calibrate
    from webvoyager.runs.summary import write_summary
    from webvoyager.sandbox.catalog import load_hostile_tasks, load_sandbox_tasks

    tasks = {t.id: t for t in [*load_sandbox_tasks(), *load_hostile_tasks()]}

    def model_for(spec: str) -> Any:
        check_model_ready(spec, base_url=base_url)
        return create_model(spec, base_url=base_url)

    result = asyncio.run(calibrate(run_dir, tasks, judges=judge, model_for=model_for, probes=probes,
                                   workers=workers))
    table = Table(title="Judges against the code checks (gap = the judge's success rate minus the checks', "
                        "in points)")
    for col in ("judge", "attempts", "agreement", "kappa", "false pos.", "false neg.", "checks", "judge rate", "gap"):
        table.add_column(col, justify="left" if col == "judge" else "right")
    for j in result.judges:
        run = j.run
        table.add_row(escape(j.judge.name), str(run.n), _pct(run.agreement), _kappa(run), _pct(j.false_positive_rate),
                      _pct(j.false_negative_rate), _pct(run.a_rate), _pct(run.b_rate), _gap(run))
    console.print(table)
    if probes:
        kinds = sorted({k.kind for j in result.judges for k in j.kinds()}, key=lambda k: (k != PASS_KIND, k))
        ptable = Table(title="Probe trajectories the judge passed (pass = right answers reworded; every other "
                             "kind is a wrong answer)")
        ptable.add_column("judge")
        for kind in kinds:
            ptable.add_column(kind, justify="right")
        for j in result.judges:
            scores = {k.kind: k for k in j.kinds()}
            ptable.add_row(escape(j.judge.name), *(f"{scores[k].judged_success}/{scores[k].probes}" if k in scores
                                                   else "-" for k in kinds))
        console.print(ptable)
    path = result.save(run_dir)
    write_summary(run_dir)
    console.print(f"Calibration written to [bold]{escape(str(path))}[/].")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    from webvoyager.cli.judge_import_cmd import add_import_command

    add_import_command(judge_app)
    app.add_typer(judge_app, name="judge")
