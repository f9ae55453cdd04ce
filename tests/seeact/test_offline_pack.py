"""`mind2web eval --protocol paper --prompts PACK`: the original offline experiment's requests, worded from a
SeeAct pack. Without the original's venv this checks our rendered prompts against the prompts the original
recorded beside the example (prediction-4api.jsonl: [system, query, referring] per batch); the full
request comparison is tests/paper/test_seeact_differential.py."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import SHARED_DATA
from webvoyager.cli import app
from webvoyager.models.scripted import ScriptedModel
from webvoyager.packs import ProtocolPack
from webvoyager.protocol import offline_crop
from webvoyager.seeact.mind2web import runner

EXAMPLE = SHARED_DATA / "seeact" / "examples" / "textual_choice"
cli = CliRunner()


def _recorded() -> list[dict]:
    (path,) = EXAMPLE.glob("*/prediction-4api.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def test_the_packs_prompts_are_the_ones_the_original_recorded(seeact_pack: ProtocolPack) -> None:
    recorded = _recorded()
    model = ScriptedModel.from_replies([text for line in recorded for text in line["gpt_output"]])
    report = await runner.run_model(runner.load_steps(EXAMPLE), model, crop=offline_crop("paper"), pack=seeact_pack)
    # Every batch is asked (offline_experiment.py asks each query), though batch 0 already names the positive.
    assert [p.batch for p in report.predictions] == [0, 1, 2]
    for ours, original in zip(report.predictions, recorded):
        assert ours.prompt == original["prompt"]
    calls = model.calls
    assert [len(c.messages) for c in calls] == [2, 4] * 3
    assert calls[1].messages[2].text_content == "\n\n" + recorded[0]["gpt_output"][0]
    assert all(m.as_parts for c in calls for m in c.messages if not m.images)   # lists of parts, as there
    assert report.metrics[0].element_acc == 1.0


def test_prompts_needs_paper_a_model_and_a_seeact_pack(seeact_pack: ProtocolPack, tmp_path: Path) -> None:
    base = ["mind2web", "eval", "--queries", str(EXAMPLE), "--model", "openai:gpt-4o", "--base-url",
            "http://127.0.0.1:9/v1"]
    done = cli.invoke(app, [*base, "--prompts", str(seeact_pack.folder)])
    assert done.exit_code != 0 and "use it with --protocol paper" in " ".join(done.output.split()), done.output
    other = tmp_path / "webvoyager-pack"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({"format": 1, "protocol": "webvoyager", "templates": {}}))
    done = cli.invoke(app, [*base, "--protocol", "paper", "--prompts", str(other)])
    assert done.exit_code != 0 and "is a webvoyager pack" in done.output, done.output



async def test_paper_asks_every_batch_default_stops_at_the_first_that_names_an_element() -> None:
    recorded = _recorded()   # batch 0's answer names the positive
    asked = {}
    for protocol in ("default", "paper"):
        model = ScriptedModel.from_replies([text for line in recorded for text in line["gpt_output"]])
        report = await runner.run_model(runner.load_steps(EXAMPLE), model, crop=offline_crop(protocol))
        asked[protocol] = [p.batch for p in report.predictions]
        assert report.metrics[0].element_acc == 1.0
    assert asked == {"default": [0], "paper": [0, 1, 2]}
