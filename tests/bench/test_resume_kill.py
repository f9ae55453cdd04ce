"""SIGKILL a real `webvoyager bench sandbox --model reference --workers 2` mid-run, then `--resume`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bench.procs import descendants, task_states
from webvoyager.runs.store import RunStore
from webvoyager.trajectory import STATUSES

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IDS = ["hotels--1", "hotels--3", "hotels--6", "hotels--2", "hotels--9", "hotels--10"]
CLI = str(Path(sys.executable).parent / "webvoyager")


def _bench(out: Path, *extra: str) -> list[str]:
    cmd = [CLI, "bench", "sandbox", "--model", "reference", "--workers", "2", "--out", str(out)]
    for task_id in IDS:
        cmd += ["--id", task_id]
    return cmd + list(extra)


def _wait_for(condition, proc: subprocess.Popen, limit_s: float = 240.0) -> None:
    """Poll until `condition()` holds (the run is observed, not slept on), or fail."""
    deadline = time.monotonic() + limit_s
    while not condition():
        assert proc.poll() is None, "the bench finished before it could be interrupted"
        assert time.monotonic() < deadline, "the bench never reached the state to interrupt"
        time.sleep(0.05)


def kill_mid_run(proc: subprocess.Popen, db: Path) -> None:
    """SIGKILL the bench `proc` (and its browsers) once two tasks are done and another is running."""
    try:
        def mid_run() -> bool:
            states = list(task_states(db).values())
            return states.count("done") >= 2 and "running" in states

        _wait_for(mid_run, proc)
        family = descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGKILL)
        for pid in family:  # Chromium helpers that left the process group
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def _snapshot(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in sorted(folder.iterdir())}


def _assert_whole(folder: Path) -> None:
    result = json.loads((folder / "result.json").read_text())
    steps = json.loads((folder / "trajectory.json").read_text())["steps"]
    shots = sorted(int(p.stem[len("screenshot"):]) for p in folder.glob("screenshot*.png") if "_" not in p.stem)
    assert shots == list(range(1, len(shots) + 1)) and len(shots) >= len(steps) >= 1
    for i in shots:
        assert (folder / f"screenshot{i}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # success is the sandbox's and the reference model's business; here every file must be whole
    assert result["status"] in STATUSES and result["attempt"] >= 1


def test_sigkill_then_resume(tmp_path: Path) -> None:
    out = tmp_path / "run"
    db = out / "runs.sqlite"
    proc = subprocess.Popen(_bench(out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    kill_mid_run(proc, db)
    killed_states = task_states(db)
    done_before = [t for t, s in killed_states.items() if s == "done"]
    interrupted = [t for t, s in killed_states.items() if s == "running"]
    assert done_before and interrupted
    before = {t: _snapshot(out / t) for t in done_before}

    resumed = subprocess.run(_bench(out, "--resume"), capture_output=True, text=True, timeout=400)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert "Redone after an interruption" in resumed.stdout

    with RunStore(out) as store:
        rows = {r.task_id: r for r in store.rows()}
        assert sorted(rows) == sorted(IDS) and all(r.state == "done" for r in rows.values())
        for task_id in IDS:
            assert store.finished_attempts(task_id) == 1, task_id        # none done twice
        for task_id in done_before:
            assert rows[task_id].attempts == 1
        for task_id in interrupted:
            assert rows[task_id].attempts == 2                           # redone once
    for task_id in done_before:
        assert _snapshot(out / task_id) == before[task_id]               # untouched: same files, same mtimes
    for task_id in IDS:
        _assert_whole(out / task_id)
    assert not list(out.rglob("*.tmp"))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["tasks"] == summary["overall"]["finished"] == len(IDS)
