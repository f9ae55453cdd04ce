"""Atomic file writes: a run killed at any moment leaves only whole files behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator

from webvoyager.errors import TaskFileError


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 text atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON (indented, UTF-8, non-ASCII kept) atomically."""
    write_text_atomic(path, json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def iter_jsonl(lines: Iterable[str], *, source: str) -> Iterator[tuple[int, Any]]:
    """Yield (line number, parsed record) for each non-blank JSON line.

    Raises TaskFileError naming the file and line when a line is not valid JSON.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise TaskFileError(f"{source}, line {number}: not valid JSON ({exc.msg} at column {exc.colno}); "
                                "the file must hold one JSON object per line") from None
