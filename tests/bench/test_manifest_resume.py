"""Pinned suites (issue 25): run.json records the suite's manifest, and `bench --resume` refuses, in one
line that says what differs and what to do, a run whose task file changed since, or a different --repeat.
Real CLI in a subprocess, a tasks JSONL file whose page is served on loopback, a scripted model."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterator

import pytest

from tests.bench.test_bad_files_cli import assert_one_line_error, cli
from tests.local_server import QuietHandler, serve
from tests.scripted import scripted_spec

pytestmark = [pytest.mark.browser]

PAGES = Path(__file__).resolve().parents[1] / "pages" / "robust"
ANSWER = "Thought: The page says 42.\nAction: ANSWER; [42]"


@pytest.fixture
def page_url() -> Iterator[str]:
    with serve(QuietHandler, PAGES) as url:
        yield f"{url}/plain.html"


def _task(task_id: str, url: str) -> str:
    return json.dumps({"web_name": "Local", "id": task_id, "ques": "What is the answer?", "web": url})


def test_resume_refuses_a_changed_task_file_and_another_repeat(tmp_path: Path, page_url: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(_task("only", page_url) + "\n", encoding="utf-8")
    spec = scripted_spec(tmp_path / "replies.jsonl", [ANSWER] * 4)
    out = tmp_path / "run"
    args = ["bench", str(tasks), "--model", spec, "--out", str(out)]
    first = cli(*args, "--repeat", "2")
    assert first.returncode == 0, first.stdout + first.stderr
    manifest = json.loads((out / "run.json").read_text())["manifest"]
    assert manifest["files"] == [{"name": "tasks.jsonl", "sha256": hashlib.sha256(tasks.read_bytes()).hexdigest()}]
    assert manifest["tasks"] == 1 and manifest["suite"] == str(tasks)

    assert cli(*args, "--resume").returncode == 0                    # the same suite: resumed (its --repeat kept)
    assert_one_line_error(cli(*args, "--resume", "--repeat", "3"), "was started with --repeat 2",
                          "--repeat 2", "new run")

    tasks.write_text(_task("only", page_url) + "\n" + _task("another", page_url) + "\n", encoding="utf-8")
    refused = cli(*args, "--resume")
    assert_one_line_error(refused, f"cannot resume {out}", "had 1 tasks and has 2 now", "tasks.jsonl changed",
                          "start a new run with another --out")
    assert not (out / "another").exists()                           # nothing ran

    assert cli("report", str(out)).returncode == 0
    html = (out / "report.html").read_text()
    assert manifest["files"][0]["sha256"] in html[html.index('id="manifest"'):]
