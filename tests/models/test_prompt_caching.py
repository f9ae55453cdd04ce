"""Prompt caching through the real SDKs against the local protocol servers: where Anthropic's cache
breakpoints go (the JSON the server received, from the WebVoyager and SeeAct policies' own requests), and
the cached usage of each vendor read and priced."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from tests.models.fake_providers import (FakeAnthropic, FakeGemini, FakeOpenAI, FakeOpenAIResponses,
                                         anthropic_message, gemini_response, openai_completion, openai_message_item,
                                         openai_response)
from webvoyager.api import create_model
from webvoyager.browser.types import Element, Observation
from webvoyager.models import Message
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.tasks import Task
from webvoyager.usage import Usage
from webvoyager.voyager.policy import WebVoyagerPolicy

EPHEMERAL = {"type": "ephemeral"}


def _png(width: int = 1024, height: int = 768, shade: int = 200) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (shade, shade, 255)).save(out, format="PNG")
    return out.getvalue()


def _observation(step: int) -> Observation:
    png = _png(shade=100 + step)
    button = Element(label=0, tag="button", text="Search", bbox=(10, 10, 80, 30))
    return Observation(url=f"http://shop.localhost/page{step}", title=f"Page {step}", screenshot=png,
                       marked_screenshot=png, elements=[button], text='[0]: <button> "Search"',
                       observation_id=step)


def _breakpoints(body: dict[str, Any]) -> list[tuple[int, int]]:
    """(message, block) of every message block carrying cache_control."""
    return [(i, j) for i, m in enumerate(body["messages"]) for j, b in enumerate(m["content"])
            if isinstance(b, dict) and "cache_control" in b]


def _unmarked(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = copy.deepcopy(messages)
    for message in out:
        for block in message["content"]:
            block.pop("cache_control", None)
    return out


TASK = Task(id="t", question="Find the price of the blue kettle.", start_url="http://shop.localhost/")


async def test_webvoyager_marks_the_system_prompt_and_the_prefix_the_next_call_repeats() -> None:
    with FakeAnthropic() as server:
        server.queue(*[anthropic_message("Thought: wait\nAction: Wait") for _ in range(5)])
        model = create_model("anthropic:claude-sonnet-4-20250514", base_url=server.base_url, api_key="k")
        policy = WebVoyagerPolicy(model, context_images=3)
        policy.reset(TASK)
        for step in range(1, 6):
            await policy.decide(_observation(step))
        bodies = server.bodies()
    for body in bodies:
        (system,) = body["system"]
        assert system["cache_control"] == EPHEMERAL and system["text"] == policy.system_prompt
        assert all(block["cache_control"] == EPHEMERAL for m in body["messages"] for block in m["content"]
                   if "cache_control" in block)
    last_blocks = lambda body, i: (i, len(body["messages"][i]["content"]) - 1)  # noqa: E731
    # Messages alternate user (observation n at 2n-2) and assistant. With 3 screenshots kept:
    # calls 1-2 mark their newest observation (the next call repeats it all); call 3 marks call 2's
    # (read) and nothing new (call 4 clips observation 1); from call 4 on, the reply to the newest clipped
    # observation (write) and the previous call's mark (read).
    expected = [[last_blocks(bodies[0], 0)], [last_blocks(bodies[1], 0), last_blocks(bodies[1], 2)],
                [last_blocks(bodies[2], 2)], [last_blocks(bodies[3], 1)],
                [last_blocks(bodies[4], 1), last_blocks(bodies[4], 3)]]
    assert [_breakpoints(b) for b in bodies] == expected
    # What a call marks for the next one is byte for byte the start of the next request.
    for body, after in zip(bodies, bodies[1:]):
        shared = set(_breakpoints(body)) & set(_breakpoints(after))
        assert shared or body is bodies[2]   # call 3 wrote nothing new (only the system prompt stays)
        for end, _ in shared:
            assert _unmarked(after["messages"][:end + 1]) == _unmarked(body["messages"][:end + 1])
    assert len(bodies[4]["messages"]) == 9 and len(_breakpoints(bodies[4])) + 1 <= 4


async def test_seeact_stage_two_repeats_the_cached_generation_turn() -> None:
    with FakeAnthropic() as server:
        server.queue(anthropic_message("I click the Search button."),
                     anthropic_message("ELEMENT: A\nACTION: CLICK\nVALUE: None"))
        model = create_model("anthropic:claude-sonnet-4-20250514", base_url=server.base_url, api_key="k")
        policy = SeeActPolicy(model)
        policy.reset(TASK)
        await policy.decide(_observation(1))
        generation, grounding = server.bodies()
    assert generation["system"][0]["cache_control"] == EPHEMERAL
    # The generation turn (text, then the screenshot) is marked on its screenshot in both calls.
    assert _breakpoints(generation) == [(0, 1)] and generation["messages"][0]["content"][1]["type"] == "image"
    assert _breakpoints(grounding) == [(0, 1)]
    assert _unmarked(grounding["messages"][:1]) == _unmarked(generation["messages"])


async def test_anthropic_cached_usage_is_read_and_priced() -> None:
    with FakeAnthropic() as server:
        server.queue(anthropic_message("ok", input_tokens=200, output_tokens=100, cache_read=3000,
                                       cache_creation=500))
        model = create_model("anthropic:claude-sonnet-4-20250514", base_url=server.base_url, api_key="k")
        completion = await model.complete([Message.text("system", "S"), Message.text("user", "hi")])
    usage = completion.usage
    assert (usage.input_tokens, usage.cache_read_tokens, usage.cache_write_tokens) == (3700, 3000, 500)
    # $3 input, reads at 0.1x ($0.30), 5-minute writes at 1.25x ($3.75), $15 output, per million.
    assert usage.cost_usd == pytest.approx((200 * 3.0 + 3000 * 0.30 + 500 * 3.75 + 100 * 15.0) / 1e6)


async def test_openai_cached_tokens_are_read_and_priced_on_both_apis() -> None:
    with FakeOpenAI() as server:
        server.queue(openai_completion("ok", prompt_tokens=2000, completion_tokens=100, cached_tokens=1280),
                     openai_completion("ok", prompt_tokens=2000, completion_tokens=100))
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="k")
        cached = (await model.complete([Message.text("user", "hi")])).usage
        plain = (await model.complete([Message.text("user", "hi")])).usage
        old = create_model("openai:gpt-4-turbo", base_url=server.base_url, api_key="k")
        server.queue(openai_completion("ok", prompt_tokens=2000, completion_tokens=100, cached_tokens=1280))
        no_cache_price = (await old.complete([Message.text("user", "hi")])).usage
    assert (cached.input_tokens, cached.cache_read_tokens, cached.cache_write_tokens) == (2000, 1280, 0)
    assert cached.cost_usd == pytest.approx((720 * 2.50 + 1280 * 1.25 + 100 * 10.0) / 1e6)
    assert plain.cache_read_tokens == 0 and plain.cost_usd == pytest.approx((2000 * 2.50 + 100 * 10.0) / 1e6)
    # A model without a cached price pays its input price for cached tokens (no discount assumed).
    assert no_cache_price.cost_usd == pytest.approx((2000 * 10.0 + 100 * 30.0) / 1e6)
    with FakeOpenAIResponses() as server:
        server.queue(openai_response(openai_message_item("done"), model="gpt-4.1", input_tokens=1500,
                                     output_tokens=40, cached_tokens=1024))
        model = create_model("openai:gpt-4.1", base_url=server.base_url, api_key="k")
        _, usage = await model.native(model.client.responses.create, {"model": "gpt-4.1", "input": "hi"},
                                      read=model.read_responses)
    assert (usage.input_tokens, usage.cache_read_tokens) == (1500, 1024)
    assert usage.cost_usd == pytest.approx((476 * 2.00 + 1024 * 0.50 + 40 * 8.0) / 1e6)


async def test_gemini_cached_content_tokens_are_read_and_priced() -> None:
    with FakeGemini() as server:
        server.queue(gemini_response({"text": "ok"}, model="gemini-2.5-flash", prompt_tokens=1200, output_tokens=30,
                                     cached_tokens=1000))
        model = create_model("gemini:gemini-2.5-flash", base_url=server.base_url, api_key="g")
        usage = (await model.complete([Message.text("user", "hi")])).usage
    assert (usage.input_tokens, usage.cache_read_tokens) == (1200, 1000)
    assert usage.cost_usd == pytest.approx((200 * 0.30 + 1000 * 0.03 + 30 * 2.50) / 1e6)


def test_usage_sums_and_serializes_the_cache_counts_and_old_records_load() -> None:
    a = Usage(100, 10, 0.5, calls=1, cache_read_tokens=60, cache_write_tokens=20, image_tokens_estimate=765)
    b = Usage(50, 5, None, calls=1, cache_read_tokens=40)
    total = a + b
    assert (total.cache_read_tokens, total.cache_write_tokens, total.image_tokens_estimate) == (100, 20, 765)
    assert total.cached_tokens == 120
    assert Usage.from_dict(total.to_dict()) == total
    old = {"input_tokens": 7, "output_tokens": 3, "total_tokens": 10, "cost_usd": None, "calls": 1}
    assert Usage.from_dict(old) == Usage(7, 3, None, calls=1)
