"""Suites: the WebVoyager, GAIA and SeeAct files from ../shared/data, filters, golden answers, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.runs.golden import golden_match, normalize_answer
from webvoyager.bench.suites import load_site_table, load_suite
from webvoyager.errors import ConfigError


def test_webvoyager_suite_has_643_tasks_on_15_sites(shared_data: Path) -> None:
    tasks = load_suite("webvoyager", data_dir=shared_data / "webvoyager")
    assert len(tasks) == 643
    assert len({t.site for t in tasks}) == 15
    assert sum(1 for t in tasks if t.golden_answer) == 143
    arxiv = [t for t in tasks if t.site == "ArXiv"]
    assert len(arxiv) == 43 and arxiv[0].start_url == "https://arxiv.org/"


def test_golden_answer_comes_from_reference_answers(shared_data: Path) -> None:
    ref = json.loads((shared_data / "webvoyager" / "reference_answer.json").read_text())
    entry = next(a for a in ref["Wolfram Alpha"]["answers"] if a["type"] == "golden")
    possible = next(a for a in ref["Amazon"]["answers"] if a["type"] == "possible")
    tasks = load_suite("webvoyager", data_dir=shared_data / "webvoyager",
                       ids=[f"Wolfram Alpha--{entry['id']}", f"Amazon--{possible['id']}"])
    by_id = {t.id: t for t in tasks}
    assert by_id[f"Wolfram Alpha--{entry['id']}"].golden_answer == entry["ans"]
    amazon = by_id[f"Amazon--{possible['id']}"]
    assert amazon.golden_answer is None and amazon.extra["reference_answer"] == possible["ans"]


def test_data_can_be_the_file_or_come_from_env(shared_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(load_suite("webvoyager", data_dir=shared_data / "webvoyager" / "WebVoyager_data.jsonl")) == 643
    monkeypatch.setenv("WEBVOYAGER_DATA", str(shared_data / "webvoyager"))
    assert len(load_suite("gaia")) == 90


def test_missing_data_says_where_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WEBVOYAGER_DATA", raising=False)
    with pytest.raises(ConfigError, match="github.com/MinorJerry/WebVoyager"):
        load_suite("webvoyager")
    with pytest.raises(ConfigError, match="not found"):
        load_suite("webvoyager", data_dir=tmp_path)
    with pytest.raises(ConfigError, match="unknown suite"):
        load_suite("no-such-suite")


def test_filters_site_id_limit(shared_data: Path) -> None:
    d = shared_data / "webvoyager"
    assert {t.site for t in load_suite("webvoyager", data_dir=d, sites=["github", "ESPN"])} == {"GitHub", "ESPN"}
    assert [t.id for t in load_suite("webvoyager", data_dir=d, ids=["Apple--2", "ArXiv--0"])] == ["Apple--2", "ArXiv--0"]
    limited = load_suite("webvoyager", data_dir=d, sites=["Coursera"], limit=3)
    assert [t.id for t in limited] == ["Coursera--0", "Coursera--1", "Coursera--2"]
    with pytest.raises(ConfigError, match="sites in this suite: .*Allrecipes"):
        load_suite("webvoyager", data_dir=d, sites=["Nope"])
    with pytest.raises(ConfigError, match="unknown task id"):
        load_suite("webvoyager", data_dir=d, ids=["Apple--999"])


def test_gaia_suite(shared_data: Path) -> None:
    tasks = load_suite("gaia", data_dir=shared_data / "webvoyager")
    assert len(tasks) == 90
    assert sum(t.site == "GAIA level 1" for t in tasks) == 26 and sum(t.site == "GAIA level 2" for t in tasks) == 64
    first = tasks[0]
    assert first.id == "level1-0" and first.golden_answer == "17" and first.start_url == "https://www.google.com/"


def test_seeact_short_names_resolve_through_the_site_table(shared_data: Path) -> None:
    tasks = load_suite("seeact-online", data_dir=shared_data / "seeact" / "online_tasks" / "task_50_merged.json")
    assert len(tasks) == 50
    walmart = tasks[0]
    assert walmart.start_url == "https://careers.walmart.com/" and walmart.question.startswith("Show me jobs")
    full = load_suite("seeact-online", data_dir=shared_data / "seeact")
    assert len(full) == 90


def test_seeact_unresolvable_name_tells_how(tmp_path: Path) -> None:
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([{"confirmed_task": "x", "website": "nowhere", "task_id": "a"}]))
    with pytest.raises(ConfigError, match="--site-table"):
        load_suite("seeact-online", data_dir=path)
    table = tmp_path / "website_dict.py"
    table.write_text('website_dict = {"nowhere": "https://nowhere.example/"}\nprint("never run")\n')
    assert load_site_table(table) == {"nowhere": "https://nowhere.example/"}
    assert load_suite("seeact-online", data_dir=path)[0].start_url == "https://nowhere.example/"


def test_any_jsonl_path_with_reference_answers_beside_it(shared_data: Path) -> None:
    tasks = load_suite(str(shared_data / "webvoyager" / "tasks_test.jsonl"))
    assert [t.id for t in tasks] == ["Cambridge Dictionary--29"]
    assert tasks[0].extra["reference_answer_type"] in ("golden", "possible")


@pytest.mark.parametrize("answer,golden,expected", [
    ("The answer is 17.", "17", True),
    ("The answer is 170.", "17", False),
    ("It costs $1,234.50 total", "1234.50", True),
    ("\u201cAttention Is All You Need\u201d by Vaswani", "'Attention is all you need'", True),
    (None, "17", False),
    ("anything", None, None),
])
def test_golden_match(answer: str | None, golden: str | None, expected: bool | None) -> None:
    assert golden_match(answer, golden) is expected


def test_normalize_answer() -> None:
    assert normalize_answer("  3.14, Pi!  ") == "3.14 pi"
