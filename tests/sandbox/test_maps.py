"""Orbis Maps (sandbox site `maps`): the city and its places, route search, pages, widgets in Chromium,
and the tasks' answers recomputed from the site's data."""

from __future__ import annotations

import heapq
import json
import math
import random
import re
from datetime import datetime
from dataclasses import replace
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.maps import data as d
from webvoyager.sandbox.sites.maps import geo, places, routing
from webvoyager.tasks import PageState, Task

TASKS = {t.id: t for t in site_tasks("maps")}
N = {p.name: p for p in d.places()}


# ----- data -----------------------------------------------------------------------------------------

def test_city_and_places_are_deterministic_and_big_enough() -> None:
    ps = d.places()
    assert len(ps) >= 300 and len({p.id for p in ps}) == len(ps)
    assert len({p.spot.edge for p in ps}) == len(ps), "never two places on one street block"
    counts = {c.key: sum(p.category == c.key for p in ps) for c in d.CATEGORIES}
    assert counts["restaurant"] >= 100 and counts["pharmacy"] >= 15 and all(counts.values())
    assert {p.district for p in ps} == set(d.DISTRICT_NAMES)
    snapshot = [(p.id, p.rating, p.reviews_count, p.hours, p.spot) for p in ps]
    edges = geo.city().edges
    for f in (geo.city, places.places, places._by_id, places.reviews_of):
        f.cache_clear()
    assert [(p.id, p.rating, p.reviews_count, p.hours, p.spot) for p in d.places()] == snapshot
    assert geo.city().edges == edges
    assert len(geo.city().nodes) > 400 and len(geo.city().edges) > 700


def test_named_places_sit_in_their_districts() -> None:
    assert N["Lantern Quarter Museum of Art"].district == "Lantern Quarter"
    assert N["Millbrook Textile Museum"].district == "Millbrook"
    assert N["Ashgrove Park"].district == "Northgate"


def _independent_fastest(src: routing.Spot, dst: routing.Spot, mode: str) -> float:
    """A separate Dijkstra over the raw edges (not routing's adjacency) for cross-checking."""
    c = geo.city()
    speed = lambda e: geo.SPEEDS[e.kind][mode]  # noqa: E731
    adj: dict[int, list[tuple[int, float]]] = {}
    for e in c.edges:
        if speed(e) is None:
            continue
        cost = e.length / (speed(e) / 3.6) + geo.INTERSECTION_DELAY_S[mode]
        if not (mode == "drive" and e.oneway):
            adj.setdefault(e.b, []).append((e.a, cost))
        adj.setdefault(e.a, []).append((e.b, cost))
    es, ed = c.edges[src.edge], c.edges[dst.edge]
    v = lambda e: speed(e) / 3.6  # noqa: E731
    heap = [((1 - src.t) * es.length / v(es), es.b)]
    if not (mode == "drive" and es.oneway):
        heap.append((src.t * es.length / v(es), es.a))
    ends = {ed.a: dst.t * ed.length / v(ed)}
    if not (mode == "drive" and ed.oneway):
        ends[ed.b] = (1 - dst.t) * ed.length / v(ed)
    seen: dict[int, float] = {}
    while heap:
        cost, n = heapq.heappop(heap)
        if n in seen:
            continue
        seen[n] = cost
        for m, w in adj.get(n, []):
            if m not in seen:
                heapq.heappush(heap, (cost + w, m))
    return min(seen[n] + w for n, w in ends.items() if n in seen)


@pytest.mark.parametrize("mode", ["drive", "walk", "cycle"])
def test_fastest_route_is_optimal_and_alternatives_are_slower(mode: str) -> None:
    rng = random.Random(7)
    ps = d.places()
    for _ in range(12):
        a, b = rng.sample(ps, 2)
        routes = d.directions(a.id, b.id, mode)
        assert routes, (a.name, b.name, mode)
        assert math.isclose(routes[0].seconds, _independent_fastest(a.spot, b.spot, mode), rel_tol=1e-9)
        assert [r.seconds for r in routes] == sorted(r.seconds for r in routes)
        assert all(r.seconds <= routing.MAX_SLOWER * routes[0].seconds for r in routes)
        assert len({tuple(s.edge for s in r.segments) for r in routes}) == len(routes)


