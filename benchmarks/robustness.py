"""Wall time per task and per step of the robustness probes (issue 22, items 1 and 2), beside a control.

Each probe is a page under tests/pages/robust (served by tests/probe_server.py, which also streams an
endless download): an endless alert/confirm loop on load, a link to an endless download, a page that
exhausts its JavaScript heap, a DOM that changes every 10 ms, an alert and a confirm every 10 ms, and
20,000 buttons in view. They run as one bench (one worker, in this order, the control last) with a
scripted model that clicks once where there is something to click and then answers. Reported per task:
status, steps, wall time, the mean time of a step (observe + model + act), of its observation and of its
action (with the settle after it), and the start of the error.

    PYTHONPATH=src .venv/bin/python benchmarks/robustness.py [--task-timeout 120] [--heap-mb 256]

Run it against another checkout's code (e.g. main, for a "before" figure) with that checkout's src on
PYTHONPATH; it only uses options every version has. `--heap-mb` caps the renderer's JavaScript heap so
that the heap probe crashes in seconds instead of after gigabytes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # tests.probe_server

from tests.probe_server import ProbeServer  # noqa: E402
from webvoyager.api.settings import RunSettings  # noqa: E402
from webvoyager.bench.runner import BenchOptions, run_bench  # noqa: E402
from webvoyager.browser.types import BrowserConfig  # noqa: E402
from webvoyager.models.base import Completion, Message  # noqa: E402
from webvoyager.tasks import Task  # noqa: E402

ANSWER = "Thought: that is what the page shows.\nAction: ANSWER; done"
PROBES = {   # task id -> (page, question, replies before the answer)
    "dialog-loop": ("dialog_loop.html", "Greet the page", []),
    "download": ("endless_download.html", "Fetch the data", ["Thought: get it.\nAction: Click [0]"]),
    "heap": ("heap.html", "Load it all", []),
    "churn": ("churn.html", "Show the details", ["Thought: open.\nAction: Click [1]"] * 2),
    "dialog-spam": ("dialog_spam.html", "Show more offers", ["Thought: more.\nAction: Click [0]"] * 2),
    "many": ("many.html", "Press a button", ["Thought: press.\nAction: Click [5]"] * 2),
    "control": ("control.html", "What is the answer?", ["Thought: next.\nAction: Click [0]"]),
}


class Scripted:
    """Replies per task question, in order, then the answer."""

    spec = "scripted-probes"

    def __init__(self) -> None:
        self.replies = {question: list(replies) for _, question, replies in PROBES.values()}

    async def complete(self, messages: Sequence[Message], **kwargs: object) -> Completion:
        text = "\n".join(m.text_content for m in messages)
        question = next(q for q in self.replies if q in text)
        queue = self.replies[question]
        return Completion(queue.pop(0) if queue else ANSWER)


def _row(folder: Path) -> str:
    result = json.loads((folder / "result.json").read_text())
    steps = json.loads((folder / "trajectory.json").read_text())
    steps = steps["steps"] if isinstance(steps, dict) else steps
    def mean(keys: tuple[str, ...]) -> str:
        per_step = [sum(s.get("timings", {}).get(k, 0.0) for k in keys) for s in steps]
        return f"{sum(per_step) / len(per_step):7.2f}" if per_step else "      -"

    error = (result.get("error") or "").replace("\n", " ")[:60]
    return (f"{folder.name:12} {result['status']:10} {result['steps']:5} {result['timings'].get('wall_s', 0):8.1f}"
            f" {mean(('observe_s', 'model_s', 'act_s'))} {mean(('observe_s',))} {mean(('act_s',))}  {error}")


async def main(task_timeout: float, heap_mb: int) -> None:
    with ProbeServer() as server, tempfile.TemporaryDirectory() as tmp:
        tasks = [Task(id=tid, question=q, start_url=f"{server.url}/robust/{page}") for tid, (page, q, _) in PROBES.items()]
        config = BrowserConfig(extra_args=(f"--js-flags=--max-old-space-size={heap_mb}",))
        run = Path(tmp) / "run"
        started = time.monotonic()
        await run_bench(tasks, model=Scripted(), settings=RunSettings(), run_dir=run,  # type: ignore[arg-type]
                        options=BenchOptions(workers=1, task_timeout_s=task_timeout), browser_config=config)
        print(f"{'task':12} {'status':10} {'steps':>5} {'wall s':>8} {'s/step':>7} {'observe':>7} {'act':>7}  error")
        for task in tasks:
            print(_row(run / task.id))
        print(f"bench wall time {time.monotonic() - started:.1f} s (task timeout {task_timeout:g} s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task-timeout", type=float, default=120.0)
    parser.add_argument("--heap-mb", type=int, default=256)
    args = parser.parse_args()
    asyncio.run(main(args.task_timeout, args.heap_mb))
