"""The `cua` policy with Gemini Computer Use, end to end: the real `google-genai` SDK talks to a local server
that speaks generateContent (tests/models/fake_providers.FakeGemini) and answers with scripted function calls
on the 0-999 grid; the real browser performs them on tests/pages/zoo/pixel.html. Each test asserts the exact
requests (the tool config, the function responses with the URL and the screenshot, the safety
acknowledgement) and what the page recorded."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.models.fake_providers import FakeGemini, gemini_error, gemini_response
from webvoyager.agent.gate import ConfirmGate
from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.api import create_model
from webvoyager.cua.gemini_cua import GeminiComputerUse
from webvoyager.cua.gemini_functions import function_set
from webvoyager.cua.policy import ComputerUsePolicy
from webvoyager.errors import ModelError
from webvoyager.models.base import Message
from webvoyager.tasks import Task
from webvoyager.trajectory import TaskDir

LEGACY = "gemini-2.5-computer-use-preview-10-2025"
CURRENT = "gemini-3.5-flash"
# On the 1024x768 viewport, int(v / 1000 * size) of these grid points are the pixel targets of zoo/pixel.html:
SEARCH = {"x": 538, "y": 411}    # -> (550, 315), the search box
BUY = {"x": 118, "y": 72}        # -> (120, 55), the "Buy now" button


def _call(name: str, call_id: str | None = None, **args: Any) -> dict[str, Any]:
    call: dict[str, Any] = {"name": name, "args": args}
    if call_id:
        call["id"] = call_id
    return {"functionCall": call}


def _blob(part: dict[str, Any]) -> dict[str, Any]:
    """A part's inline data. The SDK writes it `inlineData` in a Part but `inline_data` (snake case, which
    the API's JSON parser also reads) in a FunctionResponse's parts."""
    blob = part.get("inlineData") or part["inline_data"]
    return {"mime_type": blob.get("mimeType") or blob.get("mime_type"), "data": blob["data"]}


def _image_size(part: dict[str, Any]) -> tuple[int, int]:
    # the SDK sends bytes in URL-safe base64, which the API also reads
    return Image.open(io.BytesIO(base64.urlsafe_b64decode(_blob(part)["data"]))).size


def _responses(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The function responses of a request's newest user Content."""
    last = body["contents"][-1]
    assert last["role"] == "user"
    return [p["functionResponse"] for p in last["parts"]]


async def _run(session, pages_url: str, tmp_path: Path, server: FakeGemini, model: str, *,
               gate: ConfirmGate | None = None):  # type: ignore[no-untyped-def]
    chat = create_model(f"gemini:{model}", base_url=server.base_url, api_key="g-test")
    policy = ComputerUsePolicy(GeminiComputerUse(chat, session.config.viewport))
    task = Task(id="pixel", question="Search for lasagne.", start_url=f"{pages_url}/zoo/pixel.html")
    result = await Agent(session, policy, max_steps=12, recorder=Recorder(tmp_path / "run" / "pixel"),
                         gate=gate).run(task)
    return result, TaskDir(tmp_path / "run" / "pixel").load_steps()


def test_the_function_set_is_picked_by_model_name() -> None:
    assert [function_set(m) for m in (LEGACY, "gemini-3-flash-preview", "models/gemini-3.1-pro-preview",
                                      CURRENT, "gemini-4-pro")] == ["legacy", "legacy", "legacy", "current", "current"]


@pytest.mark.browser
async def test_legacy_functions_click_on_the_grid_and_type_text_at_clears_then_types(session, pages_url,
                                                                                     tmp_path) -> None:
    with FakeGemini() as server:
        server.queue(gemini_response({"text": "I press Buy."}, _call("click_at", **BUY)))
        server.queue(gemini_response(_call("type_text_at", text="soup", **SEARCH)))
        server.queue(gemini_response(_call("type_text_at", text="lasagne", press_enter=True, **SEARCH)))
        server.queue(gemini_response({"text": "Searched for lasagne."}))
        result, steps = await _run(session, pages_url, tmp_path, server, LEGACY)
        paths, bodies = [r.path for r in server.requests], server.bodies()
    assert result.status == "answered" and result.answer == "Searched for lasagne."
    log = await session.page.evaluate("window.__log")
    assert log[0] == "click:1:120,55"                         # the grid point, floored onto the pixel target
    assert log[-1] == "enter:lasagne" and await session.page.input_value("#q") == "lasagne"   # "soup" was cleared
    assert paths == [f"/v1beta/models/{LEGACY}:generateContent"] * 4
    first = bodies[0]
    assert first["tools"] == [{"computerUse": {"environment": "ENVIRONMENT_BROWSER"}}]
    assert "Search for lasagne." in first["systemInstruction"]["parts"][0]["text"]
    opening = first["contents"][0]["parts"]
    assert opening[0] == {"text": "Search for lasagne."} and _image_size(opening[1]) == (1024, 768)
    # The model's turn is replayed as it came; the click is answered by one response with URL and screenshot.
    assert bodies[1]["contents"][1]["parts"][1]["functionCall"] == {"name": "click_at", "args": BUY}
    (clicked,) = _responses(bodies[1])
    assert clicked["name"] == "click_at" and clicked["response"] == {"url": f"{pages_url}/zoo/pixel.html"}
    assert _blob(clicked["parts"][0])["mime_type"] == "image/png" and _image_size(clicked["parts"][0]) == (1024, 768)
    # type_text_at ran as click, select all, delete, type (four steps) and is answered once.
    assert [r["name"] for r in _responses(bodies[2])] == ["type_text_at"]
    assert [s.action for s in steps[1:5]] == ["ClickAt(target=(550, 315))", "KeyChord(keys=('Control', 'a'))",
                                              "KeyChord(keys=('Delete',))", "TypeText(text='soup')"]
    used = steps[0].policy_data.computer_use
    assert used.call == "click_at" and used.model_point == [BUY["x"], BUY["y"]]   # as the model wrote it


