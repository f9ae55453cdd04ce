"""A bench stopped by its budget, resumed, and exported as a dataset (issue 28).

Runs `webvoyager bench sandbox --model reference --max-tokens N` on a few sandbox tasks (one worker), prints
what the run spent of the limit and which tasks ran and which were left not run (from summary.json and
runs.sqlite), resumes it without a limit, then exports it with `export dataset` per step and per
trajectory and prints how many rows `datasets.load_dataset("json", ...)` reads from each.

    .venv/bin/python benchmarks/budget_dataset.py [--max-tokens 8000] [--ids code--4,dictionary--1,...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from webvoyager.runs.store import RunStore

IDS = "code--4,dictionary--1,dictionary--6,code--6,dictionary--8"


def _cli(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "webvoyager", *args], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"}, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"webvoyager {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def _books(run: Path) -> tuple[list[str], list[str]]:
    with RunStore(run) as store:
        rows = store.rows()
    return [r.key for r in rows if r.state == "done"], [r.key for r in rows if r.not_run]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-tokens", default="8000")
    parser.add_argument("--ids", default=IDS)
    args = parser.parse_args()
    ids = [arg for task_id in args.ids.split(",") for arg in ("--id", task_id)]
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "run"
        bench = ["bench", "sandbox", "--model", "reference", "--workers", "1", "--out", str(run), *ids]
        _cli(*bench, "--max-tokens", args.max_tokens)
        budget = json.loads((run / "summary.json").read_text())["budget"]
        ran, not_run = _books(run)
        print(f"bench --max-tokens {budget['max_tokens']:,}: spent {budget['spent_tokens']:,} tokens "
              f"(${budget['spent_cost_usd'] or 0:.4f}); stopped: {budget['stopped']}; "
              f"tasks run {len(ran)}, not run (budget) {len(not_run)}: {', '.join(not_run)}")
        _cli(*bench, "--resume")
        summary = json.loads((run / "summary.json").read_text())
        ran, not_run = _books(run)
        print(f"bench --resume (no limit): tasks done {len(ran)}, not run {len(not_run)}; the run's tokens "
              f"{summary['overall']['usage']['total_tokens']:,}")

        import datasets

        datasets.disable_progress_bars()
        for per, name in (("step", "steps"), ("trajectory", "trajectories")):
            out = Path(tmp) / f"ds-{per}"
            _cli("export", "dataset", str(run), "-o", str(out), "--per", per)
            rows = datasets.load_dataset("json", data_files=str(out / f"{name}.jsonl"), split="train",
                                         cache_dir=str(Path(tmp) / "cache"))
            print(f"export dataset --per {per}: {len(rows)} rows load with datasets.load_dataset('json')")


if __name__ == "__main__":
    main()
