"""Date queries: spans between dates, what day a date is, and dates before or after a date.

Templates are matched on the query with each date replaced by a placeholder (@0, @1), so the
wording around the dates is free within the documented forms ("days between @0 and @1",
"what day of the week is @0", "90 days after @0", "@0 plus 3 weeks", "days until @0").
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.compute import dates as dt
from webvoyager.sandbox.sites.compute import numbers as nm
from webvoyager.sandbox.sites.compute.pods import Answer, Assumption, NotThis, Pod

_SPAN = (
    r"(?:how many |the number of |number of |count )?(?P<unit>days|weeks|calendar days)?\s*(?:are there |is it |are |have passed )?"
    r"(?:between|from) @0 (?:and|to|until|till|through) @1",
    r"(?:time|how long|how much time|duration|time span)(?: is it)? (?:between|from) @0 (?:and|to|until|till) @1",
    r"@0 (?:to|until|-|–) @1",
)
_UNTIL = (
    r"(?:how many )?(?P<unit>days|weeks)(?: are there| are left| left)? (?:until|till|before) @0",
    r"(?:how long|time) (?:is it )?until @0",
)
_INFO = (
    r"(?:what )?(?:day of (?:the )?week|weekday|day)(?: is| was| will be| falls on| for| of| is it on| was it on| will it be on)? @0",
    r"@0(?: is (?:a |on )?what day(?: of the week)?| day of (?:the )?week| weekday)?",
    r"what day (?:is|was|will be) @0",
)
_ADD = (
    r"(?:the )?(?:date )?(?P<n>\d[\d,]*) (?P<u>days?|weeks?|months?|years?) (?P<dir>after|from|before|since|later than|prior to|earlier than) @0",
    r"@0 (?P<op>plus|\+|minus|-|and) (?P<n>\d[\d,]*) (?P<u>days?|weeks?|months?|years?)",
)


def answer_dates(q: str, found: list[re.Match[str]], assume: dict[str, str]) -> Answer:
    template = ""
    last = 0
    for i, m in enumerate(found):
        template += q[last: m.start()].lower() + f"@{i}"
        last = m.end()
    template = re.sub(r"\s+", " ", (template + q[last:].lower()).strip())
    template = re.sub(r"^(?:the )?date (?:that is |is )?", "", template) if not template.startswith("date @") else template
    day_first = assume.get("date-order") == "dmy"
    reads = [dt.read_date(m.group(0), day_first) for m in found]
    choices: list[Assumption] = []
    if any(r.ambiguous for r in reads):
        word = next(r.text for r in reads if r.ambiguous)
        mdy, dmy = ("mdy", "month first (MM/DD/YYYY)"), ("dmy", "day first (DD/MM/YYYY)")
        current, other = (dmy, mdy) if day_first else (mdy, dmy)
        choices.append(Assumption("date-order", word, current[1], [other]))
    days = [r.day for r in reads]
    if len(days) == 2:
        for pattern in _SPAN:
            m = re.fullmatch(pattern, template)
            if m:
                return _span(q, days[0], days[1], (m.groupdict().get("unit") or "days"), assume, choices)
    if len(days) == 1:
        for pattern in _UNTIL:
            m = re.fullmatch(pattern, template)
            if m:
                return _span(q, TODAY, days[0], m.groupdict().get("unit") or "days", assume, choices, until=True)
        for pattern in _ADD:
            m = re.fullmatch(pattern, template)
            if m:
                n = int(m.group("n").replace(",", ""))
                back = (m.groupdict().get("dir") in ("before", "prior to", "earlier than")) or m.groupdict().get("op") in ("minus", "-")
                return _shifted(q, days[0], -n if back else n, m.group("u").rstrip("s"), choices)
        for pattern in _INFO:
            if re.fullmatch(pattern, template):
                return _info(q, days[0], choices)
    raise NotThis


def _span(q: str, a: date, b: date, unit: str, assume: dict[str, str], choices: list[Assumption],
          until: bool = False) -> Answer:
    include = assume.get("span-end") == "include"
    s = dt.span(a, b, include)
    ans = Answer(q, "date-span", steps=s.steps)
    ans.assumptions = choices + [Assumption(
        "span-end", "span", "the end date is not counted" if not include else "both the start and the end date are counted",
        [("include", "count both the start and the end date")] if not include else [("exclude", "do not count the end date")])]
    what = "weeks" if unit == "weeks" else "days"
    interp = f"{what} | from {dt.long_date(s.start)} to {dt.long_date(s.end)}"
    if include:
        interp += " | end date included"
    ans.pods.append(Pod("input", "Input interpretation", [interp]))
    main = dt.weeks_days(s.days) if unit == "weeks" else f"{s.days:,} day{'s' if s.days != 1 else ''}"
    ans.result = main
    ans.pods.append(Pod("result", "Result", [main], has_steps=True))
    years = nm.fmt_sig(s.days / 365.2425, 4)
    other = [dt.weeks_days(s.days), dt.months_days(s.start, s.end, include), f"{years} years",
             f"{s.days * 24:,} hours", f"{s.days * 1440:,} minutes", f"{s.days * 86400:,} seconds"]
    if unit == "weeks":
        other[0] = f"{s.days:,} days"
    ans.pods.append(Pod("units", "Time span in other units", other[:3], more=other[3:], more_label="More units", late=True))
    if until:
        ans.pods.insert(1, Pod("today", "Today", [f"Counting from today, {dt.long_date(TODAY)}"]))
    return ans


def _info(q: str, d: date, choices: list[Assumption]) -> Answer:
    ans = Answer(q, "date-info", assumptions=choices)
    ans.pods.append(Pod("input", "Input interpretation", [dt.long_date(d)]))
    weekday = calendar.day_name[d.weekday()]
    ans.result = weekday
    gap = (d - TODAY).days
    weeks, rest = divmod(abs(gap), 7)
    ans.steps = [
        f"Start from a date whose weekday is known: today, {dt.long_date(TODAY)}",
        f"Count the days between them: {abs(gap):,} days {'later' if gap >= 0 else 'earlier'}",
        f"Split into whole weeks: {abs(gap):,} = {weeks:,} × 7 + {rest}, so only {rest} day{'s' if rest != 1 else ''} shift the weekday",
        f"{calendar.day_name[TODAY.weekday()]} {'+' if gap >= 0 else '−'} {rest} day{'s' if rest != 1 else ''} = {weekday}",
    ]
    ans.pods.append(Pod("result", "Day of the week", [weekday], has_steps=True))
    ans.pods.append(Pod("formats", "Date formats", [d.isoformat(), d.strftime("%m/%d/%Y"), f"{d.day} {calendar.month_name[d.month]} {d.year}"]))
    iso = d.isocalendar()
    length = 366 if calendar.isleap(d.year) else 365
    ans.pods.append(Pod("calendar", "Calendar facts", [
        f"Day of the year: day {d.timetuple().tm_yday} of {length}", f"ISO week: week {iso[1]} of {iso[0]}",
        f"{d.year} is {'a' if calendar.isleap(d.year) else 'not a'} leap year"], late=True))
    ans.pods.append(Pod("relative", "Time from today", [dt.relative_to_today(d).capitalize()], late=True))
    return ans


def _shifted(q: str, d: date, amount: int, unit: str, choices: list[Assumption]) -> Answer:
    r, steps = dt.shift(d, amount, unit)
    ans = Answer(q, "date-add", steps=steps, assumptions=choices)
    word = "after" if amount >= 0 else "before"
    n = abs(amount)
    ans.pods.append(Pod("input", "Input interpretation", [f"{n:,} {unit}{'s' if n != 1 else ''} {word} {dt.long_date(d)}"]))
    ans.result = dt.long_date(r)
    ans.pods.append(Pod("result", "Result", [ans.result], has_steps=True))
    iso = r.isocalendar()
    ans.pods.append(Pod("calendar", "Calendar facts", [
        f"Day of the year: day {r.timetuple().tm_yday} of {366 if calendar.isleap(r.year) else 365}",
        f"ISO week: week {iso[1]} of {iso[0]}"], late=True))
    ans.pods.append(Pod("relative", "Time from today", [dt.relative_to_today(r).capitalize()], late=True))
    return ans
