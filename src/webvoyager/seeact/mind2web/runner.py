"""Whole evaluations: load steps, score predictions or run a model, aggregate per split, save a report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from webvoyager.errors import ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.models.base import ChatModel
from webvoyager.packs import ProtocolPack
from webvoyager.protocol import DEFAULT_OFFLINE_CROP, OfflineCrop
from webvoyager.seeact.mind2web.data import Step, iter_parquet, load_queries
from webvoyager.seeact.mind2web.evaluate import prepare_step, run_step, score_predictions
from webvoyager.seeact.mind2web.metrics import SplitMetrics, StepOutcome, aggregate
from webvoyager.seeact.mind2web.predictions import Prediction, match_predictions, write_predictions
from webvoyager.seeact.ranker import Ranker
from webvoyager.usage import Usage


@dataclass
class EvalReport:
    """Per-step outcomes, per-split metrics, and what a model run cost."""

    outcomes: list[StepOutcome]
    metrics: list[SplitMetrics]
    missing_predictions: int = 0
    usage: Usage = field(default_factory=Usage)
    predictions: list[Prediction] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "metrics": [m.to_dict() for m in self.metrics],
            "missing_predictions": self.missing_predictions,
            "usage": self.usage.to_dict(),
            "steps": [{**o.__dict__, "step_success": o.step_success} for o in self.outcomes],
        }

    def save(self, path: str | Path) -> None:
        """Write the report JSON; a model run's predictions go next to it (`<stem>.predictions.jsonl`)."""
        path = Path(path)
        write_json_atomic(path, self.to_dict())
        if self.predictions:
            write_predictions(path.with_name(path.stem + ".predictions.jsonl"), self.predictions)


def load_steps(queries: str | Path | None = None, parquet: Sequence[str | Path] = (), *, split: str | None = None,
               limit: int | None = None, with_screenshots: bool = True) -> list[Step]:
    """Steps from a SeeAct query folder/file and/or Multimodal-Mind2Web parquet shards."""
    if queries is None and not parquet:
        raise ConfigError("nothing to evaluate: pass --queries DIR_OR_FILE or --parquet FILES")
    steps: list[Step] = load_queries(queries, split=split) if queries is not None else []
    if parquet:
        # A folder stands for its shards (e.g. the dataset's data/ folder, filtered by --split names).
        files = [f for p in map(Path, parquet) for f in (sorted(p.glob("*.parquet")) if p.is_dir() else [p])]
        steps += list(iter_parquet(files, split=split, with_screenshots=with_screenshots, limit=limit))
    return steps[:limit] if limit is not None else steps


def score_saved(steps: list[Step], predictions: str | Path) -> EvalReport:
    """Score recorded predictions (no model); steps without predictions count as failures."""
    found = match_predictions(steps, predictions)
    outcomes = [score_predictions(s, found.get(s.key, [])) for s in steps]
    missing = sum(1 for s in steps if s.key not in found)
    return EvalReport(outcomes=outcomes, metrics=aggregate(outcomes), missing_predictions=missing)


async def run_model(steps: list[Step], model: ChatModel, *, grounding: str = "choice", ranker: Ranker | None = None,
                    top_k: int = 50, batch_size: int = 17, temperature: float = 0.0, max_tokens: int | None = None,
                    seed: int | None = None, crop: OfflineCrop = DEFAULT_OFFLINE_CROP,
                    pack: ProtocolPack | None = None,
                    on_step: Callable[[int, StepOutcome], None] | None = None) -> EvalReport:
    """Run `model` over the steps with textual-choice grounding and score it (`pack`: SeeAct's own
    requests, see `evaluate.run_step`)."""
    if grounding != "choice":
        raise ConfigError(f"offline evaluation supports --grounding choice only (got {grounding!r}); the other "
                          "strategies run online with `--policy seeact`")
    outcomes: list[StepOutcome] = []
    preds: list[Prediction] = []
    usage = Usage()
    for i, step in enumerate(steps):
        result = await run_step(step, model, ranker=ranker, top_k=top_k, batch_size=batch_size,
                                temperature=temperature, max_tokens=max_tokens, seed=seed, crop=crop,
                                pack=pack)
        outcomes.append(result.outcome)
        preds += result.predictions
        usage = usage + result.usage
        if on_step is not None:
            on_step(i, result.outcome)
    return EvalReport(outcomes=outcomes, metrics=aggregate(outcomes), usage=usage, predictions=preds)


__all__ = ["EvalReport", "load_steps", "score_saved", "run_model", "prepare_step"]
