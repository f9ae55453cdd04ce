"""`webvoyager export playwright RUN_DIR/TASK -o script.py`: a recorded sandbox task becomes a standalone
Playwright script that, run with plain Python against a served sandbox, reaches the state the task's
checks ask for and reads its answer from the page (with the action cache's locator)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.browser.launch import SYSTEM_CHROMIUM
from webvoyager.cli import app
from webvoyager.sandbox.catalog import load_sandbox_tasks
from webvoyager.tasks import PageState

runner = CliRunner()
TASKS = ("shop--5", "flights--1")    # a storage check (the bag) and an answer read from the results page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _export(task_dir: Path, script: Path, *extra: str) -> str:
    res = runner.invoke(app, ["export", "playwright", str(task_dir), "-o", str(script), *extra])
    assert res.exit_code == 0, res.output
    return " ".join(res.output.split())


def test_exported_scripts_run_with_plain_playwright_and_pass_the_task_checks(sandbox, tmp_path) -> None:
    run_dir, cache = tmp_path / "run", tmp_path / "cache"
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", *sum((["--id", t] for t in TASKS), []),
                              "--out", str(run_dir), "--cache", str(cache)])
    assert res.exit_code == 0, res.output
    tasks = {t.id: t for t in load_sandbox_tasks(sandbox.port)}
    for task_id in TASKS:
        script, state_file = tmp_path / f"{task_id}.py", tmp_path / f"{task_id}.json"
        output = _export(run_dir / task_id, script)
        text = script.read_text()
        assert "import webvoyager" not in text and "from webvoyager" not in text
        body = text.split("def run(page, port):")[1].split("def main")[0]
        code = [line for line in body.splitlines() if not line.strip().startswith("#")]
        assert not any(re.search(r"\[\d+\]", line) for line in code)    # never a label number
        assert "get_by_role" in text
        done = subprocess.run([sys.executable, str(script), "--executable", SYSTEM_CHROMIUM, "--sandbox-port",
                               str(sandbox.port), "--state-out", str(state_file)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        state = json.loads(state_file.read_text())
        answer = next((line[len("ANSWER: "):] for line in done.stdout.splitlines() if line.startswith("ANSWER: ")), None)
        page = PageState(url=state["url"], title=state["title"], text=state["text"], cookies=state["cookies"],
                         local_storage=state["local_storage"])
        assert tasks[task_id].check(answer, page) is True, (task_id, answer, state["url"])
        if task_id == "flights--1":
            assert "the answer is read from the page" in output and "read_answer(page," in text

    # Without a cache that holds its locator, the script prints the recorded answer and says so.
    _export(run_dir / "flights--1", tmp_path / "plain.py", "--cache", str(tmp_path / "no-cache"))
    plain = (tmp_path / "plain.py").read_text()
    assert "# The recorded answer" in plain and "read_answer(page, '" not in plain
