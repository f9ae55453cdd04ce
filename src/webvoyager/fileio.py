"""Atomic file writes: a run killed at any moment leaves only whole files behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator

from webvoyager.errors import StorageError, TaskFileError, WebVoyagerError, storage_error


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


def ensure_writable_dir(path: Path, *, what: str = "run folder") -> Path:
    """Create `path` (and its parents) and check that a file can be written in it, before a run starts;
    StorageError in one line otherwise (a read-only or full disk, a folder without write permission:
    also as root, whom permission bits do not stop but a read-only mount does)."""
    hint = f"choose a {what} you can write to (--out DIR)"
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(prefix=".write-check-", dir=path) as probe:
            probe.write(b"0")
            probe.flush()
    except OSError as exc:
        raise storage_error(exc, path, hint=hint) from None
    if not path.is_dir():
        raise StorageError(f"{path} is not a folder; {hint}")
    return path


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 text atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON (indented, UTF-8, non-ASCII kept) atomically."""
    write_text_atomic(path, json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def read_text_file(path: Path, error: type[WebVoyagerError], *, what: str = "file") -> str:
    """The text of a UTF-8 file the user gave (a UTF-8 byte-order mark is accepted and dropped).

    A file that cannot be read, or is not UTF-8 (latin-1, binary), raises `error` with one line that
    names the file, where the first bad byte is, and what to do.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise error(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise error(f"the {what} {path} is not UTF-8 text (byte 0x{data[exc.start]:02x} at line {line}, "
                    f"column {column}); save it as UTF-8") from None


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
