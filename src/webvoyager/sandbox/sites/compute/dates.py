"""Dates for the answer engine: reading dates in several formats, spans, weekdays and date arithmetic.

Dates read: "March 3, 2026", "3 March 2026", "Mar 3 2026", "2026-03-03", "03/04/2026" (month first
unless told otherwise: an assumption), "today", "tomorrow", "yesterday" (the sandbox's TODAY).
Each computation also returns the steps a person would follow, month by month.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from webvoyager.sandbox.catalog import TODAY

MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS["sept"] = 9
_MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
DATE_RE = re.compile(
    rf"(?P<iso>\b\d{{4}}-\d{{1,2}}-\d{{1,2}}\b)"
    rf"|(?P<num>\b\d{{1,2}}/\d{{1,2}}/\d{{4}}\b)"
    rf"|(?P<mdy>\b(?:{_MONTH_RE})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b)"
    rf"|(?P<dmy>\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_RE})\.?,?\s+\d{{4}}\b)"
    rf"|(?P<rel>\b(?:today|tomorrow|yesterday)\b)",
    re.IGNORECASE,
)


class DateError(ValueError):
    """Text that looks like a date but is not one (e.g. February 30)."""


@dataclass
class DateRead:
    day: date
    text: str
    ambiguous: bool = False     # a numeric date whose day and month could be swapped


def read_date(text: str, day_first: bool = False) -> DateRead:
    t = text.strip().lower().replace(",", " ").replace(".", " ")
    t = re.sub(r"\s+", " ", t)
    try:
        if t in ("today", "tomorrow", "yesterday"):
            return DateRead(TODAY + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[t]), text)
        if re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", t):
            y, m, d = map(int, t.split("-"))
            return DateRead(date(y, m, d), text)
        if re.fullmatch(r"\d{1,2}/\d{1,2}/\d{4}", t):
            a, b, y = map(int, t.split("/"))
            ambiguous = a <= 12 and b <= 12 and a != b
            m, d = (b, a) if (day_first and ambiguous) or a > 12 else (a, b)
            return DateRead(date(y, m, d), text, ambiguous)
        words = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", t).replace(" of ", " ").split()
        if words[0] in MONTHS:
            return DateRead(date(int(words[2]), MONTHS[words[0]], int(words[1])), text)
        return DateRead(date(int(words[2]), MONTHS[words[1]], int(words[0])), text)
    except (ValueError, KeyError, IndexError) as exc:
        raise DateError(f"{text.strip()} is not a valid date") from exc


def long_date(d: date) -> str:
    """"Tuesday, March 3, 2026"."""
    return f"{calendar.day_name[d.weekday()]}, {calendar.month_name[d.month]} {d.day}, {d.year}"


def short_date(d: date) -> str:
    return f"{calendar.month_name[d.month]} {d.day}, {d.year}"


@dataclass
class Span:
    start: date
    end: date
    days: int                   # end - start (plus one when the end date is included)
    include_end: bool
    steps: list[str] = field(default_factory=list)


def span(a: date, b: date, include_end: bool = False) -> Span:
    """The days from a to b (b after a), with the counting steps."""
    if b < a:
        a, b = b, a
    days = (b - a).days + (1 if include_end else 0)
    steps: list[str] = []
    if (a.year, a.month) == (b.year, b.month):
        steps.append(f"Both dates are in {calendar.month_name[a.month]} {a.year}: {b.day} − {a.day} = {b.day - a.day} days")
        parts = [b.day - a.day]
    else:
        dim = calendar.monthrange(a.year, a.month)[1]
        first = dim - a.day
        steps.append(f"Days left in {calendar.month_name[a.month]} {a.year} after the {_ordinal(a.day)}: "
                     f"{dim} − {a.day} = {first} days")
        parts = [first]
        y, m = (a.year, a.month + 1) if a.month < 12 else (a.year + 1, 1)
        while (y, m) < (b.year, b.month):
            if m == 1 and (y, 12) < (b.year, b.month):
                first_year = y
                while (y, 12) < (b.year, b.month):
                    y += 1
                years = list(range(first_year, y))
                n = sum(366 if calendar.isleap(x) else 365 for x in years)
                leap = sum(calendar.isleap(x) for x in years)
                if len(years) == 1:
                    steps.append(f"The whole year {years[0]}: {n} days")
                else:
                    steps.append(f"The whole years {years[0]} to {years[-1]}: {len(years)} years, {leap} of them leap "
                                 f"years: {len(years)} × 365 + {leap} = {n} days")
                parts.append(n)
                continue
            year, months, lens = y, [], []
            while (y, m) < (b.year, b.month) and y == year:
                months.append(m)
                lens.append(calendar.monthrange(y, m)[1])
                y, m = (y, m + 1) if m < 12 else (y + 1, 1)
            if len(months) == 1:
                steps.append(f"The whole month of {calendar.month_name[months[0]]} {year}: {lens[0]} days")
            else:
                label = f"{calendar.month_name[months[0]]} to {calendar.month_name[months[-1]]} {year}"
                steps.append(f"Whole months {label}: {' + '.join(map(str, lens))} = {sum(lens)} days")
            parts.append(sum(lens))
        steps.append(f"Days of {calendar.month_name[b.month]} {b.year} up to the {_ordinal(b.day)}: {b.day} days")
        parts.append(b.day)
    total = sum(parts)
    if len(parts) > 1:
        steps.append(f"Add them up: {' + '.join(map(str, parts))} = {total} days")
    if include_end:
        steps.append(f"Count the end date too: {total} + 1 = {total + 1} days")
    return Span(a, b, days, include_end, steps)


def _ordinal(n: int) -> str:
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def shift(d: date, amount: int, unit: str) -> tuple[date, list[str]]:
    """d moved by amount (negative = before) days/weeks/months/years, with steps."""
    steps: list[str] = []
    if unit in ("month", "year"):
        months = amount * (12 if unit == "year" else 1)
        r = add_months(d, months)
        steps.append(f"{'Add' if amount >= 0 else 'Subtract'} {abs(amount)} {unit}{'s' if abs(amount) != 1 else ''} "
                     f"to the month of {short_date(d)}: {short_date(r)}")
        if r.day != d.day:
            steps.append(f"{calendar.month_name[r.month]} has only {r.day} days, so the date becomes the last day of the month")
        return r, steps
    days = amount * (7 if unit == "week" else 1)
    if unit == "week":
        steps.append(f"{abs(amount)} week{'s' if abs(amount) != 1 else ''} = {abs(amount)} × 7 = {abs(days)} days")
    cur, left = d, abs(days)
    forward = days >= 0
    while left > 0:
        if forward:
            to_end = calendar.monthrange(cur.year, cur.month)[1] - cur.day
            if left <= to_end:
                new = cur + timedelta(days=left)
                steps.append(f"Add the remaining {left} days within {calendar.month_name[cur.month]}: {short_date(new)}")
                cur, left = new, 0
            else:
                new = cur + timedelta(days=to_end + 1)
                steps.append(f"Add {to_end + 1} days to reach {short_date(new)} ({left - to_end - 1} days left)")
                cur, left = new, left - to_end - 1
        else:
            if left < cur.day:
                new = cur - timedelta(days=left)
                steps.append(f"Go back the remaining {left} days within {calendar.month_name[cur.month]}: {short_date(new)}")
                cur, left = new, 0
            else:
                new = cur - timedelta(days=cur.day)
                steps.append(f"Go back {cur.day} day{'s' if cur.day != 1 else ''} to reach {short_date(new)} "
                             f"({left - cur.day} days left)")
                cur, left = new, left - cur.day
    steps.append(f"{short_date(cur)} is a {calendar.day_name[cur.weekday()]}")
    return cur, steps


def weeks_days(n: int) -> str:
    w, d = divmod(n, 7)
    parts = ([f"{w} week{'s' if w != 1 else ''}"] if w else []) + ([f"{d} day{'s' if d != 1 else ''}"] if d or not w else [])
    return " ".join(parts)


def months_days(a: date, b: date, include_end: bool = False) -> str:
    """Whole months then days from a to b, e.g. "4 months 16 days"."""
    if include_end:
        b = b + timedelta(days=1)
    months = (b.year - a.year) * 12 + b.month - a.month
    if add_months(a, months) > b:
        months -= 1
    rest = (b - add_months(a, months)).days
    years, months = divmod(months, 12)
    parts = []
    if years:
        parts.append(f"{years} year{'s' if years != 1 else ''}")
    if months:
        parts.append(f"{months} month{'s' if months != 1 else ''}")
    if rest or not parts:
        parts.append(f"{rest} day{'s' if rest != 1 else ''}")
    return " ".join(parts)


def relative_to_today(d: date) -> str:
    n = (d - TODAY).days
    if n == 0:
        return "today"
    return f"{abs(n):,} day{'s' if abs(n) != 1 else ''} {'from now' if n > 0 else 'ago'}"
