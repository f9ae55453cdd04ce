"""`webvoyager export dataset` on real sandbox runs (issue 28, "Dataset export"): the reference model solves two
tasks (one by clicking the Releases tab), a scripted model answers a third wrongly; the exported JSONL loads
with `datasets.load_dataset("json", ...)` and holds what the model saw, said and did, the success filters
keep the right tasks, `--format hf` loads with `load_from_disk` with the screenshots as images, and no
secret reaches any exported file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from webvoyager.cli import app

datasets = pytest.importorskip("datasets")

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SOLVED = ("code--4", "dictionary--1")   # code--4: Click [8] on the "Releases" tab, then the answer
FAILED = "code--6"                       # answered at once, wrongly
SECRET = "lazy-http-client"              # in code--4's URLs, question and element text


def _invoke(*args: str) -> str:
    res = CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    return " ".join(res.output.split())


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("runs")
    _invoke("bench", "sandbox", "--model", "reference", "--id", SOLVED[0], "--id", SOLVED[1], "--out", str(root / "ref"))
    script = root / "wrong.jsonl"
    script.write_text(json.dumps("Thought: I guess.\nAction: ANSWER; [nothing]") + "\n", encoding="utf-8")
    _invoke("bench", "sandbox", "--model", f"scripted:{script}", "--id", FAILED, "--out", str(root / "bad"))
    return root / "ref", root / "bad"


def _load_json(path: Path, cache: Path) -> list[dict]:
    return list(datasets.load_dataset("json", data_files=str(path), split="train", cache_dir=str(cache)))


def test_step_rows_hold_what_the_model_saw_said_and_did(runs: tuple[Path, Path], tmp_path: Path) -> None:
    ref, bad = runs
    out = tmp_path / "ds"
    shown = _invoke("export", "dataset", str(ref), str(bad), "-o", str(out))
    assert f"Wrote 5 step row(s) of 3 task(s), 5 screenshot(s), to {out / 'steps.jsonl'}" in shown
    rows = _load_json(out / "steps.jsonl", tmp_path / "cache")
    assert [(r["run"], r["task_id"], r["step"]) for r in rows] == [
        ("ref", "code--4", 1), ("ref", "code--4", 2), ("ref", "dictionary--1", 1), ("ref", "dictionary--1", 2),
        ("bad", "code--6", 1)]
    click = rows[0]
    assert (click["action"], click["action_kind"], click["outcome"], click["error"]) == ("Click [8]", "click", "ok", None)
    assert json.loads(click["action_json"]) == {"kind": "click", "target": 8}
    assert (click["target"]["label"], click["target"]["text"], click["target"]["role"]) == (8, "⬡ Releases 2", "tab")
    assert click["reply"].endswith("Action: Click [8]") and click["thought"] in click["reply"]
    assert '[8]: <a role=tab> "⬡ Releases 2", "Releases"' in click["elements_text"]
    assert click["question"] == "What is the tag of the latest release of zenodev/lazy-http-client?"
    assert (click["status"], click["success"], click["checked"]) == ("answered", True, True)
    # the screenshot the model saw, copied next to the file
    assert click["screenshot"] == "screenshots/ref/code--4/step1.png"
    assert (out / click["screenshot"]).read_bytes() == (ref / "code--4" / "screenshot1.png").read_bytes()
    assert rows[1]["action_kind"] == "answer" and rows[1]["url"].endswith("/releases")
    wrong = rows[4]
    assert (wrong["action"], wrong["success"], wrong["answer"]) == ("ANSWER; [nothing]", False, "nothing")


def test_the_success_filters_and_trajectory_rows_with_their_verdicts(runs: tuple[Path, Path], tmp_path: Path) -> None:
    ref, bad = runs
    _invoke("export", "dataset", str(ref), str(bad), "-o", str(tmp_path / "ok"), "--success-only")
    kept = {r["task_id"] for r in _load_json(tmp_path / "ok" / "steps.jsonl", tmp_path / "cache")}
    assert kept == set(SOLVED)
    shown = _invoke("export", "dataset", str(ref), str(bad), "-o", str(tmp_path / "no"), "--failed-only",
                    "--per", "trajectory")
    assert "Left out 2 task(s) by --failed-only" in shown
    (row,) = _load_json(tmp_path / "no" / "trajectories.jsonl", tmp_path / "cache")
    assert (row["task_id"], row["success"], row["checked"], row["judged"], row["signal"]) == (FAILED, False, False,
                                                                                            None, "checked")
    assert [s["action"] for s in row["steps"]] == ["ANSWER; [nothing]"]
    assert row["usage"]["calls"] == 1 and not (tmp_path / "no" / "screenshots" / "ref").exists()
    _invoke("export", "dataset", str(ref), "-o", str(tmp_path / "all"), "--per", "trajectory")
    rows = _load_json(tmp_path / "all" / "trajectories.jsonl", tmp_path / "cache")
    assert [(r["task_id"], [s["action_kind"] for s in r["steps"]]) for r in rows] == [
        ("code--4", ["click", "answer"]), ("dictionary--1", ["type", "answer"])]


def test_hf_format_loads_from_disk_with_the_screenshots_as_images(runs: tuple[Path, Path], tmp_path: Path) -> None:
    ref, bad = runs
    _invoke("export", "dataset", str(ref), str(bad), "-o", str(tmp_path / "hf"), "--format", "hf", "--success-only")
    table = datasets.load_from_disk(str(tmp_path / "hf"))
    assert len(table) == 4 and set(table["task_id"]) == set(SOLVED)
    assert table[0]["action"] == "Click [8]" and table[0]["image"].size == (1024, 768)
    _invoke("export", "dataset", str(bad), "-o", str(tmp_path / "hf-t"), "--format", "hf", "--per", "trajectory")
    (row,) = datasets.load_from_disk(str(tmp_path / "hf-t"))
    assert row["task_id"] == FAILED and len(row["images"]) == 1


def test_no_secret_reaches_any_exported_file(runs: tuple[Path, Path], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    ref, bad = runs
    assert SECRET in (ref / "code--4" / "trajectory.json").read_text()   # the run knew no secret
    monkeypatch.setenv("DATASET_TEST_TOKEN", SECRET)        # an environment secret: always redacted
    monkeypatch.setenv("SITE_NAME_VALUE", "Wordhoard")       # redacted because --secret-env names it
    for fmt, per in (("jsonl", "step"), ("jsonl", "trajectory"), ("hf", "step")):
        out = tmp_path / f"{fmt}-{per}"
        _invoke("export", "dataset", str(ref), str(bad), "-o", str(out), "--format", fmt, "--per", per,
                "--secret-env", "SITE_NAME_VALUE")
        files = [p for p in out.rglob("*") if p.is_file()]
        assert files and any(b"[REDACTED]" in p.read_bytes() for p in files)
        for path in files:
            data = path.read_bytes()
            assert SECRET.encode() not in data and b"Wordhoard" not in data, path


def test_bad_requests_are_refused_before_anything_is_written(runs: tuple[Path, Path], tmp_path: Path) -> None:
    ref, _ = runs
    for args, needle in ((["--format", "csv"], "use jsonl or hf"), (["--per", "word"], "use step or trajectory"),
                         (["--success-only", "--failed-only"], "exclude each other"),
                         (["--secret-env", "NO_SUCH_VAR_28"], "no such environment variable")):
        res = CliRunner().invoke(app, ["export", "dataset", str(ref), "-o", str(tmp_path / "x"), *args])
        assert res.exit_code == 2 and needle in " ".join(res.output.split()), res.output
    res = CliRunner().invoke(app, ["export", "dataset", str(tmp_path / "nope"), "-o", str(tmp_path / "x")])
    assert res.exit_code == 2 and "does not exist" in " ".join(res.output.split()), res.output
    assert not (tmp_path / "x").exists()
