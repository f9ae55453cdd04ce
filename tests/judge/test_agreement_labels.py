"""`judge agreement --labels-format online-mind2web`: the benchmark's human labels (1 success, 0 failure,
2 not executable) against a judged run: agreement, kappa and the success-rate gap by value, invalid
tasks excluded and counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.bench.fakerun import FakeTask, make_run
from webvoyager.cli import app
from webvoyager.errors import ConfigError
from webvoyager.judge.benchmark_labels import read_benchmark_labels
from webvoyager.runs.judgements import NOT_SUCCESS, SUCCESS, Judgement
from webvoyager.trajectory import TaskDir

runner = CliRunner()

# Human (Operator column): 1 1 0 0 1 0 on t1 t2 t3 t4 t6 t8; t5 and t7 not executable (2); t9 unlabelled.
OPERATOR = {"t1": "1", "t2": "1", "t3": "0", "t4": "0", "t5": "2", "t6": "1", "t7": "2", "t8": "0", "t9": ""}
# Judge: S S S NS S NS on the same tasks, and S on t5 (which the people call invalid). t7 is not in the run.
JUDGE = {"t1": SUCCESS, "t2": SUCCESS, "t3": SUCCESS, "t4": NOT_SUCCESS, "t5": SUCCESS, "t6": SUCCESS,
         "t8": NOT_SUCCESS, "t9": SUCCESS}


def _labels_json(path: Path) -> Path:
    rows = [{"task_id": tid, "confirmed_task": f"task {tid}", "Operator_human_label": label,
             "Agent-E_human_label": "0"} for tid, label in OPERATOR.items()]
    path.write_text(json.dumps(rows), encoding="utf-8")
    return path


def _judged_run(root: Path) -> Path:
    run = make_run(root, [FakeTask(tid) for tid in JUDGE])
    for tid, verdict in JUDGE.items():
        Judgement(task_id=tid, method="webvoyager", model="openai:o4-mini", verdict=verdict).save(TaskDir(run / tid).judgement)
    return run


def test_benchmark_labels_give_agreement_kappa_gap_and_the_excluded_count(tmp_path: Path) -> None:
    labels, run, out_csv = _labels_json(tmp_path / "human_label.json"), _judged_run(tmp_path / "run"), tmp_path / "a.csv"
    res = runner.invoke(app, ["judge", "agreement", str(labels), "--labels-format", "online-mind2web",
                              "--labels-column", "Operator", "--run", str(run), "--csv", str(out_csv)])
    assert res.exit_code == 0, res.output
    row = out_csv.read_text().splitlines()[1].split(",")
    # 6 tasks compared (t1 t2 t3 t4 t6 t8); agree on t1 t2 t4 t6 t8: 5/6. Human rate 3/6, judge 4/6: gap +16.7
    # points. kappa: po = 5/6, pe = 0.5 * 2/3 + 0.5 * 1/3 = 0.5, (5/6 - 0.5) / 0.5 = 0.667.
    assert row[:4] == ["labels vs run", "6", "83.3%", "0.667"]
    assert row[4:8] == ["3", "0", "1", "2"]                     # a1b1 a1b0 a0b1 a0b0
    assert row[8:12] == ["50.0%", "66.7%", "+16.7", "1"]        # human rate, judge rate, gap, t5 excluded
    output = " ".join(res.output.split())
    assert "labels vs run: 1 invalid task(s) excluded" in output and "2 task(s) labelled invalid" in output


def test_the_benchmark_file_is_never_read_as_our_zero_one_labels(tmp_path: Path) -> None:
    labels, run = _labels_json(tmp_path / "human_label.json"), _judged_run(tmp_path / "run")
    res = runner.invoke(app, ["judge", "agreement", str(labels), "--run", str(run)])
    assert res.exit_code == 2 and "--labels-format online-mind2web" in " ".join(res.output.split())
    res = runner.invoke(app, ["judge", "agreement", str(labels), "--labels-format", "online-mind2web", "--run", str(run)])
    assert res.exit_code == 2 and "--labels-column" in res.output and "Agent-E" in res.output


def test_a_csv_in_the_benchmark_shape_and_bad_values(tmp_path: Path) -> None:
    path = tmp_path / "labels.csv"
    path.write_text("task_id,confirmed_task,MyAgent_human_label\na,x,1\nb,y,0\nc,z,2\n", encoding="utf-8")
    read = read_benchmark_labels(path)                          # one label column: no --labels-column needed
    assert read.success == {"a": True, "b": False} and read.invalid == {"c"}
    path.write_text("task_id,human_label\na,3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="1 \\(success\\), 0 \\(failure\\) or 2 \\(not executable\\)"):
        read_benchmark_labels(path)
