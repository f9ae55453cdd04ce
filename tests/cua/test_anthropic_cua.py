"""The `cua` policy with Anthropic's computer tool, end to end: the real `anthropic` SDK talks to a local
server that speaks the Messages API and answers with scripted tool_use blocks; the real browser performs
them on a local page. Each test asserts the exact requests (the tool declaration, the beta header, the
screenshot sizes, the tool_result items) and what the page recorded."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.models.fake_providers import FakeAnthropic, FakeResponse
from webvoyager.agent.gate import ConfirmGate
from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.api import create_model
from webvoyager.cua.anthropic_cua import AnthropicComputerUse, tool_for
from webvoyager.cua.policy import ComputerUsePolicy
from webvoyager.tasks import Task
from webvoyager.trajectory import TaskDir

pytestmark = pytest.mark.browser
SEARCH = (550, 315)    # the centre of the search box of zoo/pixel.html
BUY = (120, 55)        # the centre of its "Buy now" button


def _reply(*blocks: dict[str, Any], model: str = "claude-sonnet-4-5") -> FakeResponse:
    return FakeResponse(200, {"id": "msg_1", "type": "message", "role": "assistant", "model": model,
                              "content": list(blocks), "stop_reason": "tool_use", "stop_sequence": None,
                              "usage": {"input_tokens": 1500, "output_tokens": 40}})


def _use(call_id: str, action: str, **fields: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "computer", "input": {"action": action, **fields}}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _image_size(block: dict[str, Any]) -> tuple[int, int]:
    data = base64.b64decode(block["source"]["data"])
    return Image.open(io.BytesIO(data)).size


async def _run(session, pages_url: str, tmp_path: Path, server: FakeAnthropic, model: str, *,
               gate: ConfirmGate | None = None, tool: str | None = None):  # type: ignore[no-untyped-def]
    chat = create_model(f"anthropic:{model}", base_url=server.base_url, api_key="sk-ant-test")
    policy = ComputerUsePolicy(AnthropicComputerUse(chat, session.config.viewport, tool=tool))
    task = Task(id="pixel", question="Search for lasagne.", start_url=f"{pages_url}/zoo/pixel.html")
    recorder = Recorder(tmp_path / "run" / "pixel")
    result = await Agent(session, policy, max_steps=8, recorder=recorder, gate=gate).run(task)
    return result, TaskDir(tmp_path / "run" / "pixel").load_steps()


async def test_clicks_types_and_presses_keys_by_coordinates_then_answers(session, pages_url, tmp_path) -> None:
    with FakeAnthropic() as server:
        server.queue(_reply(_text("I click the search box."), _use("t1", "left_click", coordinate=list(SEARCH))))
        server.queue(_reply(_use("t2", "type", text="lasagne"), _use("t3", "key", text="Return")))
        server.queue(_reply(_text("I searched for lasagne.")))
        result, steps = await _run(session, pages_url, tmp_path, server, "claude-sonnet-4-5")
        bodies = [r for r in server.requests if r.path.startswith("/v1/messages")]
    assert result.status == "answered" and result.answer == "I searched for lasagne."
    assert await session.page.input_value("#q") == "lasagne"
    assert (await session.page.evaluate("window.__log"))[-1] == "enter:lasagne"
    first = bodies[0].body
    assert first["tools"] == [{"type": "computer_20250124", "name": "computer", "display_width_px": 1024,
                               "display_height_px": 768}]
    assert all(r.header("anthropic-beta") == "computer-use-2025-01-24" for r in bodies)
    assert "Search for lasagne." in first["system"][0]["text"]
    opening = first["messages"][0]["content"]
    assert opening[0] == {"type": "text", "text": "Search for lasagne."} and _image_size(opening[1]) == (1024, 768)
    # The batch of two calls is performed without asking again: three requests for three steps of calls.
    assert len(bodies) == 3
    second = bodies[1].body["messages"]
    assert [m["role"] for m in second] == ["user", "assistant", "user"]
    assert second[1]["content"][1]["input"] == {"action": "left_click", "coordinate": list(SEARCH)}
    results = bodies[2].body["messages"][-1]["content"]
    assert [r["tool_use_id"] for r in results] == ["t2", "t3"] and not any(r.get("is_error") for r in results)
    assert all(_image_size(r["content"][-1]) == (1024, 768) for r in results)
    assert [s.action for s in steps] == ["ClickAt(target=(550, 315))", "TypeText(text='lasagne')",
                                         "KeyChord(keys=('Return',))", "ANSWER; [I searched for lasagne.]"]
    used = [s.policy_data.computer_use for s in steps[:3]]
    assert [u.call for u in used] == ["left_click", "type", "key"] and [u.batched for u in used] == [False, False, True]
    assert used[0].model_point == [550, 315] and used[0].image_size == [1024, 768]


async def test_only_the_newest_three_screenshots_stay_in_the_history(session, pages_url, tmp_path) -> None:
    with FakeAnthropic() as server:
        for n in range(4):
            server.queue(_reply(_use(f"t{n}", "mouse_move", coordinate=[100 + n, 470])))
        server.queue(_reply(_text("done")))
        await _run(session, pages_url, tmp_path, server, "claude-sonnet-4-5")
        last = server.bodies()[-1]
    images = [p for m in last["messages"] for b in m["content"]
              for p in (b["content"] if b.get("type") == "tool_result" else [b]) if p.get("type") == "image"]
    left_out = [p for m in last["messages"] for b in m["content"]
                for p in (b["content"] if b.get("type") == "tool_result" else [b])
                if p.get("type") == "text" and "left out" in p.get("text", "")]
    assert len(images) == 3 and len(left_out) == 2


async def test_cache_breakpoints_end_where_the_next_request_repeats_the_history(session, pages_url,
                                                                               tmp_path) -> None:
    with FakeAnthropic() as server:
        for n in range(4):
            server.queue(_reply(_use(f"t{n}", "mouse_move", coordinate=[100 + n, 470])))
        server.queue(_reply(_text("done")))
        await _run(session, pages_url, tmp_path, server, "claude-sonnet-4-5")
        bodies = server.bodies()
    marks = [[(i, j) for i, m in enumerate(b["messages"]) for j, block in enumerate(m["content"])
              if block.get("cache_control") == {"type": "ephemeral"}] for b in bodies]
    # Messages: the task (text, screenshot), then a tool_use and its tool_result (one screenshot) per turn.
    # While fewer than 3 screenshots are kept the whole request is repeated next; then the next pruning
    # turns the oldest kept screenshot into text, so the mark is the block before it; the previous
    # request's mark is repeated (read) while its prefix is unchanged.
    assert marks == [[(0, 1)], [(0, 1), (2, 0)], [(0, 0), (2, 0)], [(0, 0), (1, 0)], [(1, 0), (3, 0)]]
    assert all(b["system"][0]["cache_control"] == {"type": "ephemeral"} for b in bodies)

    def unmarked(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in block.items() if k != "cache_control"} for block in blocks]

    for k, (body, after) in enumerate(zip(bodies, bodies[1:])):
        for i, j in set(marks[k]) & set(marks[k + 1]):   # a mark read again covers the very same bytes
            assert [unmarked(m["content"]) for m in after["messages"][:i]] == \
                [unmarked(m["content"]) for m in body["messages"][:i]]
            assert unmarked(after["messages"][i]["content"][:j + 1]) == \
                unmarked(body["messages"][i]["content"][:j + 1])


async def test_a_batch_that_prunes_a_cached_prefix_is_not_marked_again(session, pages_url, tmp_path) -> None:
    with FakeAnthropic() as server:
        server.queue(_reply(_use("t0", "mouse_move", coordinate=[100, 470])),
                     _reply(_use("t1", "mouse_move", coordinate=[101, 470]),
                            _use("t2", "mouse_move", coordinate=[102, 470])),
                     _reply(_text("done")))
        await _run(session, pages_url, tmp_path, server, "claude-sonnet-4-5")
        bodies = server.bodies()
    marks = [[(i, j) for i, m in enumerate(b["messages"]) for j, block in enumerate(m["content"])
              if "cache_control" in block] for b in bodies]
    # The batch's two screenshots prune the task's: request 2's mark (2, 0) now covers changed bytes (its
    # digest differs), so request 3 marks only the block before its oldest kept screenshot.
    assert bodies[2]["messages"][0]["content"][1]["type"] == "text"
    assert marks == [[(0, 1)], [(0, 1), (2, 0)], [(1, 0)]]


async def test_the_gate_refuses_a_pixel_click_on_buy_and_the_model_is_told(session, pages_url, tmp_path) -> None:
    with FakeAnthropic() as server:
        server.queue(_reply(_use("t1", "left_click", coordinate=list(BUY))))
        server.queue(_reply(_text("I could not buy it.")))
        result, steps = await _run(session, pages_url, tmp_path, server, "claude-sonnet-4-5",
                                   gate=ConfirmGate("deny"))
        told = server.bodies()[-1]["messages"][-1]["content"][0]
    assert steps[0].gate is not None and steps[0].gate.choice == "reject"
    assert await session.page.evaluate("window.__log") == []           # nothing was clicked
    assert told["is_error"] is True and told["tool_use_id"] == "t1"
    assert told["content"][0]["text"].startswith("Not done: it buys")


async def test_zoom_and_cursor_position_with_the_20251124_tool(session, pages_url, tmp_path) -> None:
    assert tool_for("claude-opus-4-5").type == "computer_20251124"
    with FakeAnthropic() as server:
        server.queue(_reply(_use("t1", "mouse_move", coordinate=[300, 200]), _use("t2", "cursor_position"),
                            _use("t3", "zoom", region=[40, 30, 200, 80]), model="claude-opus-4-5"))
        server.queue(_reply(_text("done"), model="claude-opus-4-5"))
        await _run(session, pages_url, tmp_path, server, "claude-opus-4-5")
        bodies = server.requests
    assert bodies[0].body["tools"][0]["type"] == "computer_20251124" and bodies[0].body["tools"][0]["enable_zoom"]
    assert bodies[0].header("anthropic-beta") == "computer-use-2025-11-24"
    results = bodies[-1].body["messages"][-1]["content"]
    assert results[1]["content"][0] == {"type": "text", "text": "X=300,Y=200"}
    assert _image_size(results[2]["content"][-1]) == (161, 51)     # the region, at full resolution


async def test_the_toolset_names_each_action_and_needs_no_beta_header(browser, pages_url, tmp_path) -> None:
    from dataclasses import replace

    assert tool_for("claude-sonnet-5-5").toolset and not tool_for("claude-sonnet-4-5").toolset
    session = await browser.new_session(download_dir=tmp_path / "d", config=replace(browser.config, viewport=(1920, 1080)))
    try:
        with FakeAnthropic() as server:
            x, y = round(SEARCH[0] * 1446 / 1920), round(SEARCH[1] * 813 / 1080)   # in the sent image's space
            server.queue(_reply({"type": "tool_use", "id": "t1", "name": "left_click", "toolset_name": "computer",
                                 "input": {"coordinate": [x, y]}},
                                {"type": "tool_use", "id": "t2", "name": "type", "toolset_name": "computer",
                                 "input": {"text": "soup"}}, model="claude-sonnet-5-5"))
            server.queue(_reply(_text("typed"), model="claude-sonnet-5-5"))
            await _run(session, pages_url, tmp_path, server, "claude-sonnet-5-5")
            first, last = server.requests[0], server.requests[-1]
        assert first.body["tools"] == [{"type": "computer_toolset_20260801"}] and first.header("anthropic-beta") is None
        assert _image_size(first.body["messages"][0]["content"][1]) == (1446, 813)
        assert last.body["messages"][1]["content"][0]["toolset_name"] == "computer"   # replayed unchanged
        assert await session.page.input_value("#q") == "soup"
    finally:
        await session.close()


def test_run_cli_with_policy_cua(pages_url, tmp_path, monkeypatch) -> None:
    import json

    from typer.testing import CliRunner

    from webvoyager.cli import app

    runner = CliRunner()
    with FakeAnthropic() as server:
        server.queue(_reply(_use("t1", "left_click", coordinate=list(SEARCH)), _use("t2", "type", text="soup")))
        server.queue(_reply(_text("Typed soup.")))
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        out = tmp_path / "run"
        res = runner.invoke(app, ["run", "Type soup into the search box.", "--url", f"{pages_url}/zoo/pixel.html",
                                  "--policy", "cua", "--model", "anthropic:claude-sonnet-4-5", "--out", str(out)],
                            env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert json.loads((out / "task" / "result.json").read_text())["answer"] == "Typed soup."
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    assert steps[0]["action_data"] == {"kind": "clickat", "target": {"x": 550, "y": 315}, "button": "left",
                                       "count": 1, "keys": []}
    assert json.loads((out / "run.json").read_text())["settings"]["policy"] == "cua"
    # The report draws the click point over the step's screenshot (in the viewport's space); typing has
    # none, only the outline of the focused box the text went into.
    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    html = (out / "report.html").read_text()
    step1, step2 = html.split('id="task-task-step1"')[1].split('id="task-task-step2"')
    assert 'viewBox="0 0 1024 768"' in step1 and '<circle cx="550.0" cy="315.0"' in step1
    step2 = step2.split('class="step"')[0]
    assert "<circle" not in step2 and '<rect class="outline"' in step2
    bad = runner.invoke(app, ["run", "x", "--url", f"{pages_url}/zoo/pixel.html", "--policy", "cua", "--model",
                              "human", "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 2 and "needs a computer-use model" in " ".join(bad.output.split())
