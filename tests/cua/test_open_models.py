"""Open computer-use models (UI-TARS-1.5, Qwen2.5-VL, Qwen3-VL, Fara-7B) end to end: the real `openai`
SDK talks to a local chat-completions server whose scripted replies point at what they see in the
screenshot they were sent (found there by colour, in the image's own size); the real browser performs
them on zoo/pixel.html. Each test asserts what the page recorded and the exact requests: our system
prompt, the size of the image sent (smart_resize as the Python reference computes it, odd viewports
included), the replayed history and what the model is told about an unreadable reply."""

from __future__ import annotations

import base64
import io
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import pytest
from PIL import Image

from tests.models.fake_providers import FakeOpenAI, RecordedRequest
from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.api import create_model
from webvoyager.browser.action_set import ClickAt
from webvoyager.browser.action_spec import Point
from webvoyager.cua.open_models import OpenComputerUse, family_named
from webvoyager.cua.policy import ComputerUsePolicy
from webvoyager.tasks import Task
from webvoyager.trajectory import TaskDir

pytestmark = pytest.mark.browser
PAD = (450, 130)        # the centre of zoo/pixel.html's #pad (300 x 200 at 300, 30), found by its colour below
SEARCH = (550, 315)     # its search box
PANEL = (190, 335)      # its scrolling panel
Seen = tuple[Image.Image, str]    # the last screenshot of a request and its user turn's text


def _image(part: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(part["image_url"]["url"].split(",", 1)[1]))).convert("RGB")


def _images(body: dict[str, Any]) -> list[Image.Image]:
    return [_image(p) for m in body["messages"] if isinstance(m["content"], list) for p in m["content"]
            if p["type"] == "image_url"]


