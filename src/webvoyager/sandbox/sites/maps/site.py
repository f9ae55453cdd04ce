"""Orbis Maps: a map site for the invented city of Port Calder, with place search, nearby search and
directions for driving, transit, walking and cycling.

Pages: home (categories), /search (results with filter dropdowns and "show more"), /place/<id>
(details with tabs, an hours accordion, a save menu and reviews that load late), /place/<id>/nearby
(a category within a radius, nearest first), /dir (directions with travel-mode tabs, alternatives
and turn-by-turn steps, computed by Dijkstra over the road graph), /saved (saved lists).
Hard widgets: a "Before you continue" consent dialog, search autocomplete (also in the From/To
boxes), custom dropdown menus, an SVG map with zoom/pan buttons, drag and wheel, an inner scrolling
side panel, tabs, an accordion, late-loading reviews, a save menu (localStorage) and a share modal.
Every view is in the URL, so a directions link can be shared.
"""

from __future__ import annotations

import threading
from urllib.parse import urlencode

from webvoyager.sandbox import kit
from webvoyager.sandbox.sites.maps import data
from webvoyager.sandbox.sites.maps.mapview import MapLayers, Pin, base_layers, place_pins, route_points
from webvoyager.sandbox.sites.maps.routing import MODE_LABELS
from webvoyager.sandbox.web import Request, Response, Site

CONSENT = kit.Consent("orbis_consent")
REVIEWS_DELAY_S = 0.7
"""Simulated latency of the reviews endpoint (the reviews tab fills in late)."""
_never = threading.Event()
RATINGS = {"3.5": "3.5+ stars", "4": "4.0+ stars", "4.5": "4.5+ stars"}
PRICES = {"1": "$ · Inexpensive", "2": "$$ · Moderate", "3": "$$$ · Expensive", "4": "$$$$ · Very expensive"}
CHIPS = ("restaurant", "cafe", "bar", "pharmacy", "museum", "park", "hotel", "gas", "supermarket", "bakery")


def _slug_area(name: str) -> str:
    return data.slugify(name)


AREAS = {_slug_area(n): n for n in data.DISTRICT_NAMES}


