"""CLI commands: `webvoyager mind2web eval` (SeeAct's offline metrics on Multimodal-Mind2Web)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import List, Optional

import typer
from rich.table import Table

from webvoyager.cli.common import console, friendly_errors

mind2web_app = typer.Typer(help="SeeAct offline evaluation on Multimodal-Mind2Web.", no_args_is_help=True)


@mind2web_app.command("eval")
@friendly_errors
def eval_cmd(
    queries: Optional[Path] = typer.Option(None, "--queries", help="SeeAct queries.jsonl file or a folder of them."),
    parquet: Optional[List[Path]] = typer.Option(None, "--parquet", help="Multimodal-Mind2Web parquet shard(s) or a folder of them; repeatable."),
    predictions: Optional[Path] = typer.Option(None, "--predictions", help="Score this prediction JSONL file "
                                               "(or folder of <annotation>_<action>/prediction-4api.jsonl); no model."),
    model: Optional[str] = typer.Option(None, "--model", help="Run this model (spec as in `run`)."),
    base_url: Optional[str] = typer.Option(None, "--base-url", help="OpenAI-compatible server for --model."),
    grounding: str = typer.Option("choice", "--grounding", help="Grounding strategy (offline: choice)."),
    ranker: str = typer.Option("lexical", "--ranker", help="'lexical' or 'cross-encoder:PATH_OR_NAME' (parquet "
                               "rows have no recorded ranks)."),
    split: Optional[str] = typer.Option(None, "--split", help="Split name (default: from the file name)."),
    limit: Optional[int] = typer.Option(None, "--limit", help="Evaluate only the first N steps."),
    top_k: int = typer.Option(50, "--top-k", help="Candidates kept after ranking."),
    batch_size: int = typer.Option(17, "--batch-size", help="Options per multiple-choice question."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the metrics and per-step outcomes (JSON)."),
    protocol: str = typer.Option("default", "--protocol", help="default, or paper: SeeAct's own crops (candidates "
                                 "+-1024 px, JPEG 95), 4096-token replies, every batch asked."),
    prompts: Optional[Path] = typer.Option(None, "--prompts", help="A SeeAct prompt pack (`webvoyager protocol "
                                           "import seeact PATH`): the original's requests, in its words; needs "
                                           "--protocol paper and --model."),
) -> None:
    """Score SeeAct predictions, or run a model, with MindAct's metrics per split."""
    from webvoyager.errors import ConfigError
    from webvoyager.protocol import offline_crop
    from webvoyager.seeact.mind2web import runner

    crop = offline_crop(protocol)
    pack = None
    if prompts is not None:
        from webvoyager.packs import load_pack

        if protocol != "paper" or model is None:
            raise ConfigError("--prompts PACK words the paper's requests to a model: use it with --protocol paper "
                              "and --model SPEC, or drop --prompts")
        pack = load_pack(prompts, protocol="seeact")
    if (predictions is None) == (model is None):
        raise ConfigError("pass exactly one of --predictions FILE (score saved outputs) or --model SPEC (run a model)")
    steps = runner.load_steps(queries, parquet or [], split=split, limit=limit,
                              with_screenshots=model is not None)
    if predictions is not None:
        report = runner.score_saved(steps, predictions)
    else:
        from webvoyager.api import create_model
        from webvoyager.seeact.ranker import make_ranker

        chat = create_model(model, base_url=base_url)  # type: ignore[arg-type]
        report = asyncio.run(runner.run_model(
            steps, chat, grounding=grounding, ranker=make_ranker(ranker), top_k=top_k, batch_size=batch_size, crop=crop,
            pack=pack,
            on_step=lambda i, o: console.print(f"step {i + 1}/{len(steps)}: {'ok' if o.step_success else 'wrong'} "
                                               f"({o.predicted_element} / {o.predicted_action!r})")))
    table = Table(title=f"Mind2Web offline metrics ({len(steps)} steps)")
    for name in ("split", "tasks", "steps", "element acc", "op F1", "step SR", "task SR", "micro elem",
                 "micro F1", "micro step", "not in top-k", "incomplete tasks"):
        table.add_column(name, justify="right" if name != "split" else "left")
    for m in report.metrics:
        table.add_row(m.split, str(m.tasks), str(m.steps), *("-" if v is None else f"{100 * v:.1f}" for v in (
            m.element_acc, m.op_f1, m.step_sr, m.task_sr, m.micro_element_acc, m.micro_op_f1, m.micro_step_sr)),
            str(m.not_in_top_k), str(m.incomplete_tasks))
    console.print(table)
    if any(m.incomplete_tasks for m in report.metrics):
        console.print("[yellow]Task SR is over complete tasks only: tasks with missing steps are counted apart "
                      "(incomplete tasks), not as solved or failed.[/]")
    if report.missing_predictions:
        console.print(f"[yellow]{report.missing_predictions} step(s) had no prediction and count as failures[/]")
    if out is not None:
        report.save(out)
        console.print(f"wrote {out}")


def register(app: typer.Typer) -> None:
    """Add the `mind2web` command group to the app."""
    app.add_typer(mind2web_app, name="mind2web")
