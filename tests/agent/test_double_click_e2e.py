"""DoubleClick end to end: a scripted model's reply `Action: DoubleClick [0]` goes through the real parser,
agent loop and Chromium on tests/pages/zoo/dblclick.html (whose button changes its text on a dblclick
event only), and the next observation the model is sent shows the change. Under the paper protocol the
same reply is refused and the page stays as it was."""

from __future__ import annotations

import json

import pytest

from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.models.scripted import ScriptedModel
from webvoyager.tasks import Task

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPLIES = ["Thought: open the report.\nAction: DoubleClick [0]", "Thought: it is open.\nAction: ANSWER; [opened]"]


def _last_user_text(call: object) -> str:
    return [m for m in call.messages if m.role == "user"][-1].text_content  # type: ignore[attr-defined]


@pytest.mark.parametrize("protocol", ["default", "paper"])
async def test_double_click_reply_opens_the_file_in_default_only(browser, pages_url, tmp_path, protocol) -> None:
    model = ScriptedModel.from_replies(REPLIES)
    task = Task(id="open", question="Open the report.", start_url=f"{pages_url}/zoo/dblclick.html")
    result = await execute_task(task, browser=browser, model=model, settings=RunSettings(protocol=protocol),
                                task_dir=tmp_path / "t")
    assert result.status == "answered" and result.steps == 2
    before, after = _last_user_text(model.calls[0]), _last_user_text(model.calls[1])
    assert '"report.pdf"' in before and "(opened)" not in before
    step = json.loads((tmp_path / "t" / "trajectory.json").read_text())["steps"][0]
    if protocol == "default":
        assert '"report.pdf (opened)"' in after
        assert step["action"] == "DoubleClick [0]" and step["action_data"] == {"kind": "doubleclick", "target": 0}
    else:
        assert "(opened)" not in after and "not an action of this run" in after
        assert step["action"] is None
