"""Quotient (sandbox site `compute`): the parser and engine, units, dates, facts, pages, widgets in
Chromium, and the tasks' answers recomputed from the engine and its tables."""

from __future__ import annotations

import json
import math
import random
import re
from datetime import date, timedelta
from fractions import Fraction
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import TODAY, site_tasks
from webvoyager.sandbox.sites.compute import data as d
from webvoyager.sandbox.sites.compute import dates as dt
from webvoyager.sandbox.sites.compute.factpods import fact_link
from webvoyager.sandbox.sites.compute.units import UNITS, convert
TASKS = {t.id: t for t in site_tasks("compute")}
I = d.interpret


# ----- arithmetic ---------------------------------------------------------------------------------

@pytest.mark.parametrize("query, result", [
    ("(3.5 + 2) * 4", "22"), ("12% of 480", "57.6"), ("7 divided by 3", "7/3"), ("2^10 - 1", "1,023"),
    ("10 - 2 - 3", "5"), ("2 ^ 3 ^ 2", "512"), ("-3^2", "-9"), ("0.1 + 0.2", "0.3"), ("5!", "120"),
    ("what is 15% of 80?", "12"), ("three", None), ("square root of 2", "√2"), ("sqrt(12)", "2√3"),
    ("cube root of 27", "3"), ("log(1000)", "3"), ("2 to the power of 8", "256"), ("9 squared", "81"),
    ("6 times 7 plus 1", "43"), ("80 + 15%", "92"), ("250 increased by 8%", "270"), ("200 decreased by 5%", "190"),
    ("45 is what percent of 180", "25%"), ("what percent of 80 is 20", "25%"), ("1,250.5 * 2", "2,501"),
    ("(1 + 2", None), ("hello world", None), ("__import__('os').system('ls')", None), ("", None),
])
def test_arithmetic(query: str, result: str | None) -> None:
    answer = I(query)
    if result is None:
        assert not answer.understood, (query, answer.result)
    else:
        assert answer.understood and answer.result == result, (query, answer.result)


def test_arithmetic_pods_steps_and_errors() -> None:
    a = I("7 divided by 3")
    assert [p.id for p in a.pods][:4] == ["input", "result", "decimal", "mixed"]
    assert a.pod("decimal").lines == ["2.33333333333333…"] and a.pod("mixed").lines == ["2 1/3"]  # type: ignore[union-attr]
    assert a.pod("decimal").more[0].startswith("2." + "3" * 40)  # type: ignore[union-attr]
    big = I("2^10 - 1")
    assert big.pod("name").lines == ["one thousand twenty-three"] and big.pod("name").late  # type: ignore[union-attr]
    assert big.pod("roman").lines == ["MXXIII"] and big.pod("factors").lines == ["3 × 11 × 31"]  # type: ignore[union-attr]
    steps = I("(17.5 - 3 * 2.5) ^ 2 / 4 + 12% of 350").steps
    assert steps[0] == "Multiply: 3 × 2.5 = 7.5" and steps[-1] == "Add: 25 + 42 = 67" and len(steps) == 7
    for query, message in (("1/0", "division by zero"), ("2^99999", "too large"), ("sqrt(-4)", "not a real number")):
        answer = I(query)
        assert answer.understood and message in answer.error and not answer.result
    trig = I("sin(30)")
    assert trig.assumptions[0].slot == "trig" and I("sin(30)", {"trig": "degrees"}).result == "0.5"


# ----- units --------------------------------------------------------------------------------------

@pytest.mark.parametrize("query, result", [
    ("5 miles to km", "8.04672 km"), ("98.6 °F to Celsius", "37 °C"), ("100 F in C", "37.7778 °C"),
    ("convert 70 kg to pounds", "154.324 lb"), ("3 cups in ml", "709.765 mL"), ("60 mph in km/h", "96.5606 km/h"),
    ("2.5 hours in minutes", "150 min"), ("12 in to cm", "30.48 cm"), ("how many feet in a mile", "5,280 ft"),
    ("0 kelvin to fahrenheit", "-459.67 °F"), ("1 acre to square meters", "4,046.86 m²"), ("5 km + 300 m", "5.3 km"),
    ("(412 - 118) m in feet", "964.567 ft"), ("10 knots to mph", "11.5078 mph"),
])
def test_conversions(query: str, result: str) -> None:
    assert I(query).result == result