class MapsSite(Site):
    name = "maps"
    title = "Orbis Maps"
    paper_site = "Google Map"

    def setup(self) -> None:
        data.places()
        base_layers()
        self.env.globals.update(base=base_layers, now_text=data.NOW_TEXT, categories=data.CATEGORIES,
                                cat_by_key=data.CATEGORY_BY_KEY, status=data.status, status_text=data.status_text,
                                mode_labels=MODE_LABELS, fmt_distance=data.fmt_distance)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/place/<pid>", self.place)
        self.route("/place/<pid>/nearby", self.nearby)
        self.route("/dir", self.directions)
        self.route("/saved", self.saved)
        self.route("/api/suggest", self.api_suggest)
        self.route("/api/reviews/<pid>", self.api_reviews)
        self.route("/api/names", self.api_names)

    def page(self, req: Request, template: str, layers: MapLayers, **ctx: object) -> Response:
        return self.render(template, consent=CONSENT.pending(req), layers=layers, **ctx)

    # ----- pages --------------------------------------------------------------------------------

    def home(self, req: Request) -> Response:
        popular = sorted(data.places(), key=lambda p: -p.reviews_count)[:8]
        chips = [data.CATEGORY_BY_KEY[k] for k in CHIPS]
        layers = MapLayers(fit=base_layers()["bounds"])  # type: ignore[arg-type]
        return self.page(req, "home.html", layers, popular=popular, chips=chips)

    def search(self, req: Request) -> Response:
        q = req.arg("q").strip()
        area = AREAS.get(req.arg("area"))
        open_now = req.arg("open") == "1"
        rating = req.arg("rating") if req.arg("rating") in RATINGS else ""
        price = req.arg("price") if req.arg("price") in PRICES else ""
        sort = req.arg("sort") if req.arg("sort") in data.SORTS else "relevance"
        shown = int(req.arg("shown")) if req.arg("shown").isdigit() else data.PAGE_SIZE
        shown = max(data.PAGE_SIZE, min(400, shown))
        found = data.search(q, area, open_now, float(rating) if rating else None, int(price) if price else None, sort)
        visible = found[:shown]
        state = {"q": q, "area": req.arg("area") if area else "", "open": "1" if open_now else "",
                 "rating": rating, "price": price, "sort": "" if sort == "relevance" else sort}
        link = kit.query_link("/search", state, always_mark=True)

        def place_href(p: data.Place) -> str:
            return f"/place/{p.id}?" + urlencode({"q": link()[len('/search?'):]})

        layers = MapLayers(fit=data.map_extent([(p.x, p.y) for p in visible]),
                           pins=place_pins(visible, place_href))
        return self.page(req, "search.html", layers, q=q, found=found, visible=visible, link=link,
                         place_href=place_href, area=area, areas=AREAS, open_now=open_now, rating=rating,
                         ratings=RATINGS, price=price, prices=PRICES, sort=sort, sorts=data.SORTS, shown=shown)

    def place(self, req: Request) -> Response:
        p = data.place_by_id(req.params["pid"])
        if p is None:
            return Response.not_found("place")
        back = req.arg("q")
        tab = req.arg("tab") if req.arg("tab") in ("overview", "reviews", "about") else "overview"
        layers = MapLayers(fit=data.map_extent([(p.x, p.y)], pad=450),
                           pins=[Pin(p.x, p.y, "", p.name, f"/place/{p.id}", kind="origin")])
        state, detail = data.status(p)
        return self.page(req, "place.html", layers, p=p, back=back, tab=tab, state=state, detail=detail,
                         week=data.week_hours(p), cat=data.CATEGORY_BY_KEY[p.category])

    def nearby(self, req: Request) -> Response:
        origin = data.place_by_id(req.params["pid"])
        if origin is None:
            return Response.not_found("place")
        cat = req.arg("cat") if req.arg("cat") in data.CATEGORY_BY_KEY else ""
        radius = int(req.arg("radius")) if req.arg("radius").isdigit() and int(req.arg("radius")) in data.RADII else 1000
        open_now = req.arg("open") == "1"
        rows = data.nearby(origin, cat, radius, open_now) if cat else []
        link = kit.query_link(f"/place/{origin.id}/nearby", {"cat": cat, "radius": str(radius),
                                                             "open": "1" if open_now else ""}, always_mark=True)

        pins = [Pin(origin.x, origin.y, "", origin.name, f"/place/{origin.id}", kind="origin")]
        pins += [Pin(p.x, p.y, str(i + 1), p.name, f"/place/{p.id}") for i, (p, _) in enumerate(rows)]
        pad = radius + 120
        layers = MapLayers(fit=(origin.x - pad, origin.y - pad, 2 * pad, 2 * pad), pins=pins,
                           circle=(origin.x, origin.y, radius))
        return self.page(req, "nearby.html", layers, origin=origin, cat=cat, radius=radius, radii=data.RADII,
                         open_now=open_now, rows=rows, link=link, chips=[data.CATEGORY_BY_KEY[k] for k in CHIPS])

    def directions(self, req: Request) -> Response:
        mode = req.arg("mode") if req.arg("mode") in MODE_LABELS else "drive"
        src = data.place_by_id(req.arg("from")) or data.resolve_place(req.arg("from_text"))
        dst = data.place_by_id(req.arg("to")) or data.resolve_place(req.arg("to_text"))
        avoid = req.arg("avoid") == "highways" and mode == "drive"
        error = ""
        routes: tuple[data.Route, ...] = ()
        if (req.arg("from_text") and src is None) or (req.arg("to_text") and dst is None):
            error = "We couldn't find that place. Pick one of the suggestions as you type."
        elif src and dst and src.id == dst.id:
            error = "The starting point and the destination are the same place."
        elif src and dst:
            routes = data.directions(src.id, dst.id, mode, avoid)
            if not routes:
                error = f"No {MODE_LABELS[mode].lower()} route could be found between these places."
        idx = int(req.arg("route")) if req.arg("route").isdigit() else 0
        idx = idx if idx < len(routes) else 0
        params = {"from": src.id if src else "", "to": dst.id if dst else "", "mode": mode,
                  "avoid": "highways" if avoid else ""}
        link = kit.query_link("/dir", params, always_mark=True)

        pins = [Pin(pl.x, pl.y, lab, pl.name, f"/place/{pl.id}", kind=k)
                for pl, lab, k in ((src, "A", "start"), (dst, "B", "end")) if pl]
        order = [i for i in range(len(routes)) if i != idx] + ([idx] if routes else [])
        layers = MapLayers(fit=data.map_extent([(pn.x, pn.y) for pn in pins] +
                                               ([pt for r in routes for pt in r.points()] if routes else [])),
                           pins=pins, routes=[(route_points(routes[i]), i == idx) for i in order],
                           show_transit=mode == "transit")
        host = req.headers.get("host", "maps.localhost")
        share = f"http://{host}{link(route=str(idx) if idx else '')}"
        return self.page(req, "directions.html", layers, src=src, dst=dst, mode=mode, routes=routes, idx=idx,
                         error=error, link=link, avoid=avoid, share=share, modes=MODE_LABELS)

    def saved(self, req: Request) -> Response:
        layers = MapLayers(fit=base_layers()["bounds"])  # type: ignore[arg-type]
        return self.page(req, "saved.html", layers)

    # ----- JSON endpoints ----------------------------------------------------------------------------

    def api_suggest(self, req: Request) -> Response:
        items = data.suggest(req.arg("q"))
        if req.arg("places") == "1":
            items = [i for i in items if i["kind"] == "place"]
        return Response.json({"suggestions": items})

    def api_reviews(self, req: Request) -> Response:
        p = data.place_by_id(req.params["pid"])
        if p is None:
            return Response.json({"error": "no such place"}, status=404)
        _never.wait(REVIEWS_DELAY_S)
        order = req.arg("sort") if req.arg("sort") in ("relevant", "newest", "highest", "lowest") else "relevant"
        return Response.json({
            "rating": p.rating, "count": p.reviews_count,
            "reviews": [{"author": r.author, "stars": r.stars, "date": r.date_text, "text": r.text}
                        for r in data.sorted_reviews(p, order)],
        })

    def api_names(self, req: Request) -> Response:
        out = {}
        for pid in req.arg("ids").split(","):
            p = data.place_by_id(pid)
            if p:
                out[pid] = {"name": p.name, "label": p.label, "address": p.address, "district": p.district}
        return Response.json(out)


SITE = MapsSite