def test_routes_follow_the_rules_of_each_mode_and_steps_add_up() -> None:
    c = geo.city()
    a, b = N["Glassworks Museum"], N["Reelhouse Cinema"]
    fast, avoid = d.directions(a.id, b.id, "drive")[0], d.directions(a.id, b.id, "drive", True)[0]
    assert "Calder Expressway" in fast.via and avoid.seconds > fast.seconds
    assert not any(c.edges[s.edge].kind in ("motorway", "ramp") for s in avoid.segments)
    for route in d.directions(a.id, b.id, "drive") + d.directions(a.id, b.id, "walk") + d.directions(a.id, b.id, "cycle"):
        mode = route.mode
        for s in route.segments:
            e = c.edges[s.edge]
            assert geo.SPEEDS[e.kind][mode] is not None
            if mode == "drive" and e.oneway:
                na, nb = c.nodes[e.a], c.nodes[e.b]
                assert (s.x2 - s.x1) * (nb.x - na.x) + (s.y2 - s.y1) * (nb.y - na.y) > 0, "one-way street driven backwards"
        assert math.isclose(sum(st.distance for st in route.steps), route.distance, rel_tol=1e-9)
        assert route.steps[-1].text == f"Arrive at {b.name}"
        assert re.match(r"(Head|Walk|Cycle) (north|south|east|west|northeast|northwest|southeast|southwest) on ", route.steps[0].text)


def test_transit_route_adds_walks_waits_and_rides() -> None:
    a, b = N["Museum of Clocks and Time"], N["Toy & Puppet Museum"]
    routes = d.directions(a.id, b.id, "transit")
    first = routes[0]
    assert first.lines and all(r.seconds >= first.seconds for r in routes)
    kinds = [s.kind for s in first.steps]
    assert kinds[0] == "walk" and kinds[-1] == "arrive" and kinds.count("ride") == len(first.lines)
    total = sum(s.seconds for s in first.steps)
    assert math.isclose(total, first.seconds, rel_tol=1e-9)
    waits = [s for s in first.steps if s.kind == "wait"]
    lines = {ln.name: ln for ln in geo.city().lines}
    assert [w.seconds for w in waits] == [lines[name].headway_min * 30 for name in first.lines]


def test_opening_status_and_hours_text() -> None:
    assert d.NOW.strftime("%A %H:%M") == "Tuesday 19:30"
    bar = replace(d.places()[0], hours=((), ((17 * 60, 26 * 60),), (), (), (), (), ()))
    assert d.is_open(bar) and d.status(bar) == ("Open", "Closes 2 AM")
    assert d.is_open(bar, datetime(2026, 5, 13, 1, 30)) and not d.is_open(bar, datetime(2026, 5, 13, 2, 30))
    assert d.status(bar, datetime(2026, 5, 13, 3, 0)) == ("Closed", "Opens 5 PM Tue")
    soon = replace(bar, hours=tuple(((9 * 60, 20 * 60),) for _ in range(7)))
    assert d.status(soon) == ("Closes soon", "8 PM")
    always = replace(bar, hours=tuple(((0, 1440),) for _ in range(7)))
    assert d.status(always) == ("Open 24 hours", "") and d.week_hours(always)[0][1] == "Open 24 hours"
    bc = N["Bistro Clementine"]
    assert d.hours_on(bc, "Monday") == "Closed" and d.hours_on(bc, "Saturday") == "12 PM–11:30 PM"


