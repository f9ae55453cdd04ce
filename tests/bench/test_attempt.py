"""Carrying a task folder between processes: `pack_folder` / `unpack_folder` (the Ray backend's path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from webvoyager.bench.attempt import PARTIAL_PREFIX, pack_folder, unpack_folder


def test_a_folder_travels_as_bytes_and_lands_whole(tmp_path: Path) -> None:
    src = tmp_path / "worker" / "hotels--1"
    (src / "downloads").mkdir(parents=True)
    (src / "result.json").write_text('{"status": "answered"}')
    (src / "screenshot1.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    (src / "downloads" / "report.pdf").write_bytes(b"%PDF-1.4")
    files = pack_folder(src)
    assert sorted(files) == ["downloads/report.pdf", "result.json", "screenshot1.png"]

    run = tmp_path / "run"
    run.mkdir()
    (run / f"{PARTIAL_PREFIX}hotels--1").mkdir()          # left by a driver killed mid-write
    (run / f"{PARTIAL_PREFIX}hotels--1" / "stale.txt").write_text("old")
    unpack_folder(files, run / "hotels--1")
    assert pack_folder(run / "hotels--1") == files         # same names, same bytes, nothing stale
    assert [p.name for p in run.iterdir()] == ["hotels--1"]


def test_an_empty_task_still_gets_its_folder_and_paths_cannot_escape(tmp_path: Path) -> None:
    unpack_folder({}, tmp_path / "empty")
    assert (tmp_path / "empty").is_dir() and not any((tmp_path / "empty").iterdir())
    with pytest.raises(ValueError, match="escapes"):
        unpack_folder({"../outside.txt": b"x"}, tmp_path / "evil")
    assert not (tmp_path / "outside.txt").exists() and not (tmp_path / "evil").exists()
