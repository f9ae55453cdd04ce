"""`webvoyager judge calibrate`: a run's judges against the code checks, and against each task's probes, through
the real CLI (the gullible stand-in judge, and an OpenAI-protocol judge on loopback through the real SDK)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run, read_json
from tests.models.fake_providers import FakeOpenAI, RecordedRequest, openai_completion
from webvoyager.cli import app
from webvoyager.sandbox.catalog import load_sandbox_tasks
from webvoyager.trajectory import TaskDir

runner = CliRunner()
TASKS = {t.id: t for t in load_sandbox_tasks()}
RIGHT = "teo-lind/robust-http-client-lite has the most stars: 133 stars."   # code--1's answer


@pytest.fixture(autouse=True)
def _no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "200")


def _run(tmp_path: Path) -> Path:
    """code--1 solved, code--4 answered wrong (the check fails it), code--5 never answered."""
    return make_run(tmp_path / "run", [
        FakeTask("code--1", site="code", answer=RIGHT, success=True),
        FakeTask("code--4", site="code", answer="The latest release is v1.0.0.", success=False),
        FakeTask("code--5", site="code", status="step_limit", answer=None, success=False)])


def _probe_answers(task_id: str) -> dict[str, list[str]]:
    probes = TASKS[task_id].probes
    assert probes is not None
    out: dict[str, list[str]] = {"pass": [p.answer for p in probes.accept if p.answer and not p.has_state]}
    for p in probes.reject:
        if p.answer is not None and not p.has_state:
            out.setdefault(p.kind or "fail", []).append(p.answer)
    return out


def test_calibrate_the_gullible_judge(tmp_path: Path) -> None:
    run = _run(tmp_path)
    assert runner.invoke(app, ["judge", str(run), "--model", "gullible"]).exit_code == 0
    res = runner.invoke(app, ["judge", "calibrate", str(run), "--workers", "2"])
    assert res.exit_code == 0, res.output
    # checks T F F, judge T T F: agreement 2/3, kappa (2/3 - 4/9) / (5/9) = 0.4, one false positive of two
    row = next(line for line in res.output.splitlines() if "webvoyager/gullible" in line and "%" in line)
    assert re.findall(r"[-+\d.]+%?", row.split("gullible", 1)[1]) == \
        ["3", "66.7%", "0.400", "50.0%", "0.0%", "33.3%", "66.7%", "+33.3"]
    data = read_json(run / "calibration.json")["judges"][0]
    assert data["judge"] == "webvoyager/gullible" and data["run"]["kappa"] == pytest.approx(0.4)
    assert data["false_positive_rate"] == 0.5 and data["false_negative_rate"] == 0.0
    # the probes go into the solved trajectory only, each of code--1's answer probes once
    assert {p["task_id"] for p in data["probes"]} == {"code--1"}
    expected = _probe_answers("code--1")
    assert sorted(p["answer"] for p in data["probes"]) == sorted(a for answers in expected.values() for a in answers)
    kinds = {k["kind"]: (k["judged_success"], k["probes"]) for k in data["probe_kinds"]}
    assert kinds["pass"] == (len(expected["pass"]), len(expected["pass"]))
    assert kinds["hedge"] == (1, 1) and kinds["off_by_one"] == (1, 1)     # it believes any answer...
    assert kinds["refusal"] == (0, 1)                                     # ...that does not admit failure
    summary = read_json(run / "summary.json")["calibration"][0]
    assert summary["judge"] == "webvoyager/gullible" and summary["false_positive_rate"] == 0.5
    assert {"kind": "hedge", "probes": 1, "judged_success": 1} in summary["probe_kinds"]
    assert runner.invoke(app, ["report", str(run)]).exit_code == 0
    html = (run / "report.html").read_text(encoding="utf-8")
    section = html[html.index('id="calibration"'):html.index('id="manifest"') if 'id="manifest"' in html else None]
    assert "webvoyager/gullible" in section and "0.400" in section and "50.0%" in section and ">1/1<" in section


def _strict_judge(request: RecordedRequest) -> object:
    """SUCCESS when the answer sent names 133 stars and hedges nothing."""
    text = "\n".join(p["text"] for m in request.body["messages"] if isinstance(m["content"], list)
                     for p in m["content"] if p.get("type") == "text")
    answer = re.search(r"Final answer of the assistant: (.*)", text)
    ok = answer is not None and re.search(r"\b133 stars\b", answer.group(1)) and "either" not in answer.group(1).lower()
    return openai_completion("Verdict: SUCCESS" if ok else "Verdict: NOT SUCCESS")


def test_calibrate_sends_each_probe_to_the_judge_model(tmp_path: Path) -> None:
    run = _run(tmp_path)
    with FakeOpenAI(responder=_strict_judge) as server:
        base = ["--base-url", server.base_url]
        env = {"OPENAI_API_KEY": "sk-test"}
        assert runner.invoke(app, ["judge", str(run), "--model", "openai:gpt-4o", *base], env=env).exit_code == 0
        judged = len(server.requests)
        res = runner.invoke(app, ["judge", "calibrate", str(run), "--judge", "webvoyager", *base], env=env)
        assert res.exit_code == 0, res.output
        sent = [re.search(r"Final answer of the assistant: (.*)", json.dumps(r.body["messages"]).replace("\\n", "\n"))
                for r in server.requests[judged:]]
    expected = _probe_answers("code--1")
    assert len(sent) == sum(len(a) for a in expected.values())
    data = read_json(run / "calibration.json")["judges"][0]
    kinds = {k["kind"]: (k["judged_success"], k["probes"]) for k in data["probe_kinds"]}
    assert kinds["hedge"] == (0, 1) and kinds["off_by_one"] == (0, 1)
    assert data["run"]["agreement"] == 1.0 and data["false_positive_rate"] == 0.0


def test_calibrate_names_the_judges_it_has(tmp_path: Path) -> None:
    run = _run(tmp_path)
    res = runner.invoke(app, ["judge", "calibrate", str(run)])
    assert res.exit_code == 2 and "webvoyager judge RUN_DIR --model SPEC" in res.output
    assert runner.invoke(app, ["judge", str(run), "--model", "gullible"]).exit_code == 0
    res = runner.invoke(app, ["judge", "calibrate", str(run), "--judge", "keypoints"])
    assert res.exit_code == 2 and "webvoyager/gullible" in res.output


def _screenshot(text: str) -> bytes:
    img = Image.new("RGB", (900, 200), "white")
    ImageDraw.Draw(img).text((20, 70), text, fill="black", font=ImageFont.load_default(size=40))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def test_the_reference_judge_checks_the_answer_against_the_screenshots(tmp_path: Path) -> None:
    """It reads the screenshots it is sent: numbers and names the answer states must be on them."""
    answers = {"right": "Robust has 133 stars.", "off": "Robust has 134 stars.", "name": "Zenodev has 133 stars.",
               "hedge": "Either 133 stars or 250 stars."}
    run = make_run(tmp_path / "run", [FakeTask(k, answer=a, steps=1) for k, a in answers.items()])
    for key in answers:
        (TaskDir(run / key).screenshot(1)).write_bytes(_screenshot("Robust  133 stars  updated today"))
    res = runner.invoke(app, ["judge", str(run), "--model", "reference"])
    assert res.exit_code == 0, res.output
    verdicts = {k: read_json(run / k / "judgement.json")["verdict"] for k in answers}
    assert verdicts == {"right": "SUCCESS", "off": "NOT SUCCESS", "name": "NOT SUCCESS", "hedge": "NOT SUCCESS"}
    assert "134" in read_json(run / "off" / "judgement.json")["reasoning"]
