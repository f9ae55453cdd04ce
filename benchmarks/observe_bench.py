"""Observation cost next to the screenshot floor, measured in the same run, per page.

    PYTHONPATH=src .venv/bin/python benchmarks/observe_bench.py [--runs 15] [--zoo] [--text-only]

For every page (benchmarks/pages: search, a ~1,500-element shop, a ~400-link news front page, a form,
shadow DOM + iframe; `--zoo` adds tests/pages/zoo), served over loopback HTTP in a 1024x768 headless
Chromium, it prints the median ms of:

- `shot`: a bare `page.screenshot(type="png")` (the floor the issue measures against);
- `cdp`: a bare CDP `Page.captureScreenshot` PNG with `optimizeForSpeed` (the cheapest lossless PNG
  Chromium gives, and the call an observation makes);
- `ours`: one whole observation, `webvoyager.browser.observe.capture` (scan every frame, screenshot,
  marks, element text), and its ratio to `shot`;
- where the time goes, each timed on its own: `scan` (the page script in every frame + JSON transfer +
  element text), `marks` (decode, draw, encode the marked PNG in Python);

The actions are alternated run by run, so they all see the same machine load. It also prints the size
of the element text a model is sent per step: characters and an estimated token count. Tokens are
estimated as characters / 4 (tiktoken is not used: it needs to download its tables).
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
from typing import Any, Awaitable, Callable

from webvoyager.browser import Browser
from webvoyager.browser.marks import draw_marks
from webvoyager.browser.observe import capture, scan_page

ROOT = Path(__file__).resolve().parents[1]
PERF = ["search.html", "shop.html", "news.html", "form.html", "shadow_iframe.html"]
ZOO = ["basic.html", "shadow.html", "iframe.html", "overlay.html", "select.html", "scroll.html",
       "datepicker.html", "dialogs.html", "heavy.html"]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _serve() -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def estimate_tokens(text: str) -> int:
    """A model-independent estimate: one token per four characters (rounded up)."""
    return (len(text) + 3) // 4


async def _medians(actions: dict[str, Callable[[], Awaitable[Any]]], runs: int) -> dict[str, float]:
    """Median ms of each action, alternated run by run so all see the same machine load."""
    samples: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(runs):
        for name, action in actions.items():
            start = time.perf_counter()
            await action()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in samples.items()}


async def main(runs: int, zoo: bool, text_only: bool) -> None:
    server, base = _serve()
    pages = [f"benchmarks/pages/{p}" for p in PERF] + ([f"tests/pages/zoo/{p}" for p in ZOO] if zoo else [])
    rows = []
    async with await Browser.launch() as browser:
        session = await browser.new_session(download_dir=Path(tempfile.mkdtemp()) / "downloads")
        page, config = session.page, session.config
        cdp = await session.context.new_cdp_session(page)
        counter = iter(range(1_000_000, 10_000_000))
        for path in pages:
            await session.goto(base + path)
            scan, png, _ = await capture(page, next(counter), config, text_only)   # warm-up
            elements = scan.elements
            times = await _medians({
                "shot": lambda: page.screenshot(type="png"),
                "cdp": lambda: cdp.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True}),
                "ours": lambda: capture(page, next(counter), config, text_only),
                "scan": lambda: scan_page(page, next(counter), config.viewport, text_only,
                                          whole_page=config.whole_page, som_style=config.som_style),
                "marks": lambda: asyncio.to_thread(draw_marks, png, elements, style=config.som_style),
            }, runs)
            dom = await page.evaluate("document.querySelectorAll('*').length")
            text = scan.text_tree if text_only and scan.text_tree is not None else scan.text
            rows.append((Path(path).stem, dom, len(elements), times, len(text), estimate_tokens(text)))
    server.shutdown()
    print(f"{'page':<15}{'DOM':>6}{'labels':>7}{'shot':>7}{'cdp':>7}{'ours':>7}{'ratio':>7}"
          f"{'scan':>7}{'marks':>7}{'text chars':>11}{'~tokens':>9}")
    for name, dom, count, t, chars, tokens in rows:
        print(f"{name:<15}{dom:>6}{count:>7}{t['shot']:>7.0f}{t['cdp']:>7.0f}{t['ours']:>7.0f}"
              f"{t['ours'] / t['shot']:>7.2f}{t['scan']:>7.0f}{t['marks']:>7.0f}{chars:>11}{tokens:>9}")
    ratios = [r[3]["ours"] / r[3]["shot"] for r in rows]
    print(f"ms are medians of {runs} alternated runs; ratio = ours / shot (goal <= 1.5 on every page); "
          f"worst {max(ratios):.2f}, median {statistics.median(ratios):.2f}")
    print("~tokens = element text characters / 4, per observation (one step)")
    print(f"machine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--zoo", action="store_true", help="also the tests/pages/zoo pages")
    parser.add_argument("--text-only", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.zoo, args.text_only))
