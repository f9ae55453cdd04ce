"""`--cache DIR`: a successful run's steps are replayed without a model call while the page matches; at
the first step that does not, the model takes over (with the replayed turns as its history) and the cache
heals; answers are read again from the page; a failed task is not cached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.local_server import serve_copy
from tests.scripted import scripted_spec
from webvoyager.cli import app

runner = CliRunner()
PAGES = Path(__file__).resolve().parents[1] / "pages" / "agent"
QUESTION = "How long does the Tomato Soup take?"
SOLUTION = ["Thought: search\nAction: Type [0]; [soup]",
            "Thought: open it\nAction: Click [0]",
            "Thought: done\nAction: ANSWER; [25 minutes]"]
# A model that must not be asked: any call gives a wrong answer the assertions would see.
NOT_ASKED = ["Thought: asked\nAction: ANSWER; [the model was asked]"] * 5

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of tests/pages/agent that the test may change, served on loopback."""
    with serve_copy(PAGES, tmp_path / "site") as served:
        yield served


def _run(tmp_path: Path, url: str, replies: list[str], name: str, cache: Path) -> tuple[dict, list[dict], str]:
    spec = scripted_spec(tmp_path / f"{name}.jsonl", replies)
    out = tmp_path / name
    res = runner.invoke(app, ["run", QUESTION, "--url", f"{url}/index.html", "--model", spec, "--out", str(out),
                              "--confirm", "allow", "--cache", str(cache)])
    result = json.loads((out / "task" / "result.json").read_text())
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    return result, steps, " ".join(res.output.split())


def _cached(steps: list[dict]) -> list[bool]:
    return [bool(s["policy_data"].get("cached")) for s in steps]


def test_a_cached_task_replays_without_model_calls_and_rereads_its_answer(site, tmp_path) -> None:
    root, url = site
    cache = tmp_path / "cache"
    result, steps, _ = _run(tmp_path, url, SOLUTION, "first", cache)
    assert result["status"] == "answered" and result["usage"]["calls"] == 3
    assert _cached(steps) == [False, False, False]
    [entry_file] = list(cache.glob("*.json"))
    entry = json.loads(entry_file.read_text())
    assert [s["action"]["kind"] for s in entry["steps"]] == ["type", "click", "answer"]
    assert all("target" not in s["action"] for s in entry["steps"])     # never a label number
    assert entry["steps"][1]["element"]["text"] == "Tomato Soup" and entry["steps"][1]["element"]["href"].endswith(
        "/detail-soup.html")
    assert entry["steps"][2]["answer"]["slots"][0]["before"] == "Total time: "

    result, steps, output = _run(tmp_path, url, NOT_ASKED, "second", cache)
    assert result["answer"] == "25 minutes" and result["usage"]["calls"] == 0
    assert _cached(steps) == [True, True, True]
    assert "3 model call(s) saved by the action cache" in output

    # Another result above the soup and a new cooking time: the link is found by what it shows under its
    # new label, and the answer is read from the page as it is now, not from the cache.
    results = root / "results.html"
    results.write_text(results.read_text().replace(
        '  const RECIPES = [\n', '  const RECIPES = [\n    {name: "Miso Soup", page: "x.html", tags: "soup"},\n'))
    soup = root / "detail-soup.html"
    soup.write_text(soup.read_text().replace("25 minutes", "40 minutes"))
    result, steps, _ = _run(tmp_path, url, NOT_ASKED, "third", cache)
    assert result["answer"] == "40 minutes" and result["usage"]["calls"] == 0
    assert steps[1]["action"] == "Click [1]" and _cached(steps) == [True, True, True]


def test_the_model_takes_over_at_the_first_mismatch_and_the_cache_heals(site, tmp_path) -> None:
    root, url = site
    cache = tmp_path / "cache"
    _run(tmp_path, url, SOLUTION, "first", cache)
    results = root / "results.html"
    results.write_text(results.read_text().replace('{name: "Tomato Soup"', '{name: "Tomato Soup (new)"'))

    result, steps, _ = _run(tmp_path, url, SOLUTION[1:], "healing", cache)
    assert result["answer"] == "25 minutes" and result["usage"]["calls"] == 2
    assert _cached(steps) == [True, False, False]
    # The model took over with the replayed step as its own turn of the conversation.
    messages = json.loads((tmp_path / "healing" / "task" / "interact_messages.json").read_text())
    assistant = [m["content"] for m in messages if m["role"] == "assistant"]
    assert any("Action: Type [0]; [soup]" in str(c) for c in assistant)

    result, steps, _ = _run(tmp_path, url, NOT_ASKED, "healed", cache)
    assert result["answer"] == "25 minutes" and result["usage"]["calls"] == 0
    assert _cached(steps) == [True, True, True]


def test_a_failed_task_is_not_cached(site, tmp_path) -> None:
    _, url = site
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(json.dumps({"id": "soup", "ques": QUESTION, "web": f"{url}/index.html", "web_name": "Recipes",
                                 "check": {"answer": {"type": "text", "expect": ["25 minutes"]}}}) + "\n")
    cache = tmp_path / "cache"
    wrong = SOLUTION[:2] + ["Thought: done\nAction: ANSWER; [30 minutes]"]
    res = runner.invoke(app, ["bench", str(tasks), "--model", scripted_spec(tmp_path / "wrong.jsonl", wrong),
                              "--out", str(tmp_path / "wrong"), "--cache", str(cache)])
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "wrong" / "soup" / "result.json").read_text())["success"] is False
    assert not list(cache.glob("*.json"))

    res = runner.invoke(app, ["bench", str(tasks), "--model", scripted_spec(tmp_path / "right.jsonl", SOLUTION),
                              "--out", str(tmp_path / "right"), "--cache", str(cache)])
    assert res.exit_code == 0, res.output
    assert len(list(cache.glob("soup-*.json"))) == 1
    assert json.loads((tmp_path / "right" / "run.json").read_text())["settings"]["cache"] == str(cache)
