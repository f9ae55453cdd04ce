"""Orbis Maps data: search, suggestions, opening status, nearby search and directions for Port Calder.

The city (`geo`), its places (`places`) and the route search (`routing`) live in their own modules;
this one is what the pages and the tests call. The sandbox clock is fixed at `NOW` (Tuesday, May 12,
2026, 7:30 PM), so "open now" and "closes soon" always say the same thing.
"""

from __future__ import annotations

import math
import re
import unicodedata
from datetime import datetime, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.maps.geo import DISTRICTS, city
from webvoyager.sandbox.sites.maps.places import (
    CATEGORIES, CATEGORY_BY_KEY, CUISINES, Place, Review, place_by_id, place_by_name, places, reviews_of, slugify,
)
from webvoyager.sandbox.sites.maps.routing import MODES, Route, fmt_distance, road_routes
from webvoyager.sandbox.sites.maps.transit import transit_routes

__all__ = ["CATEGORIES", "CATEGORY_BY_KEY", "CUISINES", "DISTRICT_NAMES", "MODES", "NOW", "Place", "Review",
           "Route", "directions", "fmt_distance", "is_open", "nearby", "place_by_id", "place_by_name", "places",
           "reviews_of", "search", "slugify", "sorted_reviews", "status", "suggest", "week_hours"]

NOW = datetime(TODAY.year, TODAY.month, TODAY.day, 19, 30)
"""The sandbox's fixed clock for opening hours."""
NOW_TEXT = NOW.strftime("%a, %b %-d, %-I:%M %p")
DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DISTRICT_NAMES = tuple(d[0] for d in DISTRICTS)
RADII = (500, 1000, 2000, 5000)
SORTS = {"relevance": "Relevance", "rating": "Highest rated", "reviews": "Most reviewed"}
PAGE_SIZE = 20


# ----- opening hours ---------------------------------------------------------------------------

def clock(minute: int) -> str:
    """12-hour clock text for minutes after midnight (24:00 and later wrap), e.g. "9:30 PM"."""
    h, m = divmod(minute % 1440, 60)
    suffix = "AM" if h < 12 else "PM"
    return f"{(h % 12) or 12}{f':{m:02d}' if m else ''} {suffix}"


def is_open(place: Place, when: datetime = NOW) -> bool:
    day, minute = when.weekday(), when.hour * 60 + when.minute
    if any(o <= minute < c for o, c in place.hours[day]):
        return True
    yesterday = place.hours[(day - 1) % 7]
    return any(c > 1440 and minute < c - 1440 for _, c in yesterday)


def always_open(place: Place) -> bool:
    return all(d == ((0, 1440),) for d in place.hours)


def status(place: Place, when: datetime = NOW) -> tuple[str, str]:
    """(state, detail) for the place at `when`: ("Open", "Closes 10 PM"), ("Closes soon", "7 PM"),
    ("Closed", "Opens 9 AM Wed") or ("Open 24 hours", "")."""
    if always_open(place):
        return "Open 24 hours", ""
    day, minute = when.weekday(), when.hour * 60 + when.minute
    if is_open(place, when):
        closes = [c for o, c in place.hours[day] if o <= minute < c]
        closes += [c - 1440 for _, c in place.hours[(day - 1) % 7] if c > 1440 and minute < c - 1440]
        close = closes[0]
        if close == 1440 and place.hours[(day + 1) % 7][:1] and place.hours[(day + 1) % 7][0][0] == 0:
            return "Open", "Open until tomorrow"
        return ("Closes soon", clock(close)) if close - minute <= 60 else ("Open", f"Closes {clock(close)}")
    for ahead in range(8):
        d = (day + ahead) % 7
        for o, _ in place.hours[d]:
            if ahead == 0 and o <= minute:
                continue
            when_text = clock(o) if ahead == 0 else f"{clock(o)} {DAY_NAMES[d][:3]}"
            return "Closed", f"Opens {when_text}"
    return "Closed", "Temporarily closed"


