"""What an exported Playwright script finds on the page, one test per way a script went wrong on the
sandbox: a link among look-alikes (the recorded position picks it), a date field named by its label only,
a list item whose accessible name runs its parts together (found by its own text), and a link whose text
holds a slash (Playwright's selector parser needs it escaped). A scripted model records the task on
tests/pages/export; the script, run with plain Python + Playwright, must end where the recording ended."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from typer.testing import CliRunner

from tests.local_server import serve_copy
from tests.scripted import scripted_spec
from webvoyager.browser.launch import SYSTEM_CHROMIUM
from webvoyager.cli import app

runner = CliRunner()
PAGES = Path(__file__).resolve().parents[1] / "pages" / "export"
REPLIES = ["Thought: the team's stats, the second Stats link\nAction: Click [1]",
           "Thought: open the model\nAction: Click [0]",
           "Thought: the date\nAction: Type [1]; [2026-04-08] (no Enter)",
           "Thought: the suggestion\nAction: Click [2]",
           "Thought: show\nAction: Click [3]",
           "Thought: done\nAction: ANSWER; [shown]"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory):
    """The task recorded once by a scripted model on a served copy of tests/pages/export (the site stays
    served for the scripts): (task dir, base URL). Tests that change the record change a copy."""
    tmp_path = tmp_path_factory.mktemp("export-locators")
    with serve_copy(PAGES, tmp_path / "site") as (_, url):
        out = tmp_path / "run"
        res = runner.invoke(app, ["run", "Show the team's stats", "--url", f"{url}/index.html", "--model",
                                  scripted_spec(tmp_path / "replies.jsonl", REPLIES), "--out", str(out),
                                  "--confirm", "allow"])
        assert res.exit_code == 0, res.output
        yield out / "task", url


def _run_script(task_dir: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess, dict]:
    script, state_file = tmp_path / "script.py", tmp_path / "state.json"
    res = runner.invoke(app, ["export", "playwright", str(task_dir), "-o", str(script)])
    assert res.exit_code == 0, res.output
    done = subprocess.run([sys.executable, str(script), "--executable", SYSTEM_CHROMIUM, "--state-out",
                           str(state_file)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done, json.loads(state_file.read_text())


def test_the_trajectory_records_the_position_of_an_element_among_look_alikes(recorded) -> None:
    task_dir, _ = recorded
    steps = json.loads((task_dir / "trajectory.json").read_text())["steps"]
    assert steps[0]["target"]["text"] == "Stats" and (steps[0]["target"]["nth"], steps[0]["target"]["similar"]) == (1, 2)
    assert "nth" not in steps[1]["target"]          # no look-alike: no position written
    assert [s.get("error") for s in steps] == [None] * 6 and steps[-1]["url"].split("?")[0].endswith("/done.html")


def test_the_exported_script_acts_on_the_same_elements_as_the_recording(recorded, tmp_path) -> None:
    task_dir, _ = recorded
    _, state = _run_script(task_dir, tmp_path)
    # Each field of the submitted form is what one of the script's steps did on the page.
    final = urlsplit(state["url"])
    assert final.path == "/done.html"        # the second "Stats" led to the team's page, the form was sent
    assert parse_qs(final.query) == {"repo": ["opened"],          # the link "quasar-research/tessera-base"
                                     "when": ["2026-04-08"],      # the date field, by its label
                                     "picked": ["kestrel"]}       # the suggestion, by its own text


def test_without_the_recorded_position_the_script_takes_the_first_look_alike(recorded, tmp_path) -> None:
    # A trajectory recorded before steps had a position (no nth): the first "Stats" is the league's page,
    # where the next step's check stops the script (exit 3), as the recording was on the team's page.
    task_dir = Path(shutil.copytree(recorded[0], tmp_path / "task"))
    trajectory = json.loads((task_dir / "trajectory.json").read_text())
    for step in trajectory["steps"]:
        if step.get("target"):
            step["target"].pop("nth", None), step["target"].pop("similar", None)
    (task_dir / "trajectory.json").write_text(json.dumps(trajectory))
    script = tmp_path / "old.py"
    assert runner.invoke(app, ["export", "playwright", str(task_dir), "-o", str(script)]).exit_code == 0
    done = subprocess.run([sys.executable, str(script), "--executable", SYSTEM_CHROMIUM], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 3 and "league-stats.html" in done.stderr
