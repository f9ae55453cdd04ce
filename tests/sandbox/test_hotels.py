"""Nestaway (sandbox site `hotels`): pages, filters/sort/paging over HTTP, widgets in Chromium, tasks."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.hotels.data import (
    CITIES, DISLIKE_KEYWORDS, HOTEL_BY_ID, HOTELS, Filters, Hotel, search,
)
TASKS = {t.id: t for t in site_tasks("hotels")}
HOST = "hotels.localhost"


def _only(hotels: list[Hotel], key: Callable[[Hotel], Any]) -> Hotel:
    """The first hotel by `key`, asserting no tie (a task's answer must be unique)."""
    best = min(hotels, key=key)
    assert sum(key(h) == key(best) for h in hotels) == 1
    return best


def _by_name(name: str, city: str) -> Hotel:
    return next(h for h in HOTELS if h.name == name and h.city == city)


def _others(city: str, *but: Hotel) -> list[str]:
    """The other properties of the city, in the order the site lists them: the candidates a wrong answer names."""
    return [h.name for h in search(Filters(city=city)) if h not in but]


def _name_total_others(best: Hotel, nights: int) -> list[Any]:
    return [best.name, *_others(best.city, best), best.rooms[0].price * nights]


def _hotels_7() -> list[Any]:
    hotel = HOTEL_BY_ID["villa-juniper-dublin"]
    hugo = [r for r in hotel.reviews if r.author == "Hugo" and r.country == "Poland"]
    assert len(hugo) == 1
    said = DISLIKE_KEYWORDS[hugo[0].disliked]
    return [hugo[0].score, said, *sorted({DISLIKE_KEYWORDS[r.disliked] for r in hotel.reviews} - {said})]


def _hotels_8() -> list[Any]:
    tide = _by_name("Tidewater Suites", "Dublin")
    cheapest = _only(list(tide.rooms), lambda r: r.price)
    return [cheapest.price * 3, "Booking confirmed", tide.name, cheapest.name, "Alex Morgan", "3 nights", "2 adults",
            *[r.name for r in tide.rooms if r is not cheapest]]


def _hotels_9() -> list[Any]:
    found = search(Filters(city="Rome", max_price=150, min_score=8.0))
    return [*[h.name for h in found], *_others("Rome", *found)]


def _hotels_12() -> list[Any]:
    a, b = _by_name("Palazzo Heron", "Prague"), _by_name("Copper Hotel & Spa", "Prague")
    cheaper, dearer = sorted((a, b), key=lambda h: h.rooms[0].price)
    assert cheaper.rooms[0].price < dearer.rooms[0].price
    return [cheaper.name, dearer.name, dearer.name.replace("&", "and"), cheaper.rooms[0].price * 3]


def _hotels_13() -> list[Any]:
    best = _only(search(Filters(city="Paris", stars=(4,), free_cancellation=True)), lambda h: -h.score)
    return [best.name, *_others("Paris", best), best.rooms[0].size_m2, best.rooms[0].price * 3]


def _params(**params: str) -> list[str]:
    return [f"{k}={v}" for k, v in sorted(params.items())]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "hotels--1": lambda: [len(search(Filters(city="Prague", free_cancellation=True)))],
    "hotels--2": lambda: _name_total_others(_only(search(Filters(city="Lisbon", stars=(4,))), lambda h: h.price), 3),
    "hotels--3": lambda: (lambda h: [h.name, *_others("Kyoto", h), h.score])(
        _only(search(Filters(city="Kyoto")), lambda h: -h.score)),
    "hotels--4": lambda: [HOST, "/search", *_params(adults="3", checkin="2026-07-01", checkout="2026-07-05",
                                                    children="0", city="Barcelona", rooms="2")],
    "hotels--5": lambda: _name_total_others(_only(search(Filters(city="Berlin")), lambda h: -h.price), 1),
    "hotels--6": lambda: [next(r.size_m2 for r in _by_name("Ember Hostel", "Vienna").rooms
                               if r.name == "Deluxe King Room")],
    "hotels--7": _hotels_7,
    "hotels--8": _hotels_8,
    "hotels--9": _hotels_9,
    "hotels--10": lambda: [search(Filters(city="Edinburgh"))[0].distance_km],
    "hotels--11": lambda: _name_total_others(
        _only(search(Filters(city="Copenhagen", free_cancellation=True)), lambda h: h.price), 4),
    "hotels--12": _hotels_12,
    "hotels--13": _hotels_13,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 13
    for task in TASKS.values():
        assert task.site == "Nestaway" and task.start_url.startswith("http://hotels.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values() if t.reference) >= 3
    # the cheapest room of a hotel is its first row (the reference reserves and reads the first row)
    for h in HOTELS:
        assert h.rooms[0].price == h.price < min((r.price for r in h.rooms[1:]), default=10**9)


def test_data_shape() -> None:
    assert len(HOTELS) == 300 and len(CITIES) == 15 and len(HOTEL_BY_ID) == 300
    for h in HOTELS[:40]:
        assert h.rooms[0].price == h.price == min(r.price for r in h.rooms)
        assert 12 <= len(h.reviews) <= 22


VILLA = HOTEL_BY_ID["villa-juniper-dublin"]


def _pages_must_show() -> dict[str, list[str]]:
    """What each page must show, derived from the site's data: page -> texts in its HTML."""
    lisbon = search(Filters(city="Lisbon"))
    by_price = search(Filters(sort="price"))
    superior = VILLA.rooms[1]
    return {
        "/": ["Find your next stay", *[f"{city} {country} · {sum(h.city == city for h in HOTELS)} properties"
                                        for city, country, *_ in CITIES]],
        "/search?city=Lisbon": [f"Lisbon: {len(lisbon)} properties found", *[h.name for h in lisbon[:10]]],
        # page 30 of 30 at 10 a page: the ten dearest, most expensive last
        "/search?sort=price&page=30": [f"All destinations: {len(by_price)} properties found",
                                       *[h.name for h in by_price[-10:]]],
        f"/hotel/{VILLA.id}": [VILLA.name, f"{VILLA.score}", "Add dates to see the total price",
                               *[r.name for r in VILLA.rooms]],
        f"/hotel/{VILLA.id}?checkin=2026-06-01&checkout=2026-06-04&adults=3&rooms=2":
            [VILLA.name, "Mon, Jun 01 – Thu, Jun 04 · 3 nights", "3 adults, 2 rooms", *[r.name for r in VILLA.rooms]],
        f"/book?hotel={VILLA.id}&room=1&checkin=2026-06-01&checkout=2026-06-04":
            ["Enter your details", VILLA.name, superior.name, "Mon, Jun 01 – Thu, Jun 04 · 3 nights",
             f"Total: US${superior.price * 3:,}"],
        "/static/site.css": [":root{"],
    }


@pytest.mark.parametrize("path", list(_pages_must_show()))
def test_pages_show_what_the_data_says(sandbox, path: str) -> None:
    status, content_type, body = fetch(sandbox, "hotels", path)
    assert status == 200, path
    assert content_type.startswith("text/css" if path.endswith(".css") else "text/html"), content_type
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&amp;", "&").replace("&#39;", "'")
    for want in _pages_must_show()[path]:
        assert want in text or want in body, f"{path} does not show {want!r}"


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


def test_highest_price_sort_score_links_and_star_text(sandbox) -> None:
    _, _, html = fetch(sandbox, "hotels", "/search?city=Berlin&sort=price_desc")
    want = search(Filters(city="Berlin", sort="price_desc"))
    assert [h.price for h in want] == sorted((h.price for h in want), reverse=True)
    assert _names(html) == [h.name for h in want[:10]]
    top = want[0]
    # the review score is a link to the reviews, and the stars are also written as text
    assert f'href="/hotel/{top.id}?adults=2&amp;children=0&amp;rooms=1#reviews"' in html
    assert f"{top.stars}-star</span>" in html and 'aria-current="true">Price (highest first)<' in html


def test_hotel_page_key_facts_and_review_dialogs(sandbox) -> None:
    hotel = HOTEL_BY_ID["villa-juniper-dublin"]
    _, _, html = fetch(sandbox, "hotels", f"/hotel/{hotel.id}")
    assert f"<span>Distance from centre: {hotel.distance_km} km</span>" in html
    assert f"{hotel.stars}-star hotel" in html and 'id="reviews"' in html
    for i, rv in enumerate(hotel.reviews):
        dialog = html[html.index(f'id="review-{i}"'):]
        dialog = dialog[:dialog.index("</dl>")]
        assert f"<dd>{rv.score} / 10</dd>" in dialog and f"<dd>{rv.disliked}</dd>" in dialog
        assert f'aria-label="Read the full review by {rv.author} from {rv.country}"' in html


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
        review = hotel.reviews[2]
        await page.click(f"[aria-label='Read the full review by {review.author} from {review.country}']")
        shown = page.locator("#review-2")
        assert await shown.is_visible() and review.disliked in await shown.inner_text()
        await page.click("#review-2 [aria-label='Close']")
        assert await shown.is_hidden()
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