def test_conversion_factors_are_exact() -> None:
    assert convert(Fraction(1), UNITS["mi"], UNITS["km"]) == Fraction("1.609344")
    assert convert(Fraction(1), UNITS["lb"], UNITS["kg"]) == Fraction("0.45359237")
    assert convert(Fraction(212), UNITS["f"], UNITS["c"]) == 100
    assert convert(convert(Fraction(37), UNITS["c"], UNITS["k"]), UNITS["k"], UNITS["f"]) == Fraction("98.6")


def test_ambiguous_units_offer_the_other_readings() -> None:
    tons = I("12 tons to kg")
    assert tons.result == "10,886.2 kg" and [v for v, _ in tons.assumptions[0].others] == ["ton-metric", "ton-long"]
    assert I("12 tons to kg", {"unit-tons": "ton-metric"}).result == "12,000 kg"
    assert I("12 tons to kg", {"unit-tons": "ton-long"}).result == "12,192.6 kg"
    assert I("8 gallons to liters", {"unit-gallons": "gal-imp"}).result == "36.3687 L"
    grams = I("8 ounces to grams")                 # only the mass ounce converts to grams: nothing to ask
    assert grams.result == "226.796 g" and grams.assumptions == []
    cups = I("8 oz to cups")                       # only the fluid ounce converts to cups (US or metric cups?)
    assert cups.result == "1 cup" and [a.slot for a in cups.assumptions] == ["unit-cups"]
    assert not I("5 kg to meters").result and "cannot be converted" in I("5 kg to meters").error


# ----- dates ----------------------------------------------------------------------------------------

def test_date_spans_match_calendar_arithmetic() -> None:
    rng = random.Random(3)
    for _ in range(60):
        a = date(2020, 1, 1) + timedelta(days=rng.randint(0, 4000))
        b = a + timedelta(days=rng.randint(0, 3000))
        span = dt.span(a, b)
        assert span.days == (b - a).days
        last = span.steps[-1] if len(span.steps) == 1 else span.steps[-1].split("= ")[-1]
        assert str(span.days) in last, span.steps
        assert dt.span(a, b, include_end=True).days == (b - a).days + 1
    answer = I("days between March 3, 2026 and July 19, 2026")
    assert answer.result == "138 days" and answer.assumptions[-1].slot == "span-end"
    assert I("days between March 3, 2026 and July 19, 2026", {"span-end": "include"}).result == "139 days"
    assert I("weeks between 2026-01-05 and 2026-12-21").result == "50 weeks"
    assert I("days until December 25, 2026").result == f"{(date(2026, 12, 25) - TODAY).days} days"


def test_weekdays_and_date_arithmetic() -> None:
    for query, day in (("what day of the week is 2027-01-01", date(2027, 1, 1)), ("3rd of March 2026", date(2026, 3, 3)),
                       ("Mar 9 2026", date(2026, 3, 9)), ("today", TODAY), ("what day was 2024-02-29", date(2024, 2, 29))):
        assert I(query).result == day.strftime("%A"), query
    assert I("90 days after June 1, 2026").result == "Sunday, August 30, 2026"
    assert I("90 days before June 1, 2026").result == dt.long_date(date(2026, 6, 1) - timedelta(days=90))
    assert I("June 1, 2026 plus 3 weeks").result == dt.long_date(date(2026, 6, 22))
    assert I("1 month after January 31, 2026").result == "Saturday, February 28, 2026"
    assert I("2 years after 2024-02-29").result == "Saturday, February 28, 2026"
    numeric = I("03/04/2026")
    assert numeric.result == "Wednesday" and numeric.assumptions[0].slot == "date-order"
    assert I("03/04/2026", {"date-order": "dmy"}).result == "Friday"
    assert I("13/04/2026").result == "Monday" and I("13/04/2026").assumptions == []   # 13 cannot be a month
    assert "not a valid date" in I("February 30, 2026").error


