"""Agreement %, Cohen's kappa and confusion matrix, checked against hand-computed values."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bench.fakerun import FakeTask, make_run
from webvoyager.errors import ConfigError
from webvoyager.judge.agreement import compare, load_labels, read_labels_csv
from webvoyager.runs.judgements import SUCCESS, Judgement
from webvoyager.trajectory import TaskDir


def _labels(pairs: list[tuple[int, int]]) -> tuple[dict[str, bool], dict[str, bool]]:
    a = {f"t{i}": bool(x) for i, (x, _) in enumerate(pairs)}
    b = {f"t{i}": bool(y) for i, (_, y) in enumerate(pairs)}
    return a, b


def test_kappa_hand_computed() -> None:
    # 4x(1,1), 1x(1,0), 2x(0,1), 3x(0,0): po = 0.7; pa1 = 0.5, pb1 = 0.6; pe = 0.3 + 0.2 = 0.5; k = 0.4
    a, b = _labels([(1, 1)] * 4 + [(1, 0)] + [(0, 1)] * 2 + [(0, 0)] * 3)
    agr = compare(a, b)
    assert agr.n == 10 and agr.agreement == pytest.approx(0.7) and agr.kappa == pytest.approx(0.4)
    assert agr.to_dict()["confusion"] == {"a1_b1": 4, "a1_b0": 1, "a0_b1": 2, "a0_b0": 3}


def test_kappa_second_case() -> None:
    # 9/1/3/7 of 20: po = 0.8; pa1 = 0.5, pb1 = 0.6; pe = 0.5; k = 0.6
    a, b = _labels([(1, 1)] * 9 + [(1, 0)] + [(0, 1)] * 3 + [(0, 0)] * 7)
    assert compare(a, b).kappa == pytest.approx(0.6)


def test_kappa_chance_level_and_extremes() -> None:
    # independent halves: po = 0.5, pe = 0.5 -> 0
    a, b = _labels([(1, 1), (1, 0), (0, 1), (0, 0)])
    assert compare(a, b).kappa == pytest.approx(0.0)
    # total disagreement with balanced marginals -> -1
    a, b = _labels([(1, 0), (0, 1)])
    assert compare(a, b).kappa == pytest.approx(-1.0)
    a, b = _labels([(1, 1), (0, 0)])
    assert compare(a, b).kappa == pytest.approx(1.0)
    # both constant and equal: kappa undefined
    a, b = _labels([(1, 1), (1, 1)])
    assert compare(a, b).agreement == 1.0 and compare(a, b).kappa is None
    assert compare({}, {}).kappa is None


def test_only_common_ids_compared() -> None:
    agr = compare({"a": True, "b": False, "x": True}, {"a": True, "b": True, "y": False})
    assert agr.n == 2 and agr.only_in_a == 1 and agr.only_in_b == 1 and agr.agreement == 0.5


def test_csv_and_run_dir_sources(tmp_path: Path) -> None:
    csv_path = tmp_path / "labels.csv"
    csv_path.write_text("task_id,label\nt-1,1\nt-2,0\n# comment\nt-3,true\n\n")
    assert read_labels_csv(csv_path) == {"t-1": True, "t-2": False, "t-3": True}
    run = make_run(tmp_path / "run", [FakeTask("t-1"), FakeTask("t-2"), FakeTask("t-3")])
    for tid, verdict in (("t-1", SUCCESS), ("t-2", SUCCESS), ("t-3", None)):
        Judgement(task_id=tid, method="webvoyager", model="m", verdict=verdict).save(TaskDir(run / tid).judgement)
    assert load_labels(run) == {"t-1": True, "t-2": True}
    agr = compare(load_labels(csv_path), load_labels(run))
    assert agr.n == 2 and agr.agreement == 0.5
    bad = tmp_path / "bad.csv"
    bad.write_text("t-1,1\nt-2,maybe\n")
    with pytest.raises(ConfigError, match="line 2"):
        read_labels_csv(bad)
    with pytest.raises(ConfigError, match="no judged tasks"):
        load_labels(make_run(tmp_path / "unjudged", [FakeTask("z")]))
