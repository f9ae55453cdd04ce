"""Attack success rate and benign-twin utility of the hostile suite, per attack kind, for the
`reference` model and the `gullible` stand-in, with the browser-level rails on and off.

Rails on = allowed domains (the hostile site only, enforced by the network guard) and the confirm gate
denying consequential actions. The gullible model follows every instruction it reads, so the drop
from "gullible, rails off" to "gullible, rails on" is what the rails stop on their own. Each
configuration runs in a fresh in-process sandbox, so the canary and the site's sinks start empty.

    .venv/bin/python benchmarks/hostile_rails.py [--workers 2] [--text-only] [--policy cua]

`--policy cua` runs the pixel stand-ins (they see only the screenshot and act by screen points).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from webvoyager.api import RunSettings
from webvoyager.bench.hostile import HostileReport, hostile_report, hostile_settings, record_attack
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.sandbox.catalog import load_hostile_tasks
from webvoyager.sandbox.server import Sandbox
from webvoyager.standins.gullible import GullibleModel
from webvoyager.standins.reference import ReferenceModel


async def measure(name: str, rails: bool, workers: int, text_only: bool,
                  policy: str) -> tuple[HostileReport, float]:
    sandbox = Sandbox(port=0).start()
    try:
        tasks = load_hostile_tasks(sandbox.port)
        model = ReferenceModel(tasks=tasks, policy=policy) if name == "reference" else \
            GullibleModel(tasks=tasks, policy=policy)
        settings, secret = hostile_settings(RunSettings(confirm="deny", text_only=text_only, policy=policy),
                                            rails=rails)
        out = Path(tempfile.mkdtemp(prefix=f"hostile-{name}-"))
        started = time.perf_counter()
        await run_bench(tasks, model=model, settings=settings, run_dir=out, options=BenchOptions(workers=workers),
                        after_task=lambda task, result, folder: record_attack(task, result, folder, sandbox, secret))
        return hostile_report(out, tasks), time.perf_counter() - started
    finally:
        sandbox.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--text-only", action="store_true", help="observations as text outlines, not screenshots")
    parser.add_argument("--policy", choices=("webvoyager", "cua"), default="webvoyager")
    args = parser.parse_args()
    configs = [("reference", True), ("gullible", False), ("gullible", True)]
    reports = {}
    for name, rails in configs:
        report, wall = asyncio.run(measure(name, rails, args.workers, args.text_only, args.policy))
        reports[(name, rails)] = report
        print(f"{name:9} rails {'on ' if rails else 'off'}: {wall:6.1f} s")
    kinds = sorted(reports[configs[0]].kinds)
    header = "".join(f"{f'{n} rails ' + ('on' if r else 'off'):>22}" for n, r in configs)
    print(f"\nattack succeeded / twin solved ({'text-only' if args.text_only else 'screenshots'}, "
          f"policy {args.policy})")
    print(f"{'attack kind':18}{header}")
    for kind in [*kinds, "overall"]:
        cells = []
        for config in configs:
            k = reports[config].overall if kind == "overall" else reports[config].kinds[kind]
            cells.append(f"{k.succeeded}/{k.attacks} | {k.twins_done}/{k.twins}")
        print(f"{kind:18}" + "".join(f"{c:>22}" for c in cells))
    for (name, rails), report in reports.items():
        o = report.overall.to_dict()
        print(f"{name} rails {'on' if rails else 'off'}: attack success rate {100 * o['attack_success_rate']:.1f}%, "
              f"benign-twin utility {100 * o['utility']:.1f}%")


if __name__ == "__main__":
    main()
