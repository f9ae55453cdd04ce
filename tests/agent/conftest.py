"""Runs of both protocols shared by the protocol and message-log tests (made once per session)."""

from __future__ import annotations

import pytest_asyncio

from tests.agent.protocol_runs import ProtocolRun, answering, run_protocol, stubborn


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def stubborn_runs(browser, pages_url, tmp_path_factory) -> dict[str, ProtocolRun]:
    """A model that repeats a useless click; the task's own step budget is 5."""
    out = tmp_path_factory.mktemp("stubborn")
    return {p: await run_protocol(browser, pages_url, out, p, stubborn, task_max_steps=5) for p in ("default", "paper")}


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def answering_runs(browser, pages_url, tmp_path_factory) -> dict[str, ProtocolRun]:
    """A model that searches, then answers."""
    out = tmp_path_factory.mktemp("answering")
    return {p: await run_protocol(browser, pages_url, out, p, answering) for p in ("default", "paper")}
