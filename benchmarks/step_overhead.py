"""Harness overhead per step, scaling with workers, and memory per concurrent task, on the sandbox with
the zero-latency `reference` model (so every millisecond measured is the harness's own).

    PYTHONPATH=src .venv/bin/python benchmarks/step_overhead.py [--workers 1 2] [--per-site 1] [--memory 8]

Runs the same sandbox tasks (the first `--per-site` of every site) through the real bench runner
(`run_bench`, one shared browser, N workers) in this process, with the sandbox served on loopback from
this process too, as `webvoyager bench sandbox` does. Per worker count it prints:

- `obs` / `act` / `rec`: median seconds per step of the observation, of executing the action (including
  the settle wait after it) and of recording the step (time the loop waits on the recorder);
- `step`: median harness overhead per step: the median of observe + act over the steps, plus the
  median recording time (the model takes ~0 s);
- `wall`: the run's wall time and the speed-up over the first worker count;
- `RSS MB` / `PSS MB`: peak summed RSS / PSS of this process and its children (Playwright driver, every
  Chromium process), sampled from /proc; RSS counts pages shared between Chromium processes once per
  process and overstates the total, PSS splits them between their users;
- `cores`: CPU seconds used by the whole tree during the run (less the sampler's own) / wall time --
  how busy the machine was (2.0 = both cores of a 2-core machine); the line after the table splits the
  CPU seconds between this process (`harness`: the loop, the sandbox server, PNG work), Chromium and
  the rest (tesseract, the Playwright driver). When the tree is near the machine's cores, more workers
  cannot help.

`--memory N` also runs the same tasks with N workers and prints the peak RSS and PSS and each divided
by N (the "concurrent tasks in 4 GB" figure).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from webvoyager.agent.recorder import Recorder
from webvoyager.api.models import create_model
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.sandbox.catalog import load_sandbox_tasks
from webvoyager.sandbox.server import Sandbox
from webvoyager.standins.ocr import read_words
from webvoyager.tasks import Task

sys.path.insert(0, str(Path(__file__).parent))
from bench_workers import TreeSampler  # noqa: E402  (same folder)

RECORD_TIMES: list[float] = []
_original_record_step = Recorder.record_step


def _timed_record_step(self: Recorder, *args: object, **kwargs: object) -> None:
    start = time.perf_counter()
    try:
        _original_record_step(self, *args, **kwargs)  # type: ignore[arg-type]
    finally:
        RECORD_TIMES.append(time.perf_counter() - start)


Recorder.record_step = _timed_record_step  # type: ignore[method-assign]   # measurement only


def _run(tasks: list[Task], workers: int) -> dict[str, Any]:
    RECORD_TIMES.clear()
    read_words.cache_clear()   # every run reads its screenshots afresh, as the first one did
    with tempfile.TemporaryDirectory(prefix="step-overhead-") as tmp, TreeSampler(os.getpid(), pss_every=5) as tree:
        started = time.perf_counter()
        outcome = asyncio.run(run_bench(tasks, model=create_model("reference"), settings=RunSettings(),
                                        run_dir=Path(tmp) / "run", options=BenchOptions(workers=workers)))
        wall = time.perf_counter() - started
        observe, act, both, steps = [], [], [], 0
        success = 0
        for folder in (Path(tmp) / "run").iterdir():
            if not (folder / "trajectory.json").is_file():
                continue
            for step in json.loads((folder / "trajectory.json").read_text())["steps"]:
                timings = step.get("timings") or {}
                observe.append(timings.get("observe_s", 0.0))
                act.append(timings.get("act_s", 0.0))
                both.append(observe[-1] + act[-1])
                steps += 1
            result = json.loads((folder / "result.json").read_text())
            success += bool(result.get("success"))
    med = statistics.median
    rec = list(RECORD_TIMES)
    return {"workers": workers, "tasks": outcome.ran, "success": success, "steps": steps,
            "obs": med(observe), "act": med(act), "rec": med(rec),
            "step": med(both) + med(rec), "wall": wall, "peak": tree.peak_rss, "pss": tree.peak_pss,
            "cpu": tree.cpu_by_group()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--per-site", type=int, default=1, help="tasks per sandbox site (default 1)")
    parser.add_argument("--memory", type=int, default=0, help="also run N tasks at once for memory")
    args = parser.parse_args()
    with Sandbox(port=0) as sandbox:
        every = load_sandbox_tasks(port=sandbox.port)
        tasks, seen = [], {}
        for task in every:
            seen[task.site] = seen.get(task.site, 0) + 1
            if seen[task.site] <= args.per_site:
                tasks.append(task)
        print(f"{len(tasks)} sandbox tasks ({tasks[0].id} .. {tasks[-1].id}), reference model", flush=True)
        # Warm-up, not reported: the first run in a process pays for imports, fonts and each sandbox
        # site building its data on first use (~3 s of CPU), which would flatter every later run.
        _run(tasks, max(args.workers))
        rows = [_run(tasks, n) for n in args.workers]
        print(f"{'workers':>7}{'tasks':>6}{'ok':>4}{'steps':>6}{'obs s':>7}{'act s':>7}{'rec s':>7}"
              f"{'step s':>8}{'wall s':>8}{'speed-up':>9}{'RSS MB':>8}{'PSS MB':>8}{'cores':>7}")
        for r in rows:
            print(f"{r['workers']:>7}{r['tasks']:>6}{r['success']:>4}{r['steps']:>6}{r['obs']:>7.3f}{r['act']:>7.3f}"
                  f"{r['rec']:>7.3f}{r['step']:>8.3f}{r['wall']:>8.1f}{rows[0]['wall'] / r['wall']:>9.2f}"
                  f"{r['peak']:>8.0f}{r['pss']:>8.0f}{sum(r['cpu'].values()) / r['wall']:>7.2f}")
        for r in rows:
            split = ", ".join(f"{group} {seconds:.1f}" for group, seconds in
                              sorted(r["cpu"].items(), key=lambda kv: -kv[1]) if seconds >= 0.05)
            print(f"CPU seconds with {r['workers']} worker(s): {split}")
        if args.memory:
            r = _run(tasks, args.memory)
            print(f"the same tasks with {args.memory} workers ({r['success']}/{r['tasks']} ok, {r['wall']:.0f} s): "
                  f"peak RSS {r['peak']:.0f} MB ({r['peak'] / args.memory:.0f} MB per concurrent task), "
                  f"peak PSS {r['pss']:.0f} MB ({r['pss'] / args.memory:.0f} MB per task) "
                  "(whole process tree)")
    print("medians per step; step = median(obs + act) + median(rec) (the reference model answers in ~0 s)")
    print(f"machine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
