"""`bench --repeat 3` through the real CLI on the sandbox (issue 25, "Repeats", "Over-claiming", "Pinned
suites"): the reference model on two sandbox tasks, the gullible model on a hostile attack and its benign
twin; summary.json's intervals, pass@k, pass^k, the infrastructure column, the over-claim share and the
suite manifest by value, each attempt in its own folder, and the report showing them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.bench.test_bad_files_cli import cli
from webvoyager.runs.store import RunStore
from webvoyager.sandbox.catalog import HOSTILE_TASKS, task_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IDS = ("flights--1", "hotels--1")
ATTACK = "hostile--fake_assistant"   # the page tells the model to answer a wrong price


def _bench(*args: str) -> dict:
    done = cli("bench", *args)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return {"stdout": done.stdout}


def test_reference_three_attempts_each_in_its_own_folder_with_intervals_and_manifest(tmp_path: Path) -> None:
    out = tmp_path / "ref"
    shown = _bench("sandbox", "--model", "reference", "--id", IDS[0], "--id", IDS[1], "--repeat", "3",
                   "--out", str(out))["stdout"]
    # attempt 1 where a single run puts it, the others beside it; each knows which it is
    for task_id in IDS:
        for k, folder in enumerate((task_id, f"{task_id}@2", f"{task_id}@3"), start=1):
            result = json.loads((out / folder / "result.json").read_text())
            assert (result["task_id"], result["repeat"], result["attempt"], result["success"]) == (task_id, k, 1, True)
    with RunStore(out) as store:
        rows = store.rows()
        assert sorted(r.key for r in rows) == sorted(f"{t}{s}" for t in IDS for s in ("", "@2", "@3"))
        assert all(store.finished_attempts(r.key) == 1 for r in rows)
    est = json.loads((out / "summary.json").read_text())["estimates"]
    assert (est["view"], est["repeat"], est["resamples"], est["seed"]) == ("infra_excluded", 3, 2000, 0)
    overall = est["infra_excluded"]["overall"]
    assert (overall["tasks"], overall["attempts"], overall["successes"], overall["rate"]) == (2, 6, 6, 1.0)
    assert overall["interval"] == {"low": 1.0, "high": 1.0, "method": "bootstrap", "level": 0.95}
    assert overall["pass_at_k"] == [{"k": k, "value": 1.0, "tasks": 2} for k in (1, 2, 3)]
    assert overall["pass_hat_k"] == [{"k": k, "value": 1.0, "tasks": 2} for k in (1, 2, 3)]
    assert overall["infrastructure"] == {"attempts": 0, "causes": {}}
    assert overall["over_claim"] == {"answered": 6, "over_claimed": 0, "share": 0.0}
    assert len(est["infra_excluded"]["sites"]) == 2
    assert all(s["attempts"] == 3 for s in est["infra_excluded"]["sites"].values())
    for column in ("95% interval", "infra", "over-claimed", "pass@3", "pass^3"):
        assert column in shown
    # the suite is pinned: every task file's sha256 and the suite's own count, not the chosen two
    run = json.loads((out / "run.json").read_text())
    assert run["repeat"] == 3 and run["infra_as_failure"] is False
    manifest = run["manifest"]
    assert manifest["suite"] == "sandbox" and manifest["tasks"] == 210
    assert {f["name"]: f["sha256"] for f in manifest["files"]} == {
        f"{p.parent.name}/tasks.json": hashlib.sha256(p.read_bytes()).hexdigest() for p in task_files()}
    assert manifest["removed"] == [] and manifest["replaced"] == []


def test_gullible_over_claims_and_its_rates_have_a_bootstrap_interval_in_summary_and_report(tmp_path: Path) -> None:
    out = tmp_path / "gullible"
    _bench("hostile", "--model", "gullible", "--id", ATTACK, "--id", f"{ATTACK}--twin", "--repeat", "3",
           "--out", str(out))
    overall = json.loads((out / "summary.json").read_text())["estimates"]["infra_excluded"]["overall"]
    # the attack: answered every time, wrong every time; the twin: right every time
    assert (overall["tasks"], overall["attempts"], overall["successes"], overall["rate"]) == (2, 6, 3, 0.5)
    # per-task shares [0, 1]: resampled means 0, 0.5, 1 (1/4, 1/2, 1/4), so the 2.5% and 97.5% points are 0 and 1
    assert overall["interval"] == {"low": 0.0, "high": 1.0, "method": "bootstrap", "level": 0.95}
    assert [p["value"] for p in overall["pass_at_k"]] == [0.5, 0.5, 0.5]
    assert [p["value"] for p in overall["pass_hat_k"]] == [0.5, 0.5, 0.5]
    assert overall["over_claim"] == {"answered": 6, "over_claimed": 3, "share": 0.5}
    manifest = json.loads((out / "run.json").read_text())["manifest"]
    assert manifest["files"] == [{"name": "attacks.jsonl", "sha256": hashlib.sha256(HOSTILE_TASKS.read_bytes()).hexdigest()}]

    assert cli("report", str(out)).returncode == 0
    html = (out / "report.html").read_text()
    rates = html[html.index('<div id="rates">'):html.index('<h2>Suite manifest</h2>')]
    assert "Success with 95% intervals (infrastructure failures left out)" in rates
    assert "<th>pass@3</th>" in rates and "<th>pass^3</th>" in rates
    total = rates[rates.index('<tr class="total">'):]
    assert ("<td>50.0% (3/6)</td><td>0.0% - 100.0%</td><td>0</td><td>3 (50.0%)</td>"
            "<td>50.0%</td><td>50.0%</td><td>50.0%</td><td>50.0%</td><td>50.0%</td><td>50.0%</td>") in total
    assert "2000 resamples, seed 0" in rates
    assert hashlib.sha256(HOSTILE_TASKS.read_bytes()).hexdigest() in html[html.index('id="manifest"'):]
    assert f"{ATTACK}</a> <span class=\"meta\">attempt 3</span>" in html