def test_search_filters_sort_and_suggestions() -> None:
    found = d.search("pharmacies", "Tidewater", open_now=True)
    assert found and all(p.category == "pharmacy" and p.district == "Tidewater" and d.is_open(p) for p in found)
    rated = d.search("italian restaurants", sort="rating")
    assert [p.rating for p in rated] == sorted((p.rating for p in rated), reverse=True)
    assert all(p.cuisine == "Italian" for p in rated)
    assert all(p.price == 1 and p.rating >= 4.5 for p in d.search("thai food", min_rating=4.5, price=1))
    assert d.search("Tin Whistle Pharmacy")[0] == N["Tin Whistle Pharmacy"] and d.search("Tin Whistle Pharmacy", open_now=True) == []
    assert d.matches("pharmacy in old harbour") == [p for p in d.matches("pharmacy") if p.district == "Old Harbour"]
    sug = d.suggest("pharm")
    assert sug[0] == {"kind": "category", "label": "Pharmacies", "detail": "Search nearby", "q": "pharmacies"}
    assert d.suggest("Café Otter")[0]["label"] == "Café Otter" and d.suggest("") == []
    assert d.resolve_place("museum of printing") == N["Museum of Printing"]


def test_nearby_is_within_radius_and_nearest_first() -> None:
    origin = N["Marigold House Hotel"]
    rows = d.nearby(origin, "restaurant", 500)
    assert rows and all(dist <= 500 and p.category == "restaurant" for p, dist in rows)
    assert [dist for _, dist in rows] == sorted(dist for _, dist in rows)
    assert [p for p, _ in d.nearby(origin, "restaurant", 500, True)] == [p for p, _ in rows if d.is_open(p)]
    assert d.fmt_distance(446) == "450 m" and d.fmt_distance(995) == "1.0 km" and d.fmt_distance(3740) == "3.7 km"
    assert routing.fmt_duration(3600) == "1 hr" and routing.fmt_duration(3900) == "1 hr 5 min"


# ----- tasks ------------------------------------------------------------------------------------------

def _other_names(found: list[d.Place], chosen: d.Place) -> list[str]:
    """The names shown beside the right place (the candidates a wrong answer names)."""
    return [p.name for p in found if p.id != chosen.id]


def _unique_first(found: list[Any], key: Callable[[Any], object]) -> Any:
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found[0]


def _route(a: str, b: str, mode: str, avoid: bool = False) -> routing.Route:
    route = d.fastest(a, b, mode, avoid)
    assert abs(route.seconds / 60 % 1 - 0.5) > 0.02, f"{a} -> {b} ({mode}): the shown minutes sit on a rounding edge"
    return route


def _nearest_open_pharmacy() -> list[Any]:
    mus = N["Kestrel Hill Observatory Museum"]
    ph = d.nearby(mus, "pharmacy", 1000, True)[0][0]
    every = [p for p, _ in d.nearby(mus, "pharmacy", 1000)]
    assert not d.is_open(every[0]), "the task is only interesting when the nearest pharmacy is closed"
    walks = {p.name: _route(mus.name, p.name, "walk").seconds for p, _ in d.nearby(mus, "pharmacy", 1000, True)}
    assert min(walks, key=walks.__getitem__) == ph.name, "nearest as the crow flies is also the shortest walk"
    return [ph.name, *_other_names(every, ph), _route(mus.name, ph.name, "walk").minutes]


def _drive_and_transit() -> list[Any]:
    a, b = "Lantern Square", "Port Calder Maritime Museum"
    drive, transit = _route(a, b, "drive"), _route(a, b, "transit")
    return [routing.round_km(drive.distance), "drive", f"{drive.minutes} min", "transit", f"{transit.minutes} min"]


def _hours_answer() -> list[Any]:
    bc = N["Bistro Clementine"]
    week = d.week_hours(bc)
    closed = [day for day, text, _ in week if text == "Closed"]
    assert len(closed) == 1
    others = [day for day, _, _ in week if day not in (closed[0], "Saturday")]
    saturday_close = d.hours_on(bc, "Saturday").split("–")[-1]
    closes = sorted({bc.hours[i][-1][1] for i, (day, text, _) in enumerate(week)
                     if text != "Closed" and day != "Saturday"})
    forbid = [t for c in closes for t in (d.clock(c), f"{c // 60 % 24}:{c % 60:02d}")]
    assert saturday_close not in forbid
    return [closed[0], *others, saturday_close, *forbid]


