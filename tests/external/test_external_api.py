"""The Python API of external agents (`webvoyager.bench.external`): an in-process ExternalAgent, the
task's checks failing a wrong answer or a wrong final page, and a hanging command killed at its limit
(its whole process group) while the other task of the same bench completes."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

from tests.external.agents.css_agent import browse_v, find_page
from webvoyager.api import RunSettings
from webvoyager.bench.external import CommandAgent, ExternalExecutor, run_external
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.bench.external.suite import AgentName
from webvoyager.browser.types import BrowserConfig
from webvoyager.sandbox.catalog import load_sandbox_tasks

pytestmark = pytest.mark.browser

AGENT = Path(__file__).parent / "agents" / "css_agent.py"


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie nobody reaped has stopped running)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


class WaitingAgent:
    """An in-process agent that takes dictionary--12's wrong path (to /browse/w), stopping on the way until
    the bench has recorded the page it passed through."""

    name = "in-process css agent"

    def __init__(self, task_dir: Path) -> None:
        self.task_dir = task_dir
        self.received: dict[str, Any] = {}

    async def recorded(self, path: str) -> None:
        trajectory = self.task_dir / "trajectory.json"
        while not (trajectory.is_file() and any(s["url"].endswith(path) for s in
                                                json.loads(trajectory.read_text())["steps"])):
            await asyncio.sleep(0.05)   # polling the folder the recorder writes

    async def run(self, task: dict[str, Any]) -> dict[str, Any]:
        self.received = task
        async with async_playwright() as playwright:
            browser = await playwright.chromium.connect_over_cdp(task["cdp_url"])
            page = await find_page(browser, task["target_id"])
            await page.click('header a[href="/browse/a"]')
            await asyncio.wait_for(self.recorded("/browse/a"), 30)
            await page.click('.letters a[href="/browse/w"]')
            await page.wait_for_url("**/browse/w")
        return {"answer": "Here is the list of V words.", "steps": [{"thought": "browse", "action": "click W"}]}


async def test_an_in_process_agent_is_recorded_and_its_wrong_page_fails_the_check(sandbox, tmp_path: Path) -> None:
    task = next(t for t in load_sandbox_tasks(sandbox.port) if t.id == "dictionary--12")
    agent = WaitingAgent(tmp_path / "task")
    result = await run_external(task, agent, tmp_path / "task", timeout_s=60)
    assert result.status == "answered" and result.success is False    # the check wants /browse/v
    assert result.final_url.endswith("/browse/w") and result.model == "in-process css agent"
    sent = agent.received
    assert sent["question"] == task.question and sent["start_url"] == task.start_url
    assert sent["cdp_url"].startswith("http://127.0.0.1:") and sent["page_ws"].endswith(sent["target_id"])
    assert sent["viewport"] == {"width": 1024, "height": 768} and sent["time_limit_s"] == 60
    steps = json.loads((tmp_path / "task" / "trajectory.json").read_text())["steps"]
    assert steps[0]["url"].endswith("/grammar") and steps[-1]["url"].endswith("/browse/w")
    assert steps[1]["url"].endswith("/browse/a") and steps[1]["notes"] == ["the page changed"]   # while it ran
    assert steps[-1]["notes"] == ["the final page"]


@pytest.mark.slow
async def test_a_hanging_agent_is_killed_at_its_limit_while_the_bench_goes_on(sandbox, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    pid_file = tmp_path / "child.pid"
    monkeypatch.setenv("HANG_PID_FILE", str(pid_file))
    tasks = [t for t in load_sandbox_tasks(sandbox.port) if t.id in ("dictionary--4", "dictionary--1")]
    agent = CommandAgent(f"{sys.executable} {AGENT} --wrong")
    settings = RunSettings()
    await run_bench(tasks, model=AgentName(agent.name), settings=settings, run_dir=tmp_path / "run",
                    options=BenchOptions(workers=2), executor=ExternalExecutor(agent, settings, BrowserConfig(), 15))
    hung = json.loads((tmp_path / "run" / "dictionary--4" / "result.json").read_text())
    assert hung["status"] == "timeout" and "did not finish within its 15 s limit" in hung["error"]
    assert "thinking forever" in hung["error"]                       # the tail of its stderr
    assert not alive(int(pid_file.read_text()))                      # its own child was killed with it
    wrong = json.loads((tmp_path / "run" / "dictionary--1" / "result.json").read_text())
    assert wrong["status"] == "answered" and wrong["answer"] == "'wander' is a noun, CEFR level A1"
    assert wrong["success"] is False                                 # the answer check catches the wrong answer
