"""Wayfare Flights (sandbox site `flights`): pages, API, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tests.sandbox.site_helpers import assert_task_checks, chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR
from webvoyager.sandbox.sites.flights.data import AIRPORTS, Flight, flight_by_id, flights_for
from webvoyager.tasks import load_tasks

TASKS = load_tasks(SITES_DIR / "flights" / "tasks.jsonl")


def _cheapest(fs: list[Flight] | tuple[Flight, ...], cabin: str = "economy") -> Flight:
    best = min(fs, key=lambda f: f.price(cabin))
    assert sum(f.price(cabin) == best.price(cabin) for f in fs) == 1, "a task's answer must be unique"
    return best


def _unique_min(fs: tuple[Flight, ...], key) -> Flight:  # type: ignore[no-untyped-def]
    best = min(fs, key=key)
    assert sum(key(f) == key(best) for f in fs) == 1, "a task's answer must be unique"
    return best


def _nonstop(o: str, d: str, day: date) -> tuple[Flight, ...]:
    return tuple(f for f in flights_for(o, d, day) if f.stops == 0)


def _expected() -> dict[str, object]:
    d = date
    san = _cheapest(flights_for("SAN", "DEN", d(2026, 6, 30)))
    out, back = _cheapest(flights_for("DEN", "SEA", d(2026, 7, 10))), _cheapest(flights_for("SEA", "DEN", d(2026, 7, 14)))
    bos = _cheapest(_nonstop("BOS", "ORD", d(2026, 6, 17)), "business")
    atl = _cheapest(_nonstop("ATL", "ORD", d(2026, 6, 25)), "premium")
    fast = _unique_min(flights_for("LHR", "JFK", d(2026, 8, 3)), lambda f: f.duration_min)
    first = _unique_min(flights_for("MIA", "MEX", d(2026, 6, 20)), lambda f: f.depart_min)
    kef = next(a.code for a in AIRPORTS if a.city == "Reykjavik")
    return {
        "flights--1": lambda: f"${_cheapest(flights_for('JFK', 'LAX', d(2026, 6, 15))).price('economy')}",
        "flights--2": lambda: f"{bos.airline.name} ${bos.price('business')}",
        "flights--3": lambda: fast.number,
        "flights--4": lambda: f"{first.airline.name} {first.number} at {first.depart_text}",
        "flights--5": lambda: f"${san.price('economy') * 2}",
        "flights--6": lambda: f"${out.price('economy') + back.price('economy')}",
        "flights--7": lambda: str(len(_nonstop("LHR", "JFK", d(2026, 8, 3)))),
        "flights--8": lambda: kef,
        "flights--9": lambda: f"{atl.airline.name} {atl.number} ${atl.price('premium')}",
        "flights--10": lambda: "done",
        "_ids": (san.id, out.id, back.id),
    }


def test_tasks_answers_match_site_data() -> None:
    expected = _expected()
    san_id, out_id, back_id = expected.pop("_ids")  # type: ignore[misc]
    assert_task_checks(TASKS, expected)  # type: ignore[arg-type]
    by_id = {t.id: t for t in TASKS}
    # the state checks name the flights the data says are cheapest
    assert f"flight={san_id}" in by_id["flights--5"].state_check.contains  # type: ignore[union-attr]
    assert f"flight={out_id}" in by_id["flights--6"].state_check.contains  # type: ignore[union-attr]
    assert f"return_flight={back_id}" in by_id["flights--6"].state_check.contains  # type: ignore[union-attr]
    assert len(TASKS) >= 9 and all(t.start_url.startswith("http://flights.localhost/") for t in TASKS)


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
        prices = [int(p.strip("$").split("per")[0]) for p in await page.locator(".fl-price").all_inner_texts()]
        assert prices == [f.price("business") for f in nonstop]
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