def _newest_review() -> list[Any]:
    reviews = d.sorted_reviews(N["Café Otter"], "newest")
    _unique_first(reviews, lambda r: r.day)
    return [reviews[0].author, *[r.author.rstrip(".") for r in reviews[1:]], reviews[0].stars]


def _transit_lines() -> list[Any]:
    a, b = N["Museum of Clocks and Time"], N["Toy & Puppet Museum"]
    routes = d.directions(a.id, b.id, "transit")
    fastest = _route(a.name, b.name, "transit")
    assert len(fastest.lines) == 2 and routes[0] == fastest
    others = list(dict.fromkeys(ln for r in routes[1:] for ln in r.lines if ln not in fastest.lines))
    return [*fastest.lines, *others, fastest.minutes]


def _avoid_expressway() -> list[Any]:
    a, b = N["Glassworks Museum"], N["Reelhouse Cinema"]
    fast, avoid = _route(a.name, b.name, "drive"), _route(a.name, b.name, "drive", True)
    assert "Calder Expressway" in fast.via and avoid.minutes > fast.minutes
    return ["avoiding the expressway", f"{avoid.minutes} min", "with the expressway", f"{fast.minutes} min",
            "maps.localhost", "/dir", "avoid=highways", f"from={a.id}", f"to={b.id}"]


def _shorter_walk() -> list[Any]:
    hotel = "The Galley Hotel"
    walks = {m: _route(hotel, m, "walk") for m in ("Museum of Printing", "Lantern Quarter Museum of Art")}
    best, other = sorted(walks, key=lambda m: walks[m].minutes)
    assert walks[best].minutes < walks[other].minutes
    return [best, other, walks[best].minutes]


def _bike_bridge() -> list[Any]:
    route = _route("Tidewater Common", "Kingsway Green", "cycle")
    bridges = [s.text.split(" onto ")[1] for s in route.steps if "Bridge" in s.text]
    assert len(bridges) == 1
    every = sorted({e.name for e in geo.city().edges if e.name.endswith(" Bridge")})
    return [route.minutes, bridges[0], *[b for b in every if b != bridges[0]]]


def _cheap_thai() -> list[Any]:
    found = d.search("thai restaurants", min_rating=4.5, price=1)
    assert len(found) == 1
    return [found[0].name, *_other_names(d.search("thai restaurants"), found[0]), found[0].address]


def _top_italian() -> list[Any]:
    found = d.search("italian restaurants", "Northgate", True, sort="rating")
    top = _unique_first(found, lambda p: p.rating)
    return [top.name, *_other_names(found, top), top.phone]


def _most_reviewed_museum() -> list[Any]:
    top = _unique_first(d.search("museums", "Old Harbour", sort="reviews"), lambda p: p.reviews_count)
    return ["orbis_saved", json.dumps([f"want-to-go:{top.id}"], sort_keys=True)]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "maps--1": _nearest_open_pharmacy,
    "maps--2": _drive_and_transit,
    "maps--3": _top_italian,
    "maps--4": lambda: [len(d.nearby(N["Marigold House Hotel"], "restaurant", 500, True))],
    "maps--5": _most_reviewed_museum,
    "maps--6": _hours_answer,
    "maps--7": _newest_review,
    "maps--8": _transit_lines,
    "maps--9": _avoid_expressway,
    "maps--10": _shorter_walk,
    "maps--11": _bike_bridge,
    "maps--12": lambda: [len(d.search("pharmacies", "Tidewater", True))],
    "maps--13": _cheap_thai,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 13
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values()) >= 9  # type: ignore[union-attr]
    for task in TASKS.values():
        assert task.site == "Orbis Maps" and task.id.startswith("maps--")
        assert task.start_url.startswith("http://maps.localhost/") and task.checkable
        assert task.reference is not None and 3 <= len(task.reference.steps) <= (task.max_steps or 15)


