"""Wall time and peak memory of `webvoyager bench sandbox --model reference` with 1, 2 and 4 workers.

Runs the real CLI as a subprocess per worker count and samples the memory of its whole process tree
(Python, the Playwright driver, every Chromium process) from /proc every 100 ms. Reported per run:
wall time, tasks/min, success, and peak memory as summed RSS (overcounts pages shared between Chromium
processes) and summed PSS (shared pages split between their users: the fairer total). "per extra
worker" is (peak at N - peak at 1) / (N - 1).

    .venv/bin/python benchmarks/bench_workers.py [--workers 1 2 4] [--limit N] [--site S]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path


def _tree(root: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [root], [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _kb(path: Path, field: str) -> int:
    try:
        for line in path.read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_memory_mb(root: int, *, pss: bool = True) -> tuple[float, float]:
    """(summed RSS, summed PSS) of `root` and its descendants, in MB (PSS 0 when `pss` is False: it is
    the costly one, the kernel walks each process's page tables for it)."""
    rss = pss_kb = 0
    for pid in _tree(root):
        rss += _kb(Path(f"/proc/{pid}/status"), "VmRSS")
        if pss:
            pss_kb += _kb(Path(f"/proc/{pid}/smaps_rollup"), "Pss")
    return rss / 1024, pss_kb / 1024


_TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(root: int) -> dict[int, tuple[str, float]]:
    """CPU seconds (user + system) used so far by `root` and each descendant: pid -> (group, seconds),
    group being "harness" (root itself), "chromium" or the program's name (tesseract, node, ...)."""
    out: dict[int, tuple[str, float]] = {}
    for pid in _tree(root):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        # The command's name sits in parentheses (and may hold spaces); an exited process not yet
        # reaped keeps it, though its command line is gone.
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 1:].split()
        group = "harness" if pid == root else "chromium" if "chrom" in name else name
        out[pid] = (group, (int(fields[11]) + int(fields[12])) / _TICKS)
    return out


def chromium_process_type(pid: int) -> str:
    """The kind of a Chromium process, from its `--type=` flag: renderer, gpu-process, utility, zygote, or
    "browser" (the main process, which has none); "" once it has exited."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
    match = re.search(r"--type=(\S+)", args)
    return match.group(1) if match else "browser"


class TreeSampler:
    """Samples the process tree of `root` every 100 ms in a thread (PSS every `pss_every`-th time: the
    kernel walks each process's page tables for it): `peak_rss` / `peak_pss` are the highest summed RSS /
    PSS seen (MB), `cpu` the CPU seconds each process had used when last seen (a process that lives less
    than 100 ms is missed: a few tesseract runs; Chromium's processes are long-lived)."""

    def __init__(self, root: int, *, pss_every: int = 1) -> None:
        self.peak_rss = self.peak_pss = 0.0
        self.cpu: dict[int, tuple[str, float]] = {}
        self._types: dict[int, str] = {}   # Chromium pid -> its process type, read once
        self.own_cpu = 0.0
        self._root, self._pss_every = root, pss_every
        self._start = tree_cpu_seconds(root)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self, pss: bool) -> None:
        rss, pss_mb = tree_memory_mb(self._root, pss=pss)
        self.peak_rss = max(self.peak_rss, rss)
        self.peak_pss = max(self.peak_pss, pss_mb)
        self.cpu.update(tree_cpu_seconds(self._root))
        for pid, (group, _) in self.cpu.items():
            if group == "chromium" and not self._types.get(pid):
                self._types[pid] = chromium_process_type(pid)

    def _run(self) -> None:
        ticks = 0
        while not self._done.wait(0.1):
            ticks += 1
            self._sample(pss=ticks % self._pss_every == 0)
        self.own_cpu = time.thread_time()      # what sampling cost this process

    def cpu_by_group(self) -> dict[str, float]:
        """CPU seconds used while sampling, per group (harness, chromium, tesseract, node ...); when the
        root is this process, the sampler's own CPU is left out of "harness"."""
        groups: dict[str, float] = {}
        for pid, (group, seconds) in self.cpu.items():
            before = self._start.get(pid, (group, 0.0))[1]
            groups[group] = groups.get(group, 0.0) + seconds - before
        if self._root == os.getpid():
            groups["harness"] = groups.get("harness", 0.0) - self.own_cpu
        return groups

    def chromium_cpu_by_type(self) -> dict[str, float]:
        """Chromium's CPU seconds while sampling, per process type (see chromium_process_type)."""
        out: dict[str, float] = {}
        for pid, (group, seconds) in self.cpu.items():
            if group == "chromium":
                kind = self._types.get(pid) or "exited early"
                out[kind] = out.get(kind, 0.0) + seconds - self._start.get(pid, (group, 0.0))[1]
        return out

    def __enter__(self) -> TreeSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        self._sample(pss=True)


@dataclass
class Measurement:
    workers: int
    wall_s: float
    tasks: int
    success: int
    peak_rss_mb: float
    peak_pss_mb: float


def measure(workers: int, extra: list[str]) -> Measurement:
    """One bench run with `workers` workers, sampled until it exits."""
    cli = str(Path(sys.executable).parent / "webvoyager")
    with tempfile.TemporaryDirectory(prefix="bench-workers-") as tmp:
        out = Path(tmp) / "run"
        cmd = [cli, "bench", "sandbox", "--model", "reference", "--workers", str(workers), "--out", str(out), *extra]
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with TreeSampler(proc.pid) as tree:
            code = proc.wait()
            wall = time.perf_counter() - started
        if code != 0:
            raise SystemExit(f"bench with {workers} worker(s) exited with {code}: {' '.join(cmd)}")
        overall = json.loads((out / "summary.json").read_text())["overall"]
        return Measurement(workers, wall, overall["tasks"], overall["success"]["success"], tree.peak_rss,
                           tree.peak_pss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--limit", type=int, default=None, help="only the first N sandbox tasks")
    parser.add_argument("--site", action="append", default=[], help="only this sandbox site (repeatable)")
    args = parser.parse_args()
    # Pin the task ids once, so every worker count runs the same tasks even if the catalogue changes.
    from webvoyager.bench.suites import filter_tasks
    from webvoyager.sandbox.catalog import load_sandbox_tasks

    tasks = filter_tasks(load_sandbox_tasks(), sites=args.site, limit=args.limit)
    extra = [a for t in tasks for a in ("--id", t.id)]
    print(f"  {len(tasks)} sandbox tasks: {tasks[0].id} .. {tasks[-1].id}", file=sys.stderr, flush=True)
    rows = []
    for n in args.workers:
        m = measure(n, extra)
        rows.append(m)
        print(f"  measured {n} worker(s): {m.wall_s:.1f} s", file=sys.stderr, flush=True)
    base = rows[0]
    print(f"{'workers':>7} {'tasks':>5} {'success':>7} {'wall s':>7} {'tasks/min':>9} {'speedup':>7} "
          f"{'peak RSS MB':>11} {'peak PSS MB':>11} {'PSS/extra worker':>16}")
    for m in rows:
        extra_pss = "" if m.workers == base.workers else \
            f"{(m.peak_pss_mb - base.peak_pss_mb) / (m.workers - base.workers):.0f} MB"
        print(f"{m.workers:>7} {m.tasks:>5} {m.success:>7} {m.wall_s:>7.1f} {60 * m.tasks / m.wall_s:>9.1f} "
              f"{base.wall_s / m.wall_s:>7.2f} {m.peak_rss_mb:>11.0f} {m.peak_pss_mb:>11.0f} {extra_pss:>16}")


if __name__ == "__main__":
    main()
