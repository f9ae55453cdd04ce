"""A user's own system prompt (`--system-prompt FILE`, any text) does not change what the reference model
does: it is told the run's policy and protocol by the run wiring, and reads the observation turns through
the readers beside their builders, never the system prompt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.sandbox.catalog import load_sandbox_tasks


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("protocol, policy, task_id", [
    ("paper", "webvoyager", "shop--2"), ("default", "webvoyager", "shop--2"), ("default", "seeact", "recipes--3")])
def test_reference_solves_a_sandbox_task_with_a_system_prompt_of_the_users_own(
        sandbox, tmp_path: Path, protocol: str, policy: str, task_id: str) -> None:
    # shop--2 chooses a sort order in a drop-down: the paper protocol has no Select action, so the
    # reference must type the option there, and it can only know that from the protocol it was given
    # (before, it guessed from the system prompt, chose Select under this one, and the task failed).
    task = next(t for t in load_sandbox_tasks(sandbox.port) if t.id == task_id)
    prompt = tmp_path / "my_prompt.txt"
    prompt.write_text("You are my shopping helper. Be brief.\n", encoding="utf-8")
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", task.question, "--url", task.start_url, "--model", "reference",
                                   "--protocol", protocol, "--policy", policy, "--system-prompt", str(prompt),
                                   "--confirm", "allow", "--out", str(out)])
    result = json.loads((out / "task" / "result.json").read_text())
    assert res.exit_code == 0 and result["status"] == "answered", (res.output, result.get("error"))
    sent = json.loads((out / "task" / "interact_messages.json").read_text())
    system = sent[0]["content"] if isinstance(sent[0]["content"], str) else sent[0]["content"][0]["text"]
    assert system == "You are my shopping helper. Be brief."
    run = json.loads((out / "run.json").read_text())
    assert (run["settings"]["protocol"], run["settings"]["policy"]) == (protocol, policy)
