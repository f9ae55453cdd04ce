"""`--latency S`: the offline stand-ins answer after S seconds, as a served model would (for throughput
benchmarks at real model latency), and only the stand-ins take it."""

from __future__ import annotations

import asyncio

import pytest
from typer.testing import CliRunner

from webvoyager.api import check_model_ready, create_model
from webvoyager.api.settings import RunSettings
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.models.base import Message
from webvoyager.standins.pixel_gullible import PixelGullible
from webvoyager.standins.pixel_reference import PixelReference

SLOW = RunSettings(standin_latency_s=30.0)


@pytest.mark.parametrize("spec", ["reference", "gullible"])
async def test_a_stand_in_with_latency_has_not_answered_before_its_time(spec: str) -> None:
    model = create_model(spec, settings=SLOW)
    with pytest.raises(TimeoutError):   # 30 s asked: still waiting after 0.2 s, whatever the conversation
        await asyncio.wait_for(model.complete([Message.text("user", "anything")]), timeout=0.2)


@pytest.mark.parametrize("adapter", [PixelReference, PixelGullible])
async def test_the_pixel_stand_ins_wait_too(adapter) -> None:
    cua = create_model("reference" if adapter is PixelReference else "gullible",
                       settings=RunSettings(policy="cua", standin_latency_s=30.0))
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(adapter(cua, (1024, 768)).turn([], b""), timeout=0.2)


def test_latency_is_refused_for_a_served_model_and_out_of_range() -> None:
    with pytest.raises(ConfigError, match="answers in its own time: drop --latency"):
        check_model_ready("openai:gpt-4o", api_key="k", settings=RunSettings(standin_latency_s=3.0))
    with pytest.raises(ConfigError, match="--latency must be between 0 and 600"):
        RunSettings(standin_latency_s=-1.0)
    check_model_ready("reference", settings=RunSettings(standin_latency_s=3.0))
    result = CliRunner().invoke(app, ["run", "Find it.", "--url", "http://example.com", "--model",
                                      "anthropic:claude-sonnet-4-6", "--latency", "2"],
                                env={"ANTHROPIC_API_KEY": "k", "COLUMNS": "200"})
    assert result.exit_code != 0 and "drop --latency" in result.output


async def test_the_reply_is_made_while_the_latency_passes() -> None:
    """A served model's answer time covers its own work: the stand-in's reply is made during the wait."""
    from webvoyager.standins.latency import answer_after

    made = asyncio.Event()

    async def reply() -> str:
        made.set()
        return "done"

    answering = asyncio.ensure_future(answer_after(30.0, reply()))
    await asyncio.wait_for(made.wait(), timeout=5)   # made at once, not after the 30 s
    assert not answering.done()
    answering.cancel()
    assert await answer_after(0.0, reply()) == "done"


async def test_the_reference_reads_off_the_event_loop(monkeypatch) -> None:
    """The reference's reply (OCR of a screenshot at an answer step) runs in the stand-ins' threads, so the
    other tasks of a bench go on meanwhile."""
    import threading

    from webvoyager.standins.reference import ReferenceModel

    model = create_model("reference")
    assert isinstance(model, ReferenceModel)
    where: list[str] = []
    monkeypatch.setattr(model, "_reply", lambda messages: where.append(threading.current_thread().name) or None)
    await model.complete([Message.text("user", "anything")])
    assert where and where[0].startswith("standin-reply")
