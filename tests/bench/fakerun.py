"""Builds run directories on disk in the DESIGN.md layout, for tests of summary, judges and report."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw

from webvoyager.runs.store import RunStore
from webvoyager.fileio import write_bytes_atomic, write_json_atomic
from webvoyager.trajectory import Result, Step, TaskDir, attempt_dirname, run_key, safe_dirname
from webvoyager.usage import Usage


def png(label: str, color: str = "white") -> bytes:
    """A small real PNG with `label` written on it."""
    img = Image.new("RGB", (160, 120), color)
    ImageDraw.Draw(img).text((10, 50), label, fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


@dataclass
class FakeTask:
    task_id: str
    site: str = "shop"
    status: str = "answered"
    answer: str | None = "42"
    success: bool | None = None
    steps: int = 3
    golden: str | None = None
    thoughts: list[str] = field(default_factory=list)
    usage: Usage = field(default_factory=lambda: Usage(100, 10, 0.01, 1))
    wall_s: float = 2.0
    repeat: int = 1        # which attempt of a repeated run (`bench --repeat N`)


def write_task(run_dir: Path, t: FakeTask) -> Path:
    """Write result.json, trajectory.json and one marked screenshot per step for `t`."""
    folder = run_dir / attempt_dirname(t.task_id, t.repeat)
    td = TaskDir(folder)
    steps = []
    for i in range(1, t.steps + 1):
        last = i == t.steps
        action = f"ANSWER; {t.answer}" if last and t.answer is not None else f"Click [{i}]"
        thought = t.thoughts[i - 1] if i <= len(t.thoughts) else f"thinking about step {i}"
        write_bytes_atomic(td.screenshot(i), png(f"{t.task_id} step {i}"))
        steps.append(Step(index=i, url=f"http://{t.site}.localhost/p{i}", thought=thought, action=action,
                          raw_output=f"Thought: {thought}\nAction: {action}", screenshot=f"screenshot{i}.png",
                          usage=Usage(30, 3, 0.003, 1)))
    write_json_atomic(td.trajectory, {"task_id": t.task_id, "steps": [s.to_dict() for s in steps]})
    result = Result(task_id=t.task_id, question=f"Question of {t.task_id}?", start_url=f"http://{t.site}.localhost/",
                    status=t.status, answer=t.answer if t.status == "answered" else None, success=t.success,
                    steps=t.steps, site=t.site, usage=t.usage, timings={"wall_s": t.wall_s}, model="scripted:x",
                    golden_answer=t.golden, repeat=t.repeat)
    write_json_atomic(td.result, result.to_dict())
    return folder


def make_run(run_dir: Path, tasks: list[FakeTask], *, store: bool = True) -> Path:
    """A finished bench run with these tasks (and a runs.sqlite that marks them done)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    for t in tasks:
        write_task(run_dir, t)
    if store:
        with RunStore(run_dir) as s:
            for t in tasks:
                s.add_tasks([(t.task_id, attempt_dirname(t.task_id, t.repeat), t.site)], repeat=t.repeat)
            for t in tasks:
                s.start(run_key(t.task_id, t.repeat))
                s.finish(run_key(t.task_id, t.repeat), t.status, t.success)
    write_json_atomic(run_dir / "run.json", {"suite": "fake", "model": "scripted:x"})
    return run_dir


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
