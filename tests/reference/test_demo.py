"""`webvoyager demo`: model choice, task choice, and a full offline run with the reference model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.cli.demo_cmd import choose_model, pick_task
from webvoyager.errors import ConfigError
from webvoyager.tasks import task_from_record

KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL")


def test_model_choice_follows_flags_then_keys() -> None:
    assert choose_model("openai:gpt-4o-mini", {"ANTHROPIC_API_KEY": "x"}).spec == "openai:gpt-4o-mini"
    assert choose_model(None, {"OPENAI_API_KEY": "x", "ANTHROPIC_API_KEY": "y"}).spec == "openai:gpt-4o"
    anthropic = choose_model(None, {"ANTHROPIC_API_KEY": "y"})
    assert anthropic.spec.startswith("anthropic:") and "ANTHROPIC_API_KEY" in anthropic.reason
    offline = choose_model(None, {})
    assert offline.spec == "reference" and offline.offline and "no OPENAI_API_KEY" in offline.reason


def _task(task_id: str, steps: list[str]) -> object:
    ref = [{"do": d, "target": {"text": "x"}, "text": "t", "option": "o"} if d not in ("answer",) else {"do": d}
           for d in steps]
    return task_from_record({"id": task_id, "ques": f"q {task_id}", "web": "http://a.localhost/",
                             "check": {"answer": {"type": "text", "expect": ["1"]}},
                             "reference": {"steps": ref, "answer": {"say": "{n}", "read": {"n": {"from": "title"}}}}})


def test_pick_task_prefers_a_search_and_filter_task() -> None:
    lookup = _task("a--1", ["click", "answer"])
    search = _task("a--2", ["type", "select", "click", "answer"])
    assert pick_task([lookup, search], None).id == "a--2"
    assert pick_task([lookup, search], "a--1").id == "a--1"
    with pytest.raises(ConfigError, match="no sandbox task 'zz--1'.*sandbox tasks"):
        pick_task([lookup], "zz--1")


def test_demo_with_real_model_spec_but_no_key_fails_before_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    result = CliRunner().invoke(app, ["demo", "--model", "openai:gpt-4o"])
    assert result.exit_code == 2
    assert "OPENAI_API_KEY is not set" in result.output


@pytest.mark.browser
@pytest.mark.slow
def test_demo_runs_offline_with_the_reference_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    out = tmp_path / "demo"
    result = CliRunner().invoke(app, ["demo", "--out", str(out)])
    text = result.output
    assert result.exit_code == 0, text
    assert "reference" in text and "no OPENAI_API_KEY or ANTHROPIC_API_KEY" in text
    assert "--base-url" in text  # it says how to plug in a real model
    task_dirs = [p for p in out.iterdir() if p.is_dir()]
    assert len(task_dirs) == 1
    task_dir = task_dirs[0]
    steps = json.loads((task_dir / "trajectory.json").read_text())["steps"]
    assert steps and steps[-1]["action"].startswith("ANSWER")
    assert (task_dir / "screenshot1.png").read_bytes().startswith(b"\x89PNG")
    assert json.loads((task_dir / "result.json").read_text())["success"] is True
    assert str(task_dir / "trajectory.json") in text.replace("\n", "")
    assert (out / "run.json").is_file()


def _reference_behind_openai(request: object) -> str:
    """Answer an OpenAI chat-completions request with the reference model (wire format → Messages)."""
    import asyncio

    from webvoyager.models.base import Message, TextPart
    from webvoyager.standins.reference import ReferenceModel

    messages = []
    for raw in request.body["messages"]:  # type: ignore[attr-defined]
        content = raw["content"]
        texts = [content] if isinstance(content, str) else [p["text"] for p in content if p.get("type") == "text"]
        messages.append(Message(role=raw["role"], parts=tuple(TextPart(t) for t in texts)))
    return asyncio.run(ReferenceModel().complete(messages)).text


@pytest.mark.browser
@pytest.mark.slow
def test_demo_with_an_openai_compatible_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`--model openai:... --base-url` (the plug-in path the demo advertises) drives the real OpenAI SDK
    over loopback; the fake server answers with the reference model, so the task can succeed."""
    from tests.models.fake_providers import FakeOpenAI

    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    out = tmp_path / "demo"
    with FakeOpenAI(responder=_reference_behind_openai) as server:
        result = CliRunner().invoke(app, ["demo", "--task", "shop--2", "--model", "openai:my-local-model",
                                          "--base-url", server.base_url, "--out", str(out)])
        requests = list(server.requests)
    assert result.exit_code == 0, result.output
    assert "openai:my-local-model: chosen with --model" in result.output.replace("\n", " ")
    assert len(requests) == json.loads((out / "shop--2" / "result.json").read_text())["steps"]
    first = requests[0].body
    assert first["model"] == "my-local-model" and first["messages"][0]["role"] == "system"
    assert any(p.get("type") == "image_url" for p in first["messages"][1]["content"])  # the marked screenshot


@pytest.mark.browser
def test_demo_exits_1_when_the_answer_fails_the_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    script = tmp_path / "replies.jsonl"
    script.write_text(json.dumps("Thought: I will guess.\nAction: ANSWER; [a wrong guess]") + "\n")
    out = tmp_path / "demo"
    result = CliRunner().invoke(app, ["demo", "--task", "shop--2", "--model", f"scripted:{script}", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "a wrong guess" in result.output
    saved = json.loads((out / "shop--2" / "result.json").read_text())
    assert saved["status"] == "answered" and saved["success"] is False
