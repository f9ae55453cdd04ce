"""Deterministic hotel data for the hotels site: ~300 hotels in 15 cities, rooms and guest reviews.

Hotels are generated once per process from a fixed seed; rooms and reviews of one hotel come from a
generator seeded with the hotel id, so they are the same on every page and in every test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.kit import slugify

CITIES: tuple[tuple[str, str, float, tuple[str, ...]], ...] = (
    # city, country, price level, districts
    ("Lisbon", "Portugal", 1.0, ("Alfama", "Baixa", "Chiado", "Belém", "Príncipe Real")),
    ("Barcelona", "Spain", 1.15, ("Gràcia", "El Born", "Eixample", "Barceloneta", "Gothic Quarter")),
    ("Paris", "France", 1.5, ("Le Marais", "Montmartre", "Saint-Germain", "Bastille", "Latin Quarter")),
    ("Rome", "Italy", 1.2, ("Trastevere", "Monti", "Prati", "Testaccio", "Centro Storico")),
    ("Amsterdam", "Netherlands", 1.45, ("Jordaan", "De Pijp", "Oud-West", "Centrum", "Oost")),
    ("Berlin", "Germany", 0.95, ("Mitte", "Kreuzberg", "Prenzlauer Berg", "Charlottenburg", "Friedrichshain")),
    ("Prague", "Czechia", 0.7, ("Old Town", "Malá Strana", "Vinohrady", "Žižkov", "New Town")),
    ("Vienna", "Austria", 1.1, ("Innere Stadt", "Leopoldstadt", "Neubau", "Wieden", "Josefstadt")),
    ("London", "United Kingdom", 1.6, ("Soho", "Shoreditch", "Kensington", "Camden", "South Bank")),
    ("Dublin", "Ireland", 1.3, ("Temple Bar", "Docklands", "Portobello", "Smithfield", "Ballsbridge")),
    ("Copenhagen", "Denmark", 1.4, ("Nyhavn", "Vesterbro", "Nørrebro", "Østerbro", "Christianshavn")),
    ("Edinburgh", "United Kingdom", 1.25, ("Old Town", "New Town", "Leith", "Stockbridge", "West End")),
    ("Kyoto", "Japan", 1.05, ("Gion", "Higashiyama", "Nakagyo", "Arashiyama", "Shimogyo")),
    ("New York", "United States", 1.75, ("Midtown", "SoHo", "Upper West Side", "Brooklyn Heights", "Chelsea")),
    ("Mexico City", "Mexico", 0.75, ("Roma Norte", "Condesa", "Polanco", "Coyoacán", "Centro Histórico")),
)

_PREFIX = ("Casa", "Hotel", "The", "Grand", "Maison", "Villa", "Palazzo", "Albergo")
_WORDS = ("Azure", "Linden", "Harbour", "Lantern", "Juniper", "Meridian", "Saffron", "Cobalt", "Willow", "Aurora",
          "Marble", "Orchard", "Cedar", "Ember", "Atlas", "Verde", "Solace", "Riverside", "Gallery", "Crescent",
          "Ivory", "Velvet", "Copper", "Beacon", "Haven", "Garden", "Tidewater", "Granite", "Amber", "Oak",
          "Starling", "Mosaic", "Compass", "Terrace", "Cloister", "Pavilion", "Quay", "Heron", "Larch", "Peony")
_SUFFIX = ("Hotel", "Suites", "Boutique Hotel", "Residences", "Lodge", "House", "Hostel", "Apartments", "Inn", "Hotel & Spa")
AMENITIES = ("Free WiFi", "Breakfast included", "Airport shuttle", "Fitness centre", "Spa", "Swimming pool",
             "Bar", "Restaurant", "24-hour front desk", "Pet friendly", "Parking", "Air conditioning",
             "Rooftop terrace", "Family rooms", "Non-smoking rooms", "Laundry")
ROOM_TYPES = (  # name, price factor, size m2, beds, sleeps
    ("Standard Double Room", 1.0, 18, "1 double bed", 2),
    ("Twin Room", 1.0, 19, "2 single beds", 2),
    ("Deluxe King Room", 1.35, 26, "1 king bed", 2),
    ("Junior Suite", 1.8, 38, "1 king bed and 1 sofa bed", 3),
    ("Family Room", 1.6, 34, "1 double bed and 2 single beds", 4),
    ("Superior Room with City View", 1.5, 24, "1 queen bed", 2),
)
_FIRST = ("Ana", "Lukas", "Mei", "Tomás", "Sofia", "James", "Priya", "Oliver", "Chloé", "Mateo", "Hannah", "Kenji",
          "Fatima", "Erik", "Nora", "Diego", "Ingrid", "Samuel", "Aisha", "Marco", "Julia", "Hugo", "Leila", "Ravi")
_COUNTRIES = ("Germany", "United States", "France", "Japan", "Brazil", "Canada", "Spain", "India", "Sweden",
              "Australia", "Italy", "Netherlands", "South Korea", "Mexico", "Ireland", "Poland")
_GOOD = ("Spotless room and very friendly staff.", "The breakfast was excellent, lots of fresh fruit.",
         "Perfect location, everything within walking distance.", "Quiet at night and the bed was very comfortable.",
         "Staff helped us book a great dinner nearby.", "Lovely view from the balcony.",
         "Check-in was quick and the lobby is beautiful.", "Great value for the price.")
_BAD = ("The walls are a bit thin.", "WiFi was slow in the evenings.", "The shower pressure could be better.",
        "Breakfast ends early at 10.", "The room was smaller than expected.", "Street noise on weekend nights.",
        "Elevator was out of order for a day.", "Parking is expensive.")
DISLIKE_KEYWORDS: dict[str, str] = {  # what each complaint is about, in the word a guest's summary would use
    "The walls are a bit thin.": "walls", "WiFi was slow in the evenings.": "WiFi",
    "The shower pressure could be better.": "shower", "Breakfast ends early at 10.": "ends early",
    "The room was smaller than expected.": "smaller", "Street noise on weekend nights.": "noise",
    "Elevator was out of order for a day.": "elevator", "Parking is expensive.": "parking",
}


def score_word(score: float) -> str:
    """The word shown next to a review score, like real booking sites."""
    for floor, word in ((9.0, "Superb"), (8.5, "Excellent"), (8.0, "Very good"), (7.0, "Good")):
        if score >= floor:
            return word
    return "Pleasant"


@dataclass(frozen=True)
class Room:
    name: str
    price: int          # per night, USD
    size_m2: int
    beds: str
    sleeps: int
    free_cancellation: bool
    breakfast: bool


@dataclass(frozen=True)
class Review:
    author: str
    country: str
    score: float
    stayed: date
    title: str
    liked: str
    disliked: str


@dataclass(frozen=True)
class Hotel:
    id: str
    name: str
    city: str
    country: str
    district: str
    stars: int
    score: float
    review_count: int
    price: int           # cheapest room, per night, USD
    distance_km: float
    free_cancellation: bool
    amenities: tuple[str, ...]
    seed: int

    @property
    def score_word(self) -> str:
        return score_word(self.score)

    @property
    def rooms(self) -> tuple[Room, ...]:
        return _rooms(self)

    @property
    def reviews(self) -> tuple[Review, ...]:
        return _reviews(self)


def _make_hotels() -> tuple[Hotel, ...]:
    rng = random.Random(20260512)
    hotels: list[Hotel] = []
    used: set[str] = set()
    for city, country, level, districts in CITIES:
        for _ in range(20):
            while True:
                if rng.random() < 0.5:
                    name = f"{rng.choice(_PREFIX)} {rng.choice(_WORDS)}"
                else:
                    name = f"{rng.choice(_WORDS)} {rng.choice(_SUFFIX)}"
                if name not in used:
                    used.add(name)
                    break
            stars = rng.choices([2, 3, 4, 5], weights=[2, 5, 5, 2])[0]
            score = round(min(9.8, max(6.0, rng.gauss(7.2 + 0.35 * stars, 0.6))), 1)
            price = int(round((38 + stars * 34) * level * rng.uniform(0.75, 1.35)))
            amen = tuple(sorted(rng.sample(AMENITIES, rng.randint(4, 9)), key=AMENITIES.index))
            hotels.append(Hotel(
                id=slugify(f"{name}-{city}"), name=name, city=city, country=country,
                district=rng.choice(districts), stars=stars, score=score,
                review_count=rng.randint(40, 3200), price=price,
                distance_km=round(rng.uniform(0.2, 6.5), 1), free_cancellation=rng.random() < 0.55,
                amenities=amen, seed=rng.randint(0, 10**9)))
    return tuple(hotels)


HOTELS: tuple[Hotel, ...] = _make_hotels()
HOTEL_BY_ID = {h.id: h for h in HOTELS}
CITY_NAMES = tuple(c[0] for c in CITIES)


@lru_cache(maxsize=512)
def _rooms(hotel: Hotel) -> tuple[Room, ...]:
    rng = random.Random(hotel.seed)
    kinds = sorted(rng.sample(ROOM_TYPES, rng.randint(2, 4)), key=lambda k: k[1])
    rooms = []
    for i, (name, factor, size, beds, sleeps) in enumerate(kinds):
        # the first (cheapest) room costs exactly the hotel's "from" price shown in the results
        price = hotel.price if i == 0 else int(round(hotel.price * factor * rng.uniform(1.02, 1.12)))
        rooms.append(Room(name, price, size + rng.randint(-2, 4), beds, sleeps,
                          hotel.free_cancellation if i == 0 else rng.random() < 0.5,
                          "Breakfast included" in hotel.amenities))
    return tuple(rooms)


@lru_cache(maxsize=512)
def _reviews(hotel: Hotel) -> tuple[Review, ...]:
    rng = random.Random(hotel.seed + 1)
    out = []
    for _ in range(rng.randint(12, 22)):
        score = round(min(10.0, max(4.0, rng.gauss(hotel.score, 0.9))), 1)
        stayed = TODAY - timedelta(days=rng.randint(5, 400))
        out.append(Review(rng.choice(_FIRST), rng.choice(_COUNTRIES), score, stayed,
                          score_word(score) if score >= 7 else "Okay stay",
                          rng.choice(_GOOD), rng.choice(_BAD)))
    out.sort(key=lambda r: r.stayed, reverse=True)
    return tuple(out)


SORTS: dict[str, str] = {
    "popularity": "Our top picks",
    "price": "Price (lowest first)",
    "price_desc": "Price (highest first)",
    "score": "Review score (highest first)",
    "stars": "Stars (highest first)",
    "distance": "Distance from centre",
}


@dataclass(frozen=True)
class Filters:
    city: str = ""
    stars: tuple[int, ...] = ()
    min_price: int | None = None
    max_price: int | None = None
    min_score: float | None = None
    free_cancellation: bool = False
    sort: str = "popularity"


def search(f: Filters) -> list[Hotel]:
    """Hotels in `f.city` passing the filters, in the chosen sort order (ties by name)."""
    city = f.city.strip().lower()
    hits = [h for h in HOTELS if not city or h.city.lower() == city or city in h.city.lower()]
    if f.stars:
        hits = [h for h in hits if h.stars in f.stars]
    if f.min_price is not None:
        hits = [h for h in hits if h.price >= f.min_price]
    if f.max_price is not None:
        hits = [h for h in hits if h.price <= f.max_price]
    if f.min_score is not None:
        hits = [h for h in hits if h.score >= f.min_score]
    if f.free_cancellation:
        hits = [h for h in hits if h.free_cancellation]
    keys = {
        "popularity": lambda h: (-h.review_count * h.score, h.name),
        "price": lambda h: (h.price, h.name),
        "price_desc": lambda h: (-h.price, h.name),
        "score": lambda h: (-h.score, h.name),
        "stars": lambda h: (-h.stars, h.price, h.name),
        "distance": lambda h: (h.distance_km, h.name),
    }
    return sorted(hits, key=keys.get(f.sort, keys["popularity"]))


def nights(checkin: date | None, checkout: date | None) -> int:
    if checkin is None or checkout is None:
        return 1
    return max(1, (checkout - checkin).days)
