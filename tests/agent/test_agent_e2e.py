"""End to end: scripted model replies drive the real agent loop in real Chromium over tests/pages/agent.

Labels on the local pages follow document order: index.html has [0] search box, [1] Search button,
[2] "Load more ideas" (does nothing), [3] "Partner site" (same pages on host "localhost"); the results
page lists result links from [0]; detail pages have [0] "Back to search". Each test also asserts what
the model was shown, so a label shift shows up as a clear failure.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from webvoyager.api.settings import RunSettings
from webvoyager.api.execute import execute_task
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import NumberCheck, Task, TaskChecks, UrlCheck

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SECRET = "sk-agent-test-secret-9876543210"


def _task(pages_url: str, **kw: object) -> Task:
    return Task(id="vegan-time", question="How long does the Vegan Lasagna take to make?",
                start_url=f"{pages_url}/agent/index.html", site="recipes", **kw)  # type: ignore[arg-type]


def _dark_share(png: bytes, box: tuple[float, float, float, float]) -> float:
    """The share of near-black pixels inside `box` (x, y, w, h) of a PNG (inset 3 px from the border)."""
    import io

    x, y, w, h = box
    crop = Image.open(io.BytesIO(png)).convert("L").crop((int(x) + 3, int(y) + 3, int(x + w) - 3, int(y + h) - 3))
    pixels = list(crop.tobytes())
    return sum(1 for v in pixels if v < 40) / max(1, len(pixels))


def _last_user_text(call: object) -> str:
    messages = call.messages  # type: ignore[attr-defined]
    return [m for m in messages if m.role == "user"][-1].text_content


def _assert_run_dir_whole(task_dir: Path, steps: int) -> dict:
    """Every file present and whole: JSON parses, screenshots are PNGs numbered 1..steps."""
    result = json.loads((task_dir / "result.json").read_text())
    trajectory = json.loads((task_dir / "trajectory.json").read_text())
    messages = json.loads((task_dir / "interact_messages.json").read_text())
    assert len(trajectory["steps"]) == steps == result["steps"]
    assert [s["index"] for s in trajectory["steps"]] == list(range(1, steps + 1))
    shots = sorted(p.name for p in task_dir.glob("screenshot*.png"))
    expected = sorted([f"screenshot{i}.png" for i in range(1, steps + 1)]
                      + [f"screenshot{i}_clean.png" for i in range(1, steps + 1)])
    assert shots == expected
    for name in shots:
        assert (task_dir / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert messages[0]["role"] == "system"
    assert not list(task_dir.glob(".*.tmp"))  # no half-written temp files left behind
    return result


async def test_scripted_run_answers_and_records_everything(browser, pages_url, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("AGENT_TEST_API_KEY", SECRET)
    model = ScriptedModel.from_replies([
        "Thought: I will search for the dish.\nAction: Type [0]; [vegan lasagna]",
        "Thought: The vegan recipe is listed.\nAction: Click [0]",
        "Thought: The page shows the total time.\nAction: ANSWER; [55 minutes]",
    ])
    task = _task(pages_url, checks=TaskChecks(
        answer=[NumberCheck(type="number", value=55, unit=["minutes"])],
        state=[UrlCheck(type="url", host="127.0.0.1", path="/agent/detail-vegan.html")]))
    result = await execute_task(task, browser=browser, model=model, settings=RunSettings(), task_dir=tmp_path / "t")

    assert result.status == "answered" and result.answer == "55 minutes"
    assert result.success is True and result.final_url.endswith("/agent/detail-vegan.html")
    # what the model saw: the element list with the search box, then the results, then the detail page
    assert "Search recipes" in _last_user_text(model.calls[0])
    assert "Vegan Lasagna" in _last_user_text(model.calls[1])
    assert "Back to search" in _last_user_text(model.calls[2]) and len(model.calls[2].messages[-1].images) == 1
    saved = _assert_run_dir_whole(tmp_path / "t", 3)
    assert saved["status"] == "answered" and saved["success"] is True
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert [s["action"] for s in steps] == ["Type [0]; [vegan lasagna]", "Click [0]", "ANSWER; [55 minutes]"]
    assert steps[1]["url"].endswith("results.html?q=vegan+lasagna")
    assert all(s["screenshot"] == f"screenshot{s['index']}.png" for s in steps)
    # how the page settled after each action; the answer ran none
    assert [s["settled_by"] in ("idle", "quiet") for s in steps[:2]] == [True, True] and steps[2]["settled_by"] is None


async def test_garbage_reply_costs_a_step_and_the_model_is_told(browser, pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies([
        "I am not sure what to do here, maybe search?",
        "Thought: Search.\nAction: Type [0]; [vegan lasagna]",
        "Thought: Open it.\nAction: Click [0]",
        "Thought: Found.\nAction: ANSWER; [55 minutes]",
    ])
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(),
                                task_dir=tmp_path / "t")
    assert result.status == "answered" and result.steps == 4
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert steps[0]["action"] is None and "no 'Action:' line" in steps[0]["error"]
    told = _last_user_text(model.calls[1])
    assert "could not be used" in told and "no 'Action:' line" in told
    _assert_run_dir_whole(tmp_path / "t", 4)


async def test_repeated_action_warns_then_stops_as_stuck(browser, pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies(["Thought: more ideas.\nAction: Click [2]"] * 5)
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(stuck_after=3),
                                task_dir=tmp_path / "t")
    assert "Load more ideas" in _last_user_text(model.calls[0])
    assert result.status == "stuck" and result.steps == 3 and result.loop_warnings == 1
    assert "Warning: you have now chosen 'Click [2]' 2 times" in _last_user_text(model.calls[2])
    assert "Warning" not in _last_user_text(model.calls[1])
    saved = _assert_run_dir_whole(tmp_path / "t", 3)
    assert saved["status"] == "stuck" and saved["loop_warnings"] == 1


async def test_step_limit(browser, pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies([
        "Thought: a\nAction: Type [0]; [soup]", "Thought: b\nAction: GoBack",
        "Thought: c\nAction: Type [0]; [lasagna]", "Thought: d\nAction: GoBack",
    ])
    result = await execute_task(_task(pages_url), browser=browser, model=model,
                                settings=RunSettings(max_steps=3), task_dir=tmp_path / "t")
    assert result.status == "step_limit" and result.steps == 3 and len(model.calls) == 3
    _assert_run_dir_whole(tmp_path / "t", 3)


async def test_no_secret_in_any_file(browser, pages_url, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("AGENT_TEST_API_KEY", SECRET)
    marked = "my-password-value-42"
    model = ScriptedModel.from_replies([
        f"Thought: I will type the key {SECRET}.\nAction: Type [0]; [{SECRET}] (no Enter)",
        f"Thought: and the marked one\nAction: Type [0]; [{marked}]",
        f"Thought: done\nAction: ANSWER; [typed {marked} and {SECRET}]",
    ])
    result = await execute_task(_task(pages_url), browser=browser, model=model,
                                settings=RunSettings(secrets=(marked,)), task_dir=tmp_path / "t")
    assert result.status == "answered"
    for path in (tmp_path / "t").rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert SECRET.encode() not in data, path
            assert marked.encode() not in data, path
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"]
    assert steps[0]["action"] == "Type [0]; [[REDACTED]] (no Enter)"
    # the search box showed the secret at step 2: it is blacked out in both saved screenshots
    centre = (200, 116)  # inside the search box of index.html (fixed layout)
    for name in ("screenshot2.png", "screenshot2_clean.png"):
        assert Image.open(tmp_path / "t" / name).convert("RGB").getpixel(centre) == (0, 0, 0), name
    assert Image.open(tmp_path / "t" / "screenshot1_clean.png").convert("RGB").getpixel(centre) != (0, 0, 0)


async def test_blocked_domain_is_reported_to_the_model(browser, pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies([
        "Thought: the partner site.\nAction: Click [3]",
        "Thought: blocked, fine.\nAction: ANSWER; [blocked]",
    ])
    result = await execute_task(_task(pages_url), browser=browser, model=model,
                                settings=RunSettings(allowed_domains=("127.0.0.1",)), task_dir=tmp_path / "t")
    assert "Partner site" in _last_user_text(model.calls[0])
    assert result.status == "answered"
    assert "blocked" in _last_user_text(model.calls[1]).lower()
    assert "localhost" not in result.final_url  # never reached the other domain


async def test_text_only_run_sends_the_tree_and_no_images(browser, pages_url, tmp_path) -> None:
    model = ScriptedModel.from_replies(["Thought: search\nAction: Type [0]; [soup]",
                                        "Thought: done\nAction: ANSWER; [Tomato Soup]"])
    result = await execute_task(_task(pages_url), browser=browser, model=model,
                                settings=RunSettings(text_only=True), task_dir=tmp_path / "t")
    assert result.status == "answered"
    assert all(not m.images for call in model.calls for m in call.messages)
    assert "Page outline" in _last_user_text(model.calls[1]) and "Tomato Soup" in _last_user_text(model.calls[1])
    assert "outline of the visible part" in model.calls[0].messages[0].text_content  # the text-only prompt
    _assert_run_dir_whole(tmp_path / "t", 2)


async def test_unreachable_start_page_is_an_error_result(browser, tmp_path) -> None:
    model = ScriptedModel.from_replies([])
    task = Task(id="down", question="q", start_url="http://127.0.0.1:9/nothing.html")
    result = await execute_task(task, browser=browser, model=model, settings=RunSettings(), task_dir=tmp_path / "t")
    assert result.status == "error" and result.error and result.steps == 0
    assert json.loads((tmp_path / "t" / "result.json").read_text())["status"] == "error"


async def test_rerun_in_the_same_folder_leaves_no_stale_files(browser, pages_url, tmp_path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    for name in ("screenshot7.png", "screenshot7_clean.png", "judgement.json", "result.json"):
        (folder / name).write_bytes(b"old attempt")
    model = ScriptedModel.from_replies(["Thought: done\nAction: ANSWER; [nothing]"])
    await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(), task_dir=folder)
    assert not (folder / "screenshot7.png").exists() and not (folder / "judgement.json").exists()
    _assert_run_dir_whole(folder, 1)


async def test_secret_placeholder_is_typed_but_never_shown_to_the_model(browser, pages_url, tmp_path,
                                                                        monkeypatch) -> None:
    value = "soup-pass-7731"
    monkeypatch.setenv("AGENT_SHOP_PASS", value)
    model = ScriptedModel.from_replies([
        "Thought: type the private value.\nAction: Type [0]; [{{AGENT_SHOP_PASS}}] (no Enter)",
        "Thought: and submit it.\nAction: Click [1]",
        "Thought: done\nAction: ANSWER; [done]",
    ])
    task = Task(id="pw", question="Search for {{AGENT_SHOP_PASS}}.", start_url=f"{pages_url}/agent/index.html")
    result = await execute_task(task, browser=browser, model=model,
                                settings=RunSettings(secret_env=("AGENT_SHOP_PASS",)).validate(),
                                task_dir=tmp_path / "t")
    assert result.status == "answered"
    assert result.final_url.endswith("q=[REDACTED]")  # the page really received the value (redacted here)
    # the model saw the field hidden, not the value; nothing it was sent holds the value
    assert "[REDACTED]" in _last_user_text(model.calls[1])
    for call in model.calls:
        for message in call.messages:
            assert value not in message.text_content
    for path in (tmp_path / "t").rglob("*"):
        if path.is_file():
            assert value.encode() not in path.read_bytes(), path
    # ... nor any screenshot: where the field shows the value, the images sent and saved are black, while
    # the same page observed without the rule shows the value there (dark text on a light field)
    from webvoyager.browser.types import Type as TypeAction
    from webvoyager.models.base import ImagePart

    plain = await browser.new_session(download_dir=tmp_path / "dl")
    try:
        await plain.goto(task.start_url)
        await plain.observe()
        await plain.execute(TypeAction(0, value, press_enter=False))
        raw = await plain.observe()
    finally:
        await plain.close()
    box = raw.elements[0].bbox
    assert _dark_share(raw.screenshot, box) < 0.5          # unmasked: the field is mostly light
    sent = [p.data for m in model.calls[1].messages for p in m.parts if isinstance(p, ImagePart)][-1:]  # the newest
    saved = [p.read_bytes() for p in sorted((tmp_path / "t").glob("screenshot2*.png"))]
    assert sent and len(saved) == 2
    for png in [*sent, *saved]:
        assert _dark_share(png, box) > 0.95                 # masked: black where the value was


def test_missing_secret_env_is_a_config_error(monkeypatch) -> None:
    from webvoyager.errors import ConfigError

    monkeypatch.delenv("AGENT_NOT_SET", raising=False)
    with pytest.raises(ConfigError, match="AGENT_NOT_SET"):
        RunSettings(secret_env=("AGENT_NOT_SET",)).validate()