def test_state_task_checks_the_saved_list() -> None:
    task: Task = TASKS["maps--5"]
    top = d.search("museums", "Old Harbour", sort="reviews")
    good = json.dumps([f"want-to-go:{top[0].id}"])
    assert task.check("done", PageState(local_storage={"orbis_saved": good})) is True
    for wrong in ([f"want-to-go:{top[1].id}"], [f"favorites:{top[0].id}"], [f"want-to-go:{top[0].id}"] * 2, []):
        assert task.check("done", PageState(local_storage={"orbis_saved": json.dumps(wrong)})) is False


# ----- pages over HTTP ------------------------------------------------------------------------------

PID = N["Cardamom Pharmacy"].id


@pytest.mark.parametrize("path", [
    "/", "/search?q=pharmacy", "/search?q=italian+restaurants&area=northgate&open=1&sort=rating&shown=40",
    f"/place/{PID}", f"/place/{PID}?tab=reviews", f"/place/{PID}/nearby", f"/place/{PID}/nearby?cat=cafe&radius=500&open=1",
    f"/dir?from={PID}&to=lantern-square&mode=drive", f"/dir?from={PID}&to=lantern-square&mode=transit&route=1",
    f"/dir?from={PID}&to=lantern-square&mode=walk", f"/dir?from={PID}&to=lantern-square&mode=cycle", "/dir", "/saved",
    "/static/site.css", "/static/map.js", "/static/ui.js", "/api/suggest?q=ph", f"/api/names?ids={PID}",
])
def test_pages_render(sandbox: Any, path: str) -> None:
    status, _, body = fetch(sandbox, "maps", path)
    assert status == 200 and body


@pytest.mark.parametrize("path", ["/place/no-such-place", "/place/no-such-place/nearby", "/api/reviews/no-such-place", "/nope"])
def test_unknown_items_are_404(sandbox: Any, path: str) -> None:
    assert fetch(sandbox, "maps", path)[0] == 404


def test_search_page_lists_counts_and_more(sandbox: Any) -> None:
    found = d.search("restaurants")
    _, _, page = fetch(sandbox, "maps", "/search?q=restaurants")
    assert f"Showing 20 of {len(found)} places" in page and found[19].name.replace("&", "&amp;") in page
    assert "Show more results" in page and "shown=40#r21" in page
    assert "Before you continue to Orbis Maps" in page
    _, _, none = fetch(sandbox, "maps", "/search?q=zzzzqq")
    assert "No places match" in none


def test_directions_page_shows_routes_from_data(sandbox: Any) -> None:
    a, b = N["Lantern Square"], N["Port Calder Maritime Museum"]
    routes = d.directions(a.id, b.id, "transit")
    _, _, page = fetch(sandbox, "maps", f"/dir?from={a.id}&to={b.id}&mode=transit&route=1")
    assert all(r.time_text in page for r in routes) and f"Route 2: {a.name}" in page
    for step in routes[1].steps:
        assert step.text.replace("&", "&amp;") in page
    _, _, same = fetch(sandbox, "maps", f"/dir?from={a.id}&to={a.id}")
    assert "the same place" in same
    _, _, unknown = fetch(sandbox, "maps", f"/dir?from_text=Atlantis+Plaza&to={b.id}")
    assert "find that place" in unknown


def test_place_page_shows_labelled_facts(sandbox: Any) -> None:
    p = N["Pomegranate Osteria"]
    _, _, page = fetch(sandbox, "maps", f"/place/{p.id}")
    state, detail = d.status(p)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace(" )", ")")
    for want in (f"Address: {p.full_address}", f"Phone: {p.phone}", f"Price level: {p.price_text}", f"District: {p.district}",
                 f"({p.reviews_text} reviews)", p.label, state, detail, f"Saturday {d.hours_on(p, 'Saturday')}"):
        assert want in text, want
    assert 'href="tel:' in page, "the phone number is a link, as on a phone"
    rows = d.nearby(p, "restaurant", 1000, True)
    nearby_page = fetch(sandbox, "maps", f"/place/{p.id}/nearby?cat=restaurant&radius=1000&open=1")[2]
    assert rows and f"Showing {len(rows)} restaurants open now within 1.0 km" in nearby_page


