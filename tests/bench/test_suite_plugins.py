"""Suites are plug-ins: a suite written in one module (here, in this test) and registered through the
public registry runs through the real `webvoyager bench` CLI with its own page, tasks, hooks, run.json
extra, files, printed sections and its part of the report; a suite that declares only the local backend
is refused up front."""

from __future__ import annotations

import contextlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

from tests.scripted import scripted_spec
from webvoyager.api import RunSettings
from webvoyager.bench.suite_run import BenchRequest, prepare_run
from webvoyager.bench.suites import (FinishedRun, Section, Suite, TableSection, TaskHooks, TextSection, register,
                                     unregister)
from webvoyager.bench.suites.sections import site_table
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.tasks import Task, task_from_record
from webvoyager.trajectory import Result

runner = CliRunner()
PAGE = b"<!doctype html><title>Toy</title><h1>The toy number is 42</h1><p>Ask me anything.</p>"


class _Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's name
        pass


class ToySuite(Suite):
    """A whole suite in one class: its own server, tasks, hook, run.json extra, file and sections."""

    name = "toy"
    help = "Two questions about the toy page (a test's own suite)."
    default_confirm = "allow"
    served: list[str] = []          # what serve() did, to show it ran (or never did)

    @contextlib.contextmanager
    def serve(self) -> Iterator[None]:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Page)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_address[1]}/"
        ToySuite.served.append(self.url)
        try:
            yield
        finally:
            server.shutdown()
            server.server_close()

    def load(self) -> list[Task]:
        check = {"answer": {"type": "text", "expect": ["42"]}}
        return [task_from_record({"id": f"toy--{i}", "ques": f"What is the toy number? ({i})", "web": self.url,
                                  "web_name": "Toy", "check": check}) for i in (1, 2)]

    def hooks(self) -> TaskHooks:
        def after_task(task: Task, result: Result, folder: Path) -> None:
            (folder / "toy.txt").write_text(f"{task.id}: {result.answer}", encoding="utf-8")
        return TaskHooks(after_task=after_task)

    def run_extra(self, tasks: list[Task]) -> dict[str, Any]:
        return {"toy": {"questions": len(tasks)}}

    def results(self, run: FinishedRun) -> list[Section]:
        answers = {t.id: (run.run_dir / t.id / "toy.txt").read_text(encoding="utf-8") for t in run.tasks}
        write_json_atomic(run.run_dir / "toy.json", answers)
        return [site_table(run.summary),
                TableSection("Toy answers", ("task", "hook saw"), tuple(sorted(answers.items()))),
                TextSection(f"[toy] {len(answers)} answers by {run.model}")]

    def report_sections(self, run_dir: Path) -> list[Section]:
        answers = json.loads((run_dir / "toy.json").read_text(encoding="utf-8"))
        return [TableSection("Toy in the report", ("task", "hook saw"), tuple(sorted(answers.items())),
                             total=("all", str(len(answers)))),
                TextSection("<toy> & friends")]


class LocalOnlySuite(ToySuite):
    name = "toy-local"
    help = "The toy suite, on this machine only."
    backends = ("local",)
    backend_note = "its page is served by this process"


@pytest.fixture
def toy_suites() -> Iterator[None]:
    ToySuite.served = []
    register(ToySuite)
    register(LocalOnlySuite)
    yield
    unregister(ToySuite.name)
    unregister(LocalOnlySuite.name)


@pytest.mark.browser
def test_a_suite_in_one_module_runs_through_the_cli(tmp_path: Path, toy_suites: None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # whatever the worker's stdout is, table rows stay on one line (the console reads COLUMNS at each print;
    # setting its width instead would leave it fixed for the tests after this one)
    monkeypatch.setenv("COLUMNS", "200")
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: the page says it.\nAction: ANSWER; [42]"] * 2)
    out = tmp_path / "run"
    res = runner.invoke(app, ["bench", "toy", "--model", spec, "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert len(ToySuite.served) == 1                                    # its server ran for the run
    for task_id in ("toy--1", "toy--2"):                                # its tasks ran on its page
        result = json.loads((out / task_id / "result.json").read_text())
        assert result["status"] == "answered" and result["success"] is True
        assert result["start_url"] == result["final_url"] == ToySuite.served[0]
        assert (out / task_id / "toy.txt").read_text() == f"{task_id}: 42"   # its after-task hook
    run = json.loads((out / "run.json").read_text())
    assert run["suite"] == "toy" and run["toy"] == {"questions": 2}
    assert run["settings"]["confirm"] == "allow"                        # its default confirm mode
    assert json.loads((out / "toy.json").read_text()) == {"toy--1": "toy--1: 42", "toy--2": "toy--2: 42"}
    text = " ".join(res.output.split())
    assert "Suite: toy (2 tasks)" in text
    assert "Toy answers" in text and "toy--2 │ toy--2: 42" in text       # its own table, printed by the CLI
    assert f"[toy] 2 answers by {spec}" in text                       # a line, printed as text, not markup
    assert "Toy │ 2 │ 2 │ 100.0% (2/2)" in text                          # the generic per-site table
    assert json.loads((out / "summary.json").read_text())["overall"]["success"]["success"] == 2

    assert runner.invoke(app, ["report", str(out)]).exit_code == 0   # its part of the report
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<h2>Toy in the report</h2>" in html and '<td class="l">toy--1</td><td>toy--1: 42</td>' in html
    assert '<tr class="total"><td class="l">all</td><td>2</td></tr>' in html
    assert "<p>&lt;toy&gt; &amp; friends</p>" in html                  # text, escaped

    help_text = " ".join(runner.invoke(app, ["bench", "--help"]).output.split())
    assert "toy: Two questions about the toy page (a test's own suite)." in help_text
    assert "sandbox:" in help_text and "miniwob:" in help_text


def test_a_local_only_suite_is_refused_on_ray_before_anything_starts(tmp_path: Path, toy_suites: None) -> None:
    out = tmp_path / "run"
    res = runner.invoke(app, ["bench", "toy-local", "--model", "reference", "--backend", "ray", "--out", str(out)])
    assert res.exit_code == 2
    assert ("the toy-local suite runs on the local backend only (its page is served by this process); "
            "drop --backend ray") in " ".join(res.output.split())
    assert ToySuite.served == [] and not out.exists()                 # no server, no run directory, no browser
    # The check is the generic runner's, for every suite (not the CLI's): the same through the library.
    with pytest.raises(ConfigError, match="local backend only"):
        prepare_run(LocalOnlySuite(), BenchRequest(model="reference", backend="ray"), lambda c: RunSettings())
    assert runner.invoke(app, ["bench", "miniwob", "--model", "reference", "--backend", "ray"]).exit_code == 2


def test_a_suite_name_is_registered_once(toy_suites: None) -> None:
    class Impostor(Suite):
        name, help = "toy", "Another toy."

    with pytest.raises(ConfigError, match="already registered"):
        register(Impostor)
    register(ToySuite)   # the same class again is fine
