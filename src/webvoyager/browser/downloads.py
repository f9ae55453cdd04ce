"""Keeping downloads bounded: a file the page sends is copied into the task folder in chunks, at most
`BrowserConfig.download_max_bytes` of it, and only that much is ever read (a PDF's text comes from the
kept part). The note says what was cut, for the model and in the trajectory (the step's notes)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

CHUNK = 1 << 20   # 1 MiB: the copy never holds more than this in memory

DEFAULT_DOWNLOAD_MAX_MB = 20
"""The default cap on what is kept of one download, in MiB (`RunSettings.download_max_mb`)."""


def copy_capped(source: Path, target: Path, limit: int | None) -> tuple[int, int]:
    """Copy at most `limit` bytes of `source` to `target` (all of it when `limit` is None), in chunks;
    returns (bytes kept, size of the whole file)."""
    total = source.stat().st_size
    wanted = total if limit is None else min(total, limit)
    kept = 0
    with open(source, "rb") as src, open(target, "wb") as dst:
        while kept < wanted:
            chunk = src.read(min(CHUNK, wanted - kept))
            if not chunk:
                break
            dst.write(chunk)
            kept += len(chunk)
    return kept, total


def truncate_capped(path: Path, limit: int | None) -> tuple[int, int]:
    """Cut `path` to at most `limit` bytes in place; returns (bytes kept, size before)."""
    total = path.stat().st_size
    if limit is not None and total > limit:
        with open(path, "r+b") as handle:
            handle.truncate(limit)
        return limit, total
    return total, total


def read_kept(path: Path, limit: int | None, *, is_pdf: Callable[[bytes], bool]) -> bytes:
    """What is read of a kept download: all of it (up to `limit`) for a PDF, whose text is extracted,
    else only its first KiB, enough to tell what it is."""
    with open(path, "rb") as handle:
        head = handle.read(1024)
        if not is_pdf(head):
            return head
        rest = handle.read() if limit is None else handle.read(max(0, limit - len(head)))
    return head + rest


def cut_note(kept: int, total: int) -> str:
    """The sentence that says a download was cut to the cap ('' when it was kept whole)."""
    if kept >= total:
        return ""
    return (f" The file is {total:,} bytes: only its first {kept:,} bytes (the download limit) were kept in the "
            "task folder and read; the rest was dropped.")
