"""The --confirm gate: approve, reject (not executed, the model is told), take over; all recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from webvoyager.agent.loop import Agent
from webvoyager.agent.recorder import Recorder
from webvoyager.browser.types import Element
from webvoyager.models.scripted import ScriptedModel
from webvoyager.seeact.confirm import ConfirmGate, needs_confirmation, parse_answer
from webvoyager.seeact.policy import SeeActPolicy
from webvoyager.trajectory import TaskDir
from tests.seeact.shop_page import LETTERS, shop_task, status_text


@pytest.mark.parametrize("text, expected", [
    ("a", ("approve", "")), ("yes", ("approve", "")), ("r too pricey", ("reject", "too pricey")),
    ("reject: wrong size", ("reject", "wrong size")), ("t did it myself", ("takeover", "did it myself")),
    ("take over done", ("takeover", "done")), ("", None), ("maybe", None),
])
def test_answers(text: str, expected: tuple[str, str] | None) -> None:
    assert parse_answer(text) == expected


def test_which_operations_need_confirmation() -> None:
    button = Element(label=0, tag="button", text="Buy")
    link = Element(label=1, tag="a", text="Home")
    assert needs_confirmation("TYPE", None) and needs_confirmation("SELECT", None)
    assert needs_confirmation("CLICK", button) and not needs_confirmation("CLICK", link)
    assert not needs_confirmation("SCROLL DOWN", None) and not needs_confirmation("TERMINATE", None)
    assert needs_confirmation("CLICK", Element(label=2, tag="input", type="checkbox"))


def _choice(letter: str, op: str, value: str = "None") -> str:
    return f"ELEMENT: {letter}\nACTION: {op}\nVALUE: {value}"


@pytest.mark.browser
async def test_rejected_action_is_not_executed_and_model_is_told(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([
        "Type red shoes.", _choice(LETTERS["q"], "TYPE", "red shoes"),
        "Click Search.", _choice(LETTERS["go"], "CLICK"),
        "The user did not want that; stop.", _choice(LETTERS["none"], "TERMINATE", "stopped"),
    ])
    gate = ConfirmGate.scripted(["a", "r not now, please"])
    recorder = Recorder(tmp_path / "run" / "shop")
    policy = SeeActPolicy(model, confirm=gate)
    result = await Agent(session, policy, max_steps=4, recorder=recorder).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await session.page.input_value("#q") == "red shoes"     # approved: typed
    assert await status_text(session) == "Nothing yet"             # rejected: the click never happened
    third = model.calls[4].messages[1].text_content
    assert "[button]  Search -> CLICK (rejected by the user: not now, please)" in third
    assert "rejected" in third.split("What happened after the last action:")[1]
    steps = TaskDir(tmp_path / "run" / "shop").load_steps()
    assert steps[0].policy_data["confirm"]["choice"] == "approve"
    assert steps[1].policy_data["confirm"] == {"choice": "reject", "note": "not now, please",
                                         "action": "[button]  Search -> CLICK"}
    assert steps[1].action is None and "rejected" in (steps[1].error or "")
    assert any("[button]  Search -> CLICK" in s for s in gate.shown)


@pytest.mark.browser
async def test_takeover_skips_the_action_and_records_the_note(session, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([
        "Click Search.", _choice(LETTERS["go"], "CLICK"),
        "Done.", _choice(LETTERS["none"], "TERMINATE", "ok"),
    ])
    policy = SeeActPolicy(model, confirm=ConfirmGate.scripted(["t clicked it myself"]))
    result = await Agent(session, policy, max_steps=3).run(shop_task(tmp_path))
    assert result.status == "answered"
    assert await status_text(session) == "Nothing yet"   # the agent did not click; the person would have
    assert "(done by the user: clicked it myself)" in model.calls[2].messages[1].text_content


def test_confirm_needs_the_seeact_policy() -> None:
    from webvoyager.api.settings import RunSettings
    from webvoyager.errors import ConfigError

    with pytest.raises(ConfigError, match="--policy seeact"):
        RunSettings(confirm=True).validate()
    assert RunSettings(policy="seeact", confirm=True).validate().confirm


@pytest.mark.browser
@pytest.mark.slow
def test_run_cli_confirm_flag_asks_the_person_and_skips_a_rejected_action(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from webvoyager.cli import app

    task = shop_task(tmp_path)
    script = tmp_path / "script.jsonl"
    replies = ["Type red shoes.", _choice(LETTERS["q"], "TYPE", "red shoes"),
               "The user said no; stop.", _choice(LETTERS["none"], "TERMINATE", "stopped")]
    script.write_text("\n".join(json.dumps(r) for r in replies) + "\n", encoding="utf-8")
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", task.question, "--url", task.start_url, "--model", f"scripted:{script}",
                                   "--policy", "seeact", "--confirm", "--out", str(out), "--max-steps", "3"],
                             input="r not today\n")
    assert res.exit_code == 0, res.output
    assert "The agent wants to do" in res.output
    steps = TaskDir(out / "task").load_steps()
    assert steps[0].policy_data["confirm"]["choice"] == "reject" and steps[0].policy_data["confirm"]["note"] == "not today"
    assert steps[0].action is None and "rejected" in (steps[0].error or "")
