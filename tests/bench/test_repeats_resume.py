"""SIGKILL a real `webvoyager bench sandbox --model reference --repeat 3` mid-run, then `--resume`: only the
attempts that were missing run; the finished ones keep their folders untouched (issue 25, "Repeats")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.bench.procs import task_states
from tests.bench.test_resume_kill import CLI, _snapshot, kill_mid_run
from webvoyager.runs.store import RunStore

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IDS = ("flights--1", "hotels--1")
KEYS = sorted(f"{t}{suffix}" for t in IDS for suffix in ("", "@2", "@3"))


def _bench(out: Path, *extra: str) -> list[str]:
    cmd = [CLI, "bench", "sandbox", "--model", "reference", "--workers", "1", "--out", str(out)]
    for task_id in IDS:
        cmd += ["--id", task_id]
    return cmd + list(extra)


def test_sigkill_mid_repeats_then_resume_runs_only_the_missing_attempts(tmp_path: Path) -> None:
    out = tmp_path / "run"
    db = out / "runs.sqlite"
    proc = subprocess.Popen(_bench(out, "--repeat", "3"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    kill_mid_run(proc, db)
    killed = task_states(db)
    assert sorted(killed) == KEYS                                  # every attempt registered up front
    done_before = [k for k, s in killed.items() if s == "done"]
    missing = [k for k in KEYS if k not in done_before]
    assert done_before and missing
    before = {k: _snapshot(out / k) for k in done_before}

    resumed = subprocess.run(_bench(out, "--resume"), capture_output=True, text=True, timeout=600)   # its --repeat kept
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert f"Kept {len(done_before)} finished task(s)" in resumed.stdout
    with RunStore(out) as store:
        rows = {r.key: r for r in store.rows()}
        assert sorted(rows) == KEYS and all(r.state == "done" for r in rows.values())
        assert all(store.finished_attempts(k) == 1 for k in KEYS)      # no attempt finished twice
        assert all(rows[k].attempts == 1 for k in done_before)
    for key in done_before:
        assert _snapshot(out / key) == before[key]                    # untouched: same files, same mtimes
    for key in missing:
        assert json.loads((out / key / "result.json").read_text())["success"] is True
    overall = json.loads((out / "summary.json").read_text())["estimates"]["infra_excluded"]["overall"]
    assert (overall["tasks"], overall["attempts"], overall["successes"]) == (2, 6, 6)
