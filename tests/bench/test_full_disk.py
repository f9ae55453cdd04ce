"""A disk that fills up in the middle of a bench, on a real tmpfs (issue 22, items 6 and 7): the running
task ends as an infrastructure failure, no new task starts, the CLI says why in one line (exit 2), and
after the space is freed `--resume` runs the failed task again (the real SQLite bookkeeping shows it)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Iterator

import pytest

from tests.bench.test_bad_files_cli import assert_one_line_error, cli
from tests.local_server import QuietHandler, serve
from tests.mounts import fill, tiny_disk
from webvoyager.runs.store import RunStore

pytestmark = [pytest.mark.browser]

PAGES = Path(__file__).resolve().parents[1] / "pages" / "robust"
ANSWER = "Thought: The page says 42.\nAction: ANSWER; [42]"


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with tiny_disk(tmp_path / "disk", 2048) as folder:
        yield folder


@pytest.fixture
def filling_server(disk: Path) -> Iterator[str]:
    """Serves tests/pages/robust; the first request for /fill/... first fills the tiny disk, as another
    program writing a big file would, just after the task started."""
    filled = threading.Event()

    class Handler(QuietHandler):
        def do_GET(self) -> None:
            if self.path.startswith("/fill/"):
                if not filled.is_set():
                    filled.set()
                    fill(disk)
                self.path = self.path[len("/fill"):]
            super().do_GET()

    with serve(Handler, PAGES) as url:
        yield url


def test_a_full_disk_mid_bench_stops_it_and_resume_reruns_the_failed_task(tmp_path: Path, disk: Path,
                                                                          filling_server: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("\n".join(json.dumps({"web_name": "Local", "id": tid, "ques": "What is the answer?",
                                           "web": f"{filling_server}{path}"})
                               for tid, path in (("first", "/fill/plain.html"), ("second", "/plain.html"))) + "\n",
                     encoding="utf-8")
    script = tmp_path / "replies.jsonl"
    script.write_text("\n".join(json.dumps(ANSWER) for _ in range(2)) + "\n", encoding="utf-8")
    out = disk / "run"
    args = ["bench", str(tasks), "--model", f"scripted:{script}", "--workers", "1", "--out", str(out)]

    first = cli(*args)
    line = assert_one_line_error(first, "the bench stopped", "task first", "No space left on device",
                                 "1 task(s) were not started", "--resume")
    assert "infrastructure failure" in line
    with RunStore(out) as store:
        rows = {r.task_id: r for r in store.rows()}
    assert rows["second"].state == "pending" and rows["second"].attempts == 0   # never started
    assert rows["first"].attempts == 1 and rows["first"].state in ("done", "running")
    if rows["first"].state == "done":   # the bookkeeping itself may not have fitted on the full disk
        assert rows["first"].infrastructure == "disk" and rows["first"].status == "error"

    (disk / "filler.bin").unlink()      # the disk is fixed
    second = cli(*args, "--resume")
    assert second.returncode == 0, second.stdout + "\n" + second.stderr
    assert "Traceback" not in second.stderr
    with RunStore(out) as store:
        rows = {r.task_id: r for r in store.rows()}
    assert rows["first"].attempts == 2, "the failed task was not run again"
    assert rows["first"].state == "done" and rows["first"].status == "answered"
    assert rows["first"].infrastructure is None
    assert rows["second"].attempts == 1 and rows["second"].status == "answered"
    result = json.loads((out / "first" / "result.json").read_text(encoding="utf-8"))
    assert result["status"] == "answered" and result["attempt"] == 2 and result["infrastructure"] is None


def test_resume_reruns_a_task_whose_model_server_failed(tmp_path: Path, filling_server: str) -> None:
    """A model that kept failing after its retries (an outage, not the task's fault) is an infrastructure
    failure too: the bench goes on, and `--resume` runs that task again, once."""
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"web_name": "Local", "id": "only", "ques": "What is the answer?",
                                 "web": f"{filling_server}/plain.html"}) + "\n", encoding="utf-8")
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps({"error": "rate_limit"}) + "\n", encoding="utf-8")
    out = tmp_path / "run"
    args = ["bench", str(tasks), "--model", f"scripted:{script}", "--workers", "1", "--out", str(out)]
    assert cli(*args).returncode == 0
    with RunStore(out) as store:
        (row,) = store.rows()
    assert (row.state, row.status, row.infrastructure, row.attempts) == ("done", "error", "model", 1)
    assert json.loads((out / "only" / "result.json").read_text())["infrastructure"] == "model"

    script.write_text(json.dumps(ANSWER) + "\n", encoding="utf-8")   # the server is back
    resumed = cli(*args, "--resume")
    assert resumed.returncode == 0 and "Run again after an infrastructure failure: only" in resumed.stdout
    with RunStore(out) as store:
        (row,) = store.rows()
        assert store.finished_attempts("only") == 2
    assert (row.state, row.status, row.infrastructure, row.attempts) == ("done", "answered", None, 2)
    assert cli(*args, "--resume").returncode == 0   # a finished task is kept, not run a third time
    with RunStore(out) as store:
        assert store.rows()[0].attempts == 2


def test_run_on_a_disk_that_fills_up_mid_task_is_one_line_and_exit_2(tmp_path: Path, disk: Path,
                                                                      filling_server: str) -> None:
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps(ANSWER) + "\n", encoding="utf-8")
    done = cli("run", "What is the answer?", "--url", f"{filling_server}/fill/plain.html", "--model",
               f"scripted:{script}", "--out", str(disk / "run"))
    assert_one_line_error(done, "No space left on device", "free some space")
