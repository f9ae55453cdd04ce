"""Wall time of the same sandbox tasks (reference model) on the local backend and on Ray, 1 and 2 workers.

Everything runs in this process against one in-process sandbox: local x1, local x2, then a Ray cluster
is started (its start-up time is reported on its own line) and the tasks run again on Ray x1 and x2
(each Ray row includes starting its actors and their browsers). Every row must give the same statuses
and successes; the table says so.

    .venv/bin/python benchmarks/ray_bench.py [--limit N] [--site S] [--id ID ...] [--address ADDR] [--cpus N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from webvoyager.api import create_model
from webvoyager.api.settings import RunSettings
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.bench.suites import load_suite
from webvoyager.browser.types import BrowserConfig
from webvoyager.sandbox.server import Sandbox
from webvoyager.tasks import Task

DEFAULT_SITES = ["flights", "hotels"]


@dataclass
class Row:
    backend: str
    workers: int
    wall_s: float
    tasks: int
    success: int
    outcomes: dict[str, tuple[str, bool | None]]


async def _measure(backend: str, workers: int, tasks: list[Task], config: BrowserConfig, tmp: Path) -> Row:
    run = tmp / f"{backend}-{workers}"
    settings = RunSettings()
    options = BenchOptions(workers=workers)
    executor = None
    if backend == "ray":
        from webvoyager.bench.ray_backend import RayExecutor

        executor = RayExecutor(workers=workers, model_spec="reference", settings=settings, browser_config=config,
                               task_timeout_s=options.task_timeout_s)
    started = time.perf_counter()
    await run_bench(tasks, model=create_model("reference"), settings=settings, run_dir=run, options=options,
                    browser_config=config, executor=executor)
    wall = time.perf_counter() - started
    results = {p.parent.name: json.loads(p.read_text()) for p in run.glob("*/result.json")}
    outcomes = {k: (r["status"], r["success"]) for k, r in sorted(results.items())}
    return Row(backend, workers, wall, len(results), sum(1 for r in results.values() if r["success"]), outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=8, help="run the first N tasks (default 8)")
    parser.add_argument("--site", action="append", default=[], help=f"sandbox site (default {DEFAULT_SITES})")
    parser.add_argument("--id", action="append", default=[], help="only this task id (repeatable)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--address", default=None, help="an existing Ray cluster (default: start a local one)")
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray cluster (default 2)")
    args = parser.parse_args()

    import ray

    rows: list[Row] = []
    with Sandbox(port=0) as sandbox, tempfile.TemporaryDirectory(prefix="ray-bench-") as tmp:
        tasks = load_suite("sandbox", port=sandbox.port, ids=args.id, sites=args.site or ([] if args.id else
                                                                                        DEFAULT_SITES),
                           limit=args.limit)
        config = BrowserConfig(**({"search_url": sandbox.search_url} if sandbox.search_url else {}))
        print(f"  {len(tasks)} sandbox tasks: {', '.join(t.id for t in tasks)}", file=sys.stderr, flush=True)
        for n in args.workers:
            rows.append(asyncio.run(_measure("local", n, tasks, config, Path(tmp))))
            print(f"  local x{n}: {rows[-1].wall_s:.1f} s", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        if args.address:
            ray.init(address=args.address, log_to_driver=False)
        else:
            ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
        cluster_s = time.perf_counter() - t0
        print(f"  Ray cluster: {cluster_s:.1f} s", file=sys.stderr, flush=True)
        try:
            for n in args.workers:
                rows.append(asyncio.run(_measure("ray", n, tasks, config, Path(tmp))))
                print(f"  ray x{n}: {rows[-1].wall_s:.1f} s", file=sys.stderr, flush=True)
        finally:
            ray.shutdown()

    base = rows[0]
    print(f"{'backend':>8} {'workers':>7} {'tasks':>5} {'success':>7} {'wall s':>7} {'tasks/min':>9} "
          f"{'speedup':>7} {'same outcomes':>13}")
    for r in rows:
        print(f"{r.backend:>8} {r.workers:>7} {r.tasks:>5} {r.success:>7} {r.wall_s:>7.1f} "
              f"{60 * r.tasks / r.wall_s:>9.1f} {base.wall_s / r.wall_s:>7.2f} "
              f"{'yes' if r.outcomes == base.outcomes else 'NO':>13}")
    where = f"joined {args.address}" if args.address else f"local, {args.cpus} CPUs"
    print(f"Ray cluster start ({where}): {cluster_s:.1f} s (not in the Ray rows)")


if __name__ == "__main__":
    main()
