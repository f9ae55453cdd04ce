"""Wayfare Flights (sandbox site `flights`): pages, API, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.flights.data import (
    AIRPORTS, LONG_HAUL, SHORT_HAUL, Flight, flight_by_id, flights_for,
)
TASKS = {t.id: t for t in site_tasks("flights")}
HOST = "flights.localhost"


def _unique_min(fs: tuple[Flight, ...] | list[Flight], key: Callable[[Flight], object]) -> Flight:
    """The flight with the smallest `key`, asserting no tie (a task's answer must be unique)."""
    best = min(fs, key=key)  # type: ignore[type-var]
    assert sum(key(f) == key(best) for f in fs) == 1, "a task's answer must be unique"
    return best


def _cheapest(fs: tuple[Flight, ...] | list[Flight], cabin: str = "economy") -> Flight:
    return _unique_min(fs, lambda f: f.price(cabin))


def _nonstop(o: str, d: str, day: date) -> tuple[Flight, ...]:
    return tuple(f for f in flights_for(o, d, day) if f.stops == 0)


def _numbers(fs: tuple[Flight, ...], but: Flight) -> list[str]:
    """The other flight numbers of a results list, as shown ("NW 1502") and written together ("NW1502")."""
    return [n for f in fs if f is not but for n in (f.number, f.number.replace(" ", ""))]


def _day_names(day: date) -> list[str]:
    suffix = "th" if 10 <= day.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day.day % 10, "th")
    return [f"{day:%B} {day.day}", f"{day:%b} {day.day}", day.isoformat(), f"{day.day} {day:%B}", f"{day.day}{suffix}"]


def _params(**params: str) -> list[str]:
    return [f"{k}={v}" for k, v in sorted(params.items())]


def _flights_1() -> list[Any]:
    return [_cheapest(flights_for("JFK", "LAX", date(2026, 6, 15))).price("economy")]


def _flights_2() -> list[Any]:
    day = flights_for("BOS", "ORD", date(2026, 6, 17))
    best = _cheapest(_nonstop("BOS", "ORD", date(2026, 6, 17)), "business")
    return [best.airline.name, *sorted({f.airline.name for f in day} - {best.airline.name}), best.price("business")]


def _flights_3() -> list[Any]:
    day = flights_for("LHR", "JFK", date(2026, 8, 3))
    fast = _unique_min(day, lambda f: f.duration_min)
    return [fast.number, *_numbers(day, fast)]


def _flights_4() -> list[Any]:
    day = flights_for("MIA", "MEX", date(2026, 6, 20))
    first = _unique_min(day, lambda f: f.depart_min)
    clock = lambda f: f.depart_text.split()[0]  # noqa: E731 - "5:20" of "5:20 AM"
    return [first.number, clock(first), *_numbers(day, first), *[clock(f) for f in day if f is not first]]


def _flights_5() -> list[Any]:
    best = _cheapest(flights_for("SAN", "DEN", date(2026, 6, 30)))
    return [best.price("economy") * 2, HOST, "/booking", *_params(cabin="economy", flight=best.id, pax="2")]


def _flights_6() -> list[Any]:
    out = _cheapest(flights_for("DEN", "SEA", date(2026, 7, 10)))
    back = _cheapest(flights_for("SEA", "DEN", date(2026, 7, 14)))
    return [out.price("economy") + back.price("economy"), HOST, "/booking",
            *_params(cabin="economy", flight=out.id, pax="1", return_flight=back.id)]


def _flights_8() -> list[Any]:
    rows = sorted(AIRPORTS, key=lambda a: (a.country != "United States", a.country, a.city))  # as the directory
    i = next(k for k, a in enumerate(rows) if a.city == "Reykjavik")
    return [rows[i].code, rows[i - 1].code, rows[i + 1].code]


def _flights_9() -> list[Any]:
    day = flights_for("ATL", "ORD", date(2026, 6, 25))
    best = _cheapest(_nonstop("ATL", "ORD", date(2026, 6, 25)), "premium")
    return [best.number, *_numbers(day, best), best.price("premium")]


