"""Agreement between two sets of verdicts (a judge and human labels, or two judges).

A label source is either a CSV file of `task_id,label` rows (label 0/1, also true/false, success/
failure, or `invalid` for a task that cannot be judged, left out and counted; a header row and further
columns, such as the report's labelling mode's `note`, are allowed), or a run directory, whose tasks' `judgement.json` verdicts are used
(tasks without a verdict are left out), or `RUN_DIR@JUDGE/MODEL` for one particular judge of that
run (e.g. `runs/x@keypoints/openai:gpt-4o`, `runs/x@webvoyager-paper/openai:gpt-4o`). Only task ids
present in both sources are compared. Human labels in the Online-Mind2Web benchmark's own file shape
(whose 0 means failure and 2 an invalid task) are read with `labels_format="online-mind2web"`
(judge/benchmark_labels.py); their invalid tasks are left out of the comparison and counted (`excluded`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Collection

from webvoyager.judge.benchmark_labels import LabelSet, looks_like_benchmark_labels, read_benchmark_labels
from webvoyager.runs.records import load_records
from webvoyager.errors import ConfigError
from webvoyager.fileio import read_text_file
from webvoyager.runs.judgements import archive_path, load_judgement

_TRUE = {"1", "true", "yes", "success", "y", "t"}
_FALSE = {"0", "false", "no", "not success", "failure", "fail", "n", "f"}
_INVALID = {"invalid"}
LABEL_FORMATS = ("ours", "online-mind2web")


@dataclass(frozen=True)
class Agreement:
    """Counts over the tasks both sources label; `a` is the rows, `b` the columns of the confusion matrix."""

    both_success: int     # a=1, b=1
    a_only_success: int   # a=1, b=0
    b_only_success: int   # a=0, b=1
    both_failure: int     # a=0, b=0
    only_in_a: int = 0
    only_in_b: int = 0
    excluded: int = 0     # tasks a label source calls invalid (the benchmark's "not executable"), left out

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

    @property
    def a_rate(self) -> float | None:
        """Success rate of `a` over the compared tasks (0..1)."""
        return (self.both_success + self.a_only_success) / self.n if self.n else None

    @property
    def b_rate(self) -> float | None:
        """Success rate of `b` over the compared tasks (0..1)."""
        return (self.both_success + self.b_only_success) / self.n if self.n else None

    @property
    def gap_points(self) -> float | None:
        """b's success rate minus a's, in percentage points (a judge against human labels: positive when
        the judge is more lenient than the people)."""
        return None if not self.n else 100 * ((self.b_rate or 0.0) - (self.a_rate or 0.0))

    def to_dict(self) -> dict[str, object]:
        return {"tasks": self.n, "agreement": self.agreement, "kappa": self.kappa,
                "confusion": {"a1_b1": self.both_success, "a1_b0": self.a_only_success,
                              "a0_b1": self.b_only_success, "a0_b0": self.both_failure},
                "only_in_a": self.only_in_a, "only_in_b": self.only_in_b,
                "a_rate": self.a_rate, "b_rate": self.b_rate, "gap_points": self.gap_points,
                "excluded": self.excluded}


def compare(a: dict[str, bool], b: dict[str, bool], *, invalid: Collection[str] = ()) -> Agreement:
    """Agreement of two label maps (task id -> success). Tasks in `invalid` are left out of both and
    counted in `excluded` (those either source labels)."""
    left_out = set(invalid)
    excluded = len(left_out & (set(a) | set(b)))
    a = {t: v for t, v in a.items() if t not in left_out}
    b = {t: v for t, v in b.items() if t not in left_out}
    common = sorted(set(a) & set(b))
    return Agreement(
        both_success=sum(a[t] and b[t] for t in common),
        a_only_success=sum(a[t] and not b[t] for t in common),
        b_only_success=sum((not a[t]) and b[t] for t in common),
        both_failure=sum((not a[t]) and (not b[t]) for t in common),
        only_in_a=len(set(a) - set(b)),
        only_in_b=len(set(b) - set(a)),
        excluded=excluded,
    )


def read_labels_csv(path: Path) -> dict[str, bool]:
    """task_id -> label from a two-column CSV (see the module docstring); invalid tasks left out."""
    return read_label_rows(path).success


def read_label_rows(path: Path) -> LabelSet:
    """The labels of a `task_id,label[,...]` CSV (see the module docstring), its invalid tasks apart."""
    labels: dict[str, bool] = {}
    invalid: set[str] = set()
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
        elif raw in _INVALID:
            invalid.add(task_id)
        elif number == 1:
            continue  # a header row
        else:
            raise ConfigError(f"{path}, line {number}: label {row[1]!r} is not 0/1 (or true/false, or invalid)")
    return LabelSet(labels, frozenset(invalid))


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


def load_label_set(source: Path | str, *, labels_format: str = "ours", column: str | None = None) -> LabelSet:
    """Labels from any source `load_labels` reads (`labels_format` "ours"), or from the benchmark's human
    labels file ("online-mind2web", `column` naming the agent when it labels several). A file in the
    benchmark's shape given as ours is refused: its 0 (failure) and 2 (invalid) would be misread."""
    if labels_format not in LABEL_FORMATS:
        raise ConfigError(f"unknown labels format {labels_format!r}; use one of {', '.join(LABEL_FORMATS)}")
    path = Path(str(source))
    if labels_format == "online-mind2web":
        if not path.is_file():
            raise ConfigError(f"{source} is not a file; --labels-format online-mind2web reads the benchmark's "
                              "human labels file (a JSON array, or a CSV with its column names)")
        return read_benchmark_labels(path, column)
    if column is not None:
        raise ConfigError("--labels-column picks an agent of the benchmark's labels file: use it with "
                          "--labels-format online-mind2web")
    if path.is_file() and looks_like_benchmark_labels(path):
        raise ConfigError(f"{source} looks like the Online-Mind2Web benchmark's human labels (1 success, 0 failure, "
                          "2 not executable); pass --labels-format online-mind2web")
    if path.is_file():
        return read_label_rows(path)
    return LabelSet(load_labels(source))


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
