"""Task files: parsing, clear errors for bad input, and strict answer/state checks that fail wrong answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webvoyager.errors import TaskFileError
from webvoyager.tasks import (AnswerPlan, NumberCheck, PageState, PageTextCheck, PairsCheck, Probe, StorageCheck,
                              Task, TaskChecks, TextCheck, UrlCheck, load_tasks, parse_tasks, task_from_record,
                              task_to_record)


def _line(**rec: object) -> str:
    base = {"web_name": "Demo", "id": "Demo--0", "ques": "Find it", "web": "https://example.org/"}
    base.update(rec)
    return json.dumps(base)


PLAN = {"say": "It is {n}.", "read": {"n": {"from": "screen", "after": "Total", "pattern": r"(\d+)"}}}


def test_parses_webvoyager_schema_and_extras() -> None:
    rec = json.loads(_line(check={"answer": {"type": "number", "value": 42, "tolerance": 0.5, "unit": ["kg"]}},
                           reference={"steps": [{"do": "click", "target": {"text": "Go"}},
                                                {"do": "type", "target": {"placeholder": "Search"}, "text": "x",
                                                 "enter": False}],
                                      "answer": PLAN},
                           probes={"pass": ["42 kg", {"answer": "42"}], "fail": [{"answer": "43 kg", "kind": "off"}]},
                           max_steps=20, level=2))
    task = task_from_record(rec)
    assert (task.id, task.site, task.start_url, task.max_steps) == ("Demo--0", "Demo", "https://example.org/", 20)
    assert task.checks == TaskChecks(answer=[NumberCheck(type="number", value=42, tolerance=0.5, unit=["kg"])])
    assert task.reference is not None and task.reference.steps[1].enter is False
    assert isinstance(task.reference.answer, AnswerPlan) and task.reference.answer.read["n"].after == "Total"
    assert task.probes is not None and task.probes.accept[0] == Probe(answer="42 kg")
    assert task.extra == {"level": 2}
    assert task_from_record(task_to_record(task)) == task


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
        (_line(check={"answer": {"type": "fuzzy"}}), "line 1: check.answer.0: Input tag 'fuzzy' found using 'type'"),
        (_line(check={"answer": {"type": "number", "value": "six"}}), "check.answer.0.number.value: Input should be "
                                                                      "a valid number"),
        (_line(check={"answer": {"type": "text", "expect": []}}), "expect: List should have at least 1 item"),
        (_line(check={"state": {"type": "url", "path": "/x"}}), "check.state.0.url.host: Field required"),
        (_line(check={}), "'check' needs an 'answer' or a 'state' check"),
        (_line(reference={"steps": [{"do": "click"}], "answer": "x"}), "a 'click' step needs a target"),
        (_line(reference={"steps": [{"do": "fly"}], "answer": "x"}), "reference.steps.0.do: Input should be"),
        (_line(reference={"steps": [], "answer": {"say": "It is {m}.", "read": PLAN["read"]}}),
         "the answer says {m}, which is neither read, noted nor picked"),
        (_line(reference={"steps": [], "answer": {"say": "x", "read": {"n": {"from": "screen"}}}}),
         "reading from the screen needs 'after'"),
        (_line(reference={"steps": [], "answer": {"say": "{n}", "read": {"n": {
            "from": "url", "screen": {"from": "screen", "after": "Total"}}}}}),
         "it belongs on a read 'from': 'element' or 'title'"),
        (_line(max_steps=0), "max_steps: Input should be greater than or equal to 1"),
        (_line() + "\n" + _line(), "line 2: duplicate task id 'Demo--0' (first on line 1)"),
    ],
)
def test_bad_task_lines_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(TaskFileError, match=message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")
                       .replace("}", r"\}")):
        parse_tasks(text.splitlines(), source="tasks.jsonl")


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(TaskFileError, match="does not exist"):
        load_tasks(tmp_path / "nope.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    with pytest.raises(TaskFileError, match="holds no tasks"):
        load_tasks(empty)


# ----- answer checks: right answers in other words pass, wrong or conflicting values fail -------------

SERVINGS = NumberCheck(type="number", value=6, unit=["servings", "serves", "people"])
PRICE = NumberCheck(type="number", value=47.99, tolerance=0.001, currency="$")
STARS = NumberCheck(type="number", value=133, unit=["stars"])


@pytest.mark.parametrize(("check", "answer", "ok"), [
    (SERVINGS, "It makes 6 servings.", True),
    (SERVINGS, "The recipe serves six.", True),
    (SERVINGS, "6", True),
    (SERVINGS, "8 servings (one serving is about 6 oz)", False),      # the number of the quantity asked is 8
    (SERVINGS, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10", False),               # the right number among others
    (SERVINGS, "6 oz", False),                                       # a number of another unit
    (SERVINGS, "7 servings", False),
    (PRICE, "$47.99", True),
    (PRICE, "It costs 47.99 dollars.", True),
    (PRICE, "$48.99 (was $47.99)", False),
    (PRICE, "$1,247.99", False),
    (PRICE, "US$47.99", True),
    (PRICE, "47.99 euros", False),                                   # another currency
    (PRICE, "$40-$47.99", False),                                    # a range names both ends
    (NumberCheck(type="number", value=50, unit=["hours"]), "between 40 and 50 hours", False),
    (NumberCheck(type="number", value=50, unit=["hours"]), "50 hours of playback", True),
    (NumberCheck(type="number", value=9.5, unit=["/10"]), "a score of 9.5/10", True),
    (STARS, "133 stars", True),
    (STARS, "1330 stars", False),
    (STARS, "133.5 stars", False),
    (NumberCheck(type="number", value=12400, tolerance=50, unit=["downloads"]), "12.4k downloads", True),
    (NumberCheck(type="number", value=85.9, tolerance=0.01, unit=["%"]), "85.9%", True),
    (NumberCheck(type="number", value=3, ignore=["Route 66"]), "Route 66 has 3 stops", True),
    (NumberCheck(type="number", value=617, unit=["g", "grams"]), "It weighs 617g.", True),     # a glued unit
    (NumberCheck(type="number", value=133, unit=["stars"]), "133 forks", False),              # another quantity
    (NumberCheck(type="number", value=2, unit=["courses"]), "There are two such courses.", True),
    (NumberCheck(type="number", value=48, unit=["ratings"]), "48 five-star ratings", True),
    (NumberCheck(type="number", value=2.5e6, unit=["downloads"]), "2.5M downloads", True),
])
def test_number_checks(check: NumberCheck, answer: str, ok: bool) -> None:
    assert check.passes(answer) is ok


HOTEL = TextCheck(type="text", expect=["Quay Hotel & Spa"], forbid=["Kyoto Garden Inn", "Hotel Ivory"])
VERSION = TextCheck(type="text", expect=[["v1.1.0", "1.1.0"]])


@pytest.mark.parametrize(("check", "answer", "ok"), [
    (HOTEL, "Quay Hotel & Spa", True),
    (HOTEL, "The best-rated is the quay hotel & spa (9.5).", True),
    (HOTEL, "Kyoto Garden Inn, then Quay Hotel & Spa", False),       # another candidate named
    (HOTEL, "Quay Hotel", False),
    (HOTEL, "I could not find it.", False),
    (VERSION, "The latest release is v1.1.0.", True),
    (VERSION, "1.1.0", True),
    (VERSION, "v11.1.0", False),                                     # a different version containing it
    (VERSION, "v1.1.0.1", False),
    (TextCheck(type="text", expect=["zenodev/fast-cache"]), "zenodev/fast-cache-rs", False),  # another name
    (TextCheck(type="text", expect=["11:30 PM"]), "open 12 PM–11:30 PM", True),
    (TextCheck(type="text", expect=["KEF"]), "Keflavik International (KEF)", True),   # a wordy right answer
    (TextCheck(type="text", expect=["im-"], forbid=["in-", "un-"]), "im- (as in impolite)", True),
    (TextCheck(type="text", expect=["im-"], forbid=["in-", "un-"]), "in- is used before most adjectives", False),
    (TextCheck(type="text", expect=["The Meridian Hotel"], forbid=["Meridian"]), "The Meridian Hotel", True),
    (TextCheck(type="text", expect=["Tent A"], rivals=["Tent B"]), "Tent A is lighter than Tent B", True),
    (TextCheck(type="text", expect=["Tent A"], rivals=["Tent B"]), "Tent B is heavier than Tent A", False),
    (TextCheck(type="text", expect=["first", "second"], ordered=True), "second, then first", False),
])
def test_text_checks(check: TextCheck, answer: str, ok: bool) -> None:
    assert check.passes(answer) is ok


LEVELS = PairsCheck(type="pairs", pairs=[{"key": "vivid", "value": "B2"}, {"key": "obvious", "value": "B1"}])


@pytest.mark.parametrize(("answer", "ok"), [
    ("vivid is higher: vivid is B2, obvious is B1.", True),
    ("Vivid (B2) is higher than obvious (B1)", True),
    ("B2 for vivid and B1 for obvious", True),
    ("vivid is B1 and obvious is B2", False),                        # the two levels swapped
    ("vivid is B2", False),                                          # a pair missing
    ("vivid is B2 or B1, obvious is B1", False),                     # a key with another pair's value
])
def test_pairs_check(answer: str, ok: bool) -> None:
    assert LEVELS.passes(answer) is ok


# ----- state checks --------------------------------------------------------------------------------

SEARCH = UrlCheck(type="url", host="hotels.localhost", path="/search",
                  params={"city": "Barcelona", "adults": "3", "rooms": "2", "diet": ["Vegan", "Halal"]},
                  absent=["page"])


@pytest.mark.parametrize(("url", "ok"), [
    ("http://hotels.localhost:8765/search?city=Barcelona&adults=3&rooms=2&diet=Vegan&diet=Halal", True),
    ("http://hotels.localhost:1/search/?rooms=2&diet=Halal&adults=3&city=barcelona&diet=Vegan&sort=", True),
    ("http://hotels.localhost:8765/search?city=Barcelona&adults=30&rooms=20&diet=Vegan&diet=Halal", False),
    ("http://evil.localhost:8765/search?city=Barcelona&adults=3&rooms=2&diet=Vegan&diet=Halal", False),
    ("http://hotels.localhost.evil.test/search?city=Barcelona&adults=3&rooms=2&diet=Vegan&diet=Halal", False),
    ("http://hotels.localhost:8765/book?city=Barcelona&adults=3&rooms=2&diet=Vegan&diet=Halal", False),
    ("http://hotels.localhost:8765/search?city=Barcelona&adults=3&rooms=2&diet=Vegan", False),
    ("http://hotels.localhost:8765/search?city=Barcelona&adults=3&rooms=2&diet=Vegan&diet=Halal&page=2", False),
])
def test_url_check(url: str, ok: bool) -> None:
    assert SEARCH.passes(PageState(url=url)) is ok


def test_url_check_only_params() -> None:
    strict = UrlCheck(type="url", host="x.localhost", params={"q": "tent"}, only_params=True)
    assert strict.passes(PageState(url="http://x.localhost/?q=tent&sort="))
    assert not strict.passes(PageState(url="http://x.localhost/?q=tent&sort=price"))


def test_storage_check_compares_the_records() -> None:
    cart = StorageCheck(type="storage", key="cart", items=[{"sku": "CW-1", "qty": 3}])
    row = {"sku": "CW-1", "qty": 3, "title": "Power bank", "price": 20}
    assert cart.passes(PageState(local_storage={"cart": json.dumps([row])}))
    assert not cart.passes(PageState(local_storage={"cart": json.dumps([{**row, "qty": 30}])}))
    assert not cart.passes(PageState(local_storage={"cart": json.dumps([row, {"sku": "CW-2", "qty": 1}])}))
    assert not cart.passes(PageState(local_storage={"cart": "[]"}))
    assert not cart.passes(PageState(cookies={"other": "1"}))
    assert StorageCheck(type="storage", key="theme", equals="dark").passes(PageState(cookies={"theme": "dark"}))


def test_page_text_check_and_combined_task_check() -> None:
    text = PageTextCheck(type="page_text", contains=["Booking confirmed", "Alex Morgan"], forbid=["Deluxe King"])
    state = PageState(url="http://shop.localhost/cart", text="Booking confirmed for Alex Morgan: Standard Double")
    assert text.passes(state)
    assert not text.passes(PageState(text="Booking confirmed for Alex Morgan: Deluxe King Room"))
    task = Task(id="t", question="q", start_url="http://x/",
                checks=TaskChecks(answer=[TextCheck(type="text", expect=["2"])], state=[text]))
    assert task.check("2", state) is True
    assert task.check("3", state) is False
    assert task.check("2", PageState(text="nothing")) is False
    assert task.check(None, state) is False
    assert Task(id="u", question="q", start_url="http://x/").check("anything") is None


def test_probe_judges_the_parts_it_gives() -> None:
    task = Task(id="t", question="q", start_url="http://x/",
                checks=TaskChecks(answer=[SERVINGS], state=[UrlCheck(type="url", host="x.localhost", path="/r")]))
    assert task.probe(Probe(answer="6 servings"))
    assert task.probe(Probe(url="http://x.localhost/r"))
    assert not task.probe(Probe(answer="6 servings", url="http://y.localhost/r"))
    assert not task.probe(Probe(answer="7 servings"))


@pytest.mark.parametrize("check, right", [
    (NumberCheck(type="number", value=133, unit=["stars"]), "133 stars"),
    (TextCheck(type="text", expect=["v1.1.0"]), "v1.1.0"),
    (PairsCheck(type="pairs", pairs=[{"key": "turnout", "value": "71.4"}]), "turnout 71.4%"),
])
def test_every_check_fails_a_hedge(check: NumberCheck | TextCheck | PairsCheck, right: str) -> None:
    """The right value offered among alternatives is no answer, whichever check reads it."""
    assert check.passes(right)
    for hedge in (f"Either {right} or v2.10.0.", f"{right}, or possibly 12", f"Not sure whether {right} or 7"):
        assert not check.passes(hedge), hedge
    assert TextCheck(type="text", expect=["mercy"]).passes("having or showing no mercy")   # 'or' alone is no hedge


def test_a_target_as_the_screen_shows_it() -> None:
    from webvoyager.tasks import ElementRef

    day = ElementRef(text="Wednesday, June 17, 2026", shown=ElementRef(text="17", after=ElementRef(text="June 2026")))
    assert day.on_screen() == ElementRef(text="17", after=ElementRef(text="June 2026"))
    # The anchor is mapped too, and a reference without `shown` anywhere is itself.
    first = ElementRef(tag="td", after=ElementRef(text="Check-in date", shown=ElementRef(text="Add date")))
    assert first.on_screen() == ElementRef(tag="td", after=ElementRef(text="Add date"))
    plain = ElementRef(text="Search", after=ElementRef(text="Menu"))
    assert plain.on_screen() is plain
    assert "shown" not in day.describe()
    assert ElementRef(tag="td", shown=ElementRef(after=ElementRef(text="Size"), nth=1)).on_screen().nth == 1
    with pytest.raises(ValueError, match="where the screen shows this element"):
        ElementRef(text="Next month", shown=ElementRef(tag="button"))
