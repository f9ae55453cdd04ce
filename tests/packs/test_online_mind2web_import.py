"""`webvoyager protocol import online-mind2web PATH`: WebJudge's three prompts read (never run) from a clone
of the benchmark's repository, written as a pack, and sent by `judge --method webjudge --prompts PACK`.

The clone is a fake one built here: a file of the original's shape (three coroutines assigning a
`system_msg` and `str.format` prompts) holding placeholder sentences of our own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.judge.webjudge_server import KEY_POINTS, ScriptedWebJudge, Stages, images, texts
from tests.models.fake_providers import FakeOpenAI
from webvoyager.api import create_model
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.judge.runner import JudgeSettings, judge_run
from webvoyager.packs import ONLINE_MIND2WEB_TEMPLATES, ProtocolPack, load_pack
from webvoyager.packs.online_mind2web_import import WEBJUDGE, import_online_mind2web
from webvoyager.packs.pack import sha256
from webvoyager.packs.source import SourceError

runner = CliRunner()

FAKE_SOURCE = '''import asyncio
MAX_IMAGE = 50

async def identify_key_points(task, model):
    system_msg = """PLACEHOLDER-KP-SYSTEM list what the task needs, costs in $ and {{braces}} kept."""
    prompt = """PLACEHOLDER-KP-USER {task}"""
    text = prompt.format(task=task)
    return await asyncio.to_thread(model.generate, [system_msg, text])

async def judge_image(task, image_path, key_points, model):
    system_msg = """PLACEHOLDER-IMG-SYSTEM rate the picture, end with Score: N."""
    prompt = """PLACEHOLDER-IMG-USER task={task} points={key_points}"""
    text = prompt.format(task=task, key_points=key_points)
    return text

async def WebJudge_Online_Mind2Web_eval(task, last_actions, images_path, model, score_threshold):
    system_msg = """PLACEHOLDER-OUT-SYSTEM decide, end with Status: success or failure."""
    prompt = """PLACEHOLDER-OUT-USER {task} | {key_points} | {last_actions} | REASONS {thoughts}"""
    whole_content_img = []
    if len(whole_content_img) == 0:
        prompt = """PLACEHOLDER-OUT-BARE {task} | {key_points} | {last_actions}"""
    text = prompt.format(task=task, key_points=key_points, last_actions=last_actions, thoughts="")
    return text
'''


def _clone(root: Path, source: str = FAKE_SOURCE) -> Path:
    file = root / WEBJUDGE
    file.parent.mkdir(parents=True)
    file.write_text(source)
    return root


def test_import_writes_the_three_stages_as_a_pack(tmp_path: Path) -> None:
    clone = _clone(tmp_path / "Online-Mind2Web")
    done = runner.invoke(app, ["protocol", "import", "online-mind2web", str(clone), "--out", str(tmp_path / "pack")])
    assert done.exit_code == 0, done.output
    assert "judge RUN_DIR --method webjudge --prompts" in " ".join(done.output.split())
    manifest = json.loads((tmp_path / "pack" / "manifest.json").read_text())
    assert manifest["protocol"] == "online-mind2web" and manifest["source"] == str(clone.resolve())
    assert set(manifest["templates"]) == set(ONLINE_MIND2WEB_TEMPLATES)
    for name, entry in manifest["templates"].items():
        assert entry["sha256"] == sha256((tmp_path / "pack" / entry["file"]).read_text()), name
        assert entry["from"].startswith(WEBJUDGE)
    pack = load_pack(tmp_path / "pack", protocol="online-mind2web")
    # format fields become slots; the original's `{{`, `}}` and `$` come back as written
    assert pack.templates["keypoints_user"] == "PLACEHOLDER-KP-USER ${task}"
    assert pack.text("keypoints_system") == "PLACEHOLDER-KP-SYSTEM list what the task needs, costs in $ and {braces} kept."
    assert pack.prompt("outcome_user_no_images").placeholders == {"task", "key_points", "last_actions"}


async def test_judge_sends_the_packs_texts(tmp_path: Path) -> None:
    pack = import_online_mind2web(_clone(tmp_path / "clone"), tmp_path / "pack", version="test")
    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=3, answer="SECRET-ANSWER-99",
                                               thoughts=["SECRET-THOUGHT"] * 3)])
    scores: dict[str, int | str] = {"screenshot1.png": 2, "screenshot2.png": "**Reasoning**: the sorted list.\n"
                                    "**Score**: 5", "screenshot3.png": 4}
    with FakeOpenAI() as server:
        server.responder = ScriptedWebJudge(run / "t-1", scores)
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-test")
        await judge_run(run, model, JudgeSettings(method="webjudge", prompts=str(pack.folder)))
        stages = Stages.of(server, 3)
    listing = "\n".join(f"{i}. {k}" for i, k in enumerate(KEY_POINTS, start=1))
    first = stages.key_points["messages"]
    assert first[0] == {"role": "system", "content": pack.text("keypoints_system")}
    assert texts(stages.key_points).endswith("PLACEHOLDER-KP-USER Question of t-1?")
    for body in stages.screenshots:
        assert body["messages"][0]["content"] == pack.text("screenshot_system")
        assert body["messages"][1]["content"][0]["text"] == f"PLACEHOLDER-IMG-USER task=Question of t-1? points={listing}"
    outcome = stages.outcome["messages"]
    assert outcome[0]["content"] == pack.text("outcome_system")
    assert outcome[1]["content"][0]["text"] == (
        f"PLACEHOLDER-OUT-USER Question of t-1? | {listing} | 1. Click [1]  (on http://shop.localhost/p1)\n"
        f"2. Click [2]  (on http://shop.localhost/p2) | REASONS 1. the sorted list.\n"
        f"2. The page shows part of what is needed.")
    assert len(images(stages.outcome)) == 2
    assert "SECRET-ANSWER" not in json.dumps(stages.outcome) and "SECRET-THOUGHT" not in json.dumps(server.bodies())
    assert read_json(run / "t-1" / "judgement.json")["stages"][-1]["text"] == outcome[1]["content"][0]["text"]


async def test_no_kept_screenshot_sends_the_packs_bare_outcome_text(tmp_path: Path) -> None:
    pack = import_online_mind2web(_clone(tmp_path / "clone"), tmp_path / "pack", version="test")
    run = make_run(tmp_path / "run", [FakeTask("t-1", steps=2)])
    with FakeOpenAI() as server:
        server.responder = ScriptedWebJudge(run / "t-1", {"screenshot1.png": 1, "screenshot2.png": 2})
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-test")
        await judge_run(run, model, JudgeSettings(method="webjudge", prompts=str(pack.folder)))
        stages = Stages.of(server, 2)
    assert texts(stages.outcome).endswith("PLACEHOLDER-OUT-BARE Question of t-1? | 1. Find the blue kettle\n"
                                          "2. Results ordered by price, lowest first | 1. Click [1]  "
                                          "(on http://shop.localhost/p1)")
    assert images(stages.outcome) == []


def test_a_clone_without_webjudge_is_refused_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    done = runner.invoke(app, ["protocol", "import", "online-mind2web", str(tmp_path / "empty")])
    said = " ".join(done.output.split())   # the console wraps the message
    assert done.exit_code == 2 and "src/methods/webjudge_online_mind2web.py is missing" in said
    clone = _clone(tmp_path / "old", FAKE_SOURCE.replace("async def judge_image", "async def rate_image"))
    with pytest.raises(SourceError, match=r"webjudge_online_mind2web\.py: no function judge_image\(\)"):
        import_online_mind2web(clone, tmp_path / "pack", version="test")
    clone = _clone(tmp_path / "other", FAKE_SOURCE.replace("points={key_points}", "points={points}"))
    with pytest.raises(SourceError, match=r"screenshot_user text fills \['points', 'task'\]"):
        import_online_mind2web(clone, tmp_path / "pack2", version="test")


def test_webjudge_needs_an_online_mind2web_pack(tmp_path: Path, pack: ProtocolPack) -> None:
    with pytest.raises(ConfigError, match="is a webvoyager pack .* needs a online-mind2web pack"):
        JudgeSettings(method="webjudge", prompts=str(pack.folder)).validate()
    pack = import_online_mind2web(_clone(tmp_path / "clone"), tmp_path / "pack", version="test")
    with pytest.raises(ConfigError, match="is a online-mind2web pack"):
        JudgeSettings(method="webvoyager", protocol="paper", prompts=str(pack.folder)).validate()
    assert JudgeSettings(method="webjudge", prompts=str(pack.folder)).validate().wording.startswith(
        "Online-Mind2Web's, from prompt pack")
