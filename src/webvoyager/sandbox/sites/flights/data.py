"""Deterministic flight data for the flights site: airports, airlines and per-day schedules.

Schedules are not stored: the flights for (origin, destination, date) are generated on demand from a
random generator seeded with those three values, so every page and every test sees the same flights.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY


@dataclass(frozen=True)
class Airport:
    code: str
    city: str
    name: str
    country: str
    lat: float
    lon: float

    @property
    def label(self) -> str:
        """How the autocomplete and the results show the airport."""
        return f"{self.city} – {self.name} ({self.code})"


@dataclass(frozen=True)
class Airline:
    code: str
    name: str
    price_factor: float


@dataclass(frozen=True)
class Flight:
    id: str
    origin: str
    destination: str
    day: date
    airline: Airline
    number: str
    depart_min: int      # minutes after midnight, local
    duration_min: int
    stops: int
    via: tuple[str, ...]
    base_price: int      # economy, per person, USD

    @property
    def arrive_min(self) -> int:
        return self.depart_min + self.duration_min

    def price(self, cabin: str) -> int:
        """Per-person price in whole dollars for a cabin class."""
        return int(round(self.base_price * CABINS[cabin][1]))

    @property
    def depart_text(self) -> str:
        return _clock(self.depart_min)

    @property
    def arrive_text(self) -> str:
        extra = self.arrive_min // 1440
        return _clock(self.arrive_min % 1440) + (f" +{extra}" if extra else "")

    @property
    def duration_text(self) -> str:
        return f"{self.duration_min // 60} h {self.duration_min % 60:02d} min"

    @property
    def stops_text(self) -> str:
        return "Nonstop" if self.stops == 0 else f"{self.stops} stop{'s' if self.stops > 1 else ''}"

    @property
    def aircraft(self) -> str:
        """The aircraft type, fixed per flight (derived from its id, not from the schedule's generator)."""
        fleet = LONG_HAUL if self.duration_min - 90 * self.stops > 360 else SHORT_HAUL
        return fleet[zlib.crc32(self.id.encode()) % len(fleet)]

    def to_json(self, cabin: str) -> dict[str, object]:
        origin, destination = AIRPORT_BY_CODE[self.origin], AIRPORT_BY_CODE[self.destination]
        return {
            "id": self.id, "airline": self.airline.name, "airline_code": self.airline.code,
            "number": self.number, "depart": self.depart_text, "arrive": self.arrive_text,
            "depart_min": self.depart_min, "duration_min": self.duration_min,
            "duration": self.duration_text, "stops": self.stops, "stops_text": self.stops_text,
            "via": list(self.via), "price": self.price(cabin), "origin": self.origin,
            "destination": self.destination, "origin_name": origin.name, "destination_name": destination.name,
            "via_cities": {code: AIRPORT_BY_CODE[code].city for code in self.via},
            "aircraft": self.aircraft, "bags": BAGGAGE[cabin],
        }


def _clock(minutes: int) -> str:
    h, m = divmod(minutes, 60)
    suffix = "AM" if h < 12 else "PM"
    return f"{(h % 12) or 12}:{m:02d} {suffix}"


CABINS: dict[str, tuple[str, float]] = {
    "economy": ("Economy", 1.0),
    "premium": ("Premium economy", 1.65),
    "business": ("Business", 3.4),
    "first": ("First", 5.2),
}

BAGGAGE: dict[str, str] = {
    "economy": "1 carry-on bag included; checked bags from $35",
    "premium": "1 carry-on bag and 1 checked bag included",
    "business": "2 checked bags included",
    "first": "3 checked bags included",
}
SHORT_HAUL = ("Airbus A320", "Airbus A321neo", "Boeing 737-800", "Boeing 737 MAX 8", "Embraer E175")
LONG_HAUL = ("Boeing 787-9", "Airbus A350-900", "Boeing 777-300ER", "Airbus A330-300")

AIRPORTS: tuple[Airport, ...] = tuple(Airport(*row) for row in [
    ("ATL", "Atlanta", "Hartsfield-Jackson International", "United States", 33.64, -84.43),
    ("BOS", "Boston", "Logan International", "United States", 42.36, -71.01),
    ("ORD", "Chicago", "O'Hare International", "United States", 41.98, -87.90),
    ("DFW", "Dallas", "Dallas/Fort Worth International", "United States", 32.90, -97.04),
    ("DEN", "Denver", "Denver International", "United States", 39.86, -104.67),
    ("DTW", "Detroit", "Metropolitan Wayne County", "United States", 42.21, -83.35),
    ("HNL", "Honolulu", "Daniel K. Inouye International", "United States", 21.32, -157.92),
    ("IAH", "Houston", "George Bush Intercontinental", "United States", 29.99, -95.34),
    ("LAS", "Las Vegas", "Harry Reid International", "United States", 36.08, -115.15),
    ("LAX", "Los Angeles", "Los Angeles International", "United States", 33.94, -118.41),
    ("MIA", "Miami", "Miami International", "United States", 25.79, -80.29),
    ("MSP", "Minneapolis", "Minneapolis–Saint Paul International", "United States", 44.88, -93.22),
    ("JFK", "New York", "John F. Kennedy International", "United States", 40.64, -73.78),
    ("EWR", "Newark", "Newark Liberty International", "United States", 40.69, -74.17),
    ("MCO", "Orlando", "Orlando International", "United States", 28.43, -81.31),
    ("PHL", "Philadelphia", "Philadelphia International", "United States", 39.87, -75.24),
    ("PHX", "Phoenix", "Sky Harbor International", "United States", 33.43, -112.01),
    ("PDX", "Portland", "Portland International", "United States", 45.59, -122.60),
    ("SLC", "Salt Lake City", "Salt Lake City International", "United States", 40.79, -111.98),
    ("SAN", "San Diego", "San Diego International", "United States", 32.73, -117.19),
    ("SFO", "San Francisco", "San Francisco International", "United States", 37.62, -122.38),
    ("SEA", "Seattle", "Seattle–Tacoma International", "United States", 47.45, -122.31),
    ("YYZ", "Toronto", "Pearson International", "Canada", 43.68, -79.63),
    ("YVR", "Vancouver", "Vancouver International", "Canada", 49.19, -123.18),
    ("MEX", "Mexico City", "Benito Juárez International", "Mexico", 19.44, -99.07),
    ("LHR", "London", "Heathrow", "United Kingdom", 51.47, -0.45),
    ("CDG", "Paris", "Charles de Gaulle", "France", 49.01, 2.55),
    ("FRA", "Frankfurt", "Frankfurt am Main", "Germany", 50.03, 8.56),
    ("AMS", "Amsterdam", "Schiphol", "Netherlands", 52.31, 4.76),
    ("MAD", "Madrid", "Adolfo Suárez Madrid–Barajas", "Spain", 40.49, -3.57),
    ("FCO", "Rome", "Leonardo da Vinci–Fiumicino", "Italy", 41.80, 12.25),
    ("DUB", "Dublin", "Dublin Airport", "Ireland", 53.42, -6.27),
    ("KEF", "Reykjavik", "Keflavík International", "Iceland", 63.98, -22.61),
    ("IST", "Istanbul", "Istanbul Airport", "Turkey", 41.26, 28.74),
    ("DXB", "Dubai", "Dubai International", "United Arab Emirates", 25.25, 55.36),
    ("NRT", "Tokyo", "Narita International", "Japan", 35.77, 140.39),
    ("ICN", "Seoul", "Incheon International", "South Korea", 37.46, 126.44),
    ("SIN", "Singapore", "Changi", "Singapore", 1.36, 103.99),
    ("SYD", "Sydney", "Kingsford Smith", "Australia", -33.94, 151.18),
    ("GRU", "São Paulo", "Guarulhos International", "Brazil", -23.43, -46.47),
])
AIRPORT_BY_CODE = {a.code: a for a in AIRPORTS}

AIRLINES: tuple[Airline, ...] = (
    Airline("NW", "Northwind Air", 1.00),
    Airline("BJ", "Bluejay Airlines", 0.86),
    Airline("SO", "Solstice Airways", 1.12),
    Airline("CV", "Corvid Air", 0.78),
    Airline("MR", "Meridian Airlines", 1.05),
    Airline("PA", "Pacifica", 0.95),
    Airline("TN", "Tern Air", 0.82),
    Airline("AJ", "Aurora Jet", 1.20),
)


def distance_km(a: Airport, b: Airport) -> float:
    """Great-circle distance, which drives durations and prices."""
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dl = math.radians(b.lon - a.lon)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0 * math.acos(max(-1.0, min(1.0, c)))


def search_airports(query: str, limit: int = 6) -> list[Airport]:
    """Airports whose code, city or name match `query` (code and city prefix first)."""
    q = query.strip().lower()
    if not q:
        return []
    def rank(a: Airport) -> int:
        if a.code.lower() == q:
            return 0
        if a.city.lower().startswith(q):
            return 1
        return 2
    hits = [a for a in AIRPORTS if q in a.code.lower() or q in a.city.lower() or q in a.name.lower()]
    return sorted(hits, key=lambda a: (rank(a), a.city))[:limit]


def _date_factor(day: date) -> float:
    """Prices rise close to departure and on Fridays/Sundays, like real fares."""
    ahead = (day - TODAY).days
    near = 1.0 + max(0, 21 - ahead) * 0.025
    weekday = {4: 1.12, 6: 1.15, 1: 0.93, 2: 0.95}.get(day.weekday(), 1.0)
    return near * weekday


@lru_cache(maxsize=2048)
def flights_for(origin: str, destination: str, day: date) -> tuple[Flight, ...]:
    """All flights from `origin` to `destination` departing on `day`, in schedule order."""
    a, b = AIRPORT_BY_CODE.get(origin), AIRPORT_BY_CODE.get(destination)
    if a is None or b is None or a == b or day < TODAY:
        return ()
    rng = random.Random(f"flights:{origin}:{destination}:{day.isoformat()}")
    dist = distance_km(a, b)
    # connections go through the airports that make the smallest detour, like real itineraries
    hubs = sorted((h for h in AIRPORTS if h.code not in (origin, destination)),
                  key=lambda h: distance_km(a, h) + distance_km(h, b))
    hub_codes = [h.code for h in hubs[:6]]
    count = rng.randint(8, 14)
    out: list[Flight] = []
    for _ in range(count):
        airline = rng.choice(AIRLINES)
        stops = rng.choices([0, 1, 2], weights=[5, 4, 1] if dist < 5000 else [2, 5, 2])[0]
        air_min = int(dist / 780 * 60) + 35 + rng.randint(-3, 3) * 5
        layovers = sum(rng.randint(9, 36) * 5 for _ in range(stops))
        duration = air_min + layovers + stops * rng.randint(4, 10) * 5
        depart = rng.randint(60, 275) * 5
        base = (55 + dist * 0.085) * airline.price_factor * _date_factor(day)
        base *= (1.18 if stops == 0 else 1.0 - 0.07 * stops) * rng.uniform(0.85, 1.2)
        out.append(Flight(id="", origin=origin, destination=destination, day=day, airline=airline,
                          number=f"{airline.code} {rng.randint(100, 2999)}", depart_min=depart,
                          duration_min=duration, stops=stops, via=tuple(rng.sample(hub_codes, stops)),
                          base_price=int(round(base))))
    out.sort(key=lambda f: (f.depart_min, f.number))
    stamp = day.strftime("%Y%m%d")
    return tuple(Flight(**{**f.__dict__, "id": f"{origin}-{destination}-{stamp}-{i + 1}"})
                 for i, f in enumerate(out))


def flight_by_id(flight_id: str) -> Flight | None:
    """Look a flight up by its id, e.g. "JFK-LAX-20260615-3"."""
    try:
        origin, destination, stamp, idx = flight_id.split("-")
        day = date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:]))
        return flights_for(origin, destination, day)[int(idx) - 1]
    except (ValueError, IndexError):
        return None


def parse_day(text: str) -> date | None:
    """An ISO date from a query string, or None."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def next_days(start: date, n: int) -> list[date]:
    return [start + timedelta(days=i) for i in range(n)]
