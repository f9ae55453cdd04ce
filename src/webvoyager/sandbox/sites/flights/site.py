"""Wayfare Flights: a flight search site with autocomplete, a calendar date picker and late results.

Pages: home (search form), /search (results fetched by JS from /api/flights after a simulated
backend delay; sort and filters run in the page and are mirrored into the URL), /booking (review of
the chosen flights), /airports (directory). Flights come from `data.flights_for`.
"""

from __future__ import annotations

import threading
from urllib.parse import urlencode

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.flights.data import (
    AIRLINES, AIRPORT_BY_CODE, AIRPORTS, CABINS, Flight, flight_by_id, flights_for, parse_day, search_airports,
)
from webvoyager.sandbox.web import Request, Response, Site

# The flights API answers after this delay, so results appear well after the page's load event
# (the "page that loads its content late" of the benchmark). Waiting on an Event nobody sets is a
# plain, interruptible delay inside the simulated backend; the agent side never sleeps.
API_DELAY_S = 0.6
_never = threading.Event()


def _airport_code(req: Request, field: str) -> str:
    """The airport code of a search field: the hidden code, else the best match for the typed text."""
    code = req.arg(field).strip().upper()
    if code in AIRPORT_BY_CODE:
        return code
    hits = search_airports(req.arg(f"{field}_text") or req.arg(field))
    return hits[0].code if hits else ""


class FlightsSite(Site):
    name = "flights"
    title = "Wayfare Flights"
    paper_site = "Google Flights"

    def setup(self) -> None:
        self.env.globals.update(today=TODAY.isoformat(), cabins=CABINS)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/booking", self.booking)
        self.route("/airports", self.airports)
        self.route("/api/airports", self.api_airports)
        self.route("/api/flights", self.api_flights)

    def home(self, req: Request) -> Response:
        popular = [("JFK", "LAX"), ("BOS", "ORD"), ("SFO", "SEA"), ("LHR", "JFK"), ("MIA", "MEX"), ("CDG", "FCO")]
        deals = []
        for o, d in popular:
            day = TODAY.replace(month=6, day=20)
            cheapest = min(flights_for(o, d, day), key=lambda f: f.base_price)
            deals.append((AIRPORT_BY_CODE[o], AIRPORT_BY_CODE[d], day, cheapest.base_price))
        return self.render("home.html", deals=deals, airports=AIRPORT_BY_CODE)

    def search(self, req: Request) -> Response:
        origin, dest = _airport_code(req, "from"), _airport_code(req, "to")
        day, ret = parse_day(req.arg("date")), parse_day(req.arg("return"))
        cabin = req.arg("cabin", "economy") if req.arg("cabin", "economy") in CABINS else "economy"
        pax = max(1, min(9, int(req.arg("pax", "1")) if req.arg("pax", "1").isdigit() else 1))
        error = ""
        if not origin or not dest:
            error = "Choose an origin and a destination airport from the suggestions."
        elif origin == dest:
            error = "Origin and destination must be different airports."
        elif day is None:
            error = "Choose a departure date."
        elif day < TODAY:
            error = "The departure date is in the past. Choose a later date."
        elif ret is not None and ret < day:
            error = "The return date must be on or after the departure date."
        outbound = flight_by_id(req.arg("out")) if req.arg("out") else None
        leg = "return" if (ret is not None and outbound is not None) else "depart"
        params = {"from": origin, "to": dest, "date": req.arg("date"), "cabin": cabin, "pax": str(pax)}
        if ret is not None:
            params["return"] = ret.isoformat()
        return self.render(
            "search.html", error=error, origin=AIRPORT_BY_CODE.get(origin), dest=AIRPORT_BY_CODE.get(dest),
            day=day, ret=ret, cabin=cabin, pax=pax, leg=leg, outbound=outbound, params=params,
            base_query=urlencode(params), airlines=AIRLINES,
        )

    def booking(self, req: Request) -> Response:
        cabin = req.arg("cabin", "economy") if req.arg("cabin", "economy") in CABINS else "economy"
        pax = int(req.arg("pax", "1")) if req.arg("pax", "1").isdigit() else 1
        legs: list[Flight] = [f for f in (flight_by_id(req.arg("flight")), flight_by_id(req.arg("return_flight"))) if f]
        if not legs:
            return Response.not_found("flight")
        total = sum(f.price(cabin) for f in legs) * pax
        return self.render("booking.html", legs=legs, cabin=cabin, pax=pax, total=total, airports=AIRPORT_BY_CODE)

    def airports(self, req: Request) -> Response:
        rows = sorted(AIRPORTS, key=lambda a: (a.country != "United States", a.country, a.city))
        return self.render("airports.html", rows=rows)

    def api_airports(self, req: Request) -> Response:
        return Response.json([{"code": a.code, "city": a.city, "name": a.name, "label": a.label}
                              for a in search_airports(req.arg("q"))])

    def api_flights(self, req: Request) -> Response:
        _never.wait(API_DELAY_S)
        day = parse_day(req.arg("date"))
        cabin = req.arg("cabin", "economy") if req.arg("cabin", "economy") in CABINS else "economy"
        if day is None:
            return Response.json({"error": "bad date"}, status=400)
        flights = flights_for(req.arg("from").upper(), req.arg("to").upper(), day)
        return Response.json([f.to_json(cabin) for f in flights])


SITE = FlightsSite
