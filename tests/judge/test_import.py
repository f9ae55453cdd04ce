"""`judge import`: other agents' trajectories (Online-Mind2Web v1/v2 submissions, the original WebVoyager
code's results) land in our run layout, and `judge` (a real SDK against a local OpenAI-compatible server)
and `report` work on them unchanged."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.judge.trajectories import V1_SHOTS, image, omw_submission, original_results
from tests.models.fake_providers import FakeOpenAI, RecordedRequest
from webvoyager.cli import app
from webvoyager.runs.records import load_records
from webvoyager.trajectory import TaskDir

runner = CliRunner()


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def _cli(*args: str) -> tuple[int, str]:
    res = runner.invoke(app, list(args), env={"COLUMNS": "400"})   # wide: rich would cut long paths anywhere
    return res.exit_code, " ".join(res.output.split())   # folded: rich wraps long lines


def _images_sent(request_body: dict) -> list[bytes]:
    return [base64.b64decode(p["image_url"]["url"].split(",", 1)[1]) for m in request_body["messages"]
            if isinstance(m["content"], list) for p in m["content"] if p.get("type") == "image_url"]


def _texts_sent(request_body: dict) -> str:
    return "\n".join(m["content"] if isinstance(m["content"], str) else
                     "\n".join(p.get("text", "") for p in m["content"]) for m in request_body["messages"])


def _colour(png: bytes) -> tuple[int, ...]:
    with Image.open(io.BytesIO(png)) as img:
        return img.convert("RGB").getpixel((5, 5))


def test_online_mind2web_submissions_are_imported_judged_and_reported(tmp_path: Path) -> None:
    source, run = omw_submission(tmp_path / "submission"), tmp_path / "imported"
    code, out = _cli("judge", "import", str(source), "--format", "online-mind2web", "--out", str(run))
    assert code == 0, out
    assert "Imported 3 task(s)" in out and "skipped 4 folder(s)" in out
    assert f"webvoyager judge {run} --model SPEC" in out
    for line in ("skipped badjson: result.json is not valid JSON", "skipped noresult: result.json is missing",
                 "skipped gifshot: the screenshot 1.gif is not a PNG or JPEG image",
                 "skipped lostshot: step 2's screenshot trajectory/2.png is missing"):
        assert line in out

    records = {r.task_id: r for r in load_records(run)}
    assert sorted(records) == ["v1jpeg", "v1kettle", "v2flight"]
    v1, files = records["v1kettle"].result, TaskDir(run / "v1kettle")
    assert v1.question == "Find the cheapest blue kettle on Shopmart." and v1.status == "answered"
    assert v1.answer == "The Blue kettle 1.7 l at $12 is the cheapest." and v1.policy == "imported" and v1.steps == 2
    steps = files.load_steps()
    assert [s.action for s in steps] == ["<input> Search -> TYPE: blue kettle", "<a> Blue kettle 1.7 l -> CLICK", None]
    assert [s.thought for s in steps] == ["I search for the kettle.", "The first result is the cheapest.", ""]
    assert steps[2].notes and "after the last action" in steps[2].notes[0]
    # screenshots copied byte for byte, ordered by the number in their names (1, 2, 10)
    assert [files.screenshot(i).read_bytes() for i in (1, 2, 3)] == [V1_SHOTS["shot_1.png"], V1_SHOTS["shot_2.png"],
                                                                     V1_SHOTS["shot_10.png"]]
    jpeg_shot = TaskDir(run / "v1jpeg").screenshot(1).read_bytes()     # a JPEG is stored as the PNG the layout holds
    assert jpeg_shot.startswith(b"\x89PNG") and _colour(jpeg_shot) == pytest.approx(_colour(image("yellow")), abs=8)
    assert records["v1jpeg"].result.answer == "" and records["v1jpeg"].result.status == "answered"

    v2 = records["v2flight"].result
    v2_steps = TaskDir(run / "v2flight").load_steps()
    assert v2.answer == "Flights from Boston to Denver are listed." and v2.steps == 2
    assert [s.action for s in v2_steps] == ["CLICK one-way", "TYPE Denver into To", None]   # the output is no action
    assert [s.thought for s in v2_steps] == ["Pick one-way first.", "Then the destination.", "The list shows."]
    assert "TASK_COMPLETE: the flights are listed" in v2_steps[2].notes[0]
    assert [s.screenshot for s in v2_steps] == ["screenshot1.png", "screenshot2.png", "screenshot3.png"]

    imported = read_json(run / "run.json")["imported"]
    assert imported["format"] == "online-mind2web" and imported["source"] == str(source.resolve())
    assert imported["tasks"] == 3 and imported["schemas"] == ["v1", "v2"]
    assert sorted(s["folder"] for s in imported["skipped"]) == ["badjson", "gifshot", "lostshot", "noresult"]

    def verdict(request: RecordedRequest) -> str:
        return "Verdict: NOT SUCCESS" if "help page" in _texts_sent(request.body) else "Verdict: SUCCESS"

    with FakeOpenAI(responder=verdict) as server:
        code, out = _cli("judge", str(run), "--model", "openai:gpt-4o", "--base-url", server.base_url,
                         "--images", "all", "--workers", "1")
        assert code == 0, out
        bodies = server.bodies()
    assert len(bodies) == 3
    by_question = {q: b for b in bodies for q in (r.result.question for r in records.values()) if q in _texts_sent(b)}
    sent = by_question["Show one-way flights from Boston to Denver."]
    assert "Flights from Boston to Denver are listed." in _texts_sent(sent)
    assert _images_sent(sent) == [TaskDir(run / "v2flight").screenshot(i).read_bytes() for i in (1, 2, 3)]
    assert _images_sent(by_question["Find the cheapest blue kettle on Shopmart."])[0] == V1_SHOTS["shot_1.png"]
    verdicts = {tid: read_json(TaskDir(run / tid).judgement)["verdict"] for tid in records}
    assert verdicts == {"v1jpeg": "NOT SUCCESS", "v1kettle": "SUCCESS", "v2flight": "SUCCESS"}
    assert read_json(run / "summary.json")["overall"]["by_signal"]["judged"]["success"] == 2

    # the benchmark's human labels against these verdicts: v1jpeg not executable (excluded), v1kettle a
    # success, v2flight a failure: 1 of 2 agree, kappa 0 (the judge says success on both), gap +50 points
    labels = tmp_path / "human_label.json"
    labels.write_text(json.dumps([{"task_id": t, "confirmed_task": "", "Mine_human_label": v}
                                  for t, v in (("v1jpeg", "2"), ("v1kettle", "1"), ("v2flight", "0"))]))
    code, out = _cli("judge", "agreement", str(labels), "--labels-format", "online-mind2web", "--run", str(run),
                     "--csv", str(tmp_path / "agreement.csv"))
    assert code == 0, out
    row = (tmp_path / "agreement.csv").read_text().splitlines()[1].split(",")
    assert row[:4] == ["labels vs run", "2", "50.0%", "0.000"] and row[8:] == ["50.0%", "100.0%", "+50.0", "1"]

    code, out = _cli("report", str(run))
    assert code == 0, out
    html = (run / "report.html").read_text(encoding="utf-8")
    assert 'id="imported"' in html and "Imported run:" in html and "online-mind2web" in html
    assert all(f'id="task-{tid}"' in html for tid in records)
    assert "Pick one-way first." in html and "CLICK one-way" in html and "TASK_COMPLETE: the flights are listed" in html
    assert "v2flight/screenshot3.png" in html


def test_an_existing_run_folder_is_refused_unless_force_replaces_an_earlier_import(tmp_path: Path) -> None:
    source, run = omw_submission(tmp_path / "submission"), tmp_path / "imported"
    assert _cli("judge", "import", str(source), "--format", "online-mind2web", "--out", str(run))[0] == 0
    (TaskDir(run / "v2flight").judgement).write_text("{}")
    code, out = _cli("judge", "import", str(source), "--format", "online-mind2web", "--out", str(run))
    assert code == 2 and "already holds a run" in out and "--force" in out
    assert TaskDir(run / "v2flight").judgement.is_file()        # untouched
    code, out = _cli("judge", "import", str(source), "--format", "online-mind2web", "--out", str(run), "--force")
    assert code == 0, out
    assert not TaskDir(run / "v2flight").judgement.is_file() and TaskDir(run / "v2flight").result.is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]   # no build folder left behind
    ours = make_run(tmp_path / "ours", [FakeTask("a")])
    code, out = _cli("judge", "import", str(source), "--format", "online-mind2web", "--out", str(ours), "--force")
    assert code == 2 and "was not imported" in out and (ours / "a" / "result.json").is_file()
    code, out = _cli("judge", "import", str(source / "v2flight"), "--format", "online-mind2web", "--out",
                     str(tmp_path / "one"))          # one task's folder
    assert code == 0 and "Imported 1 task(s)" in out and (tmp_path / "one" / "v2flight" / "screenshot3.png").is_file()
    code, out = _cli("judge", "import", str(source), "--format", "seeact", "--out", str(tmp_path / "x"))
    assert code == 2 and "online-mind2web, webvoyager-original" in out


def test_original_webvoyager_results_are_imported_judged_and_reported(tmp_path: Path) -> None:
    source, shots = original_results(tmp_path / "results")
    run = tmp_path / "imported"
    code, out = _cli("judge", "import", str(source), "--format", "webvoyager-original", "--out", str(run))
    assert code == 0, out
    assert "Imported 2 task(s)" in out and "skipped 3 folder(s)" in out
    assert ("skipped 20240301_10_00_00/taskAllrecipes--0: task Allrecipes--0 has a later run in "
            "20240302_09_30_00/taskAllrecipes--0") in out
    assert "skipped 20240302_09_30_00/taskGitHub--1: interact_messages.json is missing" in out
    assert "skipped 20240302_09_30_00/taskGitHub--2: step 2 showed the page but screenshot2.png is missing" in out

    records = {r.task_id: r for r in load_records(run)}
    assert sorted(records) == ["Allrecipes--0", "BBC News--3"]
    done, files = records["Allrecipes--0"].result, TaskDir(run / "Allrecipes--0")
    assert done.question == "Find a vegetarian lasagna recipe with over 100 reviews."
    assert done.start_url == "https://www.allrecipes.com/" and done.site == "Allrecipes"
    assert done.status == "answered" and done.answer == "Vegetarian Four Cheese Lasagna" and done.steps == 3
    steps = files.load_steps()
    assert [s.action for s in steps] == ["Type [0]; [vegetarian lasagna]", None, "Click [4]",
                                         "ANSWER; [Vegetarian Four Cheese Lasagna]"]
    assert [s.thought for s in steps] == ["I search for it.", "I am not sure what to do.", "Open the first result.",
                                          "It has 212 reviews."]
    assert steps[1].error and steps[1].raw_output == "I am not sure what to do."
    # the later run's screenshots, under the original's own numbering (iteration 3 showed no page)
    assert [s.screenshot for s in steps] == ["screenshot1.png", "screenshot2.png", None, "screenshot4.png"]
    assert [(files.path / n).read_bytes() for n in ("screenshot1.png", "screenshot2.png", "screenshot4.png")] == \
        [shots["screenshot1.png"], shots["screenshot2.png"], shots["screenshot4.png"]]
    original_log = source / "20240302_09_30_00" / "taskAllrecipes--0" / "interact_messages.json"
    assert json.loads(files.messages.read_text()) == json.loads(original_log.read_text())
    unanswered = records["BBC News--3"].result
    assert unanswered.status == "step_limit" and unanswered.answer is None and unanswered.site == "BBC News"
    assert [s.action for s in TaskDir(run / records["BBC News--3"].dirname).load_steps()] == ["Scroll [WINDOW]; [down]"] * 2
    assert read_json(run / "run.json")["imported"]["format"] == "webvoyager-original"
    code, out = _cli("judge", "import", str(source / "20240302_09_30_00"), "--format", "webvoyager-original",
                     "--out", str(tmp_path / "one-time"))     # one results/<time>/ folder, and one task folder
    assert code == 0 and "Imported 2 task(s)" in out and "skipped 2 folder(s)" in out
    code, out = _cli("judge", "import", str(source / "20240302_09_30_00" / "taskAllrecipes--0"), "--format",
                     "webvoyager-original", "--out", str(tmp_path / "one-task"))
    assert code == 0 and "Imported 1 task(s)" in out and (tmp_path / "one-task" / "Allrecipes--0").is_dir()

    with FakeOpenAI() as server:
        server.queue("The recipe page shows 212 reviews. Verdict: SUCCESS")
        code, out = _cli("judge", str(run), "--model", "openai:gpt-4o", "--base-url", server.base_url)
        assert code == 0, out
        bodies = server.bodies()
    assert len(bodies) == 1            # the unanswered task fails without a call
    assert "Find a vegetarian lasagna recipe" in _texts_sent(bodies[0])
    assert "Vegetarian Four Cheese Lasagna" in _texts_sent(bodies[0])
    assert _images_sent(bodies[0]) == [shots["screenshot1.png"], shots["screenshot2.png"], shots["screenshot4.png"]]
    assert read_json(files.judgement)["verdict"] == "SUCCESS"
    assert read_json(TaskDir(run / records["BBC News--3"].dirname).judgement)["verdict"] == "NOT SUCCESS"

    assert _cli("report", str(run))[0] == 0
    html = (run / "report.html").read_text(encoding="utf-8")
    assert "Imported run:" in html and "webvoyager-original" in html
    assert 'id="task-Allrecipes--0"' in html and "Vegetarian Four Cheese Lasagna" in html
