"""Nestaway (sandbox site `hotels`): pages, filters/sort/paging over HTTP, widgets in Chromium, tasks."""

from __future__ import annotations

import re

import pytest

from tests.sandbox.site_helpers import assert_task_checks, chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR
from webvoyager.sandbox.sites.hotels.data import CITIES, HOTEL_BY_ID, HOTELS, Filters, Hotel, search
from webvoyager.tasks import load_tasks

TASKS = load_tasks(SITES_DIR / "hotels" / "tasks.jsonl")


def _only(hotels: list[Hotel], key) -> Hotel:  # type: ignore[no-untyped-def]
    """The first hotel by `key`, asserting no tie (a task's answer must be unique)."""
    best = min(hotels, key=key)
    assert sum(key(h) == key(best) for h in hotels) == 1
    return best


def _by_name(name: str, city: str) -> Hotel:
    return next(h for h in HOTELS if h.name == name and h.city == city)


def _expected() -> dict[str, object]:
    lis = _only(search(Filters(city="Lisbon", stars=(4,))), lambda h: h.price)
    kyoto = _only(search(Filters(city="Kyoto")), lambda h: -h.score)
    berlin = _only(search(Filters(city="Berlin")), lambda h: -h.price)
    ember = _by_name("Ember Hostel", "Vienna")
    hugo = next(r for r in HOTEL_BY_ID["villa-juniper-dublin"].reviews if r.author == "Hugo" and r.country == "Poland")
    tide = _by_name("Tidewater Suites", "Dublin")
    rome = search(Filters(city="Rome", max_price=150, min_score=8.0))
    edinburgh = search(Filters(city="Edinburgh"))[0]
    cph = _only(search(Filters(city="Copenhagen", free_cancellation=True)), lambda h: h.price)
    return {
        "hotels--1": lambda: str(len(search(Filters(city="Prague", free_cancellation=True)))),
        "hotels--2": lambda: f"{lis.name}, US${lis.price * 3}",
        "hotels--3": lambda: f"{kyoto.name} {kyoto.score}",
        "hotels--4": lambda: "done",
        "hotels--5": lambda: f"{berlin.name} US${berlin.price}",
        "hotels--6": lambda: f"{next(r for r in ember.rooms if r.name == 'Deluxe King Room').size_m2} m2",
        "hotels--7": lambda: f"{hugo.score}: {hugo.disliked}",
        "hotels--8": lambda: f"US${min(r.price for r in tide.rooms) * 3}",
        "hotels--9": lambda: " and ".join(h.name for h in rome),
        "hotels--10": lambda: f"{edinburgh.distance_km} km",
        "hotels--11": lambda: f"{cph.name} US${cph.price * 4}",
    }


def test_tasks_answers_match_site_data() -> None:
    assert_task_checks(TASKS, _expected())  # type: ignore[arg-type]
    by_id = {t.id: t for t in TASKS}
    tide = _by_name("Tidewater Suites", "Dublin")
    assert tide.rooms[0].name in by_id["hotels--8"].state_check.contains  # type: ignore[union-attr]
    assert len(search(Filters(city="Rome", max_price=150, min_score=8.0))) == 2


def test_data_shape() -> None:
    assert len(HOTELS) == 300 and len(CITIES) == 15 and len(HOTEL_BY_ID) == 300
    for h in HOTELS[:40]:
        assert h.rooms[0].price == h.price == min(r.price for r in h.rooms)
        assert 12 <= len(h.reviews) <= 22


@pytest.mark.parametrize("path", [
    "/", "/search?city=Lisbon", "/search?sort=price&page=30", "/hotel/villa-juniper-dublin",
    "/hotel/villa-juniper-dublin?checkin=2026-06-01&checkout=2026-06-04&adults=3&rooms=2",
    "/book?hotel=villa-juniper-dublin&room=1&checkin=2026-06-01&checkout=2026-06-04", "/static/site.css",
])
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "hotels", path)
    assert status == 200 and body


def _names(html: str) -> list[str]:
    return [re.sub(r"&amp;", "&", n) for n in re.findall(r'class="hname" href="[^"]+">([^<]+)</a>', html)]


