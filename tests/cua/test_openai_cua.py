"""The `cua` policy with OpenAI's computer tool, end to end: the real `openai` SDK talks to a local server
that speaks the Responses API and answers with scripted computer calls; the real browser performs them on
a local page. Each test asserts the exact requests (the tool declaration, the replayed input items, the
screenshot sizes, the acknowledged safety checks) and what the page recorded."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.models.fake_providers import FakeOpenAIResponses, openai_message_item, openai_response
from webvoyager.agent.gate import ConfirmGate
from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.api import create_model
from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, GoForward, KeyChord, MoveTo, Screenshot,
                                           ScrollAt, TypeText, WaitFor)
from webvoyager.browser.action_spec import Point
from webvoyager.cua.openai_cua import WAIT_S, OpenAIComputerUse, tool_for
from webvoyager.cua.policy import ComputerUsePolicy
from webvoyager.cua.turns import CallResult
from webvoyager.errors import ConfigError
from webvoyager.tasks import Task
from webvoyager.trajectory import TaskDir

SEARCH = (550, 315)    # the centre of the search box of zoo/pixel.html
PANEL = (190, 335)     # inside its scrollable panel
CHECK = {"id": "cu_sc_1", "code": "malicious_instructions", "message": "The page may hold instructions to the agent."}


def _call(call_id: str, *actions: dict[str, Any], checks: list[dict[str, Any]] | None = None,
          batch: bool = True) -> dict[str, Any]:
    """A computer_call item: the GA batch `actions`, or (batch=False) the preview's single `action`."""
    item: dict[str, Any] = {"type": "computer_call", "id": f"cu_{call_id}", "call_id": call_id, "status": "completed",
                            "pending_safety_checks": checks or []}
    if batch:
        item["actions"] = list(actions)
    else:
        (item["action"],) = actions
    return item


def _image_size(url: str) -> tuple[int, int]:
    assert url.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).size


def _outputs(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for i in body["input"] if i.get("type") == "computer_call_output"]


async def _run(session, pages_url: str, tmp_path: Path, server: FakeOpenAIResponses, model: str, *,
               gate: ConfirmGate | None = None, display: tuple[int, int] | None = None):  # type: ignore[no-untyped-def]
    chat = create_model(f"openai:{model}", base_url=server.base_url, api_key="sk-test")
    policy = ComputerUsePolicy(OpenAIComputerUse(chat, session.config.viewport, display=display))
    task = Task(id="pixel", question="Search for lasagne.", start_url=f"{pages_url}/zoo/pixel.html")
    recorder = Recorder(tmp_path / "run" / "pixel")
    result = await Agent(session, policy, max_steps=10, recorder=recorder, gate=gate).run(task)
    return result, TaskDir(tmp_path / "run" / "pixel").load_steps()


