"""How much a flooding page puts into each request, with the caps of browser/prompt_limits.py and without.

    PYTHONPATH=src .venv/bin/python benchmarks/prompt_floods.py

Runs two pages of tests/pages/robust in real Chromium through `execute_task`, the real OpenAI SDK talking
to a local recording server: alert_spam.html (400 alerts on load and at each click; three clicks, then the
loop guard stops the task) and long_title.html (a 100 KB title). Prints, per request, its size and the size
of its text parts (the screenshots are the rest), first with the caps switched off, then with them.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # tests.models is a package of the checkout, not of the installed project

import webvoyager.browser.session as session_module  # noqa: E402
from tests.models.fake_providers import FakeOpenAI  # noqa: E402
from webvoyager.api import create_model  # noqa: E402
from webvoyager.api.execute import execute_task  # noqa: E402
from webvoyager.api.settings import RunSettings  # noqa: E402
from webvoyager.browser import Browser  # noqa: E402
from webvoyager.tasks import Task  # noqa: E402

PAGES = {"alert_spam": ["Thought: more\nAction: Click [0]"] * 3 + ["Thought: done\nAction: ANSWER; [deals]"],
         "long_title": ["Thought: done\nAction: ANSWER; [sunny]"]}


def _text_kb(body: dict) -> float:
    parts = [m["content"] if isinstance(m["content"], str) else "".join(p.get("text", "") for p in m["content"])
             for m in body["messages"]]
    return sum(len(p) for p in parts) / 1000


async def _measure(base: str, out: Path) -> None:
    browser = await Browser.launch()
    try:
        for page, replies in PAGES.items():
            with FakeOpenAI() as server:
                server.queue(*replies)
                model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local")
                task = Task(id=page, question="What does the page say?", start_url=f"{base}/robust/{page}.html")
                await execute_task(task, browser=browser, model=model, settings=RunSettings(), task_dir=out / page)
                close = getattr(model, "aclose", None)
                if close is not None:
                    await close()
                bodies = server.bodies()
                print(f"  {page}: request kB {[round(len(json.dumps(b)) / 1000) for b in bodies]}, "
                      f"text kB {[round(_text_kb(b), 1) for b in bodies]}")
    finally:
        await browser.close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


async def _both(base: str, scratch: Path) -> None:
    capped = (session_module.limit_notes, session_module.cap_title)
    print("without the caps:")
    session_module.limit_notes, session_module.cap_title = list, str   # the session as before the caps
    await _measure(base, scratch / "off")
    print("with the caps:")
    session_module.limit_notes, session_module.cap_title = capped
    await _measure(base, scratch / "on")


def main() -> None:
    os.environ.setdefault("OPENAI_API_KEY", "sk-local")
    handler = functools.partial(_Quiet, directory=str(ROOT / "tests" / "pages"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as scratch:
        asyncio.run(_both(base, Path(scratch)))
    server.shutdown()


if __name__ == "__main__":
    main()
