"""Peak memory of a task that downloads a big file (issue 22, item 9).

Serves one `--mb` MiB download on loopback, runs a task whose scripted model clicks its link, and prints
the peak RSS of this Python process (Chromium's own processes are not counted: the download streams to
the browser's temporary file either way) and the size kept in the task folder.

    PYTHONPATH=src .venv/bin/python benchmarks/download_memory.py [--mb 200]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import resource
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.browser.session import Browser
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task

PAGE = b'<!doctype html><title>Export</title><a href="/big.bin" download>Download the export</a>'


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        big = self.path == "/big.bin"
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream" if big else "text/html")
        self.send_header("Content-Length", str(self.server.size if big else len(PAGE)))  # type: ignore[attr-defined]
        if big:
            self.send_header("Content-Disposition", 'attachment; filename="big.bin"')
        self.end_headers()
        if not big:
            self.wfile.write(PAGE)
            return
        chunk = b"\0" * (1 << 20)
        for _ in range(self.server.size >> 20):  # type: ignore[attr-defined]
            self.wfile.write(chunk)


async def main(mb: int) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler))
    server.size = mb << 20  # type: ignore[attr-defined]
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    settings = RunSettings()
    limit = getattr(settings, "download_max_mb", None)
    model = ScriptedModel.from_replies(["Thought: get it.\nAction: Click [0]", "Thought: done.\nAction: ANSWER; [ok]"])
    browser = await Browser.launch()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "t"
            result = await execute_task(Task(id="t", question="Download it", start_url=url), browser=browser,
                                        model=model, settings=settings, task_dir=folder)
            kept = sum(p.stat().st_size for p in (folder / "downloads").glob("*"))
    finally:
        await browser.close()
        server.shutdown()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"download {mb} MiB, limit {f'{limit} MiB' if limit is not None else 'none'}: status {result.status}, "
          f"kept {kept / (1 << 20):.1f} MiB, peak RSS of this process {peak:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200)
    asyncio.run(main(parser.parse_args().mb))
