"""Mind2Web steps read from SeeAct's `queries.jsonl` folders or Multimodal-Mind2Web parquet shards.

One `Step` is one action of one task, with its gold operation, its positive and negative candidate
elements, the previous actions (the gold history) and, for query folders, the pre-built choice batches
and their screenshot crops.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from webvoyager.errors import ConfigError, TaskFileError
from webvoyager.fileio import iter_jsonl

SPLITS = ("train", "test_task", "test_website", "test_domain")


@dataclass(frozen=True)
class Candidate:
    """One candidate element: its backend node id, tag, decoded attributes and the ranker's rank."""

    backend_node_id: str
    tag: str
    attributes: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    rank: int | None = None
    score: float | None = None

    @property
    def bbox(self) -> tuple[float, float, float, float] | None:
        """(x, y, width, height) in page pixels, from `bounding_box_rect`, when present."""
        raw = self.attributes.get("bounding_box_rect", "")
        try:
            x, y, w, h = (float(v) for v in raw.split(","))
        except ValueError:
            return None
        return (x, y, w, h)


@dataclass(frozen=True)
class GoldOperation:
    """The gold operation: `op` is CLICK, TYPE or SELECT (HOVER and ENTER are folded into CLICK)."""

    op: str
    value: str = ""
    original_op: str = ""


@dataclass(frozen=True)
class QueryBatch:
    """A pre-built multiple-choice batch from queries.jsonl: (backend_node_id, text) options."""

    choices: tuple[tuple[str, str], ...]
    image: Path | None = None


@dataclass
class Step:
    """One Mind2Web action to predict."""

    annotation_id: str
    action_uid: str
    task: str
    operation: GoldOperation
    positives: list[Candidate]
    negatives: list[Candidate]
    previous_actions: list[str] = field(default_factory=list)
    website: str = ""
    domain: str = ""
    subdomain: str = ""
    split: str = "default"
    cleaned_html: str = ""
    screenshot: bytes | None = None
    batches: list[QueryBatch] = field(default_factory=list)
    target_repr: str = ""
    source: str = ""
    index: int | None = None          # the step's place in its task (0-based)
    task_steps: int | None = None     # how many steps its task has (see load_queries for query folders)

    @property
    def key(self) -> tuple[str, str]:
        return (self.annotation_id, self.action_uid)

    @property
    def positive_ids(self) -> set[str]:
        return {c.backend_node_id for c in self.positives}


def _decode_candidate(raw: Any) -> Candidate:
    """A candidate from a dict or its JSON string; `attributes` may itself be a JSON string."""
    if isinstance(raw, str):
        raw = json.loads(raw)
    attrs = raw.get("attributes") or {}
    if isinstance(attrs, str):
        attrs = json.loads(attrs) if attrs.strip() else {}
    rank = raw.get("rank")
    score = raw.get("score")
    return Candidate(
        backend_node_id=str(raw.get("backend_node_id") or attrs.get("backend_node_id") or ""),
        tag=str(raw.get("tag", "")),
        attributes={str(k): str(v) for k, v in attrs.items()},
        rank=int(rank) if rank is not None else None,
        score=float(score) if score is not None else None,
    )


def _decode_list(raw: Any) -> list[Candidate]:
    if raw is None:
        return []
    if isinstance(raw, str):
        raw = json.loads(raw) if raw.strip() else []
    return [_decode_candidate(c) for c in raw]


def _operation(raw: Any) -> GoldOperation:
    if isinstance(raw, str):
        raw = json.loads(raw)
    op = str(raw.get("op", "")).upper()
    return GoldOperation(op=op, value=str(raw.get("value", "") or ""), original_op=str(raw.get("original_op", op)))


def split_from_name(name: str) -> str | None:
    """The split named in a file name ('test_task-00000-of-00004.parquet' -> 'test_task')."""
    for split in sorted(SPLITS, key=len, reverse=True):
        if re.search(rf"(^|[^a-z]){split}([^a-z]|$)", name):
            return split
    return None


# ----- SeeAct query folders --------------------------------------------------------------------

def query_files(path: str | Path) -> list[Path]:
    """`queries.jsonl` files: the file itself, or every one below a directory (sorted)."""
    path = Path(path)
    if path.is_file():
        return [path]
    if path.is_dir():
        found = sorted(path.rglob("queries.jsonl"))
        if found:
            return found
        raise TaskFileError(f"no queries.jsonl below {path}; pass a SeeAct query folder or file")
    raise TaskFileError(f"{path} does not exist; pass a queries.jsonl file or a folder holding them")