def test_filters_sort_and_paging_over_http(sandbox) -> None:
    _, _, html = fetch(sandbox, "hotels", "/search?city=Paris&stars=4&stars=5&free_cancel=1&sort=price")
    want = search(Filters(city="Paris", stars=(5, 4), free_cancellation=True, sort="price"))
    assert _names(html) == [h.name for h in want[:10]]
    assert f"Paris: {len(want)} properties found" in html
    _, _, page3 = fetch(sandbox, "hotels", "/search?sort=score&page=3")
    assert _names(page3) == [h.name for h in search(Filters(sort="score"))[20:30]]
    assert 'aria-label="Page 2"' in page3 and 'aria-current="page">3<' in page3
    _, _, stay = fetch(sandbox, "hotels", "/search?city=Rome&checkin=2026-06-01&checkout=2026-06-05&rooms=2")
    first = search(Filters(city="Rome"))[0]
    assert f"US${first.price * 4 * 2:,}" in stay and "4 nights" in stay
    assert fetch(sandbox, "hotels", "/hotel/nope")[0] == 404


@pytest.mark.browser
@pytest.mark.slow
async def test_calendar_guests_dropdown_and_search(sandbox) -> None:
    async with chromium_page(sandbox.url("hotels", "/")) as page:
        await page.fill("input[name=city]", "Copenhagen")
        await page.click("[aria-label='Check-in date']")
        await page.click("[aria-label='Next month']")
        await page.click("[aria-label='Sunday, June 14, 2026']")
        # check-out opens by itself and does not offer days up to check-in
        assert await page.is_disabled("[aria-label='Sunday, June 14, 2026']")
        await page.click("[aria-label='Wednesday, June 17, 2026']")
        await page.click("[aria-label='Guests and rooms']")
        await page.click("[aria-label='Increase adults']")
        await page.click("[aria-label='Increase children']")
        await page.click("[aria-label='Decrease rooms']")  # cannot go below 1
        assert await page.text_content("#guests-summary") == "3 adults, 1 child, 1 room"
        await page.click("text=Done")
        assert await page.is_hidden("#guests-pop")
        await page.click("button:has-text('Search')")
        await page.wait_for_url(re.compile(r"/search\?"))
        for part in ("city=Copenhagen", "checkin=2026-06-14", "checkout=2026-06-17", "adults=3", "children=1", "rooms=1"):
            assert part in page.url
        await page.click("[aria-label='5 stars']")  # filters apply on change
        await page.wait_for_url(re.compile(r"stars=5"))
        names = await page.locator(".hname").all_inner_texts()
        assert names == [h.name for h in search(Filters(city="Copenhagen", stars=(5,)))[:10]]


@pytest.mark.browser
@pytest.mark.slow
async def test_modals_reviews_panel_and_booking(sandbox) -> None:
    hotel = HOTEL_BY_ID["villa-juniper-dublin"]
    async with chromium_page(sandbox.url("hotels", f"/hotel/{hotel.id}?checkin=2026-07-01&checkout=2026-07-03")) as page:
        room = hotel.rooms[1]
        await page.click(f"[aria-label='Room details: {room.name}']")
        dialog = page.locator(f".modal[aria-label='{room.name}']")
        assert await dialog.is_visible() and f"{room.size_m2} m²" in await dialog.inner_text()
        await page.keyboard.press("Escape")
        assert await dialog.is_hidden()
        await page.click("text=Show all photos")
        assert await page.locator("#photos").is_visible()
        await page.click("#photos [aria-label='Close']")
        panel = page.locator(".reviews")
        assert await panel.evaluate("el => el.scrollHeight > el.clientHeight")  # a real inner scroller
        window_y = await page.evaluate("window.scrollY")
        await panel.evaluate("el => el.scrollBy(0, 400)")
        assert await panel.evaluate("el => el.scrollTop") > 0 and await page.evaluate("window.scrollY") == window_y
        await page.click(f"[aria-label='Reserve {hotel.rooms[0].name}']")
        await page.fill("input[name=guest_name]", "Alex Morgan")
        await page.click("text=Complete booking")
        text = await page.inner_text("main")
        assert "Booking confirmed" in text and "Alex Morgan" in text and f"US${hotel.rooms[0].price * 2:,}" in text