@pytest.mark.browser
async def test_ga_batch_is_performed_one_action_a_step_and_answered_with_one_output(session, pages_url,
                                                                                   tmp_path) -> None:
    reasoning = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAsecret"}
    with FakeOpenAIResponses() as server:
        server.queue(openai_response(reasoning, _call(
            "c1", {"type": "click", "button": "left", "x": SEARCH[0], "y": SEARCH[1]},
            {"type": "type", "text": "lasagne"}, {"type": "keypress", "keys": ["ENTER"]},
            {"type": "scroll", "x": PANEL[0], "y": PANEL[1], "scroll_x": 0, "scroll_y": 200},
            {"type": "drag", "path": [{"x": 350, "y": 100}, {"x": 400, "y": 120}, {"x": 450, "y": 150}]}),
            model="gpt-5.4"))
        server.queue(openai_response(openai_message_item("I searched for lasagne."), model="gpt-5.4"))
        result, steps = await _run(session, pages_url, tmp_path, server, "gpt-5.4")
        bodies = server.bodies()
    assert result.status == "answered" and result.answer == "I searched for lasagne."
    assert await session.page.input_value("#q") == "lasagne"
    assert await session.page.evaluate("document.getElementById('panel').scrollTop") == 200
    assert await session.page.evaluate("window.__log") == ["enter:lasagne", "down:350,100", "up:450,150:moves>true"]
    # Five actions, one model call for all of them: two requests in all.
    assert len(bodies) == 2
    first, second = bodies
    assert first["tools"] == [{"type": "computer"}] and first["truncation"] == "auto"
    assert first["include"] == ["reasoning.encrypted_content"] and "previous_response_id" not in first
    assert "Search for lasagne." in first["instructions"] and first["model"] == "gpt-5.4"
    opening = first["input"][0]
    assert opening["role"] == "user" and opening["content"][0] == {"type": "input_text", "text": "Search for lasagne."}
    assert _image_size(opening["content"][1]["image_url"]) == (1024, 768)     # native pixels
    assert [i.get("type", i.get("role")) for i in second["input"]] == ["user", "reasoning", "computer_call",
                                                                       "computer_call_output"]
    assert second["input"][1]["encrypted_content"] == "gAAAAsecret"          # replayed as returned
    assert second["input"][2]["actions"][3] == {"type": "scroll", "x": 190, "y": 335, "scroll_x": 0, "scroll_y": 200}
    (output,) = _outputs(second)
    assert output["call_id"] == "c1" and output["acknowledged_safety_checks"] == []
    assert output["output"]["type"] == "computer_screenshot" and _image_size(output["output"]["image_url"]) == (1024, 768)
    assert [s.action for s in steps][:3] == ["ClickAt(target=(550, 315))", "TypeText(text='lasagne')",
                                             "KeyChord(keys=('ENTER',))"]
    used = [s.policy_data.computer_use for s in steps[:5]]
    assert [u.call for u in used] == ["click", "type", "keypress", "scroll", "drag"]
    assert [u.batched for u in used] == [False, True, True, True, True] and {u.call_id for u in used} == {"c1"}
    assert used[0].tool == "computer" and used[0].model_point == [550, 315]
    saved = (tmp_path / "run" / "pixel" / "interact_messages.json").read_text()
    assert "gAAAAsecret" not in saved and "base64" not in saved and '"(encrypted)"' in saved


@pytest.mark.browser
async def test_preview_tool_declares_a_smaller_display_and_maps_its_points(session, pages_url, tmp_path) -> None:
    with FakeOpenAIResponses() as server:
        for n, action in enumerate([{"type": "click", "button": "left", "x": 275, "y": 158},
                                    {"type": "type", "text": "soup"}, {"type": "keypress", "keys": ["ENTER"]},
                                    {"type": "scroll", "x": 95, "y": 167, "scroll_x": 0, "scroll_y": 100}]):
            server.queue(openai_response(_call(f"c{n}", action, batch=False)))
        server.queue(openai_response(openai_message_item("Searched for soup.")))
        result, steps = await _run(session, pages_url, tmp_path, server, "computer-use-preview",
                                   display=(512, 384))
        bodies = server.bodies()
    assert result.answer == "Searched for soup."
    assert bodies[0]["tools"] == [{"type": "computer_use_preview", "display_width": 512, "display_height": 384,
                                   "environment": "browser"}]
    assert _image_size(bodies[0]["input"][0]["content"][1]["image_url"]) == (512, 384)
    assert len(bodies) == 5
    # Every request replays the whole history: one output per call so far, each the declared size.
    assert [[o["call_id"] for o in _outputs(b)] for b in bodies] == [[], ["c0"], ["c0", "c1"], ["c0", "c1", "c2"],
                                                                     ["c0", "c1", "c2", "c3"]]
    assert all(_image_size(o["output"]["image_url"]) == (512, 384) for o in _outputs(bodies[-1]))
    assert steps[0].action == "ClickAt(target=(550, 316))"                    # doubled into the viewport
    assert steps[0].policy_data.computer_use.model_point == [275, 158]
    assert steps[0].policy_data.computer_use.tool == "computer_use_preview"
    assert await session.page.input_value("#q") == "soup"
    assert (await session.page.evaluate("window.__log")) == ["enter:soup"]
    assert await session.page.evaluate("document.getElementById('panel').scrollTop") == 200


