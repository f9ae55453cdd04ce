"""Run-directory records: atomic writes and round trips of results and steps."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from webvoyager.fileio import write_json_atomic
from webvoyager.trajectory import Result, Step, TaskDir, safe_dirname
from webvoyager.usage import Usage


def test_atomic_write_leaves_old_file_whole_when_interrupted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "result.json"
    write_json_atomic(target, {"v": 1})

    def boom(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_json_atomic(target, {"v": 2})
    assert json.loads(target.read_text()) == {"v": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["result.json"]  # no temp file left behind


def test_result_and_steps_round_trip(tmp_path: Path) -> None:
    usage = Usage(input_tokens=10, output_tokens=5, cost_usd=0.25, calls=1)
    result = Result(task_id="A--1", question="q", start_url="http://x/", status="answered", answer="42",
                    success=True, steps=3, usage=usage + usage)
    step = Step(index=1, url="http://x/", thought="t", action="Click [3]", usage=usage)
    folder = TaskDir(tmp_path)
    write_json_atomic(folder.result, result.to_dict())
    write_json_atomic(folder.trajectory, {"steps": [step.to_dict()]})
    loaded = folder.load_result()
    assert loaded == result and loaded.usage.total_tokens == 30 and loaded.usage.cost_usd == 0.5
    assert folder.load_steps() == [step]
    assert folder.screenshot(2).name == "screenshot2.png"


def test_usage_cost_unknown_stays_unknown() -> None:
    assert (Usage(cost_usd=None) + Usage(cost_usd=None)).cost_usd is None
    assert (Usage(cost_usd=None) + Usage(cost_usd=0.1)).cost_usd == 0.1


def test_safe_dirname() -> None:
    assert safe_dirname("Allrecipes--3") == "Allrecipes--3"
    assert safe_dirname("../etc/passwd") == "_etc_passwd"
