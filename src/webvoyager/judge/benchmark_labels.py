"""Human labels in the Online-Mind2Web benchmark's own file shape (`judge agreement --labels-format
online-mind2web`).

The benchmark publishes its labels as a JSON array of task objects, `{"task_id": ..., "confirmed_task": ...,
"<Agent>_human_label": "1", ...}`, one `*_human_label` field per agent labelled; a CSV with a header row of
the same column names is read the same way. Its label values are NOT ours: 1 is success, 0 is failure and
2 is a task the agent could not execute for reasons outside its control (a CAPTCHA, a site down, a task
the site no longer allows). Such an invalid task is left out of every comparison and counted.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webvoyager.errors import ConfigError
from webvoyager.fileio import read_text_file

SUFFIX = "_human_label"
LABEL_KEYS = ("human_label", "label")   # a file of one agent's labels may name its column plainly
SUCCESS, FAILURE, INVALID = "1", "0", "2"


@dataclass(frozen=True)
class LabelSet:
    """Labels of a set of tasks: task id -> success, and the tasks labelled invalid (never compared)."""

    success: dict[str, bool]
    invalid: frozenset[str] = field(default_factory=frozenset)


def looks_like_benchmark_labels(path: Path) -> bool:
    """Whether `path` has the benchmark's shape (a JSON array of task objects, or a CSV whose header names a
    `*_human_label` column), so that reading it as our 0/1 CSV would misread its 0 and 2."""
    try:
        head = path.read_text(encoding="utf-8-sig", errors="replace")[:4096]
    except OSError:
        return False
    stripped = head.lstrip()
    if not stripped:
        return False
    return stripped.startswith("[") or SUFFIX in stripped.splitlines()[0]


def read_benchmark_labels(path: Path, column: str | None = None) -> LabelSet:
    """The labels of one agent (`column`: e.g. `Operator` or `Operator_human_label`; needed only when the
    file labels several agents) from a file in the benchmark's shape (see the module docstring)."""
    text = read_text_file(path, ConfigError, what="labels file")
    rows = _json_rows(path, text) if text.lstrip().startswith("[") else _csv_rows(text)
    if not rows:
        raise ConfigError(f"{path} holds no labelled tasks")
    key = _label_column(path, rows, column)
    success: dict[str, bool] = {}
    invalid: set[str] = set()
    for number, row in enumerate(rows, start=1):
        task_id = str(row.get("task_id") or "").strip()
        if not task_id:
            raise ConfigError(f"{path}, task {number}: no task_id")
        raw = str(row.get(key, "")).strip()
        if raw in ("", "None", "null"):
            continue        # this agent has no label for the task
        if raw not in (SUCCESS, FAILURE, INVALID):
            raise ConfigError(f"{path}, task {task_id}: {key} is {raw!r}; the benchmark's labels are 1 (success), "
                              "0 (failure) or 2 (not executable)")
        if raw == INVALID:
            invalid.add(task_id)
        else:
            success[task_id] = raw == SUCCESS
    return LabelSet(success, frozenset(invalid))


def _json_rows(path: Path, text: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}); the benchmark's labels "
                          "file is a JSON array of task objects") from None
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise ConfigError(f"{path}: expected a JSON array of task objects with task_id and *{SUFFIX} fields")
    return data


def _csv_rows(text: str) -> list[dict[str, Any]]:
    return [row for row in csv.DictReader(io.StringIO(text, newline="")) if any((v or "").strip() for v in row.values())]


def _label_column(path: Path, rows: list[dict[str, Any]], column: str | None) -> str:
    keys = [k for k in rows[0] if k.endswith(SUFFIX) or k in LABEL_KEYS]
    if column is not None:
        for key in (column, f"{column}{SUFFIX}"):
            if key in rows[0]:
                return key
        raise ConfigError(f"{path} has no label column {column!r}; it has: {', '.join(_names(keys)) or 'none'}")
    if len(keys) == 1:
        return keys[0]
    if not keys:
        raise ConfigError(f"{path} has no label column (*{SUFFIX}, human_label or label)")
    raise ConfigError(f"{path} labels several agents ({', '.join(_names(keys))}); choose one with "
                      "--labels-column NAME")


def _names(keys: list[str]) -> list[str]:
    return [k[:-len(SUFFIX)] if k.endswith(SUFFIX) else k for k in keys]