def _flights_11() -> list[Any]:
    fares = {day: _cheapest(_nonstop("JFK", "LAX", day)).price("economy")
             for day in (date(2026, 6, 15), date(2026, 6, 16))}
    cheaper, dearer = sorted(fares, key=fares.__getitem__)
    assert fares[cheaper] != fares[dearer]
    return [_day_names(cheaper)[0], *_day_names(dearer), fares[cheaper]]


def _flights_12() -> list[Any]:
    day = flights_for("SFO", "NRT", date(2026, 7, 20))
    fast = _unique_min(day, lambda f: f.duration_min)
    other_types = [a for a in LONG_HAUL + SHORT_HAUL if a != fast.aircraft]
    return [fast.number, *_numbers(day, fast), fast.aircraft, *other_types]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "flights--1": _flights_1,
    "flights--2": _flights_2,
    "flights--3": _flights_3,
    "flights--4": _flights_4,
    "flights--5": _flights_5,
    "flights--6": _flights_6,
    "flights--7": lambda: [len(_nonstop("LHR", "JFK", date(2026, 8, 3)))],
    "flights--8": _flights_8,
    "flights--9": _flights_9,
    "flights--10": lambda: [HOST, "/search", *_params(cabin="economy", date="2026-07-02", sort="price", stops="0",
                                                      to="SEA", **{"from": "SFO"})],
    "flights--11": _flights_11,
    "flights--12": _flights_12,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 12
    for task in TASKS.values():
        assert task.site == "Wayfare Flights" and task.start_url.startswith("http://flights.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values() if t.reference) >= 3


def test_schedules_are_deterministic_and_in_the_future() -> None:
    a = flights_for("JFK", "LAX", date(2026, 6, 15))
    flights_for.cache_clear()
    assert flights_for("JFK", "LAX", date(2026, 6, 15)) == a and 8 <= len(a) <= 14
    assert flights_for("JFK", "LAX", date(2026, 5, 1)) == ()  # before the sandbox's TODAY
    assert flight_by_id(a[2].id) == a[2] and flight_by_id("nonsense") is None
    assert len(AIRPORTS) >= 40


@pytest.mark.parametrize("path", [
    "/", "/airports", "/search?from=JFK&to=LAX&date=2026-06-15&cabin=economy&pax=1",
    "/search?from=JFK&to=LAX&date=2026-06-15&return=2026-06-20&out=JFK-LAX-20260615-3",
    "/booking?flight=JFK-LAX-20260615-3&cabin=business&pax=2", "/static/site.css", "/_shared/travel-calendar.js",
])
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "flights", path)
    assert status == 200 and body


def test_search_errors_and_booking_totals(sandbox) -> None:
    _, _, past = fetch(sandbox, "flights", "/search?from=JFK&to=LAX&date=2026-01-02")
    assert "in the past" in past
    flight = flights_for("JFK", "LAX", date(2026, 6, 15))[2]
    _, _, page = fetch(sandbox, "flights", f"/booking?flight={flight.id}&cabin=business&pax=2")
    assert f"Total: ${flight.price('business') * 2:,}" in page and flight.number in page
    assert fetch(sandbox, "flights", "/booking?flight=XXX-1")[0] == 404


def test_airport_directory_lists_city_before_code(sandbox) -> None:
    _, _, page = fetch(sandbox, "flights", "/airports")
    assert "<tr><td>Reykjavik</td><td><strong>KEF</strong></td>" in page
    assert page.index("Reykjavik") < page.index("Dublin Airport")  # grouped by country: Iceland before Ireland


def test_aircraft_is_fixed_per_flight() -> None:
    for f in flights_for("SFO", "NRT", date(2026, 7, 20)) + flights_for("BOS", "ORD", date(2026, 6, 17)):
        assert f.aircraft in (LONG_HAUL if f.duration_min - 90 * f.stops > 360 else SHORT_HAUL)
        assert f.to_json("economy")["aircraft"] == f.aircraft


