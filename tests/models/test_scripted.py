"""The scripted model: replies from a JSONL file, recorded requests, simulated failures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.errors import ConfigError, ModelError
from webvoyager.models import ImagePart, Message, ScriptedModel, TextPart
from webvoyager.api import create_model


def write_script(path: Path, *lines: object) -> Path:
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n", encoding="utf-8")
    return path


async def test_replays_in_order_and_records_requests(tmp_path: Path) -> None:
    script = write_script(
        tmp_path / "s.jsonl",
        "Thought: click it\nAction: Click [3]",
        {"reply": "Thought: done\nAction: ANSWER; 42",
         "usage": {"input_tokens": 900, "output_tokens": 12, "cost_usd": 0.01}},
    )
    model = create_model(f"scripted:{script}")
    first = [Message.text("system", "SYS"), Message("user", (TextPart("obs"), ImagePart(b"png")))]

    one = await model.complete(first, temperature=0.0, max_tokens=300, seed=7)
    two = await model.complete(first + [Message.text("assistant", one.text)])

    assert one.text == "Thought: click it\nAction: Click [3]"
    assert one.usage.calls == 1 and one.usage.input_tokens == 0
    assert two.text == "Thought: done\nAction: ANSWER; 42"
    assert (two.usage.input_tokens, two.usage.output_tokens, two.usage.cost_usd) == (900, 12, 0.01)
    assert len(model.calls) == 2
    assert model.calls[0].messages == tuple(first)
    assert model.calls[0].kwargs == {"temperature": 0.0, "max_tokens": 300, "seed": 7}
    assert model.calls[1].messages[-1].text_content == one.text
    assert model.remaining == 0


async def test_running_out_names_the_reply_and_file(tmp_path: Path) -> None:
    script = write_script(tmp_path / "one.jsonl", "only")
    model = ScriptedModel.from_file(script)
    await model.complete([Message.text("user", "hi")])
    with pytest.raises(ModelError, match=rf"scripted model has no reply #2 in {script}"):
        await model.complete([Message.text("user", "hi")])


async def test_simulated_errors(tmp_path: Path) -> None:
    script = write_script(tmp_path / "e.jsonl", {"error": "rate_limit"}, {"error": "fatal"}, "recovered")
    model = ScriptedModel.from_file(script)
    with pytest.raises(ModelError, match="rate limit") as limited:
        await model.complete([])
    assert limited.value.retryable is True
    with pytest.raises(ModelError, match="fatal") as fatal:
        await model.complete([])
    assert fatal.value.retryable is False
    assert (await model.complete([])).text == "recovered"


async def test_from_replies_in_memory() -> None:
    model = ScriptedModel.from_replies(["a", "b"])
    assert [(await model.complete([])).text for _ in range(2)] == ["a", "b"]
    assert model.spec == "scripted:<memory>"


@pytest.mark.parametrize("line, message", [
    ("[1, 2]", "expected a JSON string or object"),
    ('{"text": "x"}', "unknown key(s) ['text']"),
    ('{"error": "boom"}', "error must be one of"),
    ('{"usage": {}}', 'needs a "reply"'),
    ('{"reply": 3}', "reply must be a string"),
])
def test_bad_lines_are_reported_with_their_line(tmp_path: Path, line: str, message: str) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('"ok"\n' + line + "\n")
    with pytest.raises(ConfigError) as info:
        ScriptedModel.from_file(script)
    assert str(info.value).startswith(f"{script}:2: ")
    assert message in str(info.value)


async def test_replays_a_recorded_task_folder(tmp_path: Path) -> None:
    from webvoyager.trajectory import Step

    steps = [
        Step(index=1, url="http://a/", raw_output="Thought: one\nAction: Click [1]"),
        Step(index=2, url="http://a/", raw_output="", error="model call failed"),  # nothing to replay
        Step(index=3, url="http://a/b", raw_output="Thought: two\nAction: ANSWER; yes"),
    ]
    (tmp_path / "trajectory.json").write_text(json.dumps({"steps": [s.to_dict() for s in steps]}))
    for spec in (f"scripted:{tmp_path}", f"scripted:{tmp_path / 'trajectory.json'}"):
        model = create_model(spec)
        texts = [(await model.complete([])).text for _ in range(2)]
        assert texts == ["Thought: one\nAction: Click [1]", "Thought: two\nAction: ANSWER; yes"]


def test_recorded_folder_without_outputs_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "trajectory.json").write_text(json.dumps({"steps": []}))
    with pytest.raises(ConfigError, match="holds no recorded model output"):
        ScriptedModel.from_file(tmp_path)


def test_folder_without_trajectory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is a folder without trajectory.json"):
        ScriptedModel.from_file(tmp_path)