@pytest.mark.browser
async def test_current_functions_batch_and_answer_each_call_with_its_id(session, pages_url, tmp_path) -> None:
    with FakeGemini() as server:
        server.queue(gemini_response(_call("click", "c1", **SEARCH), _call("type", "c2", text="soup", press_enter=True),
                                     _call("right_click", "c3", intent="open the menu", **BUY), model=CURRENT))
        server.queue(gemini_response(_call("click", "c4", **SEARCH), _call("hotkey", "c5", keys=["Control", "a"]),
                                     _call("press_key", "c6", key="Delete"), _call("take_screenshot", "c7"),
                                     model=CURRENT))
        server.queue(gemini_response(_call("key_down", "c8", key="Shift"), model=CURRENT))
        server.queue(gemini_response({"text": "done"}, model=CURRENT))
        result, steps = await _run(session, pages_url, tmp_path, server, CURRENT)
        bodies = server.bodies()
    assert result.status == "answered"
    log = await session.page.evaluate("window.__log")
    assert log[:2] == ["enter:soup", "contextmenu"] and await session.page.input_value("#q") == ""
    assert [(r["name"], r["id"]) for r in _responses(bodies[1])] == [("click", "c1"), ("type", "c2"), ("right_click", "c3")]
    assert [r["id"] for r in _responses(bodies[2])] == ["c4", "c5", "c6", "c7"]
    (refused,) = _responses(bodies[3])
    assert refused["id"] == "c8" and "not supported" in refused["response"]["error"]
    assert [s.action for s in steps[:3]] == ["ClickAt(target=(550, 315))", "TypeText(text='soup', press_enter=True)",
                                             "ClickAt(target=(120, 55), button='right')"]


@pytest.mark.browser
async def test_a_confirmed_safety_decision_is_acknowledged_only_on_approval(session, pages_url, tmp_path) -> None:
    check = {"decision": "require_confirmation", "explanation": "This buys the item."}
    with FakeGemini() as server:
        server.queue(gemini_response(_call("click_at", safety_decision=check, **BUY), _call("hover_at", x=100, y=600)))
        server.queue(gemini_response({"text": "Bought."}))
        result, steps = await _run(session, pages_url, tmp_path, server, LEGACY, gate=ConfirmGate("allow"))
        approved = _responses(server.bodies()[1])
    assert result.status == "answered" and steps[0].gate is not None and steps[0].gate.choice == "approve"
    assert "This buys the item." in steps[0].gate.reason
    assert (await session.page.evaluate("window.__log"))[0] == "click:1:120,55"
    assert approved[0]["response"]["safety_acknowledgement"] == "true"
    assert "safety_acknowledgement" not in approved[1]["response"]        # the hover asked for nothing


@pytest.mark.browser
async def test_a_refused_safety_decision_stops_the_task_unacknowledged(session, pages_url, tmp_path) -> None:
    check = {"decision": "require_confirmation", "explanation": "This buys the item."}
    with FakeGemini() as server:
        server.queue(gemini_response(_call("click_at", safety_decision=check, **BUY)))
        result, steps = await _run(session, pages_url, tmp_path, server, LEGACY, gate=ConfirmGate("deny"))
        sent = len(server.bodies())
    assert steps[0].gate is not None and steps[0].gate.choice == "reject"
    assert await session.page.evaluate("window.__log") == []        # nothing was clicked
    assert result.status == "error" and "did not confirm click_at" in (result.error or "")
    assert sent == 1                                                 # no reply leaving the check unacknowledged