# ----- facts ----------------------------------------------------------------------------------------

def test_facts_come_from_the_tables() -> None:
    for c in d.COUNTRIES:
        assert I(f"population of {c.name}").result == f"{c.population:,} people"
        assert I(f"capital of {c.name}").result == c.capital
        assert d.city(c.capital, c.name).country == c.name
    assert I("Veloria population").result == I("how many people live in Veloria").result
    assert I("Kestland's capital").result == "Harwick"
    assert I("what country is Port Sable in").result == "Veloria"
    assert I("when was Harwick founded").result == str(d.city("Harwick").founded)
    assert I("population of Lunmark / area of Lunmark").result == "61.2875 people per km²"
    assert I("population of Porto Ombra - 5").result == "3,912,495 people"
    assert "same kind" in I("population of Veloria + area of Veloria").error and "same kind" in I("5 km + 3").error
    assert I("population density of Norvaine").result == "21.24 people per km²"
    assert I("area of Drovania in square miles").result == "98,610.5 mi²"
    cmp = I("Veloria vs Kestland")
    assert cmp.kind == "comparison" and ("Capital", "Aurent", "Harwick") in cmp.pod("result").rows  # type: ignore[union-attr]
    assert len({c.name for c in d.COUNTRIES}) == 12 and len(d.CITIES) >= 30


def test_ambiguous_place_names() -> None:
    country = I("elevation of Estrel")
    assert country.result == "1,987 m" and country.assumptions[0].slot == "entity-estrel"
    assert I("elevation of Estrel", {"entity-estrel": "city-caldora"}).result == "1,730 m"
    assert I("capital of Estrel").assumptions == []   # only the country has a capital
    halvik = I("population of Halvik")
    assert halvik.result == "238,900 people" and halvik.assumptions[0].others == [("city-norvaine", "a city in Norvaine")]
    assert I("population of Halvik", {"entity-halvik": "city-norvaine"}).result == "184,500 people"


def test_examples_are_all_understood_and_suggestions() -> None:
    for _, _, queries in d.EXAMPLES:
        for q in queries:
            answer = I(q)
            assert answer.understood and answer.result and not answer.error, q
    assert d.suggest("population of Ve")[0] == "population of Veloria"
    assert "elevation of Porto Ombra" in d.suggest("elevation of porto") and d.suggest("") == []


# ----- tasks ------------------------------------------------------------------------------------------

def R(query: str, **assume: str) -> d.Answer:
    answer = I(query, assume)
    assert answer.understood and answer.result and not answer.error, (query, answer.result, answer.error)
    return answer


def amount(text: str) -> float:
    """The number a result line starts with ("12,192.6 kg" -> 12192.6)."""
    return float(text.split()[0].replace(",", "").rstrip("%"))


def _line(answer: d.Answer, pod_id: str, ending: str) -> str:
    pod = answer.pod(pod_id)
    assert pod is not None
    return next(x for x in pod.lines + pod.more if x.endswith(ending))


def _other_weekdays(day: str) -> list[str]:
    """Weekday names a wrong answer would give: all but the answer and today's (steps count from today)."""
    names = [(date(2024, 1, 1) + timedelta(days=i)).strftime("%A") for i in range(7)]   # Monday first
    return [n for n in names if n not in (day, TODAY.strftime("%A"))]


def _capital(country: str) -> d.City:
    c = d.country(country)
    return d.city(c.capital, c.name)


def _feet(city: d.City) -> float:
    answer = R(f"elevation of {city.name}")
    assert answer.pod("input").lines[0].startswith(city.label), "the capital's name must not be ambiguous"  # type: ignore[union-attr]
    return amount(_line(answer, "conversions", " ft"))


def _long_tons() -> list[Any]:
    tons = R("12 tons to kg", **{"unit-tons": "ton-long"})
    return [amount(tons.result), amount(_line(tons, "conversions", " t")), amount(_line(tons, "conversions", " sh tn"))]


