"""Harness overhead per step, scaling with workers, and memory per concurrent task, on the sandbox with
the zero-latency `reference` model (so every millisecond measured is the harness's own).

    PYTHONPATH=src .venv/bin/python benchmarks/step_overhead.py [--workers 1 2] [--per-site 1] [--memory 8]

Runs the same sandbox tasks (the first `--per-site` of every site) through the real bench runner
(`run_bench`, one shared browser, N workers) in this process, with the sandbox served on loopback from
this process too, as `webvoyager bench sandbox` does. Per worker count it prints:

- `obs` / `act` / `rec`: median seconds per step of the observation, of executing the action (including
  the settle wait after it) and of recording the step (time the loop waits on the recorder);
- `step`: median harness overhead per step = observe + act + record (the model takes ~0 s);
- `wall`: the run's wall time and the speed-up over the first worker count;
- `peak MB`: peak summed RSS of this process and its children (Playwright driver, every Chromium
  process), sampled every 100 ms from /proc; RSS counts pages shared between Chromium processes more
  than once, so it overstates the real total.

`--memory N` also runs the same tasks with N workers and prints the peak RSS and the peak divided by N
(the "concurrent tasks in 4 GB" figure).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from webvoyager.agent.recorder import Recorder
from webvoyager.api.models import create_model
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.sandbox.catalog import load_sandbox_tasks
from webvoyager.sandbox.server import Sandbox
from webvoyager.tasks import Task

sys.path.insert(0, str(Path(__file__).parent))
from bench_workers import tree_memory_mb  # noqa: E402  (same folder)

RECORD_TIMES: list[float] = []
_original_record_step = Recorder.record_step


def _timed_record_step(self: Recorder, *args: object, **kwargs: object) -> None:
    start = time.perf_counter()
    try:
        _original_record_step(self, *args, **kwargs)  # type: ignore[arg-type]
    finally:
        RECORD_TIMES.append(time.perf_counter() - start)


Recorder.record_step = _timed_record_step  # type: ignore[method-assign]   # measurement only


class PeakMemory:
    """Samples this process tree's summed RSS every 100 ms in a thread; `peak` is the highest seen."""

    def __init__(self) -> None:
        self.peak = 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._done.wait(0.1):
            self.peak = max(self.peak, tree_memory_mb(os.getpid())[0])

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def _run(tasks: list[Task], workers: int) -> dict[str, float]:
    RECORD_TIMES.clear()
    with tempfile.TemporaryDirectory(prefix="step-overhead-") as tmp, PeakMemory() as memory:
        started = time.perf_counter()
        outcome = asyncio.run(run_bench(tasks, model=create_model("reference"), settings=RunSettings(),
                                        run_dir=Path(tmp) / "run", options=BenchOptions(workers=workers)))
        wall = time.perf_counter() - started
        observe, act, steps = [], [], 0
        success = 0
        for folder in (Path(tmp) / "run").iterdir():
            if not (folder / "trajectory.json").is_file():
                continue
            for step in json.loads((folder / "trajectory.json").read_text())["steps"]:
                timings = step.get("timings") or {}
                observe.append(timings.get("observe_s", 0.0))
                act.append(timings.get("act_s", 0.0))
                steps += 1
            result = json.loads((folder / "result.json").read_text())
            success += bool(result.get("success"))
    med = statistics.median
    rec = list(RECORD_TIMES)
    return {"workers": workers, "tasks": outcome.ran, "success": success, "steps": steps,
            "obs": med(observe), "act": med(act), "rec": med(rec),
            "step": med(observe) + med(act) + med(rec), "wall": wall, "peak": memory.peak}


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
        rows = [_run(tasks, n) for n in args.workers]
        print(f"{'workers':>7}{'tasks':>6}{'ok':>4}{'steps':>6}{'obs s':>7}{'act s':>7}{'rec s':>7}"
              f"{'step s':>8}{'wall s':>8}{'speed-up':>9}{'peak MB':>9}")
        for r in rows:
            print(f"{r['workers']:>7}{r['tasks']:>6}{r['success']:>4}{r['steps']:>6}{r['obs']:>7.3f}{r['act']:>7.3f}"
                  f"{r['rec']:>7.3f}{r['step']:>8.3f}{r['wall']:>8.1f}{rows[0]['wall'] / r['wall']:>9.2f}"
                  f"{r['peak']:>9.0f}")
        if args.memory:
            r = _run(tasks, args.memory)
            print(f"the same tasks with {args.memory} workers ({r['success']}/{r['tasks']} ok, {r['wall']:.0f} s): "
                  f"peak RSS {r['peak']:.0f} MB, {r['peak'] / args.memory:.0f} MB per concurrent task "
                  "(whole process tree, RSS)")
    print("medians per step; step = obs + act + rec (the reference model answers in ~0 s)")
    print(f"machine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
