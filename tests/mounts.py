"""Real file-system conditions for tests: a tiny tmpfs that fills up (ENOSPC) and a read-only folder.

Both need a mount, which needs root (CI runs as root); elsewhere the read-only folder falls back to
permission bits (which stop a non-root user) and the tiny tmpfs is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path
from typing import Iterator

import pytest


def _mount(folder: Path, options: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True, text=True)
    return done.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


@contextlib.contextmanager
def tiny_disk(folder: Path, size_kb: int) -> Iterator[Path]:
    """`folder` as a tmpfs of `size_kb` KiB (writes past it fail with ENOSPC); skips without mount rights."""
    if os.geteuid() != 0 or not _mount(folder, f"size={size_kb}k"):
        pytest.skip("a tiny tmpfs needs root and mount(8): cannot make a disk that fills up here")
    try:
        yield folder
    finally:
        _umount(folder)


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """`folder` where nothing can be written: a read-only tmpfs as root (permission bits do not stop root),
    else a folder without write permission."""
    if os.geteuid() == 0:
        if not _mount(folder, "ro,size=64k"):
            pytest.skip("a read-only folder for root needs mount(8)")
        try:
            yield folder
        finally:
            _umount(folder)
        return
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


def fill(folder: Path) -> Path:
    """Fill the disk under `folder` until it refuses another byte; returns the filler file."""
    filler = folder / "filler.bin"
    with open(filler, "wb", buffering=0) as handle:
        chunk = b"\0" * 4096
        try:
            while True:
                handle.write(chunk)
        except OSError:
            pass
        try:
            while True:
                handle.write(b"\0")
        except OSError:
            pass
    return filler