def _weekday_and_weeks() -> list[Any]:
    answer = R("what day of the week is 2027-01-01")
    weeks = (date(2027, 1, 1) - TODAY).days // 7
    assert any(f"= {weeks} × 7" in s for s in answer.steps)
    return [answer.result, *_other_weekdays(answer.result), weeks]


def _speed_units() -> list[Any]:
    line = next(f for f in d.FORMS[1] if f.startswith("Speed:"))
    speed, area = (part.split(": ", 1)[1].split(", ") for part in line.split(" · "))
    return [*speed, *area]


def _recipe_conversions() -> list[Any]:
    return [amount(R("2 pints to ml", **{"unit-pints": "pint-imp"}).result), amount(R("8 ounces to grams").result),
            amount(R("350 °F to Celsius").result)]


def _day_first() -> list[Any]:
    weekday = R("03/04/2026", **{"date-order": "dmy"}).result
    span = R("days between 03/04/2026 and December 25, 2026", **{"date-order": "dmy"})
    assert span.result == f"{(date(2026, 12, 25) - date(2026, 4, 3)).days} days"
    assert R("03/04/2026").result != weekday, "the task is only interesting when the default reading differs"
    return [weekday, *_other_weekdays(weekday), amount(span.result)]


def _span_steps() -> list[Any]:
    span = R("days between February 20, 2026 and November 9, 2027", **{"span-end": "include"})
    before = span.steps[-2].split("= ")[-1]
    assert span.steps[-2].startswith("Add them up") and span.steps[-1].startswith("Count the end date")
    return ["total", span.result, "before the end date", before]


def _arith_steps() -> list[Any]:
    arith = R("(17.5 - 3 * 2.5) ^ 2 / 4 + 12% of 350")
    return ["steps", str(len(arith.steps)), "result", arith.result]


def _highest_capital() -> list[Any]:
    caps = [_capital(n) for n in ("Pellucia", "Serovia", "Quessa")]
    top = _unique_max(caps, lambda c: c.elevation_m)
    return [top.name, *[c.name for c in caps if c is not top], _feet(top)]


def _unique_max(items: list[Any], key: Callable[[Any], Any]) -> Any:
    ordered = sorted(items, key=key, reverse=True)
    assert key(ordered[0]) != key(ordered[1]), "the task's answer must not be a tie"
    return ordered[0]


def _halvik_share() -> list[Any]:
    halviks = [d.city("Halvik", "Veloria"), d.city("Halvik", "Norvaine")]
    share = lambda c: Fraction(c.population, d.country(c.country).population)  # noqa: E731
    big = _unique_max(halviks, share)
    other = next(c for c in halviks if c is not big)
    shown = R(f"population of Halvik is what percent of population of {big.country}",
              **{"entity-halvik": f"city-{big.country.lower()}"}).result
    assert math.isclose(amount(shown), float(share(big) * 100), rel_tol=1e-5)
    return [big.country, other.country, amount(shown)]


def _least_dense() -> list[Any]:
    names = ("Kestland", "Tarsenn", "Norvaine", "Lunmark")
    density = lambda n: d.country(n).population / d.country(n).area_km2  # noqa: E731
    least = sorted(names, key=density)
    assert density(least[0]) != density(least[1])
    shown = R(f"population density of {least[0]}").result
    return [least[0], *[n for n in names if n != least[0]], amount(shown), _capital(least[0]).elevation_m]


def _denser_of_example() -> list[Any]:
    example = next(q for q in d.EXAMPLES[3][2] if " vs " in q)
    names = example.split(" vs ")
    denser = _unique_max(names, lambda n: d.country(n).population / d.country(n).area_km2)
    other = next(n for n in names if n != denser)
    return [denser, other, _capital(denser).name, _capital(other).name, _feet(_capital(denser))]


def _largest_area() -> list[Any]:
    names = ("Drovania", "Caldora", "Estrel")
    big = _unique_max(names, lambda n: d.country(n).area_km2)
    miles = _line(R(f"area of {big}"), "conversions", " mi²")
    return [big, *[n for n in names if n != big], miles, d.country(big).capital,
            *[d.country(n).capital for n in names if n != big]]


