"""The openai provider through the real SDK against a local chat-completions server."""

from __future__ import annotations

import base64

import pytest

from tests.models.fake_providers import FakeOpenAI, openai_completion
from webvoyager.models import ImagePart, Message, TextPart
from webvoyager.api import create_model

PNG = b"\x89PNG\r\n\x1a\n-fake-screenshot-bytes"


def conversation() -> list[Message]:
    return [
        Message.text("system", "You are a web agent. Reply with Thought and Action."),
        Message.text("user", "Task: find the price. Start: http://shop.localhost/"),
        Message("user", (ImagePart(PNG, detail="high"), TextPart("[0]: <button> \"Buy\""))),
        Message.text("assistant", "Thought: look\nAction: Click [0]"),
        Message("user", (TextPart("Observation 2"), ImagePart(PNG, detail="low"))),
    ]


async def test_request_carries_prompt_images_and_settings(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue(openai_completion("Thought: ok\nAction: Wait", prompt_tokens=1000,
                                        completion_tokens=50))
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url, api_key="sk-test-123")

    completion = await model.complete(conversation(), temperature=0.0, max_tokens=321, seed=42)

    assert completion.text == "Thought: ok\nAction: Wait"
    (request,) = fake_openai.requests
    body = request.body
    assert request.header("authorization") == "Bearer sk-test-123"
    assert body["model"] == "gpt-4o"
    assert body["temperature"] == 0.0
    assert body["max_tokens"] == 321
    assert body["seed"] == 42
    sent = body["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "user", "assistant", "user"]
    assert sent[0]["content"] == "You are a web agent. Reply with Thought and Action."
    assert sent[1]["content"] == "Task: find the price. Start: http://shop.localhost/"
    image, text = sent[2]["content"]
    assert image["type"] == "image_url"
    assert image["image_url"]["detail"] == "high"
    prefix = "data:image/png;base64,"
    assert image["image_url"]["url"].startswith(prefix)
    assert base64.b64decode(image["image_url"]["url"][len(prefix):]) == PNG
    assert text == {"type": "text", "text": "[0]: <button> \"Buy\""}
    assert sent[4]["content"][1]["image_url"]["detail"] == "low"


async def test_usage_and_cost_come_back(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue(openai_completion("hi", model="gpt-4o-2024-08-06", prompt_tokens=2_000_000,
                                        completion_tokens=1_000_000))
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url, api_key="k")
    completion = await model.complete([Message.text("user", "hi")])
    assert completion.usage.input_tokens == 2_000_000
    assert completion.usage.output_tokens == 1_000_000
    assert completion.usage.calls == 1
    # gpt-4o estimate: 2.50 in / 10.00 out per million tokens
    assert completion.usage.cost_usd == pytest.approx(2 * 2.50 + 10.00)
    assert completion.model == "gpt-4o-2024-08-06"


async def test_unknown_model_has_no_cost_and_prices_override(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue("a", "b")
    local = create_model("openai:llama-3.2-vision", base_url=fake_openai.base_url)
    assert (await local.complete([Message.text("user", "x")])).usage.cost_usd is None
    priced = create_model("openai:llama-3.2-vision", base_url=fake_openai.base_url,
                          prices={"llama-3.2-vision": {"input": 1.0, "output": 2.0}})
    usage = (await priced.complete([Message.text("user", "x")])).usage
    assert usage.cost_usd == pytest.approx((100 * 1.0 + 20 * 2.0) / 1e6)


async def test_no_seed_is_not_sent(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue("x")
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url, api_key="k")
    await model.complete([Message.text("user", "hi")], temperature=0.7)
    body = fake_openai.requests[0].body
    assert "seed" not in body
    assert body["temperature"] == 0.7


async def test_reasoning_models_get_max_completion_tokens(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue("x")
    model = create_model("openai:gpt-5-mini", base_url=fake_openai.base_url, api_key="k")
    await model.complete([Message.text("user", "hi")], max_tokens=77)
    body = fake_openai.requests[0].body
    assert body["max_completion_tokens"] == 77
    assert "max_tokens" not in body


async def test_reasoning_models_get_no_temperature(fake_openai: FakeOpenAI) -> None:
    # o-series models refuse any temperature but their default (HTTP 400): it is left out, the rest is sent
    fake_openai.queue("x")
    model = create_model("openai:o4-mini", base_url=fake_openai.base_url, api_key="k")
    await model.complete([Message.text("user", "hi")], temperature=0.0, max_tokens=55)
    body = fake_openai.requests[0].body
    assert "temperature" not in body and body["max_completion_tokens"] == 55 and "max_tokens" not in body


async def test_base_url_without_key_sends_placeholder(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue("x")
    model = create_model("openai:qwen2-vl", base_url=fake_openai.base_url)
    await model.complete([Message.text("user", "hi")])
    assert fake_openai.requests[0].header("authorization") == "Bearer not-needed"


async def test_base_url_from_environment(fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    fake_openai.queue("from env")
    model = create_model("openai:gpt-4o")
    assert (await model.complete([Message.text("user", "hi")])).text == "from env"
    assert fake_openai.requests[0].header("authorization") == "Bearer sk-from-env"


def test_repr_and_spec_hold_no_key() -> None:
    model = create_model("openai:gpt-4o", api_key="sk-very-secret-key")
    assert model.spec == "openai:gpt-4o"
    assert "sk-very-secret-key" not in repr(model)


async def test_model_can_be_closed_and_reports_it(fake_openai: FakeOpenAI) -> None:
    fake_openai.queue("x")
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url, api_key="k")
    await model.complete([Message.text("user", "hi")])
    await model.aclose()
    with pytest.raises(RuntimeError, match="closed"):  # a closed client refuses new requests
        await model.complete([Message.text("user", "again")])
    assert len(fake_openai.requests) == 1
