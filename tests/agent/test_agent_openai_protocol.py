"""The agent through the real OpenAI SDK against a local OpenAI-protocol server, in real Chromium.

Asserts what really goes over the wire: the system prompt, image parts, k clipped observations,
temperature, seed and max_tokens; and that a provider failing for good ends the task with status
"error" and the provider's message.
"""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from tests.models.fake_providers import FakeOpenAI, openai_error, serve_openai
from webvoyager.api.settings import RunSettings
from webvoyager.api.execute import execute_task
from webvoyager.voyager.policy import default_system_prompt
from webvoyager.api import create_model
from webvoyager.models.retry import RetryPolicy
from webvoyager.tasks import Task

pytestmark = [pytest.mark.browser, pytest.mark.slow]

KEY = "sk-fake-openai-key-000111222333"


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    yield from serve_openai()


def _task(pages_url: str) -> Task:
    return Task(id="soup", question="How long does the Tomato Soup take?", start_url=f"{pages_url}/agent/index.html")


def _images(message: dict) -> list[str]:
    content = message["content"]
    if isinstance(content, str):
        return []
    return [p["image_url"]["url"] for p in content if p.get("type") == "image_url"]


def _text(message: dict) -> str:
    content = message["content"]
    if isinstance(content, str):
        return content
    return "\n".join(p["text"] for p in content if p.get("type") == "text")


async def test_request_carries_prompt_images_clipping_and_sampling(browser, pages_url, tmp_path, fake_openai,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    fake_openai.queue(
        "Thought: search\nAction: Type [0]; [lasagna]",
        "Thought: back\nAction: GoBack",
        "Thought: search again\nAction: Type [0]; [soup]",
        "Thought: open\nAction: Click [0]",
        "Thought: found\nAction: ANSWER; [25 minutes]",
    )
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url)
    settings = RunSettings(temperature=0.3, seed=7, max_tokens=300, context_images=3)
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=settings,
                                task_dir=tmp_path / "t")
    assert result.status == "answered" and result.answer == "25 minutes"
    assert len(fake_openai.requests) == 5
    assert result.usage.calls == 5 and result.usage.input_tokens == 500

    for number, request in enumerate(fake_openai.requests, start=1):
        body = request.body
        assert body["model"] == "gpt-4o"
        assert body["temperature"] == 0.3 and body["seed"] == 7
        assert body.get("max_tokens", body.get("max_completion_tokens")) == 300
        messages = body["messages"]
        assert messages[0]["role"] == "system" and _text(messages[0]) == default_system_prompt()
        users = [m for m in messages if m["role"] == "user"]
        assert len(users) == number
        images = [url for m in users for url in _images(m)]
        assert len(images) == min(number, 3)
        assert all(url.startswith("data:image/png;base64,") for url in images)
        assert "How long does the Tomato Soup take?" in _text(users[0])

    last = fake_openai.requests[-1].body["messages"]
    users = [m for m in last if m["role"] == "user"]
    assert [bool(_images(m)) for m in users] == [False, False, True, True, True]
    assert "left out" in _text(users[0]) and "Search recipes" not in _text(users[0])
    assert "Tomato Soup" in _text(users[3])  # the results page of the second search, still in full
    first_reply = [m["content"] for m in last if m["role"] == "assistant"][0]
    assert first_reply == "Thought: search\nAction: Type [0]; [lasagna]"  # old replies stay in full
    # the key went in the Authorization header only, and never into the run directory
    assert fake_openai.requests[0].header("authorization") == f"Bearer {KEY}"
    for path in (tmp_path / "t").rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes(), path


async def test_provider_failing_for_good_ends_with_error_status(browser, pages_url, tmp_path, fake_openai,
                                                                monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    fake_openai.queue(
        "Thought: search\nAction: Type [0]; [soup]",
        openai_error(500, "upstream exploded"),
        openai_error(429, "slow down please"),
        openai_error(500, "upstream exploded again"),
    )
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url,
                         retry=RetryPolicy(max_retries=2, base_s=0.01, cap_s=0.02, jitter=0.0))
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(),
                                task_dir=tmp_path / "t")
    assert len(fake_openai.requests) == 4  # one good call, then the first attempt and two retries
    assert result.status == "error" and "upstream exploded again" in (result.error or "")
    assert result.steps == 2
    saved = json.loads((tmp_path / "t" / "result.json").read_text())
    assert saved["status"] == "error" and "upstream exploded again" in saved["error"]
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert steps[0]["action"] == "Type [0]; [soup]"
    assert steps[1]["error"].startswith("model call failed") and (tmp_path / "t" / "screenshot2.png").is_file()


async def test_anthropic_wire_format_carries_system_images_and_temperature(browser, pages_url, tmp_path,
                                                                           monkeypatch) -> None:
    from tests.models.fake_providers import serve_anthropic

    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    for server in serve_anthropic():
        server.queue("Thought: search\nAction: Type [0]; [soup]", "Thought: done\nAction: ANSWER; [Tomato Soup]")
        model = create_model("anthropic:claude-sonnet-4-6", base_url=server.base_url)
        result = await execute_task(_task(pages_url), browser=browser, model=model,
                                    settings=RunSettings(temperature=0.0, context_images=1), task_dir=tmp_path / "t")
        assert result.status == "answered" and result.answer == "Tomato Soup"
        last = server.requests[-1].body
        assert last["temperature"] == 0.0
        system = last["system"] if isinstance(last["system"], str) else " ".join(b["text"] for b in last["system"])
        assert system == default_system_prompt()
        blocks = [b for m in last["messages"] if isinstance(m["content"], list) for b in m["content"]]
        images = [b for b in blocks if b.get("type") == "image"]
        assert len(images) == 1 and images[0]["source"]["type"] == "base64"  # k=1: only the newest screenshot
        assert any("left out" in b.get("text", "") for b in blocks)
