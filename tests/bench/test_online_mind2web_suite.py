"""The online-mind2web suite: the real task file from ../shared/data, bad files and their messages,
--level, the site map (its file and its rewrite), and the per-level numbers of a summary."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from webvoyager.bench.suites import load_suite, open_suite, SuiteArgs
from webvoyager.browser.site_map import SiteMap, load_site_map
from webvoyager.errors import ConfigError, TaskFileError
from webvoyager.runs.records import TaskRecord
from webvoyager.runs.summary import Grouping, Summary, summarize
from webvoyager.trajectory import Result

GOOD = {"task_id": "t1", "confirmed_task": "Find a flight.", "website": "https://www.example.com/",
        "reference_length": 4, "level": "easy"}


def _file(tmp_path: Path, entries: Any, name: str = "tasks.json") -> Path:
    path = tmp_path / name
    path.write_text(entries if isinstance(entries, str) else json.dumps(entries), encoding="utf-8")
    return path


def test_the_real_task_file_has_300_tasks_by_level_and_46_replaced(shared_data: Path) -> None:
    data = shared_data / "online-mind2web"
    tasks = load_suite("online-mind2web", data_dir=data)   # the folder: its one Online_Mind2Web*.json
    raw = json.loads((data / "Online_Mind2Web-2026-01-02.json").read_text())
    assert len(tasks) == 300
    assert Counter(t.level for t in tasks) == {"easy": 80, "medium": 143, "hard": 77}
    assert sum(t.replaced for t in tasks) == 46
    assert all(t.id.rsplit("_", 1)[-1].isdigit() for t in tasks if t.replaced)
    by_id = {t.id: t for t in tasks}
    for rec in raw:   # every task starts on its own website, with its facts kept typed on the task
        task = by_id[rec["task_id"]]
        assert task.start_url == rec["website"] and task.question == rec["confirmed_task"]
        assert task.reference_length == rec["reference_length"] and task.level == rec["level"]
        assert task.checks is None   # judged afterwards
    first = by_id["b7258ee05d75e6c50673a59914db412e_110325"]
    assert first.replaced and first.site == "traderjoes.com"
    assert not any(t.replaced for t in tasks if "_" not in t.id)


def test_level_filters_and_a_bad_level_is_refused(shared_data: Path) -> None:
    data = shared_data / "online-mind2web"
    hard = load_suite("online-mind2web", data_dir=data, level="hard")
    assert len(hard) == 77 and {t.level for t in hard} == {"hard"}
    with pytest.raises(ConfigError, match="--level 'extreme': use one of easy, medium, hard"):
        load_suite("online-mind2web", data_dir=data, level="extreme")


def test_without_data_the_error_says_where_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WEBVOYAGER_DATA", raising=False)
    with pytest.raises(ConfigError, match=r"osunlp/Online-Mind2Web.*github.com/OSU-NLP-Group/Online-Mind2Web.*--data"):
        load_suite("online-mind2web")
    with pytest.raises(ConfigError, match="not found at"):
        load_suite("online-mind2web", data_dir=tmp_path)


@pytest.mark.parametrize("entries, message", [
    ("[{", r"tasks.json: not valid JSON \(.*line 1\); expected Online-Mind2Web's JSON array"),
    ({"task_id": "t1"}, r"tasks.json: expected a JSON array of \{task_id, .*got dict"),
    ([GOOD, "t2"], r"tasks.json, entry 2: expected an object"),
    ([GOOD, {k: v for k, v in GOOD.items() if k not in ("level", "website")} | {"task_id": "t2"}],
     r"tasks.json, entry 2: missing field\(s\) website, level; each entry needs task_id, confirmed_task"),
    ([GOOD | {"task_id": ""}], r"entry 1: field 'task_id' must be a non-empty string \(got ''\)"),
    ([GOOD | {"confirmed_task": 7}], r"entry 1 \(task t1\): field 'confirmed_task' must be a non-empty string"),
    ([GOOD | {"website": "www.example.com"}], r"entry 1 \(task t1\): field 'website' must be an http\(s\) URL "
                                              r"\(got 'www.example.com'\)"),
    ([GOOD | {"reference_length": "four"}], r"entry 1 \(task t1\): field 'reference_length' must be a whole number"),
    ([GOOD | {"reference_length": True}], r"field 'reference_length' must be a whole number of steps \(got True\)"),
    ([GOOD, GOOD | {"task_id": "t2", "level": "extreme"}],
     r"tasks.json, entry 2 \(task t2\): field 'level' must be one of easy, medium, hard \(got 'extreme'\)"),
    ([GOOD, GOOD], r"entry 2: duplicate task_id 't1' \(first in entry 1\)"),
    ([], r"tasks.json holds no tasks"),
])
def test_bad_files_name_the_file_the_entry_and_the_field(tmp_path: Path, entries: Any, message: str) -> None:
    path = _file(tmp_path, entries)
    with pytest.raises(TaskFileError, match=message):
        load_suite("online-mind2web", data_dir=path)


def test_replaced_ids_are_those_with_a_date_suffix(tmp_path: Path) -> None:
    path = _file(tmp_path, [GOOD, GOOD | {"task_id": "abc_110325"}, GOOD | {"task_id": "abc_11032"}])
    assert [t.replaced for t in load_suite("online-mind2web", data_dir=path)] == [False, True, False]


def test_site_map_lines_and_json_rewrite_the_start_url_keeping_path_and_query(tmp_path: Path) -> None:
    tasks = _file(tmp_path, [GOOD | {"website": "https://www.example.com/a/b?q=1&r=2"},
                             GOOD | {"task_id": "t2", "website": "https://other.org/"}])
    lines = tmp_path / "sites.txt"
    lines.write_text("# live host -> local copy\nWWW.Example.com  http://127.0.0.1:9/copy/  # trailing slash\n\n")
    mapped = load_suite("online-mind2web", data_dir=tasks, site_map=lines)
    assert [t.start_url for t in mapped] == ["http://127.0.0.1:9/copy/a/b?q=1&r=2", "https://other.org/"]
    assert mapped[0].site == "example.com"   # results stay grouped by the live site
    as_json = tmp_path / "sites.json"
    as_json.write_text(json.dumps({"other.org": "http://localhost:8/o"}))
    assert [t.start_url for t in load_suite("online-mind2web", data_dir=tasks, site_map=as_json)] == [
        "https://www.example.com/a/b?q=1&r=2", "http://localhost:8/o/"]
    site_map = load_site_map(lines)
    assert site_map.rewrite("https://www.example.com/x#top") == "http://127.0.0.1:9/copy/x#top"
    assert site_map.rewrite("https://example.com/x") is None and site_map.rewrite("mailto:a@www.example.com") is None


@pytest.mark.parametrize("name, text, message", [
    ("s.txt", "www.example.com\n", r"s.txt, line 1: expected `host base-URL` \(two words\)"),
    ("s.txt", "a.com http://x/\nhttps://b.com http://y/\n", r"s.txt, line 2: 'https://b.com' is not a host name"),
    ("s.txt", "a.com 127.0.0.1:8000\n", r"s.txt, line 1: the base URL must be an http\(s\) URL .*got '127.0.0.1:8000'"),
    ("s.txt", "a.com http://x/?q=1\n", r"line 1: the base URL must be an http\(s\) URL with a host and no query"),
    ("s.txt", "# nothing\n", r"s.txt: the site map maps no host"),
    ("s.txt", "a.com http://b.com/\nb.com http://x/\n", r"a.com is mapped to http://b.com/, whose host is mapped too"),
    ("s.json", "[1]", r"s.json: a site map in JSON is an object"),
    ("s.json", "{", r"s.json: not valid JSON"),
    ("s.json", '{"a.com": 5}', r"s.json, key 'a.com': the base URL must be an http\(s\) URL"),
])
def test_bad_site_maps_name_the_file_and_the_line(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ConfigError, match=message):
        open_suite("online-mind2web", SuiteArgs(site_map=path))   # refused before any task is loaded


def test_the_suite_puts_its_site_map_on_the_browser_config(tmp_path: Path) -> None:
    from webvoyager.browser.types import BrowserConfig

    path = tmp_path / "s.txt"
    path.write_text("a.com http://127.0.0.1:9/\n")
    config = open_suite("online-mind2web", SuiteArgs(site_map=path)).browser_config(BrowserConfig())
    assert config.site_map == SiteMap((("a.com", "http://127.0.0.1:9/"),))
    assert open_suite("online-mind2web").browser_config(BrowserConfig()).site_map is None


def _record(task_id: str, level: str, *, success: bool | None = None, replaced: bool = False) -> TaskRecord:
    result = Result(task_id=task_id, question="q", start_url="http://x/", status="answered", answer="a",
                    success=success, site="x", groups={"level": level}, replaced=replaced)
    return TaskRecord(task_id, task_id, "x", result, None)


def test_summary_counts_each_level_in_the_declared_order_and_lists_replaced_tasks() -> None:
    records = [_record("a", "hard", success=True), _record("b", "easy", success=False, replaced=True),
               _record("c", "hard", success=False), _record("d", "medium", success=True)]
    summary = summarize(records, groupings=[Grouping("level", ("easy", "medium", "hard"))])
    levels = summary.groups["level"]
    assert list(levels) == ["easy", "medium", "hard"]
    assert [(s.tasks, s.success.success) for s in levels.values()] == [(1, 0), (1, 1), (2, 1)]
    assert summary.replaced == ["b"]
    data = summary.to_dict()
    assert data["groups"]["level"]["hard"]["success"] == {"tasks": 2, "success": 1, "rate": 0.5}
    assert data["replaced"] == {"count": 1, "tasks": ["b"]}
    back = Summary.from_dict(json.loads(json.dumps(data)))
    assert back.replaced == ["b"] and back.groups["level"]["hard"].success.success == 1


def test_the_sections_any_command_prints_carry_the_levels_and_replaced_tasks() -> None:
    from webvoyager.bench.suites import TableSection, TextSection
    from webvoyager.bench.suites.sections import summary_sections

    summary = summarize([_record("a", "hard", success=True), _record("b", "easy", replaced=True)],
                        groupings=[Grouping("level", ("easy", "medium", "hard"))])
    site, level, replaced = summary_sections(summary)
    assert isinstance(site, TableSection) and site.columns[0] == "site"
    assert isinstance(level, TableSection) and level.title == "Results by level"
    assert [r[:4] for r in level.rows] == [("easy", "1", "1", "0.0% (0/1)"), ("hard", "1", "1", "100.0% (1/1)")]
    assert level.total is not None and level.total[:4] == ("overall", "2", "2", "50.0% (1/2)")
    assert isinstance(replaced, TextSection) and replaced.text.endswith("they replaced: b")
    assert len(summary_sections(summarize([_record("c", "easy")]))) == 2   # nothing replaced: no line


def test_a_suite_cannot_group_by_what_is_no_task_field() -> None:
    from webvoyager.bench.suites import Suite, register

    class Odd(Suite):
        name, help = "odd-groups", "a suite for this test"
        groupings = (Grouping("colour"),)

    with pytest.raises(ConfigError, match="Odd groups its results by colour, which is no field of a task"):
        register(Odd)