# what each task's checks must hold (see check_values.py), computed from the engine and its tables
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "compute--1": lambda: [amount(R("days between March 3, 2026 and July 19, 2026", **{"span-end": "include"}).result)],
    "compute--2": lambda: [R("square root of 7").pod("decimal").more[0].split(".")[1][:20]],  # type: ignore[union-attr]
    "compute--3": _long_tons,
    "compute--4": _weekday_and_weeks,
    "compute--5": _speed_units,
    "compute--6": lambda: [amount(R("17.5% of population of Tarsenn").result)],
    "compute--7": _recipe_conversions,
    "compute--8": _day_first,
    "compute--9": _span_steps,
    "compute--10": _arith_steps,
    "compute--11": _highest_capital,
    "compute--12": _halvik_share,
    "compute--13": _least_dense,
    "compute--14": _denser_of_example,
    "compute--15": _largest_area,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 15
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values()) >= 6  # type: ignore[union-attr]
    for task in TASKS.values():
        assert task.site == "Quotient" and task.id.startswith("compute--") and task.checkable
        assert task.start_url.startswith("http://compute.localhost/")
        assert task.reference is not None and 3 <= len(task.reference.steps) <= (task.max_steps or 15)


def test_capital_facts_link_to_their_own_pages() -> None:
    pod = R("capital of Quessa").pod("capital")
    assert pod is not None and pod.links[1] == "/input?i=elevation+of+Qadira"
    # an ambiguous name links with the right reading chosen
    assert fact_link("elevation of Estrel", d.city("Estrel", "Caldora")).endswith("&a=entity-estrel%3Acity-caldora")


def test_percent_of_facts_keeps_the_reading_of_ambiguous_places() -> None:
    veloria = R("population of Halvik is what percent of population of Veloria")
    assert veloria.assumptions[0].slot == "entity-halvik" and veloria.steps[0].startswith("Look up the population")
    assert veloria.pod("input").lines == ["population of Halvik, Veloria is what percent of population of Veloria"]  # type: ignore[union-attr]
    norvaine = R("population of Halvik is what percent of population of Norvaine", **{"entity-halvik": "city-norvaine"})
    assert norvaine.result == "4.63789%" and "Halvik, Norvaine" in norvaine.pod("input").lines[0]  # type: ignore[union-attr]


# ----- pages over HTTP ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/examples", "/examples?section=2", "/pro", "/input?i=12+tons+to+kg",
                                  "/input?i=12+tons+to+kg&a=unit-tons:ton-metric", "/input?i=Veloria+vs+Kestland",
                                  "/input?i=what+is+love", "/api/suggest?q=popu", "/static/site.css", "/static/quotient.js"])
def test_pages_render(sandbox: Any, path: str) -> None:
    status, _, body = fetch(sandbox, "compute", path)
    assert status == 200 and body


def test_result_page_assumptions_and_not_understood(sandbox: Any) -> None:
    _, _, page = fetch(sandbox, "compute", "/input?i=12+tons+to+kg")
    assert "short tons (US, 2,000 lb)" in page and "a=unit-tons%3Aton-metric" in page and "10,886.2 kg" in page
    assert "Computing…" in page and 'data-late="conversions"' in page
    _, _, metric = fetch(sandbox, "compute", "/input?i=12+tons+to+kg&a=unit-tons:ton-metric")
    assert "12,000 kg" in metric and "a=unit-tons%3Aton-short" in metric
    _, _, nope = fetch(sandbox, "compute", "/input?i=how+tall+is+the+moon+tower")
    assert "understand your query" in nope and "12% of 480" in nope
    assert fetch(sandbox, "compute", "/nope")[0] == 404
    assert sandbox.fetch("compute", "/input?i=").status == 303   # an empty query goes back home


def test_late_pod_api(sandbox: Any) -> None:
    status, ctype, body = fetch(sandbox, "compute", "/api/pod?i=12+tons+to+kg&a=unit-tons:ton-long&id=conversions")
    got = json.loads(body)
    assert status == 200 and ctype.startswith("application/json") and "26,880 lb" in got["html"] and "More units" in got["html"]
    assert fetch(sandbox, "compute", "/api/pod?i=12+tons+to+kg&id=nonsense")[0] == 404


