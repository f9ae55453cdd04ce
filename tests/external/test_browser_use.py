"""browser-use's Agent as a `cmd:` agent, end to end and offline: the real browser-use (in its own venv,
`scripts/setup_browser_use.sh`) connects to the task's browser over CDP and asks a local
OpenAI-compatible server, scripted in browser-use's structured reply format, what to do; the task's
check passes on the page it left. Skipped when .venv-browser-use has not been made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.models.fake_providers import FakeOpenAI
from webvoyager.bench.external import CommandAgent, run_external
from webvoyager.sandbox.catalog import load_sandbox_tasks

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv-browser-use" / "bin" / "python"
ADAPTER = ROOT / "src" / "webvoyager" / "bench" / "external" / "browser_use_agent.py"

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(not PYTHON.exists(), reason="run scripts/setup_browser_use.sh for .venv-browser-use")]


def reply(goal: str, action: dict) -> str:
    """One browser-use AgentOutput, as the model's JSON content."""
    return json.dumps({"thinking": goal, "evaluation_previous_goal": "", "memory": "", "next_goal": goal,
                       "action": [action]})


async def test_browser_use_drives_the_task_page_and_the_check_passes(sandbox, tmp_path: Path) -> None:
    task = next(t for t in load_sandbox_tasks(sandbox.port) if t.id == "dictionary--12")
    with FakeOpenAI() as server:
        server.queue(reply("open the V list", {"navigate": {"url": f"http://dictionary.localhost:{sandbox.port}/browse/v"}}),
                     reply("report", {"done": {"text": "Here are the words starting with V.", "success": True}}))
        agent = CommandAgent(f"{PYTHON} {ADAPTER}", env={"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "sk-test",
                                                        "BROWSER_USE_MODEL": "gpt-4o"})
        result = await run_external(task, agent, tmp_path / "task", timeout_s=180)
        sent = [r.body for r in server.requests]
    assert result.status == "answered", result.error
    assert result.answer == "Here are the words starting with V." and result.success is True
    assert result.final_url.endswith("/browse/v")
    first = json.dumps(sent[0]["messages"])
    assert "/grammar" in first                         # browser-use saw our tab, on the task's start page
    assert '"image_url"' in first                      # with its screenshot
    assert "/browse/v" in json.dumps(sent[1]["messages"])   # and after its navigation, the page it went to
    record = json.loads((tmp_path / "task" / "external.json").read_text())
    assert json.loads(record["agent_steps"][0]["action"]) == [{"navigate": {"url": f"http://dictionary.localhost:{sandbox.port}/browse/v"}}]