def status_text(place: Place) -> str:
    state, detail = status(place)
    return f"{state} · {detail}" if detail else state


def week_hours(place: Place) -> list[tuple[str, str, bool]]:
    """(day name, hours text, is today) for Monday..Sunday."""
    out = []
    for i, intervals in enumerate(place.hours):
        if not intervals:
            text = "Closed"
        elif intervals == ((0, 1440),):
            text = "Open 24 hours"
        else:
            text = ", ".join(f"{clock(o)}–{clock(c)}" for o, c in intervals)
        out.append((DAY_NAMES[i], text, i == NOW.weekday()))
    return out


def hours_on(place: Place, day_name: str) -> str:
    """The hours text shown for a weekday, e.g. hours_on(p, "Saturday") -> "12 PM–11 PM"."""
    return next(text for name, text, _ in week_hours(place) if name == day_name)


# ----- search ----------------------------------------------------------------------------------

def norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9&' ]+", " ", text)).strip()


def _score(p: Place) -> float:
    return p.rating * math.log10(p.reviews_count + 10)


def _split_district(q: str) -> tuple[str, str | None]:
    """"pharmacy in old harbour" -> ("pharmacy", "Old Harbour")."""
    for name in DISTRICT_NAMES:
        for form in (f" in {norm(name)}", f" near {norm(name)}", f" {norm(name)}"):
            if q.endswith(form) and len(q) > len(form):
                return q[: -len(form)].strip(), name
    return q, None


def matches(q: str) -> list[Place]:
    """Places for a query in relevance order: exact and partial name matches first, then places of a
    matching category or cuisine by rating weighted by review count."""
    q = norm(q)
    if not q:
        return []
    q, district = _split_district(q)
    words = q.split()
    named, typed = [], []
    for p in places():
        if district and p.district != district:
            continue
        name_words = norm(p.name).split()
        if norm(p.name) == q:
            named.append((0, p))
        elif all(any(w.startswith(x) for w in name_words) for x in words):
            named.append((1, p))
        elif _category_hit(q, p):
            typed.append(p)
    named.sort(key=lambda t: (t[0], -_score(t[1]), t[1].name))
    typed.sort(key=lambda p: (-_score(p), p.name))
    return [p for _, p in named] + typed


def _category_hit(q: str, p: Place) -> bool:
    cat = CATEGORY_BY_KEY[p.category]
    if q in cat.terms or q == norm(cat.label) or q == norm(cat.plural):
        return True
    if p.cuisine:
        c = norm(p.cuisine)
        return q in (c, f"{c} food", f"{c} restaurant", f"{c} restaurants", f"{c} place", f"{c} places") or \
            (c == "pizza" and q in ("pizzeria", "pizzerias")) or (c == "burger" and q in ("burgers", "hamburger"))
    return False


def search(q: str, district: str | None = None, open_now: bool = False, min_rating: float | None = None,
           price: int | None = None, sort: str = "relevance") -> list[Place]:
    """The results list for a query and its filters, in the chosen order."""
    found = matches(q)
    if district:
        found = [p for p in found if p.district == district]
    if open_now:
        found = [p for p in found if is_open(p)]
    if min_rating is not None:
        found = [p for p in found if p.rating >= min_rating]
    if price:
        found = [p for p in found if p.price == price]
    if sort == "rating":
        found = sorted(found, key=lambda p: (-p.rating, -p.reviews_count, p.name))
    elif sort == "reviews":
        found = sorted(found, key=lambda p: (-p.reviews_count, p.name))
    return found


