"""The Python API: settings validation, policy choice, run.json, and run_task end to end."""

from __future__ import annotations

import json

import pytest

from webvoyager.api.settings import RunSettings
from webvoyager.api.policies import make_policy
from webvoyager.api.execute import run_task
from webvoyager.api.rundir import write_run_json
from webvoyager.errors import ConfigError
from webvoyager.models.scripted import ScriptedModel


@pytest.mark.parametrize("kwargs,fragment", [
    ({"policy": "magic"}, "unknown policy"),
    ({"max_steps": 0}, "max_steps"),
    ({"context_images": 0}, "context_images"),
    ({"stuck_after": 1}, "stuck_after"),
])
def test_bad_settings_are_config_errors(kwargs: dict, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        RunSettings(**kwargs).validate()


def test_make_policy_builds_the_named_policy() -> None:
    model = ScriptedModel.from_replies([])
    wv = make_policy(RunSettings(context_images=2, text_only=True, temperature=0.2, seed=5), model)
    assert wv.name == "webvoyager"
    assert (wv.context_images, wv.text_only, wv.temperature, wv.seed) == (2, True, 0.2, 5)  # type: ignore[attr-defined]
    seeact = make_policy(RunSettings(policy="seeact", grounding="som"), model)
    assert seeact.name == "seeact" and seeact.grounding == "som"  # type: ignore[attr-defined]


def test_run_json_has_settings_and_no_secret(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-never-write-me-123456")
    settings = RunSettings(secrets=("hunter2-password",), seed=9, allowed_domains=("example.org",))
    # both secrets reach the writer: the key in the server's address (a proxy that takes it in the URL),
    # the password in what the run records beside the settings
    path = write_run_json(tmp_path, settings, "openai:gpt-4o",
                          base_url="http://me:sk-never-write-me-123456@127.0.0.1:1/v1?api-key=sk-never-write-me-123456",
                          extra={"task": "log in with hunter2-password"})
    text = path.read_text()
    data = json.loads(text)
    assert data["model"] == "openai:gpt-4o" and data["settings"]["seed"] == 9
    assert data["settings"]["allowed_domains"] == ["example.org"] and data["settings"]["secrets"] == 1
    assert "hunter2-password" not in text and "sk-never-write-me-123456" not in text
    assert data["base_url"] == "http://me:[REDACTED]@127.0.0.1:1/v1?api-key=[REDACTED]"
    assert data["task"] == "log in with [REDACTED]"
    assert data["versions"]["playwright"]


def test_text_task_needs_a_url() -> None:
    with pytest.raises(ConfigError, match="url"):
        run_task("find it", model=ScriptedModel.from_replies([]))


@pytest.mark.browser
@pytest.mark.slow
def test_run_task_sync_wrapper(pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies(["Thought: search\nAction: Type [0]; [soup]",
                                        "Thought: done\nAction: ANSWER; [Tomato Soup]"])
    result = run_task("Which soup is there?", url=f"{pages_url}/agent/index.html", model=model, out_dir=tmp_path)
    assert result.status == "answered" and result.answer == "Tomato Soup" and result.steps == 2
    assert result.final_url.endswith("results.html?q=soup")
    assert json.loads((tmp_path / "run.json").read_text())["model"] == "scripted:<memory>"
    assert json.loads((tmp_path / "task" / "result.json").read_text())["answer"] == "Tomato Soup"
