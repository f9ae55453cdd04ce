"""A model that never answers in the grammar (issue 22, item 8): in the default protocol the run stops
after `unusable_after` (3) replies in a row without a usable action, with status "unusable" and why; the
paper protocol keeps sending the format help until its step budget is gone, as the original does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.errors import ConfigError
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task

pytestmark = [pytest.mark.browser]

PROSE = "I think the answer is probably on this page somewhere, let me think about it more."


def _task(pages_url: str) -> Task:
    return Task(id="t", question="What is the answer?", start_url=f"{pages_url}/robust/plain.html", site="local")


async def test_default_stops_after_three_unusable_replies_in_a_row(browser, pages_url, tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([PROSE] * 20)
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(max_steps=25),
                                task_dir=tmp_path / "t")
    assert result.status == "unusable" and result.steps == 3 and len(model.calls) == 3
    assert "3 replies in a row held no usable action" in (result.error or "")
    assert "no 'Action:' line" in (result.error or "")
    written = json.loads((tmp_path / "t" / "result.json").read_text(encoding="utf-8"))
    assert written["status"] == "unusable" and "3 replies in a row" in written["error"]
    steps = json.loads((tmp_path / "t" / "trajectory.json").read_text(encoding="utf-8"))["steps"]
    assert "stopped: 3 unusable replies in a row" in steps[-1]["error"]


async def test_a_usable_reply_resets_the_count_and_the_limit_is_configurable(browser, pages_url,
                                                                             tmp_path: Path) -> None:
    replies = [PROSE, PROSE, "Thought: look again.\nAction: Scroll [WINDOW]; [down]", PROSE, PROSE, PROSE, PROSE]
    model = ScriptedModel.from_replies(replies)
    result = await execute_task(_task(pages_url), browser=browser, model=model,
                                settings=RunSettings(unusable_after=4), task_dir=tmp_path / "t")
    assert result.status == "unusable" and len(model.calls) == 7   # 2, a usable one, then 4 in a row


async def test_paper_keeps_sending_the_format_help_until_the_budget_is_gone(browser, pages_url,
                                                                            tmp_path: Path) -> None:
    model = ScriptedModel.from_replies([PROSE] * 20)
    result = await execute_task(_task(pages_url), browser=browser, model=model, settings=RunSettings(protocol="paper"),
                                task_dir=tmp_path / "t")
    assert result.status == "step_limit" and len(model.calls) == 15   # the paper's 15 steps, every one unusable


def test_the_paper_protocol_refuses_a_limit() -> None:
    assert RunSettings().unusable_after == 3 and RunSettings(protocol="paper").unusable_after is None
    with pytest.raises(ConfigError, match="unusable_after"):
        RunSettings(protocol="paper", unusable_after=3)
    with pytest.raises(ConfigError, match="at least 1"):
        RunSettings(unusable_after=0)


def test_seeact_keeps_its_own_no_op_rules() -> None:
    assert RunSettings(policy="seeact").loop_rules().unusable_after is None
    assert RunSettings().loop_rules().unusable_after == 3
