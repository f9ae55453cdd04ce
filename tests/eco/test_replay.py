"""`webvoyager replay RUN_DIR/TASK`: a recorded trajectory replayed in a fresh browser matches its pages,
and the first step where a changed page no longer matches is reported (replay.json, exit code 1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from tests.local_server import serve_copy
from webvoyager.cli import app

runner = CliRunner()
PAGES = Path(__file__).resolve().parents[1] / "pages" / "agent"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of tests/pages/agent that the test may change, served on loopback."""
    with serve_copy(PAGES, tmp_path / "site") as served:
        yield served


def _record(tmp_path: Path, url: str) -> Path:
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(r) for r in [
        "Thought: search\nAction: Type [0]; [soup]",
        "Thought: open it\nAction: Click [0]",
        "Thought: done\nAction: ANSWER; [25 minutes]"]) + "\n", encoding="utf-8")
    out = tmp_path / "run"
    res = runner.invoke(app, ["run", "How long does the Tomato Soup take?", "--url", f"{url}/index.html",
                              "--model", f"scripted:{script}", "--out", str(out), "--confirm", "allow"])
    assert res.exit_code == 0, res.output
    steps = json.loads((out / "task" / "trajectory.json").read_text())["steps"]
    box = steps[1]["target"].pop("bbox")    # where the link was on the screenshot, for the report's outline
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert steps[1]["target"] == {"label": 0, "tag": "a", "text": "Tomato Soup", "aria_label": "", "role": "",
                                  "type": "", "placeholder": ""}
    return out / "task"


def _replay(task: Path) -> tuple[int, dict, str]:
    res = runner.invoke(app, ["replay", str(task)])
    return res.exit_code, json.loads((task / "replay.json").read_text()), " ".join(res.output.split())


@pytest.mark.browser
@pytest.mark.slow
def test_replay_matches_then_reports_the_step_a_changed_page_breaks(site, tmp_path) -> None:
    root, url = site
    task = _record(tmp_path, url)

    code, report, output = _replay(task)
    assert code == 0, output
    assert report["matched"] is True and report["first_divergence"] is None
    assert [s["status"] for s in report["steps"]] == ["match", "match", "match"]
    assert "All 3 step(s) match" in output

    # Another result above the soup: the same link under a new label still matches ("moved").
    results = root / "results.html"
    original = results.read_text()
    results.write_text(original.replace('  const RECIPES = [\n',
                                        '  const RECIPES = [\n    {name: "Miso Soup", page: "x.html", tags: "soup"},\n'))
    code, report, _ = _replay(task)
    assert code == 0
    assert report["steps"][1]["status"] == "moved" and report["steps"][1]["label"] == 1

    # The link's text changed: step 2 diverges, and the replay stops there.
    results.write_text(original.replace('{name: "Tomato Soup"', '{name: "Tomato Bisque"'))
    code, report, output = _replay(task)
    assert code == 1
    assert report["matched"] is False and report["first_divergence"] == 2
    assert [s["status"] for s in report["steps"]] == ["match", "diverged"]
    assert 'the element <a> "Tomato Soup"' in report["reason"] and '"Tomato Bisque"' in report["reason"]
    assert "Diverged at step 2" in output

    # The search form now goes elsewhere: step 2 is at another URL.
    results.write_text(original)
    index = root / "index.html"
    index.write_text(index.read_text().replace('action="results.html"', 'action="detail-soup.html"'))
    code, report, _ = _replay(task)
    assert code == 1 and report["first_divergence"] == 2
    assert "detail-soup.html?q=soup" in report["reason"] and "results.html?q=soup" in report["reason"]


@pytest.mark.browser
@pytest.mark.slow
def test_replay_of_a_sandbox_run_recorded_with_the_reference_model(tmp_path) -> None:
    out = tmp_path / "bench"
    res = runner.invoke(app, ["bench", "sandbox", "--model", "reference", "--id", "recipes--1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert json.loads((out / "recipes--1" / "result.json").read_text())["success"] is True
    code, report, output = _replay(out / "recipes--1")   # a new sandbox, on another port
    assert code == 0, output
    assert report["matched"] is True and len(report["steps"]) == 4
    assert all(s["status"] in ("match", "moved") for s in report["steps"])
    assert "recipes.localhost" in report["start_url"]


def test_replay_of_a_folder_without_trajectory_is_a_clear_error(tmp_path) -> None:
    res = runner.invoke(app, ["replay", str(tmp_path)])
    assert res.exit_code == 2 and "holds no trajectory.json" in " ".join(res.output.split())