def test_reviews_api_sorts(sandbox: Any) -> None:
    pid = N["Café Otter"].id
    _, ctype, body = fetch(sandbox, "maps", f"/api/reviews/{pid}?sort=newest")
    got = json.loads(body)["reviews"]
    assert ctype.startswith("application/json")
    assert [r["author"] for r in got] == [r.author for r in d.sorted_reviews(N["Café Otter"], "newest")]


# ----- widgets in Chromium --------------------------------------------------------------------------

async def _accept(page: Any) -> None:
    await page.click("text=Accept all")
    assert await page.locator(".consent").count() == 0


@pytest.mark.browser
@pytest.mark.slow
async def test_consent_autocomplete_hours_and_late_reviews(sandbox: Any) -> None:
    place = N["Café Otter"]
    async with chromium_page(sandbox.url("maps", "/")) as page:
        await _accept(page)
        await page.fill("#q", "Café Ot")
        await page.click(f"#q-list li[role=option]:has-text('{place.name}')")
        await page.wait_for_url(re.compile(f"/place/{place.id}"))
        table = page.locator("#hours-table")
        assert not await table.is_visible()
        await page.click("[aria-label='Opening hours']")
        assert "Saturday" in await table.inner_text() and d.hours_on(place, "Saturday") in await table.inner_text()
        await page.click("role=tab[name='Reviews']")
        assert "tab=reviews" in page.url
        await page.wait_for_selector(".review")
        await page.select_option("#review-sort", "newest")
        newest = d.sorted_reviews(place, "newest")[0]
        await page.wait_for_function("document.querySelector('.review b') && !document.querySelector('.review-list .loading')")
        assert await page.locator(".review b").first.inner_text() == newest.author
        await page.reload()
        assert await page.locator(".consent").count() == 0, "consent is remembered"


@pytest.mark.browser
@pytest.mark.slow
async def test_filter_dropdowns_sort_and_results(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("maps", "/search?q=pharmacies")) as page:
        await _accept(page)
        menu = page.locator("[role=menu][aria-label=Area]")
        assert not await menu.is_visible()
        await page.click("text=Area: All")
        assert await menu.is_visible()
        await page.click("role=menuitemradio[name='Tidewater']")
        await page.wait_for_url(re.compile("area=tidewater"))
        await page.click("text=Open now")
        await page.wait_for_url(re.compile("open=1"))
        want = d.search("pharmacies", "Tidewater", True)
        assert f"Showing {len(want)} of {len(want)} places" in await page.inner_text(".count")
        await page.click("text=Sort: Relevance")
        await page.click("role=menuitemradio[name='Highest rated']")
        await page.wait_for_url(re.compile("sort=rating"))
        names = await page.locator(".result .r-name").all_inner_texts()
        assert names == [p.name for p in d.search("pharmacies", "Tidewater", True, sort="rating")]
        assert await page.locator(".pin").count() == len(names)


@pytest.mark.browser
@pytest.mark.slow
async def test_map_zoom_pan_labels_and_pins(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("maps", "/search?q=museums")) as page:
        await _accept(page)
        box = lambda: page.get_attribute("#map", "viewBox")  # noqa: E731
        before = [float(v) for v in (await box()).split()]  # type: ignore[union-attr]
        await page.click("[aria-label='Zoom in']")
        after = [float(v) for v in (await box()).split()]  # type: ignore[union-attr]
        assert math.isclose(before[2] / after[2], 1.5, rel_tol=1e-3)
        z = int(re.search(r"[?&]z=(\d+)", page.url).group(1))  # type: ignore[union-attr]
        assert f"Zoom {z}" == await page.inner_text("#zoom-text")
        cx = int(re.search(r"cx=(-?\d+)", page.url).group(1))  # type: ignore[union-attr]
        await page.click("[aria-label='Pan east']")
        assert int(re.search(r"cx=(-?\d+)", page.url).group(1)) > cx  # type: ignore[union-attr]
        for _ in range(4):
            await page.click("[aria-label='Zoom in']")
        assert await page.locator(".lbl-street text").first.evaluate("e => getComputedStyle(e.parentNode).display") != "none"
        zoomed = await box()
        await page.goto(page.url)                 # the view is in the URL: a shared link shows the same map
        assert await box() == zoomed
        first = d.search("museums")[0]
        await page.click("[aria-label='Fit to results']")
        await page.locator(".pin").first.click()
        await page.wait_for_url(re.compile(f"/place/{first.id}"))


