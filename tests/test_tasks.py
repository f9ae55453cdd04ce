"""Task files: parsing, clear errors for bad input, and the answer/state checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.errors import TaskFileError
from webvoyager.tasks import AnswerCheck, PageState, StateCheck, Task, load_tasks, parse_tasks, task_from_record


def _line(**rec: object) -> str:
    base = {"web_name": "Demo", "id": "Demo--0", "ques": "Find it", "web": "https://example.org/"}
    base.update(rec)
    return json.dumps(base)


def test_parses_webvoyager_schema_and_extras() -> None:
    rec = json.loads(_line(check={"answer": {"type": "number", "value": 42, "tolerance": 0.5}},
                           reference={"steps": [{"do": "click", "target": {"text": "Go"}},
                                                {"do": "type", "target": {"placeholder": "Search"}, "text": "x",
                                                 "enter": False}],
                                      "answer": "42"},
                           max_steps=20, level=2))
    task = task_from_record(rec)
    assert (task.id, task.site, task.start_url, task.max_steps) == ("Demo--0", "Demo", "https://example.org/", 20)
    assert task.answer_check == AnswerCheck(type="number", value=42, tolerance=0.5)
    assert task.reference is not None and task.reference.steps[1].enter is False
    assert task.extra == {"level": 2}
    assert task_from_record(task.to_record()) == task


def test_shared_webvoyager_file_loads(shared_data: Path) -> None:
    tasks = load_tasks(shared_data / "webvoyager" / "WebVoyager_data.jsonl")
    assert len(tasks) == 643
    assert len({t.site for t in tasks}) == 15
    assert all(not t.checkable for t in tasks)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"id": "a", "ques": "q"', "line 1: not valid JSON"),
        (_line(ques=""), "field 'ques' must be a non-empty string"),
        (_line(web="www.example.org"), "must be an http(s) URL"),
        (_line(check={"answer": {"type": "fuzzy"}}), "check.answer must be an object with type one of"),
        (_line(check={"answer": {"type": "one_of", "values": []}}), "needs 'values'"),
        (_line(reference={"steps": [{"do": "click"}], "answer": ""}), "'click' needs a target"),
        (_line(reference={"steps": [{"do": "fly"}], "answer": ""}), "'do' must be one of"),
        (_line(max_steps=0), "'max_steps' must be a positive integer"),
        (_line() + "\n" + _line(), "line 2: duplicate task id 'Demo--0' (first on line 1)"),
    ],
)
def test_bad_task_lines_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(TaskFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_tasks(text.splitlines(), source="tasks.jsonl")


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(TaskFileError, match="does not exist"):
        load_tasks(tmp_path / "nope.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    with pytest.raises(TaskFileError, match="holds no tasks"):
        load_tasks(empty)


@pytest.mark.parametrize(
    ("check", "answer", "ok"),
    [
        (AnswerCheck("exact", value="Blue Heron Inn"), "  blue   heron inn. ", True),
        (AnswerCheck("exact", value="Blue Heron Inn"), "Blue Heron", False),
        (AnswerCheck("contains_all", values=("Paris", "4 stars")), "The Lumen in paris has 4 Stars", True),
        (AnswerCheck("contains_all", values=("Paris", "4 stars")), "Paris, 3 stars", False),
        (AnswerCheck("one_of", values=("yes", "true")), "Yes", True),
        (AnswerCheck("one_of", values=("yes", "true")), "no", False),
        (AnswerCheck("number", value=1234.5, tolerance=0.01), "It costs $1,234.50 total", True),
        (AnswerCheck("number", value=1234.5, tolerance=0.01), "It costs $1,235", False),
        (AnswerCheck("number", value=7), None, False),
    ],
)
def test_answer_checks(check: AnswerCheck, answer: str | None, ok: bool) -> None:
    assert check.passes(answer) is ok


def test_state_checks_and_combined_task_check() -> None:
    state = PageState(url="http://shop.localhost:1/cart?x=1", title="Cart", text="Your cart: Trail Shoe",
                      local_storage={"cart": '[{"sku": "TS-1", "qty": 2}]'})
    assert StateCheck("url", contains=("/cart",)).passes(state)
    assert not StateCheck("url", regex=r"/checkout$").passes(state)
    assert StateCheck("page_text", contains=("trail shoe",)).passes(state)
    assert StateCheck("storage", key="cart", contains=('"sku": "ts-1"',)).passes(state)
    assert not StateCheck("storage", key="wishlist", contains=("x",)).passes(state)
    task = Task(id="t", question="q", start_url="http://x/", answer_check=AnswerCheck("exact", value="2"),
                state_check=StateCheck("url", contains=("/cart",)))
    assert task.check("2", state) is True
    assert task.check("3", state) is False
    assert task.check("2", PageState(url="http://shop/")) is False
    assert Task(id="u", question="q", start_url="http://x/").check("anything") is None
