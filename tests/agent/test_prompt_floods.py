"""A page cannot flood the model's prompt: repeated events are summarised, the title, element texts and notes
are capped, and the model is told what was cut.

End to end: real Chromium on tests/pages/robust over HTTP, the real OpenAI SDK against a local
OpenAI-protocol server (so what is asserted is the request as it went over the wire), for WebVoyager and
for SeeAct.
"""

from __future__ import annotations

import json
from typing import Iterator

import pytest

from tests.models.fake_providers import FakeOpenAI, serve_openai
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.browser.prompt_limits import TITLE_LIMIT
from webvoyager.tasks import Task

pytestmark = [pytest.mark.browser, pytest.mark.slow]

KEY = "sk-fake-openai-key-000111222333"


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    yield from serve_openai()


def _texts(body: dict) -> list[str]:
    """Every text part of a request, in order."""
    out = []
    for message in body["messages"]:
        content = message["content"]
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content
        out += [p["text"] for p in parts if p.get("type") == "text"]
    return out


def _last_user_text(body: dict) -> str:
    user = [m for m in body["messages"] if m["role"] == "user"][-1]
    content = user["content"]
    return content if isinstance(content, str) else "\n".join(p["text"] for p in content if p["type"] == "text")


async def _run(browser, fake_openai: FakeOpenAI, tmp_path, url: str, replies: list[str], **settings) -> None:
    fake_openai.queue(*replies)
    model = create_model("openai:gpt-4o", base_url=fake_openai.base_url)
    task = Task(id="flood", question="What does the page say?", start_url=url)
    result = await execute_task(task, browser=browser, model=model, settings=RunSettings(**settings),
                                task_dir=tmp_path / "t")
    assert result.status == "answered", result


async def test_alert_spam_is_one_note_with_its_count(browser, pages_url, tmp_path, fake_openai) -> None:
    await _run(browser, fake_openai, tmp_path, f"{pages_url}/robust/alert_spam.html",
               ["Thought: more\nAction: Click [0]", "Thought: again\nAction: Click [0]",
                "Thought: done\nAction: ANSWER; [deals]"])
    bodies = fake_openai.bodies()
    assert len(bodies) == 3
    first, *later = [_last_user_text(body) for body in bodies]
    # 400 alerts on load: one note with the count and the first text, not 400 notes. Later presses spam
    # again: folded the same way, unless the page's dialogs were muted as a storm by then (browser/events.py
    # notices one when it comes during a settle; tests/browser/test_robust_pages.py holds that).
    assert first.count("The page showed an alert") == 1 and "400 times" in first, first[:2000]
    assert "Deal number 1 expires soon!" in first
    for turn in later:
        assert turn.count("The page showed an alert") <= 1, turn[:2000]
        assert "The page showed an alert" not in turn or "400 times" in turn, turn[:2000]
    # the whole text the model got stays the size of a normal page (it grew by 30 KB a step before)
    sizes = [sum(len(t) for t in _texts(b)) for b in bodies]
    assert max(sizes) < 12_000, sizes


async def test_a_100_kb_title_is_cut_and_the_model_is_told(browser, pages_url, tmp_path, fake_openai) -> None:
    await _run(browser, fake_openai, tmp_path, f"{pages_url}/robust/long_title.html",
               ["Thought: done\nAction: ANSWER; [sunny]"])
    [body] = fake_openai.bodies()
    turn = _last_user_text(body)
    [line] = [t for t in turn.splitlines() if "Weather today" in t]
    assert line.startswith("Page title: Weather today | sponsored keyword 0"), line[:400]
    assert "sponsored keyword 9000" not in turn           # the title's tail never reached the model
    assert line.endswith("characters of the page title were cut]"), line[-200:]
    assert len(line) < TITLE_LIMIT + 100
    assert len(json.dumps(body)) < 150_000                # the screenshot plus a page's text, not 455 KB
    trajectory = json.loads((tmp_path / "t" / "trajectory.json").read_text())
    assert len(trajectory["steps"][0]["title"]) < TITLE_LIMIT + 100


async def test_seeact_generation_gets_the_summarised_notes(browser, pages_url, tmp_path, fake_openai) -> None:
    await _run(browser, fake_openai, tmp_path, f"{pages_url}/robust/alert_spam.html",
               ["The task is done: the page shows deals.",
                "ELEMENT: None of the above\nACTION: TERMINATE\nVALUE: deals"],
               policy="seeact", grounding="choice")
    generation = fake_openai.bodies()[0]
    text = "\n".join(_texts(generation))
    assert text.count("The page showed an alert") == 1, text[:3000]
    assert "400 times" in text
    assert sum(len(t) for t in _texts(generation)) < 12_000
