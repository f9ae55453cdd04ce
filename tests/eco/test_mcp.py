"""`webvoyager mcp`: the MCP server, started as a subprocess and used through the official SDK's stdio
client: tools listed, sandbox tasks listed, a sandbox page observed (elements + screenshot), acted on
(the page changes), a consequential action refused without elicitation and done with the user's
approval, and a sandbox task run by the agent with the reference model."""

from __future__ import annotations

import base64
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp.server.mcpserver")

import mcp_types as types  # noqa: E402
from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402

SRC = Path(__file__).resolve().parents[2] / "src"
BUY = '<button> "Buy now"'
BUY_PAGE = ("data:text/html,<title>shop</title><h1>Cart</h1>"
            "<button onclick=\"document.title='bought'\">Buy now</button>")


def _params(out: Path) -> StdioServerParameters:
    env = {"PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    for name in ("WEBVOYAGER_CHROMIUM", "PLAYWRIGHT_BROWSERS_PATH"):
        if os.environ.get(name):
            env[name] = os.environ[name]
    return StdioServerParameters(command=sys.executable, args=["-m", "webvoyager", "mcp", "--out", str(out)], env=env)


def _text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if c.type == "text")


def _label(text: str, pattern: str) -> int:
    match = re.search(rf"^\[(\d+)\]: {pattern}", text, re.M | re.I)
    assert match, f"no element matching {pattern!r} in:\n{text}"
    return int(match.group(1))


@pytest.mark.browser
@pytest.mark.slow
async def test_mcp_client_lists_observes_acts_and_is_refused_a_purchase(tmp_path) -> None:
    async with stdio_client(_params(tmp_path / "runs")) as (read, write):
        async with ClientSession(read, write) as session:   # no elicitation support
            await session.initialize()
            tools = {t.name for t in (await session.list_tools()).tools}
            assert {"run_task", "observe", "act", "list_sandbox_tasks"} <= tools

            listed = json.loads(_text(await session.call_tool("list_sandbox_tasks", {"site": "recipes"})))
            assert listed and all(t["site"] == listed[0]["site"] for t in listed)
            task = next(t for t in listed if t["id"] == "recipes--1")
            assert "Tandoori Halloumi Linguine" in task["question"] and "recipes.localhost:" in task["start_url"]

            seen = await session.call_tool("observe", {"url": task["start_url"]})
            assert not seen.is_error, _text(seen)
            text = _text(seen)
            assert f"URL: {task['start_url']}" in text and "Elements:" in text
            images = [c for c in seen.content if c.type == "image"]
            assert len(images) == 1 and images[0].mime_type == "image/png"
            assert base64.b64decode(images[0].data).startswith(b"\x89PNG")

            acted = await session.call_tool("act", {"action": f"Click [{_label(text, '.*accept all cookies')}]"})
            assert not acted.is_error, _text(acted)
            after = _text(acted)
            assert after.startswith("Done: Click [") and "accept all cookies" not in after.lower()
            box = _label(after, r"<input type=\w+>.*Search recipes")
            typed = _text(await session.call_tool("act", {"action": f"Type [{box}]; [Tandoori Halloumi Linguine]"}))
            assert "the page navigated" in typed and re.search(r"URL: \S+search\S*Tandoori", typed), typed

            await session.call_tool("observe", {"url": BUY_PAGE})
            seen = _text(await session.call_tool("observe", {}))
            refused = await session.call_tool("act", {"action": f"Click [{_label(seen, BUY)}]"})
            assert refused.is_error
            assert "Not done" in _text(refused) and "no elicitation support" in _text(refused)
            assert "Title: shop" in _text(await session.call_tool("observe", {}))   # nothing was bought


@pytest.mark.browser
@pytest.mark.slow
async def test_mcp_approval_by_elicitation_and_run_task_with_the_reference_model(tmp_path) -> None:
    asked: list[str] = []

    async def approve(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        if len(asked) == 1:   # the user says no the first time, yes the second
            return types.ElicitResult(action="accept", content={"approve": False, "note": "not today"})
        return types.ElicitResult(action="accept", content={"approve": True, "note": ""})

    async with stdio_client(_params(tmp_path / "runs")) as (read, write):
        async with ClientSession(read, write, elicitation_callback=approve) as session:
            await session.initialize()
            seen = _text(await session.call_tool("observe", {"url": BUY_PAGE}))
            declined = await session.call_tool("act", {"action": f"Click [{_label(seen, BUY)}]"})
            assert declined.is_error and "not approved (not today)" in _text(declined)
            assert "Title: shop" in _text(await session.call_tool("observe", {}))
            bought = await session.call_tool("act", {"action": f"Click [{_label(seen, BUY)}]"})
            assert not bought.is_error, _text(bought)
            assert "Title: bought" in _text(bought)
            assert len(asked) == 2 and "Click [" in asked[1] and "buys, books or spends" in asked[1]

            ran = await session.call_tool("run_task", {"task_id": "recipes--1", "model": "reference"})
            assert not ran.is_error, _text(ran)
            result = json.loads(_text(ran))
            assert result["status"] == "answered" and result["success"] is True and "6" in result["answer"]
            run_dir = Path(result["run_dir"])
            assert run_dir.parent == tmp_path / "runs"
            assert json.loads((run_dir / "recipes--1" / "result.json").read_text())["success"] is True


@pytest.mark.browser
@pytest.mark.slow
async def test_mcp_act_lists_and_does_a_double_click(tmp_path) -> None:
    page = ("data:text/html,<title>files</title><button onclick=\"document.title='selected'\" "
            "ondblclick=\"document.title='opened'\">report.pdf</button>")
    async with stdio_client(_params(tmp_path / "runs")) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            act = next(t for t in (await session.list_tools()).tools if t.name == "act")
            assert "DoubleClick [N]" in (act.description or "")
            seen = _text(await session.call_tool("observe", {"url": page}))
            label = _label(seen, '<button> "report.pdf"')
            done = await session.call_tool("act", {"action": f"DoubleClick [{label}]"})
            assert not done.is_error, _text(done)
            assert _text(done).startswith("Done: DoubleClick [") and "Title: opened" in _text(done)
            refused = await session.call_tool("act", {"action": "ANSWER; [opened]"})
            assert refused.is_error and "use run_task" in _text(refused)
