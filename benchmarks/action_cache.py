"""The action cache on the sandbox: what replaying saves, what healing costs, and exported scripts.

1. a reference bench of a subset of sandbox tasks with `--cache DIR` (cold: it fills the cache);
2. the same again with the cache (warm): model calls, wall time, success;
3. each variant (`--variant shuffled|renamed|banner`) with a copy of the warm cache: the model calls the
   healing needed, success; then the variant once more with its healed cache (calls left);
4. every task of run 1 exported with `export playwright` and run with plain Python + Playwright against a
   served sandbox: green = exit 0 and the task's own checks pass on the script's answer and final page.

Runs the real CLI as subprocesses (the project's Python).

    .venv/bin/python benchmarks/action_cache.py [--per-site 2] [--workers 2] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from webvoyager.browser.launch import SYSTEM_CHROMIUM
from webvoyager.cache.saved import calls_saved
from webvoyager.sandbox.catalog import load_sandbox_tasks, site_of
from webvoyager.sandbox.server import Sandbox
from webvoyager.tasks import PageState

CLI = [sys.executable, "-m", "webvoyager"]


@dataclass
class Figures:
    label: str
    tasks: int
    success: int
    calls: int
    saved: int
    wall_s: float

    def line(self) -> str:
        return (f"{self.label:<28} {self.success:>3}/{self.tasks:<3} success  {self.calls:>5} model calls  "
                f"{self.saved:>5} saved by the cache  {self.wall_s:>7.1f} s")


def subset(per_site: int) -> list[str]:
    """The first `per_site` tasks of every sandbox site (by task number)."""
    by_site: dict[str, list[str]] = {}
    for task in sorted(load_sandbox_tasks(), key=lambda t: (site_of(t), int(t.id.rsplit("--", 1)[1]))):
        by_site.setdefault(site_of(task), []).append(task.id)
    return [i for ids in by_site.values() for i in ids[:per_site]]


def bench(label: str, ids: list[str], out: Path, workers: int, cache: Path, variant: str | None = None) -> Figures:
    args = [*CLI, "bench", "sandbox", "--model", "reference", "--workers", str(workers), "--out", str(out),
            "--cache", str(cache), *sum((["--id", i] for i in ids), [])]
    if variant:
        args += ["--variant", variant]
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    results = [json.loads((out / i / "result.json").read_text()) for i in ids]
    return Figures(label, len(ids), sum(1 for r in results if r.get("success") is True),
                   sum(int(r["usage"].get("calls", 0)) for r in results), calls_saved(out), wall)


def scripts_green(run_dir: Path, ids: list[str], work: Path) -> tuple[int, list[str]]:
    """How many exported scripts exit 0 and pass their task's checks; the ids of those that do not."""
    failed: list[str] = []
    with Sandbox(port=0) as sandbox:
        tasks = {t.id: t for t in load_sandbox_tasks(sandbox.port)}
        for task_id in ids:
            script, state_file = work / f"{task_id}.py", work / f"{task_id}.json"
            exported = subprocess.run([*CLI, "export", "playwright", str(run_dir / task_id), "-o", str(script)],
                                      capture_output=True, text=True)
            if exported.returncode != 0:
                failed.append(f"{task_id} (export: {exported.stdout.strip()[-120:]})")
                continue
            done = subprocess.run([sys.executable, str(script), "--executable", SYSTEM_CHROMIUM, "--sandbox-port",
                                   str(sandbox.port), "--state-out", str(state_file)],
                                  capture_output=True, text=True, timeout=300)
            answer = next((line[8:] for line in done.stdout.splitlines() if line.startswith("ANSWER: ")), None)
            ok = done.returncode == 0 and state_file.is_file()
            if ok:
                state = json.loads(state_file.read_text())
                ok = tasks[task_id].check(answer, PageState(url=state["url"], title=state["title"],
                                                            text=state["text"], cookies=state["cookies"],
                                                            local_storage=state["local_storage"])) is True
            if not ok:
                failed.append(f"{task_id} ({(done.stderr.strip().splitlines() or ['check failed'])[-1][:120]})")
    return len(ids) - len(failed), failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-site", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--variants", nargs="*", default=["shuffled", "renamed", "banner"])
    parser.add_argument("--skip-base", action="store_true", help="reuse OUT/cache and OUT/cold of an earlier "
                        "run (only the variants, and the scripts unless --no-scripts)")
    parser.add_argument("--no-scripts", action="store_true")
    args = parser.parse_args()
    root = args.out or Path(tempfile.mkdtemp(prefix="action-cache-"))
    os.makedirs(root, exist_ok=True)
    ids = subset(args.per_site)
    print(f"{len(ids)} sandbox tasks ({args.per_site} per site), {args.workers} workers, reference model; in {root}")
    cache = root / "cache"
    if not args.skip_base:
        for label, out in (("reference, cold cache", root / "cold"), ("reference, warm cache", root / "warm")):
            print(bench(label, ids, out, args.workers, cache).line(), flush=True)
    for variant in args.variants:
        healed = root / f"cache-{variant}"
        for stale in (healed, root / variant, root / f"{variant}-again"):
            shutil.rmtree(stale, ignore_errors=True)
        shutil.copytree(cache, healed)
        for label, out in ((f"{variant}: healing", root / variant), (f"{variant}: healed", root / f"{variant}-again")):
            row = bench(label, ids, out, args.workers, healed, variant)
            print(row.line(), flush=True)
    if args.no_scripts:
        return
    work = root / "scripts"
    work.mkdir(exist_ok=True)
    start = time.perf_counter()
    green, failed = scripts_green(root / "cold", ids, work)
    print(f"exported Playwright scripts: {green}/{len(ids)} green (plain Playwright, task checks) in "
          f"{time.perf_counter() - start:.1f} s")
    for line in failed:
        print(f"  not green: {line}")


if __name__ == "__main__":
    main()
