"""Stores with their hours and the store finder, and the support articles."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from webvoyager.sandbox.sites.brand.lineup import SEED, slugify


# ----- stores ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A city or ZIP code the store finder understands, with its coordinates."""

    name: str
    state: str
    zip: str
    lat: float
    lon: float


PLACES: tuple[Place, ...] = (
    Place("San Francisco", "CA", "94103", 37.7725, -122.4091), Place("San Francisco", "CA", "94108", 37.7929, -122.4079),
    Place("Palo Alto", "CA", "94301", 37.4443, -122.1598), Place("San Jose", "CA", "95128", 37.3163, -121.9357),
    Place("Oakland", "CA", "94612", 37.8087, -122.2681), Place("Los Angeles", "CA", "90038", 34.0880, -118.3387),
    Place("Los Angeles", "CA", "90048", 34.0736, -118.3722), Place("Santa Monica", "CA", "90401", 34.0159, -118.4952),
    Place("Pasadena", "CA", "91101", 34.1466, -118.1387), Place("Irvine", "CA", "92618", 33.6631, -117.7420),
    Place("San Diego", "CA", "92101", 32.7190, -117.1628), Place("Seattle", "WA", "98101", 47.6101, -122.3344),
    Place("Bellevue", "WA", "98004", 47.6159, -122.2040), Place("Portland", "OR", "97205", 45.5200, -122.6880),
    Place("Denver", "CO", "80202", 39.7527, -104.9990), Place("Austin", "TX", "78701", 30.2711, -97.7437),
    Place("Dallas", "TX", "75201", 32.7876, -96.7994), Place("Houston", "TX", "77056", 29.7460, -95.4647),
    Place("Chicago", "IL", "60611", 41.8946, -87.6241), Place("Chicago", "IL", "60654", 41.8922, -87.6354),
    Place("Evanston", "IL", "60201", 42.0486, -87.6837), Place("Minneapolis", "MN", "55403", 44.9706, -93.2900),
    Place("Boston", "MA", "02116", 42.3498, -71.0765), Place("Cambridge", "MA", "02138", 42.3770, -71.1167),
    Place("New York", "NY", "10012", 40.7255, -73.9983), Place("New York", "NY", "10022", 40.7589, -73.9680),
    Place("New York", "NY", "10023", 40.7769, -73.9821), Place("Brooklyn", "NY", "11201", 40.6937, -73.9897),
    Place("Hoboken", "NJ", "07030", 40.7440, -74.0324), Place("Philadelphia", "PA", "19103", 39.9518, -75.1710),
    Place("Washington", "DC", "20007", 38.9047, -77.0632), Place("Arlington", "VA", "22202", 38.8623, -77.0601),
    Place("Atlanta", "GA", "30305", 33.8396, -84.3795), Place("Miami", "FL", "33131", 25.7655, -80.1918),
    Place("Orlando", "FL", "32839", 28.4870, -81.4310), Place("Phoenix", "AZ", "85016", 33.5092, -112.0326),
    Place("Las Vegas", "NV", "89109", 36.1215, -115.1697), Place("Salt Lake City", "UT", "84101", 40.7569, -111.8985),
)

