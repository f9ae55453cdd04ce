"""Throughput at real model latency: `webvoyager bench sandbox --model reference --latency L` with 1, 4, 16
and 32 workers, against the latency-bound ideal and the CPU bound.

    PYTHONPATH=src .venv/bin/python benchmarks/throughput.py [--latency 3] [--workers 1 4 16 32] [--limit 32]

Runs the real CLI as a subprocess per worker count (the same tasks each time: the first `--limit` sandbox
tasks, or `--site`) and samples its process tree from /proc (benchmarks/bench_workers.py's TreeSampler).
Per worker count it prints:

- `wall`: the run's wall time;
- `ideal`: the latency-bound ideal, max(all model calls x L / workers, the longest task's calls x L): the
  wall time if the harness cost nothing and the workers were never idle;
- `x ideal`: wall / ideal (the goal at 32 workers, 3 s: within 1.3);
- `cpu bound`: CPU seconds of the whole tree / the machine's cores: the wall time if every core were busy
  all along (when it is above the ideal, the CPU saturates first; the goal is then within 1.2 of it);
- `steps/s`: model calls answered per second;
- `cpu/step`: CPU seconds per step of this harness (`ours`: the bench process, with the sandbox server, the
  OCR reading of the reference's words in tesseract) and of Chromium;
- `peak PSS`: the highest summed PSS of the tree (the goal at 32 workers: 8 GB at most);
- then, per run, CPU seconds by process: ours, tesseract, Playwright's driver and each kind of Chromium
  process (renderer, browser, gpu-process, ...);
- `capped`: steps whose action's settle ended at its cap (`Step.settled_by == "cap"`) rather than on a
  quiet page: the goal is none (a busy machine must not make observations wait out the cap).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_workers import Measurement, TreeSampler  # noqa: E402  (same folder)


@dataclass
class LatencyRun:
    """One bench run at a model latency: what bench_workers measures, and the model calls and CPU seconds."""

    run: Measurement
    calls: int
    longest_calls: int
    cpu: dict[str, float]
    chromium: dict[str, float]   # Chromium's CPU seconds per process type
    capped: int


def _task_calls(run: Path) -> list[int]:
    """Model calls of each task of a finished run (its result.json files)."""
    return [json.loads(p.read_text())["usage"]["calls"] for p in sorted(run.glob("*/result.json"))]


def _capped_steps(run: Path) -> int:
    """Steps of a finished run whose settle after the action hit its cap (their trajectory.json files)."""
    return sum(step.get("settled_by") == "cap" for p in run.glob("*/trajectory.json")
               for step in json.loads(p.read_text())["steps"])


def measure(workers: int, latency: float, ids: list[str]) -> LatencyRun:
    """One bench run with `workers` workers at `latency`, sampled until it exits."""
    cli = str(Path(sys.executable).parent / "webvoyager")
    with tempfile.TemporaryDirectory(prefix="throughput-") as tmp:
        out = Path(tmp) / "run"
        cmd = [cli, "bench", "sandbox", "--model", "reference", "--latency", str(latency), "--workers", str(workers),
               "--out", str(out), *(a for i in ids for a in ("--id", i))]
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        with TreeSampler(proc.pid, pss_every=5) as tree:
            _, err = proc.communicate()
            wall = time.perf_counter() - started
        if proc.returncode != 0:
            raise SystemExit(f"bench with {workers} worker(s) exited with {proc.returncode}: {err.decode()[-2000:]}")
        overall = json.loads((out / "summary.json").read_text())["overall"]
        calls = _task_calls(out)
        run = Measurement(workers, wall, overall["tasks"], overall["success"]["success"], tree.peak_rss,
                          tree.peak_pss)
        return LatencyRun(run, sum(calls), max(calls, default=0), tree.cpu_by_group(),
                          tree.chromium_cpu_by_type(), _capped_steps(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency", type=float, default=3.0, help="seconds each model answer takes")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 4, 16, 32])
    parser.add_argument("--limit", type=int, default=32, help="the first N sandbox tasks")
    parser.add_argument("--site", action="append", default=[], help="only this sandbox site (repeatable)")
    args = parser.parse_args()
    from webvoyager.bench.suites import filter_tasks
    from webvoyager.sandbox.catalog import load_sandbox_tasks

    tasks = filter_tasks(load_sandbox_tasks(), sites=args.site, limit=args.limit)
    ids = [t.id for t in tasks]
    cores = os.cpu_count() or 1
    print(f"  {len(ids)} sandbox tasks ({ids[0]} .. {ids[-1]}), latency {args.latency:g} s, {cores} cores",
          file=sys.stderr, flush=True)
    print(f"{'workers':>7} {'tasks':>5} {'ok':>4} {'steps':>5} {'wall s':>7} {'ideal s':>7} {'x ideal':>7} "
          f"{'cpu bound s':>11} {'x cpu':>6} {'steps/s':>7} {'cpu/step ours':>13} {'cpu/step chromium':>17} "
          f"{'peak PSS MB':>11} {'capped':>6}", flush=True)
    for n in args.workers:
        m = measure(n, args.latency, ids)
        r = m.run
        ideal = max(m.calls * args.latency / n, m.longest_calls * args.latency)
        cpu_total = sum(m.cpu.values())
        cpu_bound = cpu_total / cores
        ours = m.cpu.get("harness", 0.0) + m.cpu.get("tesseract", 0.0)
        print(f"{n:>7} {r.tasks:>5} {r.success:>4} {m.calls:>5} {r.wall_s:>7.1f} {ideal:>7.1f} "
              f"{r.wall_s / ideal:>7.2f} {cpu_bound:>11.1f} {r.wall_s / cpu_bound:>6.2f} {m.calls / r.wall_s:>7.2f} "
              f"{ours / m.calls:>13.3f} {m.cpu.get('chromium', 0.0) / m.calls:>17.3f} {r.peak_pss_mb:>11.0f} {m.capped:>6}",
              flush=True)
        parts = {("ours" if k == "harness" else k): v for k, v in m.cpu.items() if k != "chromium"}
        parts.update({f"chromium {k}": v for k, v in m.chromium.items()})
        print("        CPU s: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(parts.items(), key=lambda kv: -kv[1])
                                           if v >= 0.05), flush=True)


if __name__ == "__main__":
    main()
