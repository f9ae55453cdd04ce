"""--redate: passed dates move into the future; table of hand-checked cases and real benchmark questions."""

from __future__ import annotations

import json
from datetime import date

import pytest

from webvoyager.bench.redate import find_dates, redate_question, redate_task
from webvoyager.bench.suites import load_suite
from webvoyager.tasks import Task

TODAY = date(2026, 11, 30)

CASES = [
    # explicit years, all passed: shift every year by the fewest years that make the earliest date future
    ("Fly on January 5, 2024.", "Fly on January 5, 2027."),
    ("Fly on 5 January 2024.", "Fly on 5 January 2027."),
    ("Check in 2024-01-05 please", "Check in 2027-01-05 please"),
    ("Stay from Jan 5 to Jan 8, 2024.", "Stay from Jan 5 to Jan 8, 2027."),
    ("Stay February 14-21, 2024, in Paris", "Stay February 14-21, 2027, in Paris"),
    # December of the current year is still ahead: only one year is needed for the 2025 date
    ("Leave December 25, 2025, back January 5, 2026.", "Leave December 25, 2026, back January 5, 2027."),
    # a year-less mention inherits the next explicit year (both move together)
    ("from February 28 to March 2, 2024", "from February 28 to March 2, 2027"),
    ("(6 March to 8 March 2024)", "(6 March to 8 March 2027)"),
    # day-first numeric dates
    ("for 20/12/2023 - 21/12/2023.", "for 20/12/2026 - 21/12/2026."),
    # 29 February moves to the 28th when the target year has none
    ("from February 22 to February 29, 2024.", "from February 22 to February 28, 2027."),
    # a date still in the future is left alone
    ("Book March 3, 2027 now", "Book March 3, 2027 now"),
    # no year: the next occurrence's year is written in
    ("on Jan 5", "on Jan 5, 2027"),
    ("on December 25-26.", "on December 25-26, 2026."),
    ("on 20 December and return on 23 December.", "on 20 December, 2026 and return on 23 December, 2026."),
    ("from Dec 30th to Jan 2nd", "from Dec 30th, 2026 to Jan 2nd, 2027"),
    ("from 1st Jan in Jakarta", "from 1st Jan, 2027 in Jakarta"),
    # not dates: lower-case "may", years alone, numbers
    ("You may 5 times try; published in 2009.", "You may 5 times try; published in 2009."),
    ("Find 3 hotels under $250", "Find 3 hotels under $250"),
]


@pytest.mark.parametrize("question,expected", CASES)
def test_redate_table(question: str, expected: str) -> None:
    assert redate_question(question, TODAY) == expected


def test_today_itself_is_not_future() -> None:
    assert redate_question("on November 30, 2026", TODAY) == "on November 30, 2027"
    assert redate_question("on December 1, 2026", TODAY) == "on December 1, 2026"


def test_find_dates_reads_month_and_day() -> None:
    found = find_dates("Jan. 22 and 8 March 2024 and 2023-12-20")
    assert [(m.month, m.day, m.year) for m in found] == [(1, 22, None), (3, 8, 2024), (12, 20, 2023)]


def test_redate_task_records_original() -> None:
    task = Task(id="t", question="Fly on January 5, 2024.", start_url="https://x.test/")
    new = redate_task(task, TODAY)
    assert new.question == "Fly on January 5, 2027." and new.original_question == "Fly on January 5, 2024."
    same = Task(id="u", question="No dates here", start_url="https://x.test/")
    assert redate_task(same, TODAY) is same


REAL = {
    "Booking--5": "Search a hotel with free WiFi and air conditioning in Bali from Jan 1 to Jan 4, 2027.",
    "Booking--8": "Get the hotel with highest review score and free cancelation in Chennai for 20/12/2026 - 21/12/2026.",
    "Booking--28": "Find a hotel in Dubai with a swimming pool, for a week-long stay from February 22 to February 28, 2027.",
    "Booking--40": "I need to choose a hotel in Shenzhen, please select date (6 March to 8 March 2027) and click the "
                   "search button. How much it costs when convert the price to Chinese Yuan on the page.",
    "Google Flights--2": "Find the lowest fare from all eligible one-way flights for 1 adult from JFK to Heathrow on "
                         "Jan. 22, 2027.",
    "Google Flights--12": "Find the best-priced round-trip flight from New York to London leaving on December 25, 2026, "
                          "and returning on January 5, 2027, with one stop or fewer.",
    "Google Flights--41": "Choose one way business class ticket from Hong Kong to Glacier National Park on 8 March 2027, "
                          "offering a 1 stop ticket.",
}


def test_real_booking_and_flights_questions(shared_data) -> None:
    tasks = load_suite("webvoyager", data_dir=shared_data / "webvoyager", ids=list(REAL), redate=True, today=TODAY)
    assert {t.id: t.question for t in tasks} == REAL
    originals = {json.loads(line)["id"]: json.loads(line)["ques"]
                 for line in (shared_data / "webvoyager" / "WebVoyager_data.jsonl").read_text().splitlines()}
    assert all(t.original_question == originals[t.id] for t in tasks)


def test_every_stale_flight_date_lands_in_the_future(shared_data) -> None:
    tasks = load_suite("webvoyager", data_dir=shared_data / "webvoyager", sites=["Google Flights", "Booking"],
                       redate=True, today=TODAY)
    for task in tasks:
        for m in find_dates(task.question):
            if m.year is not None:
                assert m.on(m.year) > TODAY, (task.id, task.question)


def test_redate_is_opt_in(shared_data) -> None:
    tasks = load_suite("webvoyager", data_dir=shared_data / "webvoyager", ids=["Booking--5"], today=TODAY)
    assert "2024" in tasks[0].question and tasks[0].original_question is None