def _pad_centre(image: Image.Image) -> tuple[float, float]:
    """The centre of the pad's #eef pixels, in the image's own pixels (what a model would point at): of the
    columns and rows mostly of that colour, so that a few such pixels elsewhere do not move it."""
    width = image.width
    found = [i for i, (r, g, b) in enumerate(image.get_flattened_data()) if abs(r - 238) < 4 and abs(g - 238) < 4
             and b > 250]
    assert found, "the pad is not in the screenshot"

    def middle(values: list[int]) -> float:
        counts = Counter(values)
        full = [v for v, n in counts.items() if n >= max(counts.values()) / 2]
        return (min(full) + max(full) + 1) / 2
    return middle([i % width for i in found]), middle([i // width for i in found])


class Script:
    """Answers request n with replies[n](the last screenshot sent, the text of the last user turn)."""

    def __init__(self, *replies: Callable[[Image.Image, str], str]) -> None:
        self.replies = list(replies)

    def __call__(self, request: RecordedRequest) -> str:
        last = request.body["messages"][-1]["content"]
        text = " ".join(p["text"] for p in last if p["type"] == "text")
        return self.replies.pop(0)(_images(request.body)[-1], text)


def call(action: str, **fields: Any) -> str:
    """A Qwen-VL / Fara tool call as the model writes it."""
    return "<tool_call>\n" + json.dumps({"name": "computer_use", "arguments": {"action": action, **fields}}) + \
        "\n</tool_call>"


def model_point(family: str, viewport: tuple[int, int], image: Image.Image, x: float, y: float) -> tuple[int, int]:
    """Where viewport point (x, y) is in the space a family answers in, read off the image it was sent."""
    if family == "qwen3-vl":
        return round(x / viewport[0] * 999), round(y / viewport[1] * 999)
    return round(x * image.width / viewport[0]), round(y * image.height / viewport[1])


async def _run(browser, pages_url: str, tmp_path: Path, server: FakeOpenAI, family: str,
               viewport: tuple[int, int], *, steps: int = 10):  # type: ignore[no-untyped-def]
    session = await browser.new_session(download_dir=tmp_path / "d", config=replace(browser.config, viewport=viewport))
    try:
        chat = create_model(f"{family}:served-model", base_url=server.base_url)
        policy = ComputerUsePolicy(OpenComputerUse(chat, family_named(family), viewport))
        task = Task(id="pixel", question="Search for lasagne.", start_url=f"{pages_url}/zoo/pixel.html")
        result = await Agent(session, policy, max_steps=steps, recorder=Recorder(tmp_path / "run" / "pixel")).run(task)
        log = await session.page.evaluate("window.__log || []")
        scrolled = await session.page.evaluate("document.getElementById('panel')?.scrollTop")
        return result, TaskDir(tmp_path / "run" / "pixel").load_steps(), log, scrolled, session.page.url
    finally:
        await session.close()


def _assert_pad_hit(log: list[str]) -> None:
    down = next(e for e in log if e.startswith("down:"))
    x, y = (int(v) for v in down[5:].split(","))
    assert abs(x - PAD[0]) <= 1 and abs(y - PAD[1]) <= 1, down


async def test_ui_tars_clicks_types_scrolls_drags_and_finishes(browser, pages_url, tmp_path) -> None:
    viewport = (1522, 1022)       # 1022 / 28 = 36.5: Python's round gives 1008 (JavaScript's would give 1036)
    at = lambda image, p: model_point("ui-tars", viewport, image, *p)    # noqa: E731
    pad: list[tuple[int, int]] = []

    def click_pad(image: Image.Image, _: str) -> str:
        cx, cy = _pad_centre(image)
        pad.append((round(cx), round(cy)))
        return f"Thought: I click the blue pad.\nAction: click(start_box='({round(cx)},{round(cy)})')"

    script = Script(
        click_pad,
        lambda im, _: "Thought: The search box.\nAction: click(start_box='<|box_start|>(%d,%d)<|box_end|>')\n\n"
                      "type(content='lasagne\\n')" % at(im, SEARCH),
        lambda im, _: "Thought: Submit again.\nAction: hotkey(key='enter')",
        lambda im, _: "Thought: Scroll the list.\nAction: scroll(point='<point>%d %d</point>', direction='down')"
                      % at(im, PANEL),
        lambda im, _: "Thought: Drag across the pad.\nAction: drag(start_box='(%d,%d)', end_box='(%d,%d)')"
                      % (at(im, (320, 130)) + at(im, (580, 130))),
        lambda im, _: "Thought: Hmm.",                                    # no Action: line
        lambda im, _: "Thought: Done.\nAction: finished(content='Searched for lasagne.')",
    )
    with FakeOpenAI(script) as server:
        result, steps, log, scrolled, _ = await _run(browser, pages_url, tmp_path, server, "ui-tars", viewport)
        bodies = server.bodies()
    assert result.status == "answered" and result.answer == "Searched for lasagne."
    _assert_pad_hit(log)
    assert log.count("enter:lasagne") == 2 and scrolled == 500
    assert any(e.startswith("up:") and e.endswith("moves>true") for e in log[2:])
    first = bodies[0]["messages"]
    assert first[0]["role"] == "system" and "Search for lasagne." in first[0]["content"]
    assert "(1512 x 1008)" in first[0]["content"] and "finished(content=" in first[0]["content"]
    assert [im.size for im in _images(bodies[0])] == [(1512, 1008)]
    # The history replays the bare (x,y) boxes wrapped, as the reference deployment does.
    assert bodies[1]["messages"][2] == {"role": "assistant", "content": "Thought: I click the blue pad.\nAction: "
                                        "click(start_box='<|box_start|>(%d,%d)<|box_end|>')" % pad[0]}
    assert "scroll(start_box='<|box_start|>(" in bodies[4]["messages"][-2]["content"]     # the <point> form, re-wrapped
    assert all(len(_images(b)) <= 3 for b in bodies) and len(_images(bodies[-1])) == 3
    told = bodies[-1]["messages"][-1]["content"][0]["text"]
    assert told.startswith("Your reply could not be read: the reply has no 'Action:' line")
    assert [(s.action or "").split("(")[0] for s in steps] == ["ClickAt", "ClickAt", "TypeText", "KeyChord",
                                                                "ScrollAt", "DragAlong", "",
                                                                "ANSWER; [Searched for lasagne.]"]
    assert "could not be read" in str(steps[6].error)
    used = steps[0].policy_data.computer_use
    assert used.tool == "ui-tars-1.5" and used.call == "click" and used.model_point == list(pad[0])
    assert used.image_size == [1512, 1008] and steps[2].policy_data.computer_use.batched


@pytest.mark.parametrize("family, size", [("qwen-vl", (1036, 756)), ("qwen3-vl", (1024, 768))])
async def test_qwen_clicks_types_scrolls_drags_and_answers(browser, pages_url, tmp_path, family, size) -> None:
    viewport = (1023, 767)

    def at(image: Image.Image, p: tuple[float, float]) -> list[int]:
        return list(model_point(family, viewport, image, *p))

    def click_pad(image: Image.Image, _: str) -> str:
        cx, cy = _pad_centre(image)
        return "I click the pad.\n" + call("left_click", coordinate=at(image, (cx * viewport[0] / image.width,
                                                                              cy * viewport[1] / image.height)))

    finish = call("answer", text="Searched.") if family == "qwen3-vl" else "Searched.\n" + call("terminate",
                                                                                               status="success")
    script = Script(
        click_pad,
        lambda im, _: call("left_click", coordinate=at(im, SEARCH)) + "\n" + call("type", text="lasagne") + "\n" +
        call("key", keys=["enter"]),
        lambda im, _: call("scroll", coordinate=at(im, PANEL), pixels=-300),
        lambda im, _: call("mouse_move", coordinate=at(im, (320, 130))) + call("left_click_drag",
                                                                               coordinate=at(im, (580, 130))),
        lambda im, _: "<tool_call>{not json</tool_call>",
        lambda im, _: finish,
    )
    with FakeOpenAI(script) as server:
        result, steps, log, scrolled, _ = await _run(browser, pages_url, tmp_path, server, family, viewport)
        bodies = server.bodies()
    assert result.status == "answered" and result.answer == "Searched."
    _assert_pad_hit(log)
    assert "enter:lasagne" in log and scrolled > 0
    assert any(e.startswith("up:") and e.endswith("moves>true") for e in log[2:])
    system = bodies[0]["messages"][0]["content"]
    grid = "999x999" if family == "qwen3-vl" else f"{size[0]}x{size[1]}"
    assert f"{grid}" in system and "<tool_call>" in system and "Search for lasagne." in system
    assert [im.size for im in _images(bodies[0])] == [size]
    assert bodies[1]["messages"][2]["content"].startswith("I click the pad.\n<tool_call>")   # replayed as written
    told = bodies[-1]["messages"][-1]["content"][0]["text"]
    assert told.startswith("a <tool_call> is not JSON")
    # The record's size is the space the model's points are in: Qwen3-VL's 0-999 grid, else the image sent.
    assert steps[0].policy_data.computer_use.image_size == ([999, 999] if family == "qwen3-vl" else list(size))


async def test_fara_states_the_address_and_types_into_a_field_with_enter(browser, pages_url, tmp_path) -> None:
    viewport = (1024, 768)

    script = Script(
        lambda im, text: "Open the page again.\n" + call("visit_url", url=f"{pages_url}/zoo/pixel.html?again"),
        lambda im, text: "Type it.\n" + call("type", text="lasagne", press_enter=True, delete_existing_text=True,
                                             coordinate=list(model_point("fara", viewport, im, *SEARCH))),
        lambda im, text: "The answer is lasagne.\n" + call("terminate", status="success"),
    )
    with FakeOpenAI(script) as server:
        result, steps, log, _, url = await _run(browser, pages_url, tmp_path, server, "fara", viewport)
        bodies = server.bodies()
    assert result.answer == "The answer is lasagne." and "enter:lasagne" in log
    assert bodies[0]["messages"][1]["content"][0]["text"] == f"Current URL: {pages_url}/zoo/pixel.html"
    assert bodies[1]["messages"][-1]["content"][0]["text"] == f"Current URL: {pages_url}/zoo/pixel.html?again"
    assert [im.size for im in _images(bodies[0])] == [(1036, 756)]
    # One type call with a coordinate: click the field, clear it, type and press Enter.
    assert [s.action.split("(")[0] for s in steps[:5]] == ["Navigate", "ClickAt", "KeyChord", "KeyChord", "TypeText"]
    assert steps[4].action_data == {"kind": "typetext", "text": "lasagne", "press_enter": True}
    assert [s.policy_data.computer_use.call for s in steps[1:5]] == ["type"] * 4


async def test_calls_the_server_parsed_itself_and_calls_that_cannot_be_done(tmp_path) -> None:
    """vLLM with a tool-call parser returns the calls as `tool_calls`, not text: they are read alike; an
    unknown action is refused with its reason, the others still performed."""
    from tests.models.fake_providers import openai_completion

    reply = openai_completion("I click twice.")
    reply.body["choices"][0]["message"]["tool_calls"] = [
        {"id": "x1", "type": "function", "function": {"name": "computer_use", "arguments": json.dumps(
            {"action": "triple_click", "coordinate": [500, 500]})}},
        {"id": "x2", "type": "function", "function": {"name": "computer_use", "arguments": json.dumps(
            {"action": "fly", "coordinate": [1, 1]})}}]
    shot = io.BytesIO()
    Image.new("RGB", (1023, 767), "white").save(shot, "PNG")
    with FakeOpenAI() as server:
        server.queue(reply)
        adapter = OpenComputerUse(create_model("qwen3-vl:m", base_url=server.base_url), family_named("qwen3-vl"),
                                  (1023, 767))
        adapter.start(Task(id="t", question="q", start_url="http://127.0.0.1/"), "")
        turn = await adapter.turn([], shot.getvalue())
    assert [c.action for c in turn.calls] == [ClickAt(Point(512, 384), "left", 3)]   # round(500 / 999 * 1023)
    assert turn.refused == (("c1.2", "the fly call could not be performed: unknown action 'fly'; use the actions "
                                     "the system prompt lists"),)
    assert turn.text == "I click twice." and turn.answer is None


def test_open_models_need_a_server(monkeypatch) -> None:
    from webvoyager.errors import ConfigError

    monkeypatch.delenv("VLLM_BASE_URL", raising=False)
    with pytest.raises(ConfigError, match="--base-url URL"):
        create_model("ui-tars:ByteDance-Seed/UI-TARS-1.5-7B")
    monkeypatch.setenv("VLLM_BASE_URL", "http://127.0.0.1:9/v1")
    assert create_model("qwen-vl:Qwen/Qwen2.5-VL-7B-Instruct").spec == "qwen-vl:Qwen/Qwen2.5-VL-7B-Instruct"


def test_run_cli_with_an_open_model(pages_url, tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from webvoyager.cli import app

    monkeypatch.delenv("VLLM_BASE_URL", raising=False)
    with FakeOpenAI() as server:
        server.queue("Thought: Type.\nAction: click(start_box='(556,308)')\n\ntype(content='soup')",
                     "Thought: Done.\nAction: finished(content='Typed soup.')")
        out = tmp_path / "run"
        res = CliRunner().invoke(app, ["run", "Type soup into the search box.", "--url", f"{pages_url}/zoo/pixel.html",
                                       "--policy", "cua", "--model", "ui-tars:ui-tars-1.5-7b", "--base-url",
                                       server.base_url, "--out", str(out)], env={"COLUMNS": "200"})
        sent = server.bodies()[0]
    assert res.exit_code == 0, res.output
    assert json.loads((out / "task" / "result.json").read_text())["answer"] == "Typed soup."
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    # (556, 308) in the 1036 x 756 image is (549.5, 312.9) in the 1024 x 768 viewport: the search box.
    target = steps[0]["action_data"]["target"]
    assert abs(target["x"] - 556 * 1024 / 1036) < 0.01 and abs(target["y"] - 308 * 768 / 756) < 0.01
    assert steps[1]["action_data"] == {"kind": "typetext", "text": "soup", "press_enter": False}
    assert sent["model"] == "ui-tars-1.5-7b" and [im.size for im in _images(sent)] == [(1036, 756)]
    bad = CliRunner().invoke(app, ["run", "x", "--url", f"{pages_url}/zoo/pixel.html", "--policy", "cua", "--model",
                                   "qwen-vl:m", "--out", str(tmp_path / "bad")])
    assert bad.exit_code == 2 and "VLLM_BASE_URL" in " ".join(bad.output.split())