def test_apis(sandbox) -> None:
    _, _, body = fetch(sandbox, "flights", "/api/airports?q=reykj")
    assert [a["code"] for a in json.loads(body)] == ["KEF"]
    _, ctype, body = fetch(sandbox, "flights", "/api/flights?from=BOS&to=ORD&date=2026-06-17&cabin=first")
    rows = json.loads(body)
    want = flights_for("BOS", "ORD", date(2026, 6, 17))
    assert ctype.startswith("application/json") and [r["price"] for r in rows] == [f.price("first") for f in want]


@pytest.mark.browser
@pytest.mark.slow
async def test_search_flow_with_autocomplete_calendar_sort_and_filter(sandbox) -> None:
    async with chromium_page(sandbox.url("flights", "/")) as page:
        await page.fill("#from_text", "bos")
        await page.click("li[role=option][aria-label*='(BOS)']")
        await page.fill("#to_text", "Chicago")
        await page.wait_for_selector("li[role=option][aria-label*='(ORD)']")
        await page.press("#to_text", "Enter")  # Enter takes the first suggestion
        await page.click("[aria-label='One way']")
        await page.click("[aria-label='Departure date']")
        assert await page.text_content(".tc-head span") == "May 2026"
        assert await page.is_disabled("[aria-label='Monday, May 11, 2026']")  # before TODAY
        await page.click("[aria-label='Next month']")
        await page.click("[aria-label='Wednesday, June 17, 2026']")
        assert await page.text_content("#depart-btn") == "Wed, Jun 17, 2026"
        await page.select_option("select[name=cabin]", label="Business")
        await page.click("text=Search flights")
        assert await page.is_visible(".loading")  # results arrive late
        await page.wait_for_selector(".flight")
        await page.click("[aria-label='Nonstop only']")
        await page.click("role=tab[name='Cheapest']")
        assert "sort=price" in page.url and "stops=0" in page.url and "from=BOS" in page.url
        nonstop = sorted(_nonstop("BOS", "ORD", date(2026, 6, 17)), key=lambda f: f.price("business"))
        prices = [int(p.strip("$").replace(",", "")) for p in await page.locator(".fl-price").all_inner_texts()]
        assert prices == [f.price("business") for f in nonstop]
        everything = flights_for("BOS", "ORD", date(2026, 6, 17))
        assert await page.text_content(".count") == f"Showing {len(nonstop)} of {len(everything)} flights"
        # a row is a button: its text says the flight's facts, and it opens the flight's details
        row = page.locator(".fl-row").first
        assert " ".join((await row.inner_text()).split()) == (
            f"{nonstop[0].airline.name} {nonstop[0].number} {nonstop[0].depart_text} – {nonstop[0].arrive_text} "
            f"{nonstop[0].duration_text} {nonstop[0].stops_text} ${nonstop[0].price('business')}")
        details = page.locator(".fl-details").first
        assert await details.is_hidden()
        await row.click()
        assert await details.is_visible() and await row.get_attribute("aria-expanded") == "true"
        assert f"Aircraft{nonstop[0].aircraft}" in "".join((await details.inner_text()).split("\n"))
        await page.click(".flight a.primary >> nth=0")
        assert f"flight={nonstop[0].id}" in page.url
        assert "Review your trip" in await page.content()


@pytest.mark.browser
@pytest.mark.slow
async def test_round_trip_and_filters_restored_from_url(sandbox) -> None:
    url = sandbox.url("flights", "/search?from=DEN&to=SEA&date=2026-07-10&return=2026-07-14&airlines=BJ&sort=duration")
    async with chromium_page(url) as page:
        await page.wait_for_selector(".flight")
        names = await page.locator(".fl-airline b").all_inner_texts()
        assert names and set(names) == {"Bluejay Airlines"}
        assert await page.get_attribute("role=tab[name='Fastest']", "aria-selected") == "true"
        await page.click(".flight a.primary >> nth=0")
        await page.wait_for_selector(".flight")
        assert "Choose returning flight" in await page.content() and "out=DEN-SEA-20260710" in page.url
        await page.click(".flight a.primary >> nth=0")
        assert "return_flight=SEA-DEN-20260714" in page.url
