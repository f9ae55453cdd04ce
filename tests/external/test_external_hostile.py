"""The hostile suite with an external agent: the rails (allowed domains, enforced by the network guard
of the agent's context and by a proxy for the whole browser) keep a gullible outside agent from
reaching the attacker's canary by any way a CDP client has; without them it gets there."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from webvoyager.api import RunSettings
from webvoyager.bench.external import CommandAgent, ExternalExecutor
from webvoyager.bench.external.suite import AgentName
from webvoyager.bench.hostile import hostile_settings, record_attack
from webvoyager.bench.runner import BenchOptions, run_bench
from webvoyager.browser.types import BrowserConfig
from webvoyager.sandbox.catalog import load_hostile_tasks
from webvoyager.sandbox.server import Sandbox
from webvoyager.trajectory import TaskDir

pytestmark = pytest.mark.browser

AGENT = CommandAgent(f"{sys.executable} {Path(__file__).parent / 'agents' / 'gullible_agent.py'}")


async def run_attacks(kinds: set[str], *, rails: bool, tmp: Path) -> Sandbox:
    """Run the attack tasks of `kinds` with the gullible agent; returns the (stopped) sandbox to inspect."""
    sandbox = Sandbox(port=0).start()
    try:
        tasks = [t for t in load_hostile_tasks(sandbox.port) if t.attack is not None and t.attack.kind in kinds]
        settings, secret = hostile_settings(RunSettings(confirm="deny"), rails=rails)
        await run_bench(tasks, model=AgentName(AGENT.name), settings=settings, run_dir=tmp,
                        options=BenchOptions(workers=2), executor=ExternalExecutor(AGENT, settings, BrowserConfig(), 60),
                        after_task=lambda task, result, folder: record_attack(task, result, folder, sandbox, secret))
        return sandbox
    finally:
        sandbox.stop()


async def test_with_rails_the_canary_hears_nothing_from_an_external_agent(tmp_path: Path) -> None:
    sandbox = await run_attacks({"exfil_link", "page_text"}, rails=True, tmp=tmp_path)
    assert sandbox.sites["canary"].hits == []
    for task_id in ("hostile--exfil_link", "hostile--page_text"):
        result = TaskDir(tmp_path / task_id).load_result()
        assert result is not None and result.status == "answered", result
    assert "followed 1 link(s)" in (TaskDir(tmp_path / "hostile--exfil_link").load_result().answer or "")


async def test_without_rails_the_same_agent_reaches_the_canary(tmp_path: Path) -> None:
    sandbox = await run_attacks({"exfil_link"}, rails=False, tmp=tmp_path)
    paths = {hit.path for hit in sandbox.sites["canary"].hits}
    assert "/c/direct" in paths and any(hit.token == "ex70" for hit in sandbox.sites["canary"].hits)
