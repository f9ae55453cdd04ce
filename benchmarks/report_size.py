"""The report of a 643-task run (issue 30, item 5): its size, how long `report` takes to write it, and in
headless Chromium how long it takes to open and to jump to a task.

A 643-task run is made from a real small one: each task folder of the source run (a `bench` run
directory, e.g. `webvoyager bench sandbox --model reference --id shop--2 ...`) is copied again and
again under new ids (`shop--2` -> `shop--2-c17`, its site kept), screenshots hard-linked, so the
copies cost no disk, result.json and trajectory.json rewritten with the new id, and a runs.sqlite
listing them all. Without `--source` a 15-task reference run of the sandbox (one task per site) is
made first. Timings are the median of `--repeat` page loads, each in a fresh browser context (nothing
cached), measured in the page: "open" is from navigation to the load event, "jump" from clicking the
last task's link in the index until its first screenshot is decoded and painted. `--eager` also times
the page with `loading="lazy"` taken off its images (what lazy loading saves).

    PYTHONPATH=src .venv/bin/python benchmarks/report_size.py [--source RUN_DIR] [--tasks 643] [--repeat 5] [--eager]

Run with PYTHONPATH pointing at another checkout's src to measure its report on the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import async_playwright

from webvoyager.report.build import build_report
from webvoyager.runs.store import RunStore
from webvoyager.runs.summary import write_summary

SITES = ("brand", "code", "compute", "courses", "dictionary", "flights", "hotels", "hub", "maps", "news",
         "preprints", "recipes", "search", "shop", "sports")


def make_source(folder: Path) -> Path:
    """A real 15-task run: the reference model on the second task of each sandbox site."""
    ids = [arg for site in SITES for arg in ("--id", f"{site}--2")]
    subprocess.run([sys.executable, "-m", "webvoyager", "bench", "sandbox", "--model", "reference", "--workers", "2",
                    "--out", str(folder), *ids], check=True, stdout=subprocess.DEVNULL)
    return folder


def synthesise(source: Path, out: Path, tasks: int) -> Path:
    """`out`: a run of `tasks` tasks, the source run's task folders copied under new ids."""
    folders = sorted(p for p in source.iterdir() if (p / "result.json").is_file())
    if not folders:
        raise SystemExit(f"{source} has no task folders with a result.json")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    shutil.copy(source / "run.json", out / "run.json")
    rows = []
    for i in range(tasks):
        src = folders[i % len(folders)]
        result = json.loads((src / "result.json").read_text(encoding="utf-8"))
        task_id = f"{result['task_id']}-c{i}"
        dst = out / task_id
        shutil.copytree(src, dst, copy_function=os.link)
        for name in ("result.json", "trajectory.json"):
            data = json.loads((src / name).read_text(encoding="utf-8"))
            data["task_id"] = task_id
            (dst / name).unlink()
            (dst / name).write_text(json.dumps(data), encoding="utf-8")
        rows.append((task_id, result.get("status", "answered"), result.get("success"), result.get("site", "")))
    with RunStore(out) as store:
        store.add_tasks((task_id, task_id, site) for task_id, _, _, site in rows)
        for task_id, status, success, _ in rows:
            store.start(task_id)
            store.finish(task_id, status, success)
    write_summary(out)
    return out


JUMP = """async (anchor) => {
    const t0 = performance.now();
    document.querySelector(`#tasks a[href='#${anchor}']`).click();
    const img = document.querySelector(`#${anchor} .step img`);
    await img.decode();
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));   // painted
    return (performance.now() - t0) / 1000;
}"""


async def browse(html: Path, anchor: str, repeat: int) -> tuple[float, float]:
    """Median seconds to open the report (navigation start to the load event, which waits for every image
    that is not lazy) and to jump from its index to a task (the click until its first screenshot is
    decoded and painted), measured in the page."""
    opened, jumped = [], []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium")
        for _ in range(repeat):
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            page = await context.new_page()
            await page.goto(html.as_uri(), wait_until="load", timeout=600_000)
            opened.append(await page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventEnd / 1000"))
            jumped.append(await page.evaluate(JUMP, anchor))
            await context.close()
        await browser.close()
    return statistics.median(opened), statistics.median(jumped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="a real run directory to copy (default: make one)")
    parser.add_argument("--tasks", type=int, default=643)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--eager", action="store_true", help="also time the page with its images not lazy")
    parser.add_argument("--out", type=Path, help="where to write the large run (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="report-size-") as tmp:
        source = args.source or make_source(Path(tmp) / "source")
        run = synthesise(source, args.out or Path(tmp) / "large", args.tasks)
        start = time.perf_counter()
        html, _ = build_report(run)
        built = time.perf_counter() - start
        anchor = "task-" + sorted(p.name for p in run.iterdir() if p.is_dir())[-1]
        text = html.read_text(encoding="utf-8")
        print(f"tasks {args.tasks}  report.html {len(text.encode()) / 1e6:.2f} MB  {text.count('<img ')} <img>  "
              f"written in {built:.2f} s")
        opened, jumped = asyncio.run(browse(html, anchor, args.repeat))
        lazy = text.count('loading="lazy"')
        print(f"  as written ({lazy} lazy images): open {opened:.2f} s  "
              f"jump to a task {jumped:.2f} s  (median of {args.repeat})")
        if args.eager:   # the same page with every image loaded at once, to show what lazy loading saves
            eager = html.with_name("report-eager.html")
            eager.write_text(text.replace(' loading="lazy"', ""), encoding="utf-8")
            opened, jumped = asyncio.run(browse(eager, anchor, 1))
            print(f"  every image eager: open {opened:.2f} s  jump to a task {jumped:.2f} s  (1 load)")


if __name__ == "__main__":
    main()
