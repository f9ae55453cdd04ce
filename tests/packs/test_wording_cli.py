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


@pytest.mark.browser
@pytest.mark.slow
def test_the_turn_after_a_pdf_is_the_packs_pdf_template_with_the_whole_text(pages_url, tmp_path,
                                                                             pack: ProtocolPack) -> None:
    # A real click on a real PDF link: the next turn is the pack's after-a-PDF template holding its note.
    spec = scripted_spec(tmp_path / "script.jsonl", ["Thought: open it.\nAction: Click [1]",
                                                     "Thought: read.\nAction: ANSWER; [37]"])
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "How many staff does the annual report count?", "--url",
                              f"{pages_url}/zoo/pdf.html", "--model", spec, "--out", str(out),
                              "--protocol", "paper", "--prompts", str(pack.folder)], env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    log = json.loads((out / "task" / "interact_messages.json").read_text())
    user_turns = [m for m in log if m["role"] == "user"]
    after_pdf = user_turns[1]["content"]
    text = after_pdf if isinstance(after_pdf, str) else next(p["text"] for p in after_pdf if p["type"] == "text")
    note_template = pack.prompt("pdf_note").render(pdf_obs="\0").split("\0")
    head = pack.prompt("pdf_observation").render(pdf_obs="\0", web_text="").split("\0")[0]
    assert text.startswith(head + note_template[0])
    # The whole PDF, both pages, as the paper protocol reads it.
    assert "Revenue grew to 4.2 million euros." in text and "Staff count: 37." in text
    assert text != pack.prompt("next_observation").render(warn_obs="", web_text="")
