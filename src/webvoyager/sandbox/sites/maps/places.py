"""The places of Port Calder: restaurants, cafés, museums, parks, pharmacies, hotels, fuel stations...

Each place stands part-way along one street block (a `Spot`, never two places on one block), which
gives its address, its district and where routes start and end. Opening hours, ratings, prices,
phone numbers, amenities and written reviews are generated from a fixed seed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.sites.maps.geo import COLS, PARKS, ROWS, city, district_of
from webvoyager.sandbox.sites.maps.names import (
    AMENITIES, CINEMAS, CUISINES, FIRST_NAMES, FUEL_BRANDS, GROCERS, LAST_INITIALS, MUSEUMS, PREFIXES, REVIEW_LINES,
    SMALL_PARKS, SUFFIXES,
)
from webvoyager.sandbox.sites.maps.routing import Spot

Hours = tuple[tuple[tuple[int, int], ...], ...]    # 7 days (Mon..Sun) of (open, close) minutes; close may pass 24:00


@dataclass(frozen=True)
class Category:
    key: str
    label: str          # singular, as shown under a place's name
    plural: str         # chip and suggestion text
    count: int
    terms: tuple[str, ...]


CATEGORIES: tuple[Category, ...] = (
    Category("restaurant", "Restaurant", "Restaurants", 112, ("restaurant", "restaurants", "food", "dinner", "lunch")),
    Category("cafe", "Café", "Cafés", 40, ("cafe", "cafes", "coffee", "coffee shop", "coffee shops")),
    Category("bakery", "Bakery", "Bakeries", 14, ("bakery", "bakeries", "bread", "pastries")),
    Category("bar", "Bar", "Bars", 22, ("bar", "bars", "pub", "pubs", "drinks")),
    Category("museum", "Museum", "Museums", 12, ("museum", "museums")),
    Category("gallery", "Art gallery", "Art galleries", 9, ("gallery", "galleries", "art gallery", "art galleries", "art")),
    Category("park", "Park", "Parks", 7, ("park", "parks", "garden", "gardens")),
    Category("pharmacy", "Pharmacy", "Pharmacies", 20, ("pharmacy", "pharmacies", "chemist", "drugstore", "drugstores")),
    Category("hotel", "Hotel", "Hotels", 22, ("hotel", "hotels", "lodging", "stay")),
    Category("gas", "Gas station", "Gas stations", 12, ("gas", "gas station", "gas stations", "fuel", "petrol")),
    Category("supermarket", "Supermarket", "Supermarkets", 14, ("supermarket", "supermarkets", "grocery", "groceries")),
    Category("library", "Library", "Libraries", 6, ("library", "libraries")),
    Category("cinema", "Movie theater", "Movie theaters", 5, ("cinema", "cinemas", "movie theater", "movie theaters", "movies")),
    Category("bookstore", "Book store", "Book stores", 10, ("bookstore", "bookstores", "book store", "book stores", "books")),
    Category("gym", "Gym", "Gyms", 9, ("gym", "gyms", "fitness")),
    Category("post", "Post office", "Post offices", 5, ("post office", "post offices", "post")),
)
CATEGORY_BY_KEY = {c.key: c for c in CATEGORIES}

@dataclass(frozen=True)
class Review:
    author: str
    stars: int
    day: date
    text: str
    relevance: int      # order under "Most relevant"

    @property
    def date_text(self) -> str:
        return self.day.strftime("%b %-d, %Y")


@dataclass(frozen=True)
class Place:
    id: str
    name: str
    category: str           # Category.key
    label: str              # "Italian restaurant", "Pharmacy"
    cuisine: str
    district: str
    spot: Spot
    x: float
    y: float
    street: str
    number: int
    phone: str
    rating: float
    reviews_count: int
    price: int              # 0 = not priced, else 1..4 ($..$$$$)
    hours: Hours
    amenities: tuple[str, ...]
    website: str

    @property
    def address(self) -> str:
        return f"{self.number} {self.street}"

    @property
    def full_address(self) -> str:
        return f"{self.number} {self.street}, {self.district}, Port Calder"

    @property
    def price_text(self) -> str:
        return "$" * self.price

    @property
    def reviews_text(self) -> str:
        return f"{self.reviews_count:,}"


def slugify(text: str) -> str:
    return kit.slugify(text, spell={"&": "and"}, fold_accents=True)


def _hours(cat: str, rng: random.Random) -> Hours:
    def week(weekday: tuple[tuple[int, int], ...], sat: tuple[tuple[int, int], ...] | None = None,
             sun: tuple[tuple[int, int], ...] | None = None, closed: tuple[int, ...] = ()) -> Hours:
        days = [weekday] * 5 + [sat if sat is not None else weekday, sun if sun is not None else weekday]
        return tuple(() if i in closed else d for i, d in enumerate(days))

    h = lambda a, b: (int(a * 60), int(b * 60))  # noqa: E731
    pick = rng.choice
    if cat == "restaurant":
        if rng.random() < 0.3:
            split = (h(12, 14.5), h(pick((17.5, 18)), pick((21.5, 22, 22.5))))
            return week(split, closed=pick(((0,), (6,), ())))
        day = (h(pick((11, 11.5, 12)), pick((21, 22, 22.5, 23))),)
        return week(day, sat=(h(12, pick((22.5, 23, 23.5))),), closed=pick(((0,), (), (), (1,))))
    if cat == "cafe":
        return week((h(pick((7, 7.5, 8)), pick((17, 18, 19, 20))),), sat=(h(8, 17),), sun=(h(9, pick((15, 16, 17))),),
                    closed=pick(((), (), (6,))))
    if cat == "bakery":
        return week((h(pick((6.5, 7)), pick((15, 17, 18))),), sat=(h(7, 15),), sun=(h(8, 13),), closed=pick(((6,), (0,), ())))
    if cat == "bar":
        day = (h(pick((16, 17)), pick((24, 25, 26))),)
        return week(day, sat=(h(14, 26),), sun=(h(14, 23),), closed=pick(((0,), (), (6,))))
    if cat == "museum":
        late = (h(10, 21),)
        base = (h(10, pick((17, 18))),)
        days = list(week(base, sat=(h(10, 18),), sun=(h(11, 17),), closed=(0,)))
        if rng.random() < 0.35:
            days[rng.choice((1, 3))] = late
        return tuple(days)
    if cat == "gallery":
        return week((h(11, 18),), sat=(h(11, 18),), sun=(h(12, 17),), closed=pick(((0,), (0, 1))))
    if cat == "park":
        return week((h(0, 24),)) if rng.random() < 0.4 else week((h(6, 22),))
    if cat == "pharmacy":
        if rng.random() < 0.12:
            return week((h(0, 24),))
        close = pick((18, 18.5, 19, 20, 21, 22))
        return week((h(pick((8, 8.5, 9)), close),), sat=(h(9, pick((13, 17, 18))),),
                    sun=pick(((), (h(10, 16),))), closed=())
    if cat in ("hotel",):
        return week((h(0, 24),))
    if cat == "gas":
        return week((h(0, 24),)) if rng.random() < 0.4 else week((h(6, pick((22, 23))),), sun=(h(7, 22),))
    if cat == "supermarket":
        return week((h(pick((7, 8)), pick((21, 22, 23))),), sun=(h(9, 20),))
    if cat == "library":
        return week((h(pick((9, 10)), pick((17, 18, 20))),), sat=(h(10, 14),), closed=(6,))
    if cat == "cinema":
        return week((h(pick((12, 13)), pick((23, 24))),), sat=(h(11, 24.5),), sun=(h(11, 23),))
    if cat == "bookstore":
        return week((h(pick((9, 10)), pick((18, 19))),), sun=pick(((h(11, 17),), ())), closed=())
    if cat == "gym":
        return week((h(6, 22),), sat=(h(8, 20),), sun=(h(8, 20),))
    return week((h(9, 17.5),), sat=(h(9, 12.5),), closed=(6,))      # post office


def _rating(rng: random.Random) -> float:
    return round(min(4.9, max(3.2, rng.triangular(3.3, 4.95, 4.45))), 1)


def _review_count(cat: str, rng: random.Random) -> int:
    scale = {"museum": 2.2, "park": 2.4, "hotel": 1.8, "restaurant": 1.3, "cinema": 1.6}.get(cat, 1.0)
    return max(6, int(math.exp(rng.uniform(math.log(12), math.log(1400))) * scale))


def _price(cat: str, rng: random.Random) -> int:
    if cat == "restaurant":
        return rng.choices((1, 2, 3, 4), weights=(3, 5, 3, 1))[0]
    if cat in ("cafe", "bakery"):
        return rng.choice((1, 1, 2))
    if cat == "bar":
        return rng.choice((1, 2, 2, 3))
    if cat == "hotel":
        return rng.choice((2, 3, 3, 4))
    return 0


@lru_cache(maxsize=1)
def places() -> tuple[Place, ...]:
    """Every place, in a fixed order (deterministic, cached)."""
    rng = random.Random("port-calder-places-v1")
    c = city()
    usable = [e for e in c.edges if e.kind in ("street", "avenue")]
    by_district: dict[str, list] = {}  # type: ignore[type-arg]
    for e in usable:
        a, b = c.nodes[e.a], c.nodes[e.b]
        by_district.setdefault(district_of((a.col + b.col) / 2, (a.row + b.row) / 2), []).append(e)
    taken: set[int] = set()
    names: set[str] = set()
    out: list[Place] = []
    park_edges = _park_edges()

    def spot_for(park: str | None = None, home: str = "") -> Spot:
        pool = park_edges[park] if park else by_district[home] if home else usable
        while True:
            e = rng.choice(pool)
            if e.id not in taken:
                taken.add(e.id)
                return Spot(e.id, round(rng.uniform(0.25, 0.75), 3))

    def unique(patterns: tuple[str, ...]) -> str:
        for attempt in range(200):
            name = rng.choice(patterns).format(p=rng.choice(PREFIXES))
            if attempt > 20:    # every simple pattern is taken here: add a prefix word
                name = f"{rng.choice(PREFIXES)} {name}"
            if name not in names:
                names.add(name)
                return name
        raise RuntimeError(f"no free name among {patterns}")

    fixed: dict[str, list[tuple[str, str]]] = {"museum": list(MUSEUMS), "cinema": list(CINEMAS),
                                               "park": [(p[0], "") for p in PARKS] + list(SMALL_PARKS)}
    cuisines = list(CUISINES)
    for cat in CATEGORIES:
        for i in range(cat.count):
            park = None
            cuisine = home = ""
            if cat.key in fixed:
                name, home = fixed[cat.key][i]
                names.add(name)
                park = name if cat.key == "park" and i < len(PARKS) else None
            elif cat.key == "restaurant":
                cuisine = cuisines[i % len(cuisines)]
                name = unique(CUISINES[cuisine])
            elif cat.key in SUFFIXES:
                name = unique(SUFFIXES[cat.key])
            else:
                name = ""
            spot = spot_for(park, home)
            e = c.edges[spot.edge]
            a, b = c.nodes[e.a], c.nodes[e.b]
            x, y = a.x + (b.x - a.x) * spot.t, a.y + (b.y - a.y) * spot.t
            col = a.col + (b.col - a.col) * spot.t
            row = a.row + (b.row - a.row) * spot.t
            district = district_of(col, row)
            if cat.key == "library":
                name = f"{district} Library" if f"{district} Library" not in names else f"{e.name} Library"
                names.add(name)
            elif cat.key == "gas":
                name = unique(tuple(f"{brand} {e.name.split()[0]}" for brand in FUEL_BRANDS))
            elif cat.key == "supermarket":
                name = unique(tuple(f"{g} {district}" for g in GROCERS))
            elif cat.key == "post":
                name = f"Post Office {district}"
                if name in names:
                    name = f"Post Office {e.name}"
                names.add(name)
            along = (x if a.row == b.row else y) + 60
            number = int(along / 12) * 2 + rng.choice((1, 2))
            label = f"{cuisine} restaurant" if cuisine else cat.label
            phone = f"(0{rng.randint(21, 29)}) {rng.randint(300, 899)}-{rng.randint(1000, 9999)}"
            amen = tuple(sorted(rng.sample(AMENITIES[cat.key], k=min(len(AMENITIES[cat.key]), rng.randint(2, 4)))))
            out.append(Place(
                id=slugify(name), name=name, category=cat.key, label=label, cuisine=cuisine, district=district,
                spot=spot, x=round(x, 1), y=round(y, 1), street=e.name, number=number, phone=phone,
                rating=_rating(rng), reviews_count=_review_count(cat.key, rng), price=_price(cat.key, rng),
                hours=_hours(cat.key, rng), amenities=amen, website=f"{slugify(name).replace('-', '')[:22]}.example",
            ))
    assert len({p.id for p in out}) == len(out), "place ids must be unique"
    return tuple(out)


def _park_edges() -> dict[str, list]:  # type: ignore[type-arg]
    """For each big park, the street blocks along its edge (where its entrance can be)."""
    c = city()
    out: dict[str, list] = {}  # type: ignore[type-arg]
    for name, c1, c2, r1, r2 in PARKS:
        blocks = []
        for e in c.edges:
            if e.kind not in ("street", "avenue"):
                continue
            na, nb = c.nodes[e.a], c.nodes[e.b]
            on_row = na.row == nb.row and na.row in (r1, r2) and c1 <= min(na.col, nb.col) and max(na.col, nb.col) <= c2
            on_col = na.col == nb.col and na.col in (c1, c2) and r1 <= min(na.row, nb.row) and max(na.row, nb.row) <= r2
            same = district_of((na.col + nb.col) / 2, (na.row + nb.row) / 2) == district_of((c1 + c2) / 2, (r1 + r2) / 2)
            if (on_row or on_col) and same:
                blocks.append(e)
        out[name] = blocks
    return out


@lru_cache(maxsize=512)
def reviews_of(place_id: str) -> tuple[Review, ...]:
    """The written reviews shown for a place ("Most relevant" order)."""
    place = place_by_id(place_id)
    if place is None:
        return ()
    rng = random.Random(f"reviews:{place_id}")
    out = []
    start = date(2024, 3, 1)
    span = (date(2026, 5, 11) - start).days
    days = sorted(rng.sample(range(span), k=rng.randint(4, 7)), reverse=True)
    for i, offset in enumerate(days):
        roll = rng.random() + (place.rating - 4.0) * 0.35
        stars = 5 if roll > 0.55 else 4 if roll > 0.3 else 3 if roll > 0.15 else rng.choice((1, 2))
        tone = "good" if stars >= 4 else "mixed" if stars == 3 else "bad"
        author = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_INITIALS)}."
        out.append(Review(author, stars, start + timedelta(days=offset), rng.choice(REVIEW_LINES[tone]),
                          relevance=rng.randint(0, 1000)))
    return tuple(sorted(out, key=lambda r: (r.relevance, r.author)))


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Place]:
    return {p.id: p for p in places()}


def place_by_id(place_id: str) -> Place | None:
    return _by_id().get(place_id)


def place_by_name(name: str) -> Place:
    """The place with exactly this name (tests and task answers); KeyError if none."""
    for p in places():
        if p.name == name:
            return p
    raise KeyError(name)


def grid_size() -> tuple[int, int]:
    return COLS, ROWS