# ----- widgets in Chromium --------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
async def test_late_pods_more_buttons_and_assumption_switch(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("compute", "/input?i=12+tons+to+kg")) as page:
        pod = page.locator("#pod-conversions")
        await page.wait_for_selector("#pod-conversions .pod-line")
        assert "Computing" not in await pod.inner_text() and "24,000 lb" in await pod.inner_text()
        assert not await page.is_visible("text=13.44 sh tn")
        await page.click("text=long tons (UK, 2,240 lb)")
        await page.wait_for_url(re.compile("a=unit-tons%3Aton-long"))
        assert await page.inner_text("#pod-result .pod-line") == "12,192.6 kg"
        await page.wait_for_selector("#pod-conversions .more-btn")
        await page.click("#pod-conversions .more-btn")
        assert await page.is_visible("text=13.44 sh tn") and await page.inner_text("#pod-conversions .more-btn") == "Fewer units"
    async with chromium_page(sandbox.url("compute", "/input?i=square+root+of+7")) as page:
        short = page.locator("#pod-decimal .pod-less")
        assert (await short.inner_text()).startswith("2.64575131106459")
        await page.click("text=More digits")
        assert not await short.is_visible()
        assert "2.6457513110645905905016157536392604257102591830824" in await page.inner_text("#pod-decimal")


@pytest.mark.browser
@pytest.mark.slow
async def test_step_by_step_reveals_one_step_at_a_time(sandbox: Any) -> None:
    steps = I("(17.5 - 3 * 2.5) ^ 2 / 4 + 12% of 350").steps
    async with chromium_page(sandbox.url("compute", "/input?i=(17.5+-+3+*+2.5)+%5E+2+%2F+4+%2B+12%25+of+350")) as page:
        assert not await page.is_visible("#steps")
        await page.click("text=Step-by-step solution")
        visible = page.locator("#steps .step:visible")
        assert await visible.count() == 1 and steps[0] in await visible.first.inner_text()
        for k in range(2, len(steps) + 1):
            await page.click(f"text=Next step ({k} of {len(steps)})")
            assert await visible.count() == k and steps[k - 1] in await visible.nth(k - 1).inner_text()
        assert await page.locator(".next-step").count() == 0
        assert await page.is_visible(f"text=All {len(steps)} steps shown.")
        await page.click("text=Hide steps")
        assert not await page.is_visible("#steps")


@pytest.mark.browser
@pytest.mark.slow
async def test_autocomplete_pro_popup_and_examples_accordion(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("compute", "/")) as page:
        await page.fill(".qinput", "population of Ve")
        await page.click("li[role=option]:has-text('population of Veloria')")
        await page.wait_for_url(re.compile(r"/input\?i=population"))
        assert await page.inner_text("#pod-result .pod-line") == "8,412,300 people"
        assert not await page.is_visible("#pro-modal")
        await page.fill(".qinput", "capital of Veloria")
        await page.press(".qinput", "Enter")
        await page.wait_for_url(re.compile("capital"))
        assert not await page.is_visible("#pro-modal")
        await page.fill(".qinput", "Halvik")
        await page.press(".qinput", "Enter")
        await page.wait_for_url(re.compile("Halvik"))
        assert await page.is_visible("#pro-modal")            # the third result page of the visit
        await page.click("text=No thanks")
        assert not await page.is_visible("#pro-modal")
        await page.click("text=a city in Norvaine")
        await page.wait_for_url(re.compile("entity-halvik"))
        assert not await page.is_visible("#pro-modal") and "Norvaine" in await page.inner_text("#pod-result")
        await page.click("text=Examples")
        panel = page.locator("#acc-3")
        assert not await panel.is_visible()
        await page.click("text=Dates and times")
        assert await panel.is_visible() and "what day of the week is 2027-01-01" in await panel.inner_text()
        await page.click("text=90 days after June 1, 2026")
        await page.wait_for_url(re.compile("90"))
        assert await page.inner_text("#pod-result .pod-line") == "Sunday, August 30, 2026"