@pytest.mark.browser
async def test_our_gate_refusing_the_first_action_of_a_call_drops_the_rest_and_tells_the_model(session, pages_url,
                                                                                             tmp_path) -> None:
    signed = {**_call("type_text_at", text="one", **BUY), "thoughtSignature": "c2lnbmVk"}
    with FakeGemini() as server:
        server.queue(gemini_response({"text": "I type on the button."}, signed))
        server.queue(gemini_response({"text": "I could not."}))
        result, steps = await _run(session, pages_url, tmp_path, server, LEGACY, gate=ConfirmGate("deny"))
        last = server.bodies()[-1]
    assert result.status == "answered" and len(steps) == 2          # the click was refused; nothing else ran
    assert steps[0].gate is not None and steps[0].gate.choice == "reject"
    assert await session.page.evaluate("window.__log") == []
    (told,) = _responses(last)
    assert told["response"]["error"].startswith("Not done: it buys") and "safety_acknowledgement" not in told["response"]
    assert last["contents"][1]["parts"][1]["thoughtSignature"] == "c2lnbmVk"   # the model's turn, replayed as it came


@pytest.mark.browser
async def test_older_screenshots_are_dropped_and_a_malformed_call_is_asked_again(session, pages_url,
                                                                                tmp_path) -> None:
    with FakeGemini() as server:
        server.queue(gemini_response(finish_reason="MALFORMED_FUNCTION_CALL"))
        for n in range(4):
            server.queue(gemini_response(_call("hover_at", x=100 + n, y=600)))
        server.queue(gemini_response({"text": "done"}))
        result, _ = await _run(session, pages_url, tmp_path, server, LEGACY)
        bodies = server.bodies()
    assert result.status == "answered" and bodies[0] == bodies[1]    # the same request, once more
    last = bodies[-1]["contents"]
    shots = [p for c in last for p in c["parts"] if "inlineData" in p or p.get("functionResponse", {}).get("parts")]
    assert len(shots) == 3
    assert last[0]["parts"][1] == {"text": "(an older screenshot, left out to save context)"}


async def test_plain_chat_retries_a_server_error_and_prices_the_usage(monkeypatch) -> None:
    monkeypatch.setenv("WEBVOYAGER_RETRY_BASE_S", "0")
    with FakeGemini() as server:
        server.queue(gemini_error(503, "overloaded"), gemini_response({"text": "Hello."}, model="gemini-2.5-pro"))
        model = create_model("gemini:gemini-2.5-pro", base_url=server.base_url, api_key="g-test")
        reply = await model.complete([Message.text("system", "Be brief."), Message.text("user", "Hi")],
                                     temperature=0.2, max_tokens=50, seed=7)
        body = server.bodies()[-1]
        server.queue(gemini_error(401, "API key not valid"))
        with pytest.raises(ModelError, match="GEMINI_API_KEY"):
            await model.complete([Message.text("user", "Hi")])
    assert reply.text == "Hello." and len(server.requests) == 3
    assert reply.usage.input_tokens == 1200 and reply.usage.cost_usd == pytest.approx((1200 * 1.25 + 30 * 10) / 1e6)
    assert body["systemInstruction"]["parts"] == [{"text": "Be brief."}]
    assert body["generationConfig"] == {"temperature": 0.2, "maxOutputTokens": 50, "seed": 7}


@pytest.mark.browser
def test_run_cli_with_gemini_for_cua_and_for_webvoyager(pages_url, tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from webvoyager.cli import app

    runner = CliRunner()
    url = f"{pages_url}/zoo/pixel.html"
    with FakeGemini() as server:
        monkeypatch.setenv("GEMINI_BASE_URL", server.base_url)
        monkeypatch.setenv("GEMINI_API_KEY", "g-test")
        server.queue(gemini_response(_call("type_text_at", text="soup", **SEARCH)),
                     gemini_response({"text": "Typed soup."}))
        cua = runner.invoke(app, ["run", "Type soup into the search box.", "--url", url, "--policy", "cua",
                                  "--model", f"gemini:{LEGACY}", "--out", str(tmp_path / "cua")], env={"COLUMNS": "200"})
        server.queue("Thought: The page is a zoo of pixels.\nAction: ANSWER; pixels")
        chat = runner.invoke(app, ["run", "What is this page?", "--url", url, "--model", "gemini:gemini-2.5-flash",
                                   "--out", str(tmp_path / "chat")], env={"COLUMNS": "200"})
        bodies = server.bodies()
    assert cua.exit_code == 0, cua.output
    assert json.loads((tmp_path / "cua" / "task" / "result.json").read_text())["answer"] == "Typed soup."
    steps = json.loads((tmp_path / "cua" / "task" / "trajectory.json").read_text())["steps"]
    assert steps[-2]["action_data"] == {"kind": "typetext", "text": "soup", "press_enter": False}
    log = json.loads((tmp_path / "cua" / "task" / "interact_messages.json").read_text())
    assert log[0]["role"] == "system" and log[2]["parts"][0]["function_call"]["name"] == "type_text_at"
    assert "screenshot (saved with the step)" in json.dumps(log) and "iVBOR" not in json.dumps(log)
    assert chat.exit_code == 0, chat.output
    assert json.loads((tmp_path / "chat" / "task" / "result.json").read_text())["answer"] == "pixels"
    assert "tools" not in bodies[-1] and bodies[-1]["contents"][0]["role"] == "user"