@pytest.mark.browser
async def test_a_refused_safety_check_stops_the_task_and_nothing_is_acknowledged(session, pages_url,
                                                                                tmp_path) -> None:
    with FakeOpenAIResponses() as server:
        server.queue(openai_response(_call("c1", {"type": "click", "button": "left", "x": 450, "y": 130},
                                           {"type": "type", "text": "x"}, checks=[CHECK]), model="gpt-5.4"))
        result, steps = await _run(session, pages_url, tmp_path, server, "gpt-5.4", gate=ConfirmGate("deny"))
        bodies = server.bodies()
    assert result.status == "error" and "did not approve OpenAI's safety check on computer call c1" in result.error
    assert "[malicious_instructions] The page may hold instructions to the agent." in result.error
    assert len(bodies) == 1                     # no output with an unacknowledged check was sent
    assert await session.page.evaluate("window.__log") == []                  # neither action of the batch ran
    assert await session.page.input_value("#q") == ""
    assert steps[0].gate.choice == "reject"
    assert "provider asks a person to confirm it: [malicious_instructions] The page may hold" in steps[0].gate.reason


@pytest.mark.browser
async def test_an_approved_safety_check_is_acknowledged_in_the_next_request(session, pages_url, tmp_path) -> None:
    gate = ConfirmGate.scripted(["a"])
    with FakeOpenAIResponses() as server:
        server.queue(openai_response(_call("c1", {"type": "click", "button": "left", "x": 450, "y": 130},
                                           checks=[CHECK], batch=False)))
        server.queue(openai_response(_call("c2", {"type": "move", "x": 100, "y": 470}, batch=False)))
        server.queue(openai_response(openai_message_item("Clicked the pad.")))
        result, steps = await _run(session, pages_url, tmp_path, server, "computer-use-preview", gate=gate)
        bodies = server.bodies()
    assert result.answer == "Clicked the pad." and steps[0].gate.choice == "approve"
    assert len(gate.shown) == 2 and "The page may hold instructions to the agent." in gate.shown[0]   # asked once
    assert await session.page.evaluate("window.__log") == ["down:450,130", "up:450,130:moves>false", "hover"]
    assert _outputs(bodies[1])[0]["acknowledged_safety_checks"] == [CHECK]
    assert [o["acknowledged_safety_checks"] for o in _outputs(bodies[2])] == [[CHECK], []]


async def test_every_action_type_maps_to_a_pixel_action() -> None:
    png = io.BytesIO()
    Image.new("RGB", (1024, 768), "white").save(png, "PNG")
    with FakeOpenAIResponses() as server:
        server.queue(openai_response(_call(
            "c1", {"type": "click", "button": "wheel", "x": 10, "y": 20},
            {"type": "click", "button": "right", "x": 10, "y": 20, "keys": ["SHIFT"]},
            {"type": "click", "button": "back", "x": 0, "y": 0}, {"type": "click", "button": "forward", "x": 0, "y": 0},
            {"type": "double_click", "x": 5, "y": 6}, {"type": "move", "x": 7, "y": 8},
            {"type": "drag", "path": [{"x": 1, "y": 2}, {"x": 3, "y": 4}], "keys": ["CTRL"]},
            {"type": "keypress", "keys": ["CTRL", "A"]}, {"type": "type", "text": "hi"}, {"type": "wait"},
            {"type": "screenshot"}, {"type": "scroll", "x": 9, "y": 9, "scroll_x": -40, "scroll_y": 0}),
            _call("c2", {"type": "teleport"}), model="gpt-5.4"))
        adapter = OpenAIComputerUse(create_model("openai:gpt-5.4", base_url=server.base_url, api_key="sk-test"),
                                    (1024, 768))
        adapter.start(Task(id="t", question="q", start_url="http://x/"), "system")
        turn = await adapter.turn([], png.getvalue())
        server.queue(openai_response(openai_message_item("ok"), model="gpt-5.4"))
        # What the policy hands back: the refused call's error, and the batch's last screenshot.
        results = [CallResult("c1", png.getvalue(), text="A dialog opened."),
                   *(CallResult(call_id, png.getvalue(), error=why) for call_id, why in turn.refused)]
        assert (await adapter.turn(results, png.getvalue())).answer == "ok"
        sent = server.bodies()[-1]["input"]
    assert [c.action for c in turn.calls] == [
        ClickAt(Point(10, 20), "middle"), ClickAt(Point(10, 20), "right", 1, ("SHIFT",)), GoBack(), GoForward(),
        ClickAt(Point(5, 6), "left", 2), MoveTo(Point(7, 8)), DragAlong((Point(1, 2), Point(3, 4)), ("CTRL",)),
        KeyChord(("CTRL", "A")), TypeText("hi"), WaitFor(WAIT_S), Screenshot(), ScrollAt(Point(9, 9), -40, 0)]
    assert turn.refused == (("c2", "Unknown computer action 'teleport'."),) and turn.answer is None
    assert turn.usage.input_tokens == 1500 and turn.usage.output_tokens == 40     # the Responses API's usage
    assert [(i.get("type"), i.get("call_id")) for i in sent[-3:]] == [("computer_call_output", "c1"),
                                                                       ("computer_call_output", "c2"), (None, None)]
    assert sent[-1] == {"role": "user", "content": [{"type": "input_text",
                                                     "text": "A dialog opened.\nUnknown computer action 'teleport'."}]}


