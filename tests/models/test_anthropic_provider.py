"""The anthropic provider through the real SDK against a local messages-API server."""

from __future__ import annotations

import base64
import logging

import pytest

from tests.models.fake_providers import FakeAnthropic, anthropic_message
from webvoyager.models import ImagePart, Message, TextPart
from webvoyager.api import create_model

PNG = b"\x89PNG\r\n\x1a\n-claude-screenshot"


async def test_request_shape(fake_anthropic: FakeAnthropic, caplog: pytest.LogCaptureFixture) -> None:
    fake_anthropic.queue(anthropic_message("Thought: t\nAction: GoBack", input_tokens=3000,
                                           output_tokens=100))
    model = create_model("anthropic:claude-3-5-sonnet-20241022", base_url=fake_anthropic.base_url,
                         api_key="sk-ant-test")
    messages = [
        Message.text("system", "SYSTEM PROMPT"),
        Message.text("user", "Task: book a flight"),
        Message("user", (ImagePart(PNG), TextPart("[0]: <a> \"Flights\""), TextPart(""))),
        Message.text("assistant", "Thought: go\nAction: Click [0]"),
        Message.text("user", "Observation 2"),
    ]
    with caplog.at_level(logging.INFO, logger="webvoyager.models"):
        completion = await model.complete(messages, temperature=0.25, max_tokens=512, seed=9)

    (request,) = fake_anthropic.requests
    assert request.path == "/v1/messages"
    # SDK versions differ in the header they use for the key (x-api-key or a Bearer token)
    assert "sk-ant-test" in (request.header("x-api-key") or request.header("authorization") or "")
    body = request.body
    assert body["system"] == [{"type": "text", "text": "SYSTEM PROMPT", "cache_control": {"type": "ephemeral"}}]
    assert body["temperature"] == 0.25
    assert body["max_tokens"] == 512
    assert "seed" not in body  # the messages API has none
    # the two consecutive user messages are merged into one turn; the empty text part is dropped
    assert [turn["role"] for turn in body["messages"]] == ["user", "assistant", "user"]
    first = body["messages"][0]["content"]
    assert [block["type"] for block in first] == ["text", "image", "text"]
    assert first[0]["text"] == "Task: book a flight"
    source = first[1]["source"]
    assert source["type"] == "base64" and source["media_type"] == "image/png"
    assert base64.b64decode(source["data"]) == PNG
    assert body["messages"][1]["content"] == [{"type": "text", "text": "Thought: go\nAction: Click [0]"}]

    assert completion.text == "Thought: t\nAction: GoBack"
    assert completion.usage.input_tokens == 3000 and completion.usage.output_tokens == 100
    assert completion.usage.cost_usd == pytest.approx((3000 * 3.0 + 100 * 15.0) / 1e6)
    assert model.supports_seed is False
    assert "seed=9 is ignored" in caplog.text


async def test_no_system_prompt_omits_field(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.queue("ok")
    model = create_model("anthropic:claude-opus-4-1", base_url=fake_anthropic.base_url, api_key="k")
    completion = await model.complete([Message.text("user", "hi")])
    assert "system" not in fake_anthropic.requests[0].body
    assert completion.text == "ok"
    assert completion.usage.cost_usd == pytest.approx((100 * 15.0 + 20 * 75.0) / 1e6)
