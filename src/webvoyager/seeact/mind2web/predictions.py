"""Recorded stage-1/stage-2 model outputs for Mind2Web steps (SeeAct's `prediction-4api.jsonl` format).

One line per choice batch: `{"multichoice_id": i, "gpt_output": [generation, grounding], "prompt": [...]}`.
Lines written by our evaluator also carry `annotation_id`, `action_uid` and the batch's `choices`, so a
file of many steps scores on its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webvoyager.errors import TaskFileError
from webvoyager.fileio import iter_jsonl, write_text_atomic
from webvoyager.seeact.mind2web.data import Step

PREDICTION_FILE = "prediction-4api.jsonl"


@dataclass
class Prediction:
    """The model's two replies for one choice batch of one step."""

    batch: int
    generation: str
    grounding: str
    annotation_id: str | None = None
    action_uid: str | None = None
    choices: list[tuple[str, str]] | None = None
    prompt: list[str] = field(default_factory=list)

    def to_record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {"multichoice_id": self.batch, "gpt_output": [self.generation, self.grounding],
                               "prompt": self.prompt}
        if self.annotation_id is not None:
            rec["annotation_id"], rec["action_uid"] = self.annotation_id, self.action_uid
        if self.choices is not None:
            rec["choices"] = [list(c) for c in self.choices]
        return rec


def load_predictions(path: str | Path) -> list[Prediction]:
    """Read a prediction JSONL file."""
    path = Path(path)
    if not path.is_file():
        raise TaskFileError(f"prediction file {path} does not exist")
    out: list[Prediction] = []
    with path.open(encoding="utf-8") as handle:
        for number, rec in iter_jsonl(handle, source=str(path)):
            try:
                outputs = rec["gpt_output"]
                out.append(Prediction(
                    batch=int(rec.get("multichoice_id", 0)),
                    generation=str(outputs[0]) if outputs else "",
                    grounding=str(outputs[-1]) if len(outputs) > 1 else "",
                    annotation_id=rec.get("annotation_id"), action_uid=rec.get("action_uid"),
                    choices=[(str(c[0]), str(c[1])) for c in rec["choices"]] if rec.get("choices") else None,
                    prompt=[p if isinstance(p, str) else json.dumps(p) for p in rec.get("prompt") or []],
                ))
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise TaskFileError(f"{path}, line {number}: not a prediction record ({exc!r}); expected "
                                    "{\"multichoice_id\": N, \"gpt_output\": [generation, grounding]}") from None
    return out


def match_predictions(steps: list[Step], path: str | Path) -> dict[tuple[str, str], list[Prediction]]:
    """Predictions per step. `path` is a file (keyed lines, or unkeyed lines for a single step) or a
    folder holding `<annotation_id>_<action_uid>/prediction-4api.jsonl` per step."""
    path = Path(path)
    found: dict[tuple[str, str], list[Prediction]] = {}
    if path.is_dir():
        for step in steps:
            file = path / f"{step.annotation_id}_{step.action_uid}" / PREDICTION_FILE
            if file.is_file():
                found[step.key] = load_predictions(file)
        return found
    preds = load_predictions(path)
    unkeyed = [p for p in preds if p.annotation_id is None]
    if unkeyed:
        if len(steps) != 1:
            raise TaskFileError(f"{path} has lines without annotation_id/action_uid, so it can only score a single "
                                f"step, but {len(steps)} steps were loaded; pass that step's queries.jsonl")
        found[steps[0].key] = unkeyed
    for p in preds:
        if p.annotation_id is not None:
            found.setdefault((str(p.annotation_id), str(p.action_uid)), []).append(p)
    return found


def write_predictions(path: str | Path, predictions: list[Prediction]) -> None:
    """Write predictions as JSONL (atomically)."""
    write_text_atomic(Path(path), "".join(json.dumps(p.to_record()) + "\n" for p in predictions))
