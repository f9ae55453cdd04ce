"""Nestaway: a hotel booking site with a calendar, a custom guests dropdown, filters, sort, paging,
room-detail and photo modals, and a scrollable panel of guest reviews.

Pages: home (search box), /search (server-side filters, sort and pagination, all in the URL),
/hotel/<id> (details, rooms, reviews), /book (reservation review), /book/confirm (confirmation).
"""

from __future__ import annotations

import zlib
from datetime import date, timedelta
from urllib.parse import urlencode

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.hotels.data import (
    CITIES, HOTEL_BY_ID, HOTELS, SORTS, Filters, Hotel, Room, nights, search,
)
from webvoyager.sandbox.web import Request, Response, Site

PAGE_SIZE = 10
SCORE_FILTERS = {"9": "Superb: 9+", "8.5": "Excellent: 8.5+", "8": "Very good: 8+", "7": "Good: 7+"}


def _int(text: str, default: int | None, lo: int = 0, hi: int = 10**6) -> int | None:
    try:
        return max(lo, min(hi, int(text)))
    except ValueError:
        return default


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


class Stay:
    """The trip the visitor searches for: dates and party, carried from page to page in the URL."""

    def __init__(self, req: Request) -> None:
        self.checkin = _day(req.arg("checkin"))
        self.checkout = _day(req.arg("checkout"))
        if self.checkin and (self.checkout is None or self.checkout <= self.checkin):
            self.checkout = self.checkin + timedelta(days=1)
        self.adults = _int(req.arg("adults"), 2, 1, 30) or 2
        self.children = _int(req.arg("children"), 0, 0, 10) or 0
        self.rooms = _int(req.arg("rooms"), 1, 1, 10) or 1

    @property
    def nights(self) -> int:
        return nights(self.checkin, self.checkout)

    def params(self) -> dict[str, str]:
        out = {"adults": str(self.adults), "children": str(self.children), "rooms": str(self.rooms)}
        if self.checkin and self.checkout:
            out.update(checkin=self.checkin.isoformat(), checkout=self.checkout.isoformat())
        return out

    @property
    def party(self) -> str:
        kids = f", {self.children} child{'ren' if self.children != 1 else ''}" if self.children else ""
        return f"{self.adults} adult{'s' if self.adults != 1 else ''}{kids}, {self.rooms} room{'s' if self.rooms != 1 else ''}"

    def dates_text(self) -> str:
        if not (self.checkin and self.checkout):
            return "Add dates to see the total price"
        fmt = "%a, %b %d"
        return f"{self.checkin.strftime(fmt)} – {self.checkout.strftime(fmt)} · {self.nights} night{'s' if self.nights != 1 else ''}"


class HotelsSite(Site):
    name = "hotels"
    title = "Nestaway"
    paper_site = "Booking"

    def setup(self) -> None:
        self.env.globals.update(today=TODAY.isoformat(), cities=CITIES)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/hotel/<hotel_id>", self.hotel)
        self.route("/book", self.book)
        self.route("/book/confirm", self.confirm, methods=("POST",))

    def home(self, req: Request) -> Response:
        counts = {c[0]: sum(1 for h in HOTELS if h.city == c[0]) for c in CITIES}
        return self.render("home.html", stay=Stay(req), city="", counts=counts)

    def search(self, req: Request) -> Response:
        stay = Stay(req)
        city = req.arg("city").strip()
        stars = tuple(sorted({s for s in (_int(v, None, 1, 5) for v in req.args("stars")) if s}, reverse=True))
        score = req.arg("score") if req.arg("score") in SCORE_FILTERS else ""
        sort = req.arg("sort") if req.arg("sort") in SORTS else "popularity"
        filters = Filters(city=city, stars=stars, min_price=_int(req.arg("min_price"), None),
                          max_price=_int(req.arg("max_price"), None), min_score=float(score) if score else None,
                          free_cancellation=req.arg("free_cancel") == "1", sort=sort)
        hits = search(filters)
        page = kit.paginate(hits, req.arg("page"), PAGE_SIZE)
        # links keep every current parameter except the ones they change, which go last
        current = [(k, v) for k, vs in req.query_all.items() for v in vs if k not in ("page",)]

        def link(**change: str) -> str:
            keep = [(k, v) for k, v in current if k not in change]
            return kit.query_url("/search", keep + [(k, v) for k, v in change.items() if v], omit=(),
                                 always_mark=True)

        return self.render("search.html", stay=stay, city=city, hits=page.items, total=len(hits), page=page.number,
                           pages=page.count, filters=filters, score=score, sorts=SORTS,
                           score_filters=SCORE_FILTERS, link=link, stay_query=urlencode(stay.params()))

    def hotel(self, req: Request) -> Response:
        hotel = HOTEL_BY_ID.get(req.params["hotel_id"])
        if hotel is None:
            return Response.not_found("hotel")
        stay = Stay(req)
        similar = [h for h in search(Filters(city=hotel.city, sort="score")) if h.id != hotel.id][:3]
        return self.render("hotel.html", hotel=hotel, stay=stay, stay_query=urlencode(stay.params()),
                           similar=similar)

    def _booking(self, req: Request) -> tuple[Hotel, Room, Stay] | None:
        hotel = HOTEL_BY_ID.get(req.arg("hotel"))
        if hotel is None:
            return None
        idx = _int(req.arg("room"), 0, 0, len(hotel.rooms) - 1) or 0
        return hotel, hotel.rooms[idx], Stay(req)

    def book(self, req: Request) -> Response:
        found = self._booking(req)
        if found is None:
            return Response.not_found("hotel")
        hotel, room, stay = found
        total = room.price * stay.nights * stay.rooms
        return self.render("book.html", hotel=hotel, room=room, stay=stay, total=total,
                           query=urlencode([(k, v) for k, v in req.query.items()]))

    def confirm(self, req: Request) -> Response:
        found = self._booking(req)
        if found is None:
            return Response.not_found("hotel")
        hotel, room, stay = found
        name = req.form.get("guest_name", "").strip()
        if not name:
            return Response.redirect("/book?" + urlencode(req.query) + "&error=name")
        total = room.price * stay.nights * stay.rooms
        code = f"NA{zlib.crc32(f'{hotel.id}|{name}|{stay.checkin}'.encode()) % 900000 + 100000}"
        resp = self.render("confirm.html", hotel=hotel, room=room, stay=stay, total=total, name=name, code=code)
        resp.set_cookies["last_booking"] = hotel.id
        return resp


SITE = HotelsSite
