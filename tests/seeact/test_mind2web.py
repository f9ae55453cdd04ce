"""The Mind2Web offline evaluator: the shared SeeAct sample, a parquet we write, model runs, the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from webvoyager.cli import app
from webvoyager.models.base import ImagePart
from webvoyager.models.scripted import ScriptedModel
from webvoyager.seeact.mind2web.data import iter_parquet, load_queries
from webvoyager.seeact.mind2web.runner import load_steps, run_model, score_saved

SAMPLE = "seeact/examples/textual_choice"


def _sample(shared_data: Path) -> tuple[Path, Path]:
    folder = shared_data / SAMPLE
    return folder, next(folder.glob("*/prediction-4api.jsonl"))


def test_sample_queries_load(shared_data: Path) -> None:
    folder, _ = _sample(shared_data)
    steps = load_queries(folder)
    assert len(steps) == 1
    step = steps[0]
    assert step.task.startswith("View the profile of a Wedding Photographer")
    assert step.previous_actions == ["[textbox]  Search on Thumbtack -> TYPE: wedding photographer",
                                     "[textbox]  Zip code -> TYPE: 10203"]
    assert [len(b.choices) for b in step.batches] == [16, 17, 17]
    assert step.positive_ids == {"8635"} and step.operation.op == "CLICK"
    assert all(b.image is not None and b.image.is_file() for b in step.batches)


def test_recorded_gpt4v_predictions_score_element_and_step_success(shared_data: Path) -> None:
    folder, preds = _sample(shared_data)
    report = score_saved(load_queries(folder), preds)
    (outcome,) = report.outcomes
    assert outcome.predicted_element == "8635"          # batch 0 letter H = the positive
    assert outcome.element_correct and outcome.op_f1 == 1.0 and outcome.step_success
    (metrics,) = report.metrics
    assert (metrics.element_acc, metrics.step_sr) == (1.0, 1.0)
    # one step (the third: two previous actions) of a task: incomplete, so no task success is claimed
    assert (metrics.task_sr, metrics.complete_tasks, metrics.incomplete_tasks) == (None, 0, 1)


def test_predictions_naming_none_in_every_batch_fail(shared_data: Path, tmp_path: Path) -> None:
    folder, preds = _sample(shared_data)
    lines = [json.loads(x) for x in preds.read_text().splitlines()]
    lines[0]["gpt_output"][1] = "ELEMENT: Q\nACTION: CLICK\nVALUE: None"    # Q = "none" in the 16-option batch
    bad = tmp_path / "pred.jsonl"
    bad.write_text("".join(json.dumps(x) + "\n" for x in lines))
    (outcome,) = score_saved(load_queries(folder), bad).outcomes
    assert outcome.predicted_element is None and not outcome.step_success
    assert outcome.op_f1 == 0.0      # "none" in every batch: no element chosen, so no operation credit either


def _png(width: int = 400, height: int = 600) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


def _cand(bid: str, tag: str, y: int, **attrs: str) -> str:
    attributes = {"backend_node_id": bid, "bounding_box_rect": f"10,{y},100,30", **attrs}
    return json.dumps({"tag": tag, "backend_node_id": bid, "attributes": json.dumps(attributes)})


HTML = ('<html backend_node_id="1"><body backend_node_id="2"><a backend_node_id="12">Home</a>'
        '<input backend_node_id="10" aria_label="To" type="text"/>'
        '<button backend_node_id="11" type="submit">Search flights</button>'
        '<div backend_node_id="13">Deals of the week</div></body></html>')
TASK = "Search for flights from New York to Boston"


def _write_parquet(path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    reprs = ["[textbox]  From -> TYPE: New York", "[textbox]  To -> TYPE: Boston", "[button]  Search flights -> CLICK"]
    cands = {"10": _cand("10", "input", 100, aria_label="To", type="text"),
             "11": _cand("11", "button", 200, type="submit"), "12": _cand("12", "a", 0),
             "13": _cand("13", "div", 300)}
    rows = []
    for index, (uid, pos, op) in enumerate([("u1", "10", {"op": "TYPE", "original_op": "TYPE", "value": "Boston"}),
                                            ("u2", "11", {"op": "CLICK", "original_op": "CLICK", "value": ""})]):
        rows.append({
            "annotation_id": "task-1", "action_uid": uid, "confirmed_task": TASK, "website": "flights",
            "domain": "Travel", "subdomain": "Airlines", "operation": json.dumps(op),
            "pos_candidates": [cands[pos]], "neg_candidates": [v for k, v in cands.items() if k != pos],
            "cleaned_html": HTML, "action_reprs": reprs, "target_action_index": str(index + 1),
            "target_action_reprs": reprs[index + 1], "screenshot": {"bytes": _png(), "path": None},
        })
    pq.write_table(pa.Table.from_pylist(rows), path)


def test_parquet_rows_load(tmp_path: Path) -> None:
    file = tmp_path / "test_website-00000-of-00001.parquet"
    _write_parquet(file)
    steps = list(iter_parquet([file]))
    assert [s.action_uid for s in steps] == ["u1", "u2"]
    first, second = steps
    assert first.split == "test_website" and first.domain == "Travel"
    assert first.previous_actions == ["[textbox]  From -> TYPE: New York"]
    assert second.previous_actions[-1] == "[textbox]  To -> TYPE: Boston"
    assert (first.operation.op, first.operation.value) == ("TYPE", "Boston")
    assert first.positive_ids == {"10"} and len(first.negatives) == 3
    assert first.screenshot is not None and first.screenshot.startswith(b"\x89PNG")
    assert (first.index, second.index, first.task_steps) == (1, 2, 3)     # steps 2 and 3 of a 3-step task


async def test_model_run_on_parquet_is_scored_and_sent_the_choices(tmp_path: Path) -> None:
    file = tmp_path / "test_website-00000-of-00001.parquet"
    _write_parquet(file)
    steps = load_steps(parquet=[file])
    # Candidates sorted top to bottom: A=Home (y 0), B=To (100), C=Search (200), D=Deals (300), E=none.
    model = ScriptedModel.from_replies([
        "The To field is empty; type Boston into it.", "ELEMENT: B\nACTION: TYPE\nVALUE: Boston",
        "Click the Search flights button.", "ELEMENT: A\nACTION: CLICK\nVALUE: None",
    ])
    report = await run_model(steps, model)
    assert [o.step_success for o in report.outcomes] == [True, False]
    assert report.outcomes[1].predicted_element == "12"
    (metrics,) = report.metrics
    assert metrics.split == "test_website" and metrics.step_sr == 0.5
    assert metrics.task_sr is None and metrics.incomplete_tasks == 1    # its first step is not in the data
    gen_call, ground_call = model.calls[0], model.calls[1]
    first_user = gen_call.messages[1]
    assert TASK in first_user.text_content and "[textbox]  From -> TYPE: New York" in first_user.text_content
    assert any(isinstance(p, ImagePart) for p in first_user.parts)
    question = ground_call.messages[-1].text_content
    assert "B. <input text To />" in question and "C. <button submit> Search flights" in question
    assert "E. None of the other options match the correct element" in question
    assert ground_call.messages[-2].text_content == "The To field is empty; type Boston into it."
    assert len(report.predictions) == 2 and report.predictions[0].choices is not None


async def test_saved_model_run_rescores_identically(tmp_path: Path) -> None:
    file = tmp_path / "test_task-00000-of-00001.parquet"
    _write_parquet(file)
    steps = load_steps(parquet=[file])
    model = ScriptedModel.from_replies(["g", "ELEMENT: B\nACTION: TYPE\nVALUE: Boston",
                                        "g", "ELEMENT: C\nACTION: CLICK\nVALUE: None"])
    report = await run_model(steps, model)
    report.save(tmp_path / "report.json")
    again = score_saved(steps, tmp_path / "report.predictions.jsonl")
    assert [o.step_success for o in again.outcomes] == [True, True]
    saved = json.loads((tmp_path / "report.json").read_text())["metrics"][0]
    assert saved["step_sr"] == 1.0 and saved["task_sr"] is None and saved["incomplete_tasks"] == 1


def test_cli_scores_sample_predictions(shared_data: Path, tmp_path: Path) -> None:
    folder, preds = _sample(shared_data)
    out = tmp_path / "m.json"
    result = CliRunner().invoke(app, ["mind2web", "eval", "--queries", str(folder), "--predictions", str(preds),
                                      "--split", "test_task", "--out", str(out)])
    assert result.exit_code == 0, result.output
    metrics = json.loads(out.read_text())["metrics"][0]
    assert metrics["split"] == "test_task" and metrics["step_sr"] == 1.0


def test_cli_needs_exactly_one_of_model_or_predictions(shared_data: Path) -> None:
    folder, _ = _sample(shared_data)
    result = CliRunner().invoke(app, ["mind2web", "eval", "--queries", str(folder)])
    assert result.exit_code == 2 and "exactly one of" in result.output


def test_cli_runs_a_scripted_model_on_parquet_and_saves_predictions(tmp_path: Path) -> None:
    file = tmp_path / "test_domain-00000-of-00001.parquet"
    _write_parquet(file)
    script = tmp_path / "script.jsonl"
    replies = ["g", "ELEMENT: B\nACTION: TYPE\nVALUE: Boston", "g", "ELEMENT: C\nACTION: CLICK\nVALUE: None"]
    script.write_text("".join(json.dumps(r) + "\n" for r in replies))
    out = tmp_path / "eval.json"
    result = CliRunner().invoke(app, ["mind2web", "eval", "--parquet", str(file), "--model", f"scripted:{script}",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["metrics"][0]["split"] == "test_domain" and report["metrics"][0]["step_sr"] == 1.0
    assert report["metrics"][0]["task_sr"] is None and "incomplete tasks" in " ".join(result.output.split())
    saved = (tmp_path / "eval.predictions.jsonl").read_text().splitlines()
    assert [json.loads(x)["action_uid"] for x in saved] == ["u1", "u2"]
