"""`--trace`: a Playwright trace per task (trace.zip), linked from the report; refused with secrets."""

from __future__ import annotations

import json
import zipfile

import pytest
from typer.testing import CliRunner

from tests.scripted import scripted_spec
from webvoyager.cli import app

runner = CliRunner()


@pytest.mark.browser
@pytest.mark.slow
def test_run_with_trace_writes_a_trace_zip_that_the_report_links(pages_url, tmp_path) -> None:
    spec = scripted_spec(tmp_path / "script.jsonl", [
        "Thought: I search for soup.\nAction: Type [0]; [soup]",
        "Thought: It is there.\nAction: ANSWER; [Tomato Soup]",
    ])
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "Which soup?", "--url", f"{pages_url}/agent/index.html", "--model", spec,
                              "--out", str(out), "--trace", "--confirm", "allow"])
    assert res.exit_code == 0, res.output
    trace = out / "task" / "trace.zip"
    assert trace.is_file()
    with zipfile.ZipFile(trace) as archive:
        names = archive.namelist()
        assert any(n.endswith(".trace") for n in names), names
        events = "".join(archive.read(n).decode("utf-8", "replace") for n in names if n.endswith(".trace"))
    # The trace saw the page the agent typed on and the results page the search led to.
    assert "agent/index.html" in events and "results.html?q=soup" in events
    assert any(n.startswith("resources/") for n in names)   # screenshots / snapshots
    assert json.loads((out / "run.json").read_text())["settings"]["trace"] is True

    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    html = (out / "report.html").read_text(encoding="utf-8")
    assert 'href="task/trace.zip"' in html


@pytest.mark.browser
@pytest.mark.slow
def test_run_without_trace_writes_none(pages_url, tmp_path) -> None:
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: done\nAction: ANSWER; [x]"])
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "q", "--url", f"{pages_url}/agent/index.html", "--model", spec,
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert not (out / "task" / "trace.zip").exists()
    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    assert "trace.zip" not in (out / "report.html").read_text(encoding="utf-8")


def test_trace_with_secret_env_is_refused_before_any_browser(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MY_PASSWORD", "hunter2")
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: done\nAction: ANSWER; [x]"])
    res = runner.invoke(app, ["run", "q", "--url", "http://127.0.0.1:9/", "--model", spec, "--out",
                              str(tmp_path / "run"), "--trace", "--secret-env", "MY_PASSWORD"])
    assert res.exit_code == 2
    text = " ".join(res.output.split())
    assert "--trace cannot be used with secrets" in text and "drop --trace" in text
    assert not (tmp_path / "run").exists()


def test_trace_is_refused_on_the_hostile_suite_whose_tasks_type_a_secret(tmp_path) -> None:
    res = runner.invoke(app, ["bench", "hostile", "--model", "reference", "--trace", "--out", str(tmp_path / "h")])
    assert res.exit_code == 2
    assert "--trace cannot be used with secrets" in " ".join(res.output.split())
    assert not (tmp_path / "h").exists()