def test_the_tool_is_picked_by_model_name() -> None:
    assert tool_for("computer-use-preview") == tool_for("computer-use-preview-2025-03-11") == "computer_use_preview"
    assert tool_for("gpt-5.4") == "computer" and tool_for("gpt-5.4", "computer_use_preview") == "computer_use_preview"
    with pytest.raises(ConfigError, match="unknown OpenAI computer tool"):
        tool_for("gpt-5.4", "computer_2024")


@pytest.mark.browser
def test_run_cli_with_policy_cua_and_the_preview_model(pages_url, tmp_path, monkeypatch) -> None:
    import json

    from typer.testing import CliRunner

    from webvoyager.cli import app

    with FakeOpenAIResponses() as server:
        server.queue(openai_response(_call("c1", {"type": "click", "button": "left", "x": SEARCH[0], "y": SEARCH[1]},
                                           batch=False)),
                     openai_response(_call("c2", {"type": "type", "text": "soup"}, batch=False)),
                     openai_response(openai_message_item("Typed soup.")))
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        out = tmp_path / "run"
        res = CliRunner().invoke(app, ["run", "Type soup into the search box.", "--url",
                                       f"{pages_url}/zoo/pixel.html", "--policy", "cua", "--model",
                                       "openai:computer-use-preview", "--out", str(out)], env={"COLUMNS": "200"})
        bodies = server.bodies()
    assert res.exit_code == 0, res.output
    assert json.loads((out / "task" / "result.json").read_text())["answer"] == "Typed soup."
    assert bodies[0]["tools"] == [{"type": "computer_use_preview", "display_width": 1024, "display_height": 768,
                                   "environment": "browser"}]
    assert len(bodies) == 3 and bodies[0]["model"] == "computer-use-preview"
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    assert steps[1]["action_data"] == {"kind": "typetext", "text": "soup", "press_enter": False}


@pytest.mark.browser
def test_run_cli_confirm_deny_refuses_the_providers_safety_check(pages_url, tmp_path, monkeypatch) -> None:
    import json

    from typer.testing import CliRunner

    from webvoyager.cli import app

    with FakeOpenAIResponses() as server:
        server.queue(openai_response(_call("c1", {"type": "click", "button": "left", "x": 450, "y": 130},
                                           checks=[CHECK]), model="gpt-5.4"))
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        out = tmp_path / "run"
        CliRunner().invoke(app, ["run", "Click the pad.", "--url", f"{pages_url}/zoo/pixel.html", "--policy", "cua",
                                 "--model", "openai:gpt-5.4", "--confirm", "deny", "--out", str(out)],
                           env={"COLUMNS": "200"})
        bodies = server.bodies()
    result = json.loads((out / "task" / "result.json").read_text())
    assert result["status"] == "error" and "did not approve OpenAI's safety check" in result["error"]
    assert len(bodies) == 1
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    assert steps[0]["gate"]["choice"] == "reject" and "model call failed" in steps[1]["error"]