STORE_SPECS = (
    # name, place zip, street, weekday open-close (24h), sat, sun, services
    ("Union Square", "94108", "300 Post Street", (10, 20), (10, 20), (11, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Mission Bay", "94103", "1 Channel Plaza", (10, 19), (10, 19), (11, 18), ("Repair Desk", "Pickup")),
    ("University Avenue", "94301", "340 University Avenue", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Valley Fair", "95128", "2855 Stevens Creek Boulevard", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Uptown Oakland", "94612", "2100 Broadway", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("The Grove", "90048", "189 The Grove Drive", (10, 21), (10, 21), (10, 20), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Melrose Place", "90038", "7000 Melrose Avenue", (10, 20), (10, 20), (11, 18), ("Today Sessions", "Pickup")),
    ("Third Street", "90401", "1415 Third Street Promenade", (10, 21), (10, 21), (11, 20), ("Repair Desk", "Pickup")),
    ("Colorado Boulevard", "91101", "54 West Colorado Boulevard", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Irvine Spectrum", "92618", "71 Fortune Drive", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Gaslamp", "92101", "410 Fifth Avenue", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Pickup")),
    ("Pine Street", "98101", "1600 Pine Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Bellevue Square", "98004", "575 Bellevue Square", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Pioneer Place", "97205", "700 SW Fifth Avenue", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Larimer Square", "80202", "1400 Larimer Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Congress Avenue", "78701", "600 Congress Avenue", (10, 20), (10, 20), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Uptown Dallas", "75201", "2500 McKinney Avenue", (10, 20), (10, 20), (12, 18), ("Repair Desk", "Pickup")),
    ("Galleria", "77056", "5085 Westheimer Road", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Michigan Avenue", "60611", "401 North Michigan Avenue", (9, 21), (9, 21), (10, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("River North", "60654", "679 North State Street", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("Sherman Avenue", "60201", "1640 Sherman Avenue", (10, 19), (10, 19), (12, 17), ("Repair Desk",)),
    ("Lake Street", "55403", "1501 West Lake Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Boylston Street", "02116", "815 Boylston Street", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Harvard Square", "02138", "1 Brattle Street", (10, 20), (10, 20), (11, 18), ("Today Sessions", "Pickup")),
    ("SoHo", "10012", "103 Prince Street", (9, 21), (9, 21), (10, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Fifth Avenue", "10022", "767 Fifth Avenue", (8, 23), (8, 23), (9, 22), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Upper West Side", "10023", "1981 Broadway", (10, 20), (10, 20), (11, 19), ("Repair Desk", "Pickup")),
    ("Brooklyn Heights", "11201", "210 Joralemon Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Hoboken Waterfront", "07030", "400 Washington Street", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("Walnut Street", "19103", "1607 Walnut Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Georgetown", "20007", "1229 Wisconsin Avenue NW", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Pentagon Row", "22202", "1101 South Joyce Street", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Buckhead", "30305", "3393 Peachtree Road NE", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Brickell", "33131", "701 South Miami Avenue", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Millenia", "32839", "4200 Conroy Road", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Biltmore", "85016", "2502 East Camelback Road", (10, 21), (10, 21), (11, 18), ("Repair Desk", "Today Sessions")),
    ("The Strip", "89109", "3500 Las Vegas Boulevard South", (10, 23), (10, 23), (10, 22), ("Repair Desk", "Pickup")),
    ("City Creek", "84101", "50 South Main Street", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SPECIAL_DAY = date(2026, 5, 25)     # Memorial Day: stores keep shorter hours


def _clock(h: int) -> str:
    suffix = "a.m." if h < 12 else "p.m."
    hh = h if h <= 12 else h - 12
    return f"{hh}:00 {suffix}"


@dataclass(frozen=True)
class Store:
    slug: str
    name: str
    street: str
    place: Place
    phone: str
    hours: tuple[tuple[str, str], ...]     # (weekday, "10:00 a.m. – 8:00 p.m.")
    special: str
    services: tuple[str, ...]

    @property
    def city_line(self) -> str:
        return f"{self.place.name}, {self.place.state} {self.place.zip}"

    def hours_on(self, weekday: str) -> str:
        return dict(self.hours)[weekday]


@lru_cache(maxsize=1)
def stores() -> tuple[Store, ...]:
    places = {p.zip: p for p in PLACES}
    rng = random.Random(SEED + 1)
    out = []
    for name, zipc, street, week, sat, sun, services in STORE_SPECS:
        hours = tuple((d, f"{_clock(o)} – {_clock(c)}") for d, (o, c) in
                      zip(WEEKDAYS, [week] * 5 + [sat, sun]))
        special = f"Monday, May 25, 2026 (Memorial Day): {_clock(max(week[0], 10))} – {_clock(min(week[1], 18))}"
        phone = f"({rng.randint(201, 989)}) 555-{rng.randint(1000, 9999)}"
        out.append(Store(slugify(name), f"Lumen {name}", street, places[zipc], phone, hours, special, services))
    return tuple(out)


def store(slug: str) -> Store | None:
    return next((s for s in stores() if s.slug == slug), None)


def _miles(a: Place, b: Place) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 3958.8 * 2 * math.asin(math.sqrt(h))


def find_place(query: str) -> Place | None:
    """A ZIP code, or a city name (optionally with ', ST'), the way the store finder reads its box."""
    q = query.strip().lower()
    if not q:
        return None
    for p in PLACES:
        if q == p.zip:
            return p
    city = q.split(",")[0].strip()
    return next((p for p in PLACES if p.name.lower() == city), None) or \
        next((p for p in PLACES if p.name.lower().startswith(city)), None)


def stores_near(query: str, limit: int = 8) -> tuple[Place | None, list[tuple[Store, float]]]:
    """The place found for `query` and the nearest stores with their distance in miles (1 decimal)."""
    place = find_place(query)
    if place is None:
        return None, []
    ranked = sorted(((s, round(_miles(place, s.place), 1)) for s in stores()), key=lambda t: (t[1], t[0].name))
    return place, ranked[:limit]


# ----- support articles ------------------------------------------------------------------------

SUPPORT_TOPICS = (
    ("Check your coverage", "Enter your serial number on the coverage page to see whether your device is still under the one-year limited warranty or LumenCare+."),
    ("Battery service", "If your battery holds less than 80 percent of its original capacity, a battery replacement is free with LumenCare+. Without it, see the repair prices by model."),
    ("Screen cracked?", "Screen repairs take about two hours at a Lumen Store Repair Desk. With LumenCare+ you pay only the service fee shown on the repair prices page."),
    ("Set up your new phone", "Hold your old phone next to the new one and follow the on-screen steps. Your apps, photos and settings move over wirelessly."),
    ("Trade in your device", "Get credit toward a new device. The estimate depends on the model and its condition; the final value is confirmed when we receive the device."),
    ("Return policy", "You can return products bought from Lumen within 14 calendar days of receipt, in their original packaging."),
)
