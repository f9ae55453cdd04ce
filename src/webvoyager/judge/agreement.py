"""Agreement between two sets of verdicts (a judge and human labels, or two judges).

A label source is either a CSV file of `task_id,label` rows (label 0/1, also true/false, success/
failure; a header row is allowed), or a run directory, whose tasks' `judgement.json` verdicts are used
(tasks without a verdict are left out), or `RUN_DIR@JUDGE/MODEL` for one particular judge of that
run (e.g. `runs/x@keypoints/openai:gpt-4o`, `runs/x@webvoyager-paper/openai:gpt-4o`). Only task ids
present in both sources are compared.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from webvoyager.runs.records import load_records
from webvoyager.errors import ConfigError
from webvoyager.fileio import read_text_file
from webvoyager.runs.judgements import archive_path, load_judgement

_TRUE = {"1", "true", "yes", "success", "y", "t"}
_FALSE = {"0", "false", "no", "not success", "failure", "fail", "n", "f"}


@dataclass(frozen=True)
class Agreement:
    """Counts over the tasks both sources label; `a` is the rows, `b` the columns of the confusion matrix."""

    both_success: int     # a=1, b=1
    a_only_success: int   # a=1, b=0
    b_only_success: int   # a=0, b=1
    both_failure: int     # a=0, b=0
    only_in_a: int = 0
    only_in_b: int = 0

    @property
    def n(self) -> int:
        return self.both_success + self.a_only_success + self.b_only_success + self.both_failure

    @property
    def agreement(self) -> float | None:
        """Share of tasks with the same label (0..1)."""
        return (self.both_success + self.both_failure) / self.n if self.n else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa; None when undefined (no tasks, or both sources constant and equal)."""
        if not self.n:
            return None
        po = self.agreement or 0.0
        a1 = (self.both_success + self.a_only_success) / self.n
        b1 = (self.both_success + self.b_only_success) / self.n
        pe = a1 * b1 + (1 - a1) * (1 - b1)
        if pe >= 1.0:
            return None
        return (po - pe) / (1 - pe)

    def to_dict(self) -> dict[str, object]:
        return {"tasks": self.n, "agreement": self.agreement, "kappa": self.kappa,
                "confusion": {"a1_b1": self.both_success, "a1_b0": self.a_only_success,
                              "a0_b1": self.b_only_success, "a0_b0": self.both_failure},
                "only_in_a": self.only_in_a, "only_in_b": self.only_in_b}


def compare(a: dict[str, bool], b: dict[str, bool]) -> Agreement:
    """Agreement of two label maps (task id -> success)."""
    common = sorted(set(a) & set(b))
    return Agreement(
        both_success=sum(a[t] and b[t] for t in common),
        a_only_success=sum(a[t] and not b[t] for t in common),
        b_only_success=sum((not a[t]) and b[t] for t in common),
        both_failure=sum((not a[t]) and (not b[t]) for t in common),
        only_in_a=len(set(a) - set(b)),
        only_in_b=len(set(b) - set(a)),
    )


def read_labels_csv(path: Path) -> dict[str, bool]:
    """task_id -> label from a two-column CSV (see the module docstring)."""
    labels: dict[str, bool] = {}
    text = read_text_file(path, ConfigError, what="labels file")
    for number, row in enumerate(csv.reader(io.StringIO(text, newline="")), start=1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        if len(row) < 2:
            raise ConfigError(f"{path}, line {number}: expected 'task_id,label' (label 0 or 1)")
        task_id, raw = row[0].strip(), row[1].strip().lower()
        if raw in _TRUE:
            labels[task_id] = True
        elif raw in _FALSE:
            labels[task_id] = False
        elif number == 1:
            continue  # a header row
        else:
            raise ConfigError(f"{path}, line {number}: label {row[1]!r} is not 0/1 (or true/false)")
    return labels


def load_labels(source: Path | str) -> dict[str, bool]:
    """Labels from a CSV file, a judged run directory, or one judge of a run (`RUN_DIR@JUDGE/MODEL`)."""
    text = str(source)
    if "@" in text and Path(text.rsplit("@", 1)[0]).is_dir():
        return _judge_set_labels(Path(text.rsplit("@", 1)[0]), text.rsplit("@", 1)[1])
    source = Path(source)
    if source.is_dir():
        labels = {r.task_id: bool(r.judged) for r in load_records(source) if r.judged is not None}
        if not labels:
            raise ConfigError(f"{source} has no judged tasks; run `webvoyager judge {source} --model SPEC` first")
        return labels
    if source.is_file():
        return read_labels_csv(source)
    raise ConfigError(f"{source} is neither a labels CSV nor a run directory")


def _judge_set_labels(run_dir: Path, judge: str) -> dict[str, bool]:
    name, sep, model = judge.partition("/")
    if not sep or not model:
        raise ConfigError(f"{judge!r}: name a judge as JUDGE/MODEL, e.g. keypoints/openai:gpt-4o")
    labels = {}
    for rec in load_records(run_dir):
        j = load_judgement(archive_path(run_dir / rec.dirname, name, model))
        if j is not None and j.success is not None:
            labels[rec.task_id] = j.success
    if not labels:
        method, _, protocol = name.partition("-")
        raise ConfigError(f"{run_dir} has no tasks judged by {name} with {model}; run `webvoyager judge "
                          f"{run_dir} --method {method} --protocol {protocol or 'default'} --model {model}` first")
    return labels