def suggest(q: str, limit: int = 8) -> list[dict[str, str]]:
    """Autocomplete entries: matching categories first, then places (name prefix first)."""
    q = norm(q)
    if not q:
        return []
    out: list[dict[str, str]] = []
    for cat in CATEGORIES:
        if any(t.startswith(q) for t in (norm(cat.plural),) + cat.terms) and len(out) < 2:
            out.append({"kind": "category", "label": cat.plural, "detail": "Search nearby", "q": cat.plural.lower()})
    for cuisine in CUISINES:
        if norm(cuisine).startswith(q) and len(out) < 3:
            out.append({"kind": "category", "label": f"{cuisine} restaurants", "detail": "Search",
                        "q": f"{cuisine.lower()} restaurants"})
    hits = []
    for p in places():
        name = norm(p.name)
        if name.startswith(q):
            hits.append((0, p))
        elif any(w.startswith(q) for w in name.split()) or (len(q) > 3 and q in name):
            hits.append((1, p))
    hits.sort(key=lambda t: (t[0], -t[1].reviews_count, t[1].name))
    for _, p in hits[: max(0, limit - len(out))]:
        out.append({"kind": "place", "label": p.name, "detail": f"{p.address}, {p.district}", "id": p.id})
    return out


def resolve_place(text: str) -> Place | None:
    """The place a typed from/to text means: an id, an exact name, else the best name match."""
    if not text:
        return None
    found = place_by_id(text) or place_by_id(slugify(text))
    if found:
        return found
    named = [p for p in matches(text) if all(w in norm(p.name) for w in norm(text).split())]
    return named[0] if named else None


# ----- nearby ----------------------------------------------------------------------------------

def straight_distance(a: Place, b: Place) -> float:
    return math.dist((a.x, a.y), (b.x, b.y))


def nearby(origin: Place, category: str, radius: int = 1000, open_now: bool = False) -> list[tuple[Place, float]]:
    """Places of `category` within `radius` metres (as the crow flies) of `origin`, nearest first."""
    out = []
    for p in places():
        if p.id == origin.id or not _in_category(p, category):
            continue
        d = straight_distance(origin, p)
        if d <= radius and (not open_now or is_open(p)):
            out.append((p, d))
    return sorted(out, key=lambda t: (t[1], t[0].name))


def _in_category(p: Place, category: str) -> bool:
    return p.category == category or (category.startswith("cuisine:") and p.cuisine == category[8:])


# ----- directions ------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def directions(from_id: str, to_id: str, mode: str, avoid_highways: bool = False) -> tuple[Route, ...]:
    """Routes between two places for a travel mode, fastest first (empty when impossible)."""
    a, b = place_by_id(from_id), place_by_id(to_id)
    if a is None or b is None or a.id == b.id or mode not in MODES:
        return ()
    if mode == "transit":
        return tuple(transit_routes(a.spot, b.spot, b.name))
    return tuple(road_routes(a.spot, b.spot, mode, b.name, avoid_highways and mode == "drive"))


def fastest(from_name: str, to_name: str, mode: str, avoid_highways: bool = False) -> Route:
    """The first (fastest) route between two places named exactly, for task answers."""
    return directions(place_by_name(from_name).id, place_by_name(to_name).id, mode, avoid_highways)[0]


def sorted_reviews(place: Place, order: str = "relevant") -> list[Review]:
    rs = list(reviews_of(place.id))
    if order == "newest":
        return sorted(rs, key=lambda r: r.day, reverse=True)
    if order == "highest":
        return sorted(rs, key=lambda r: (-r.stars, -r.day.toordinal()))
    if order == "lowest":
        return sorted(rs, key=lambda r: (r.stars, -r.day.toordinal()))
    return rs


def map_extent(points: list[tuple[float, float]], pad: float = 250.0) -> tuple[float, float, float, float]:
    """A view box (x, y, w, h) around points, never smaller than 900 m across."""
    if not points:
        x1, y1, x2, y2 = city().bounds
        return x1, y1, x2 - x1, y2 - y1
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x1, x2, y1, y2 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
    w, h = max(900.0, x2 - x1), max(700.0, y2 - y1)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    return cx - w / 2, cy - h / 2, w, h


def next_week_day(name: str) -> datetime:
    """The datetime of the coming weekday `name` at NOW's time (today when it is today)."""
    target = DAY_NAMES.index(name)
    return NOW + timedelta(days=(target - NOW.weekday()) % 7)