@pytest.mark.browser
@pytest.mark.slow
async def test_directions_autocomplete_modes_alternatives_and_share(sandbox: Any) -> None:
    a, b = N["Glassworks Museum"], N["Reelhouse Cinema"]
    async with chromium_page(sandbox.url("maps", "/dir")) as page:
        await _accept(page)
        await page.fill("#from-input", "Glassw")
        await page.click(f"#from-list li:has-text('{a.name}')")
        await page.wait_for_url(re.compile(f"from={a.id}"))
        await page.fill("#to-input", "Reelho")
        await page.click(f"#to-list li:has-text('{b.name}')")
        await page.wait_for_url(re.compile(f"to={b.id}"))
        routes = d.directions(a.id, b.id, "drive")
        assert await page.locator(".route-card").count() == len(routes)
        assert routes[0].time_text in await page.inner_text(".route-card.sel")
        await page.click("text=Avoid expressway")
        await page.wait_for_url(re.compile("avoid=highways"))
        avoid = d.directions(a.id, b.id, "drive", True)
        await page.click("text=Route 2")
        await page.wait_for_url(re.compile("route=1"))
        detail = await page.inner_text(".route-detail")
        assert f"Travel time: {avoid[1].time_text}" in detail and avoid[1].steps[0].text in detail
        await page.click("role=tab[name='Walking']")
        await page.wait_for_url(re.compile("mode=walk"))
        assert "avoid" not in page.url and d.directions(a.id, b.id, "walk")[0].time_text in await page.inner_text(".route-card.sel")
        await page.click("text=Share directions")
        shared = await page.input_value("#share-url")
        assert f"from={a.id}" in shared and f"to={b.id}" in shared and "mode=walk" in shared
        await page.click("#copy-link")
        assert await page.is_visible("#copied")


@pytest.mark.browser
@pytest.mark.slow
async def test_nearby_radius_open_now_and_save_menu(sandbox: Any) -> None:
    hotel = N["Marigold House Hotel"]
    async with chromium_page(sandbox.url("maps", f"/place/{hotel.id}")) as page:
        await _accept(page)
        await page.click("text=Nearby")
        await page.click("text=Restaurants")
        await page.select_option("#radius", label="Within 500 m")
        await page.wait_for_url(re.compile("radius=500"))
        await page.click("text=Open now")
        await page.wait_for_url(re.compile("open=1"))
        rows = d.nearby(hotel, "restaurant", 500, True)
        assert await page.locator(".results .result").count() == len(rows)
        assert (await page.locator(".result .r-name").first.inner_text()) == rows[0][0].name
        await page.click(".result >> nth=0")
        await page.click("#save-btn")
        await page.click("role=menuitemcheckbox[name='Want to go']")
        saved = await page.evaluate("localStorage.getItem('orbis_saved')")
        assert json.loads(saved) == [f"want-to-go:{rows[0][0].id}"]
        assert await page.inner_text("#save-btn") == "Saved"
        await page.goto(sandbox.url("maps", "/saved"))
        await page.wait_for_selector(".saved-list .r-name")
        assert "Want to go (1)" in await page.inner_text("#saved-lists")
        assert rows[0][0].name in await page.inner_text("#saved-lists")
