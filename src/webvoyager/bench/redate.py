"""Move stale dates in task questions into the future (`--redate`, opt-in).

Many WebVoyager tasks (Booking, Google Flights) name dates in 2023-24; sites refuse to search the past.
Rules, chosen so that a question stays self-consistent:

* Recognised dates: "January 5, 2024", "Jan. 5th 2024", "5 January 2024", "1st Jan", "February 14-21,
  2024" (a day range), "2024-01-05", "20/12/2023" (day first unless that is impossible).
* A date without a year takes the year of the next dated mention in the same question ("from
  February 28 to March 2, 2024" -> both 2024), or the previous one.
* When the earliest dated mention has passed (relative to `today`), every explicit year in the question
  moves forward by the same number of years: the fewest that put that earliest date in the future. So
  ranges keep their length and order, and the day and month never change (except 29 February, which
  becomes the 28th in a year that has no 29th).
* A question whose dates all lack a year means their next occurrence; the effective year is written
  after each such date ("Jan 22" -> "Jan 22, 2027") so the agent cannot pick a past day. A range that
  runs past New Year ("Dec 30 to Jan 2") gets the following year for the later dates.
* Other questions are returned unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Iterable

from webvoyager.tasks import Task

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}
# Capitalised month names only: "may 5" in running text is usually the verb.
_MONTH = (r"(?P<{g}>January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?")
_ORD = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<{g}>(?:19|20)\d\d)(?!\d))?"

_PATTERN = re.compile(
    "|".join([
        # 2024-01-05
        r"(?P<iso_y>(?:19|20)\d\d)-(?P<iso_m>\d{1,2})-(?P<iso_d>\d{1,2})(?!\d)",
        # 20/12/2023
        r"(?<![\d/])(?P<num_a>\d{1,2})/(?P<num_b>\d{1,2})/(?P<num_y>(?:19|20)\d\d)(?!\d)",
        # 5 January 2024, 1st Jan
        r"(?<![\d-])(?P<dm_d>\d{1,2})" + _ORD + r"\s+(?:of\s+)?" + _MONTH.format(g="dm_m") + r"(?![a-z])"
        + _YEAR.format(g="dm_y"),
        # January 5, 2024 / Jan. 22 / February 14-21, 2024
        _MONTH.format(g="md_m") + r"\s+(?P<md_d>\d{1,2})(?!\d)" + _ORD
        + r"(?:\s*[-\u2013]\s*(?P<md_d2>\d{1,2})(?!\d)" + _ORD + r")?" + _YEAR.format(g="md_y"),
    ])
)


@dataclass
class _Mention:
    """One date found in a question; `year_span` is where its explicit year is written, if anywhere."""

    start: int
    end: int
    month: int
    day: int
    year: int | None
    year_span: tuple[int, int] | None
    day_span: tuple[int, int]

    def on(self, year: int) -> date:
        return _safe_date(year, self.month, self.day)


def _safe_date(year: int, month: int, day: int) -> date:
    if month == 2 and day == 29 and not _is_leap(year):
        return date(year, 2, 28)
    return date(year, month, day)


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _valid(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= (29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)


def find_dates(question: str) -> list[_Mention]:
    """Every recognised date mention in `question`, in order."""
    found: list[_Mention] = []
    for m in _PATTERN.finditer(question):
        g = m.groupdict()
        if g["iso_y"]:
            month, day, year, yspan, dspan = int(g["iso_m"]), int(g["iso_d"]), int(g["iso_y"]), m.span("iso_y"), m.span("iso_d")
        elif g["num_y"]:
            a, b = int(g["num_a"]), int(g["num_b"])
            # Day first (as in most of the world) unless only month-first is a valid date.
            day, month, dspan = (a, b, m.span("num_a")) if b <= 12 else (b, a, m.span("num_b"))
            year, yspan = int(g["num_y"]), m.span("num_y")
        elif g["dm_d"]:
            month, day, dspan = _MONTHS[g["dm_m"].lower()], int(g["dm_d"]), m.span("dm_d")
            year = int(g["dm_y"]) if g["dm_y"] else None
            yspan = m.span("dm_y") if g["dm_y"] else None
        else:
            month, day, dspan = _MONTHS[g["md_m"].lower()], int(g["md_d"]), m.span("md_d")
            year = int(g["md_y"]) if g["md_y"] else None
            yspan = m.span("md_y") if g["md_y"] else None
        if _valid(month, day):
            found.append(_Mention(m.start(), m.end(), month, day, year, yspan, dspan))
    return found


def redate_question(question: str, today: date) -> str:
    """The question with passed dates moved into the future (see the module docstring)."""
    mentions = find_dates(question)
    if not mentions:
        return question
    if any(m.year is not None for m in mentions):
        return _shift_years(question, mentions, today)
    return _add_years(question, mentions, today)


def _inherited_years(mentions: list[_Mention]) -> list[int]:
    years: list[int | None] = [m.year for m in mentions]
    for i, y in enumerate(years):
        if y is None:
            later = next((m.year for m in mentions[i + 1:] if m.year is not None), None)
            earlier = next((m.year for m in reversed(mentions[:i]) if m.year is not None), None)
            years[i] = later if later is not None else earlier
    return [int(y) for y in years if y is not None]


def _shift_years(question: str, mentions: list[_Mention], today: date) -> str:
    years = _inherited_years(mentions)
    earliest = min(m.on(y) for m, y in zip(mentions, years))
    if earliest > today:
        return question
    shift = 1
    while _safe_date(earliest.year + shift, earliest.month, earliest.day) <= today:
        shift += 1
    edits: list[tuple[tuple[int, int], str]] = []
    for m, y in zip(mentions, years):
        if m.year_span is not None:
            edits.append((m.year_span, str(m.year + shift)))  # type: ignore[operator]
        if m.month == 2 and m.day == 29 and not _is_leap(y + shift):
            edits.append((m.day_span, "28"))
    return _apply(question, edits)


def _add_years(question: str, mentions: list[_Mention], today: date) -> str:
    edits: list[tuple[tuple[int, int], str]] = []
    previous: date | None = None
    for m in mentions:
        year = today.year if previous is None else previous.year
        while m.on(year) <= today or (previous is not None and m.on(year) < previous):
            year += 1
        previous = m.on(year)
        # Insert right after the mention, but before a sentence-ending period ("23 December.").
        at = m.end - 1 if question[m.end - 1] == "." else m.end
        edits.append(((at, at), f", {year}"))
    return _apply(question, edits)


def _apply(text: str, edits: Iterable[tuple[tuple[int, int], str]]) -> str:
    for (start, end), new in sorted(edits, key=lambda e: e[0][0], reverse=True):
        text = text[:start] + new + text[end:]
    return text


def redate_task(task: Task, today: date) -> Task:
    """The task with its question redated; `original_question` keeps the text as written."""
    new = redate_question(task.question, today)
    if new == task.question:
        return task
    return task.replace(question=new, original_question=task.original_question or task.question)