def load_queries(path: str | Path, *, split: str | None = None) -> list[Step]:
    """Steps from SeeAct's `queries.jsonl` format (one line per choice batch, grouped per step).

    A step's index is its number of previous actions. The records do not say how many steps a task
    has, so its length is taken as the highest index present + 1 (a task whose first steps are
    missing is then incomplete; one whose last steps are missing cannot be told from a shorter task).
    """
    steps: dict[tuple[str, str], Step] = {}
    for file in query_files(path):
        with file.open(encoding="utf-8") as handle:
            for number, rec in iter_jsonl(handle, source=str(file)):
                _add_query_line(steps, rec, file, number, split)
    lengths: dict[str, int] = {}
    for step in steps.values():
        step.index = len(step.previous_actions)
        lengths[step.annotation_id] = max(lengths.get(step.annotation_id, 0), step.index + 1)
    for step in steps.values():
        step.task_steps = lengths[step.annotation_id]
    return list(steps.values())


def _add_query_line(steps: dict[tuple[str, str], Step], rec: dict[str, Any], file: Path, number: int,
                    split: str | None) -> None:
    try:
        key = (str(rec["annotation_id"]), str(rec["action_uid"]))
        step = steps.get(key)
        if step is None:
            step = Step(
                annotation_id=key[0], action_uid=key[1], task=str(rec["confirmed_task"]),
                operation=_operation(rec["operation"]),
                positives=_decode_list(rec.get("pos_candidates")),
                negatives=_decode_list(rec.get("neg_candidates")),
                previous_actions=[str(a) for a in rec.get("previous_actions") or []],
                website=str(rec.get("website", "")), split=split or split_from_name(str(file)) or "default",
                cleaned_html=str(rec.get("cleaned_html", "")), source=str(file),
            )
            steps[key] = step
        image = file.parent.parent / str(rec["image_path"]) / f"{len(step.batches)}.jpg" if rec.get("image_path") else None
        choices = tuple((str(c[0]), str(c[1])) for c in rec.get("choices") or [])
        step.batches.append(QueryBatch(choices=choices, image=image if image and image.is_file() else None))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise TaskFileError(f"{file}, line {number}: not a SeeAct query record ({exc!r}); expected the fields "
                            "confirmed_task, annotation_id, action_uid, operation, pos_candidates, choices") from None


# ----- Multimodal-Mind2Web parquet ---------------------------------------------------------------

PARQUET_COLUMNS = ("annotation_id", "action_uid", "confirmed_task", "website", "domain", "subdomain", "operation",
                   "pos_candidates", "neg_candidates", "cleaned_html", "action_reprs", "target_action_index",
                   "target_action_reprs", "screenshot")


def iter_parquet(files: Iterable[str | Path], *, split: str | None = None, with_screenshots: bool = True,
                 limit: int | None = None) -> Iterator[Step]:
    """Steps from Multimodal-Mind2Web parquet shards, streamed in row batches (shards are ~300 MB)."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ConfigError("reading parquet needs pyarrow: pip install 'webvoyager[mind2web]'") from None
    count = 0
    for file in files:
        path = Path(file)
        if not path.is_file():
            raise TaskFileError(f"parquet file {path} does not exist")
        parquet = pq.ParquetFile(path)
        names = set(parquet.schema_arrow.names)
        missing = {"annotation_id", "action_uid", "confirmed_task", "operation", "pos_candidates"} - names
        if missing:
            raise TaskFileError(f"{path} lacks the Multimodal-Mind2Web columns {sorted(missing)}")
        columns = [c for c in PARQUET_COLUMNS if c in names and (with_screenshots or c != "screenshot")]
        file_split = split or split_from_name(path.name) or "default"
        for batch in parquet.iter_batches(batch_size=16, columns=columns):
            for row in batch.to_pylist():
                yield _step_from_row(row, file_split, str(path))
                count += 1
                if limit is not None and count >= limit:
                    return


def _step_from_row(row: dict[str, Any], split: str, source: str) -> Step:
    reprs = [str(r) for r in row.get("action_reprs") or []]
    index_raw = row.get("target_action_index")
    if isinstance(index_raw, list):
        index_raw = index_raw[0] if index_raw else None
    index = int(index_raw) if index_raw not in (None, "") else len(reprs)
    target = row.get("target_action_reprs") or ""
    if isinstance(target, list):
        target = target[0] if target else ""
    shot = row.get("screenshot")
    shot_bytes = shot.get("bytes") if isinstance(shot, dict) else shot if isinstance(shot, bytes) else None
    return Step(
        annotation_id=str(row["annotation_id"]), action_uid=str(row["action_uid"]), task=str(row["confirmed_task"]),
        operation=_operation(row["operation"]), positives=_decode_list(row.get("pos_candidates")),
        negatives=_decode_list(row.get("neg_candidates")), previous_actions=reprs[:index],
        website=str(row.get("website") or ""), domain=str(row.get("domain") or ""),
        subdomain=str(row.get("subdomain") or ""), split=split, cleaned_html=str(row.get("cleaned_html") or ""),
        screenshot=shot_bytes, target_repr=str(target), source=source,
        index=index if index_raw not in (None, "") else None, task_steps=len(reprs) or None,
    )
