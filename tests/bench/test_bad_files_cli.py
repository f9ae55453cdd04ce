"""Bad task files and unwritable folders through the real CLI in a subprocess: one clear line on stderr,
exit code 2, never a traceback (issue 22, items 6 and 10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mounts import read_only_folder
from webvoyager.tasks.loader import load_tasks

SRC = Path(__file__).resolve().parents[2] / "src"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "400"}
    return subprocess.run([sys.executable, "-m", "webvoyager", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120, stdin=subprocess.DEVNULL)


def assert_one_line_error(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


TASK = {"web_name": "Local", "id": "t1", "ques": "What is the title?", "web": "http://127.0.0.1:9/"}


@pytest.fixture
def model(tmp_path: Path) -> str:
    """A scripted model that would answer at once (these runs must stop before it is asked)."""
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps("Thought: done.\nAction: ANSWER; [x]") + "\n", encoding="utf-8")
    return f"scripted:{script}"


@pytest.mark.parametrize("content", [
    (json.dumps(TASK) + "\n").replace("title", "t\u00eftle").encode("latin-1"),   # latin-1 text
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\xfd",                          # binary garbage
], ids=["latin-1", "binary"])
def test_a_task_file_that_is_not_utf8_is_one_line_and_exit_2(tmp_path: Path, content: bytes, model: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(content)
    line = assert_one_line_error(cli("bench", str(tasks), "--model", model, "--out", str(tmp_path / "r")),
                                 str(tasks), "not UTF-8", "line 1")
    assert "UnicodeDecodeError" not in line
    assert not (tmp_path / "r").exists()   # stopped before anything was written


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(b"\xef\xbb\xbf" + json.dumps(TASK, ensure_ascii=False).encode("utf-8") + b"\n")
    (task,) = load_tasks(tasks)
    assert task.id == "t1" and task.site == "Local"


@pytest.mark.parametrize("bad", [{"a": 1}, 7, True, ["x"]], ids=["object", "number", "bool", "list"])
def test_a_web_name_of_the_wrong_type_names_the_task_and_the_field(tmp_path: Path, bad: object, model: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps(TASK) + "\n" + json.dumps({**TASK, "id": "t2", "web_name": bad}) + "\n",
                     encoding="utf-8")
    assert_one_line_error(cli("bench", str(tasks), "--model", model, "--out", str(tmp_path / "r")),
                          f"{tasks}, line 2", "task 't2'", "'web_name'", "must be a string")


@pytest.mark.parametrize(("field", "bad", "wanted"), [("max_steps", "5", "a whole number"),
                                                      ("max_steps", 2.5, "a whole number"),
                                                      ("twin_of", 3, "a string")])
def test_other_plain_fields_are_type_checked_in_the_loader(tmp_path: Path, field: str, bad: object,
                                                            wanted: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({**TASK, field: bad}) + "\n", encoding="utf-8")
    from webvoyager.errors import TaskFileError
    with pytest.raises(TaskFileError, match=f"task 't1': field '{field}' must be {wanted}"):
        load_tasks(tasks)


def test_out_in_a_read_only_folder_is_one_line_and_exit_2(tmp_path: Path, model: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps(TASK) + "\n", encoding="utf-8")
    with read_only_folder(tmp_path / "ro") as ro:
        assert_one_line_error(cli("bench", str(tasks), "--model", model, "--out", str(ro / "run")),
                              str(ro / "run"), "--out")
        assert_one_line_error(cli("run", "What is the title?", "--url", "http://127.0.0.1:9/", "--model",
                                  model, "--out", str(ro / "run")), str(ro / "run"), "--out")


def test_the_default_runs_folder_in_a_read_only_working_directory(tmp_path: Path, model: str) -> None:
    with read_only_folder(tmp_path / "ro") as ro:
        assert_one_line_error(cli("run", "What is the title?", "--url", "http://127.0.0.1:9/", "--model",
                                  model, cwd=ro), "runs", "--out")


def test_other_user_files_that_are_not_utf8_are_one_line_too(tmp_path: Path) -> None:
    labels = tmp_path / "labels.csv"
    labels.write_bytes("task_id,label\nt\u00e9,1\n".encode("latin-1"))
    assert_one_line_error(cli("judge", "agreement", str(labels), "--run", str(tmp_path)), str(labels), "not UTF-8")
    prompt = tmp_path / "system.txt"
    prompt.write_bytes(b"\xff\xfe binary prompt")
    assert_one_line_error(cli("run", "q", "--url", "http://127.0.0.1:9/", "--model", "scripted:x", "--system-prompt",
                              str(prompt), "--out", str(tmp_path / "r")), str(prompt), "not UTF-8")
