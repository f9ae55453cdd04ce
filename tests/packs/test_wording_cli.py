"""`run --protocol paper` without a pack says it uses our wording: on screen, in run.json and the report;
with `--prompts PACK` it records the pack and its commit."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.scripted import scripted_spec
from webvoyager.cli import app
from webvoyager.packs import OUR_WORDING, ProtocolPack

runner = CliRunner()


def _run(pages_url: str, tmp_path, *extra: str):  # type: ignore[no-untyped-def]
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: done.\nAction: ANSWER; [25 minutes]"])
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "How long does the Tomato Soup take?", "--url", f"{pages_url}/agent/index.html",
                              "--model", spec, "--out", str(out), "--protocol", "paper", *extra],
                        env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    return res, out


@pytest.mark.browser
@pytest.mark.slow
def test_paper_without_a_pack_says_our_wording(pages_url, tmp_path) -> None:
    res, out = _run(pages_url, tmp_path)
    assert OUR_WORDING in " ".join(res.output.split())
    assert json.loads((out / "run.json").read_text())["settings"]["wording"] == OUR_WORDING
    assert runner.invoke(app, ["report", str(out)]).exit_code == 0
    assert OUR_WORDING in (out / "report.html").read_text()


@pytest.mark.browser
@pytest.mark.slow
def test_paper_with_a_pack_records_it(pages_url, tmp_path, pack: ProtocolPack) -> None:
    res, out = _run(pages_url, tmp_path, "--prompts", str(pack.folder))
    assert OUR_WORDING not in " ".join(res.output.split())
    settings = json.loads((out / "run.json").read_text())["settings"]
    assert settings["prompts"]["commit"] == pack.commit and settings["wording"] != OUR_WORDING
    log = json.loads((out / "task" / "interact_messages.json").read_text())
    assert log[0]["content"] == pack.text("system")
