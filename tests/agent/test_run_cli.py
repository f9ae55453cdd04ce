"""`webvoyager run`: live steps, answer and run directory printed, exit codes, errors before the browser."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.scripted import scripted_spec
from webvoyager.cli import app

runner = CliRunner()


@pytest.mark.browser
@pytest.mark.slow
def test_run_shows_steps_answer_and_writes_run_dir(pages_url, tmp_path) -> None:
    spec = scripted_spec(tmp_path / "script.jsonl", [
        "Thought: I search for soup.\nAction: Type [0]; [soup]",
        "Thought: Open the result.\nAction: Click [0]",
        "Thought: It says 25 minutes.\nAction: ANSWER; [25 minutes]",
    ])
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "How long does the Tomato Soup take?", "--url", f"{pages_url}/agent/index.html",
                              "--model", spec, "--out", str(out), "--seed", "3", "--max-steps", "5"])
    assert res.exit_code == 0, res.output
    for fragment in ("Step 1/5", "I search for soup.", "Type [0]; [soup]", "Step 3/5", "answered",
                     "Answer: 25 minutes", f"Run directory: {out}"):
        assert fragment in " ".join(res.output.split()), fragment
    run = json.loads((out / "run.json").read_text())
    assert run["model"] == spec and run["settings"]["seed"] == 3 and run["settings"]["max_steps"] == 5
    assert run["versions"]["webvoyager"]
    result = json.loads((out / "task" / "result.json").read_text())
    assert result["status"] == "answered" and result["answer"] == "25 minutes" and result["steps"] == 3
    assert (out / "task" / "screenshot3.png").is_file()


@pytest.mark.browser
@pytest.mark.slow
def test_run_exits_1_when_not_answered(pages_url, tmp_path) -> None:
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: hmm\nAction: Wait"] * 2)
    res = runner.invoke(app, ["run", "q", "--url", f"{pages_url}/agent/index.html", "--model", spec,
                              "--out", str(tmp_path / "run"), "--max-steps", "1"])
    assert res.exit_code == 1, res.output
    assert "step_limit" in res.output


def test_no_model_and_no_key_is_a_clear_error(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("WEBVOYAGER_DEFAULT_MODEL", raising=False)
    res = runner.invoke(app, ["run", "q", "--url", "http://127.0.0.1:9/", "--out", str(tmp_path / "run")])
    assert res.exit_code == 2
    assert "no model chosen" in res.output and "--model" in res.output
    assert not (tmp_path / "run").exists()  # nothing started


def test_missing_key_for_chosen_provider_fails_before_the_browser(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    res = runner.invoke(app, ["run", "q", "--url", "http://127.0.0.1:9/", "--model", "openai:gpt-4o",
                              "--out", str(tmp_path / "run")])
    assert res.exit_code == 2 and "OPENAI_API_KEY is not set" in res.output
    assert not (tmp_path / "run").exists()


def test_default_model_follows_the_keys(monkeypatch) -> None:
    from webvoyager.api.models import default_model_spec

    assert default_model_spec({"OPENAI_API_KEY": "x"}) == "openai:gpt-4o"
    assert default_model_spec({"ANTHROPIC_API_KEY": "x"}).startswith("anthropic:")
    assert default_model_spec({"OPENAI_API_KEY": "x", "WEBVOYAGER_DEFAULT_MODEL": "openai:gpt-4.1"}) == "openai:gpt-4.1"


def test_default_anthropic_model_is_not_retired() -> None:
    from anthropic._data import DEPRECATED_MODELS  # the SDK's own deprecation table

    from webvoyager.api.models import DEFAULT_ANTHROPIC_MODEL

    assert DEFAULT_ANTHROPIC_MODEL.split(":", 1)[1] not in DEPRECATED_MODELS
