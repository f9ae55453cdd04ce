"""How many sandbox tasks the pixel reference solves (`--policy cua --model reference`), and why the rest fail.

Runs the real CLI (`webvoyager bench sandbox --policy cua --model reference`) into a run directory, or
only reads one that exists (`--read DIR`, e.g. a run stopped early: the tasks finished so far count),
then prints solved/run and the failures grouped by reason (the first words of each error, the task ids).

    .venv/bin/python benchmarks/pixel_reference.py [--workers 2] [--site S ...] [--out DIR | --read DIR]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path


def reason(result: dict) -> str:  # type: ignore[type-arg]
    """A failure's reason, without the task's own words: what went wrong, in a few words."""
    if result.get("status") != "error":
        return f"answered, but the check failed ({result.get('status')})"
    error = str(result.get("error") or "")
    for pattern, name in (
        (r"names no words", "target named by tag/role/type only (not visible)"),
        (r"stands \d+ times", "target text stands several times on the screen"),
        (r"no element .* on the screenshot", "target text not read on the screen (OCR, aria-label, icon)"),
        (r"page title", "title read: no heading read"),
        (r"no single .* to read the answer", "element read: its text not read on the screen"),
        (r"cannot read its answer", "answer value not read (OCR or pattern)"),
        (r"did not work", "a pixel action failed"),
    ):
        if re.search(pattern, error):
            return name
    return error.split(":")[-1].strip()[:60] or "error"


def summarise(run_dir: Path) -> int:
    """Print the solved count and the failures by reason; the number solved."""
    results = [json.loads(p.read_text()) for p in sorted(run_dir.glob("*/result.json"))]
    solved = [r for r in results if r.get("success")]
    print(f"pixel reference: {len(solved)}/{len(results)} sandbox tasks solved ({run_dir})")
    groups: dict[str, list[str]] = defaultdict(list)
    for result in results:
        if not result.get("success"):
            groups[reason(result)].append(str(result.get("task_id")))
    for name, ids in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(ids):3d}  {name}: {', '.join(ids)}")
    return len(solved)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--site", action="append", default=[])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--read", type=Path, help="only summarise this existing run directory")
    args = parser.parse_args()
    if args.read is not None:
        summarise(args.read)
        return
    out = args.out or Path(tempfile.mkdtemp(prefix="pixel-reference-"))
    command = [sys.executable, "-m", "webvoyager", "bench", "sandbox", "--policy", "cua", "--model", "reference",
               "--workers", str(args.workers), "--out", str(out)]
    for site in args.site:
        command += ["--site", site]
    subprocess.run(command, check=False)
    summarise(out)


if __name__ == "__main__":
    main()
