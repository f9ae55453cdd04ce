"""Median time of one observation (scan + screenshot + marks + element text) next to a bare
`page.screenshot()` on the same page (the floor), on the zoo pages and the heavy page.

    .venv/bin/python benchmarks/observe_bench.py [--runs 15] [--text-only]

Target: observation <= 2x the bare screenshot. Pages are served from tests/pages on loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import statistics
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from webvoyager.browser import Browser

PAGES = Path(__file__).resolve().parents[1] / "tests" / "pages"
ZOO = ["basic.html", "shadow.html", "iframe.html", "overlay.html", "select.html", "scroll.html",
       "datepicker.html", "dialogs.html", "heavy.html"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _serve() -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(PAGES)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/zoo/"


async def _paired_medians(first, second, runs: int) -> tuple[float, float]:
    """Median ms of two actions, alternated run by run so both see the same machine load."""
    a, b = [], []
    for _ in range(runs):
        for action, samples in ((first, a), (second, b)):
            start = time.perf_counter()
            await action()
            samples.append(time.perf_counter() - start)
    return statistics.median(a) * 1000, statistics.median(b) * 1000


async def main(runs: int, text_only: bool) -> None:
    server, base = _serve()
    rows = []
    async with await Browser.launch() as browser:
        session = await browser.new_session(download_dir=Path(tempfile.mkdtemp()) / "downloads")
        for name in ZOO:
            await session.goto(base + name)
            await session.observe(text_only=text_only)   # warm-up: first-run JIT and style work
            floor, observed = await _paired_medians(lambda: session.page.screenshot(type="png"),
                                                    lambda: session.observe(text_only=text_only), runs)
            count = len((await session.observe()).elements)
            dom = await session.page.evaluate("document.querySelectorAll('*').length")
            rows.append((name, dom, count, floor, observed))
    server.shutdown()
    print(f"{'page':<18}{'DOM nodes':>10}{'labels':>8}{'screenshot ms':>15}{'observe ms':>12}{'ratio':>8}")
    for name, dom, count, floor, observed in rows:
        print(f"{name:<18}{dom:>10}{count:>8}{floor:>15.1f}{observed:>12.1f}{observed / floor:>8.2f}")
    ratios = [r[4] / r[3] for r in rows]
    print(f"median ratio {statistics.median(ratios):.2f} (target <= 2.0); heavy page {ratios[-1]:.2f}")
    print(f"machine load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--text-only", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.text_only))
