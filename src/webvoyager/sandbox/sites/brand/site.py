"""Lumen: a consumer-electronics brand's store site with product lines, tech specs, a compare tool, a
configurator, a bag, a store finder and repair prices.

Served at http://brand.localhost:<port>/.

Widgets that make it hard for an agent: a top navigation whose product menus open on hover (flyouts),
long product and tech-specs pages, a compare page where two or three models are picked from
dropdowns and the side-by-side table is drawn by script, a configurator ("Buy") whose options are
tiles (role=radio) with compatibility rules (some tiles become unavailable, a choice can reset a later
one) and a live total in a sticky bar, an optional care plan, a trade-in step whose estimate loads
late from a slow endpoint, a bag kept in localStorage under the key "bag" (JSON), an accessories
list with a category menu, a compatibility dropdown, a sort dropdown and paging (each accessory has its
own page), a store finder by
city or ZIP code, and repair prices per model chosen from a dropdown.
"""

from __future__ import annotations

import json
import threading

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.brand import data
from webvoyager.sandbox.web import Request, Response, Site

TRADE_IN_DELAY_S = 0.7
"""Simulated latency of the trade-in estimate: the credit appears only after it answers."""

_never = threading.Event()   # waiting on an Event nobody sets: an interruptible delay in the fake backend


def _js(value: object) -> str:
    """JSON for a <script type="application/json"> block (no closing tag can end it early)."""
    return json.dumps(value).replace("</", "<\\/")


class BrandSite(Site):
    name = "brand"
    title = "Lumen"
    paper_site = "Apple"

    def setup(self) -> None:
        data.accessories()
        data.stores()
        self.env.globals.update(
            lines=data.LINES, line_names=data.LINE_NAMES, line_titles=data.LINE_TITLES, money=data.money,
            line_models=data.line_models, families=data.FAMILIES, acc_categories=data.ACC_CATEGORIES,
            slugify=data.slugify)
        self.route("/", self.home)
        for line in data.LINES:
            self.route(f"/{line}", self.line_page)
        self.route("/compare", self.compare)
        self.route("/buy/<slug>", self.buy)
        self.route("/bag", self.bag)
        self.route("/accessories", self.accessories)
        self.route("/accessories/<slug>", self.accessory)
        self.route("/stores", self.stores)
        self.route("/stores/<slug>", self.store)
        self.route("/support", self.support)
        self.route("/support/repair", self.repair)
        self.route("/trade-in", self.trade_in)
        self.route("/search", self.search)
        self.route("/api/tradein", self.api_tradein)
        # last: the generic product patterns must not shadow /stores/<slug>, /buy/<slug>, /support/repair
        self.route("/<line>/<slug>", self.product)
        self.route("/<line>/<slug>/specs", self.specs)

    # pages ---------------------------------------------------------------------------------------

    def home(self, request: Request) -> Response:
        return self.render("home.html", m=data.model)

    def line_page(self, request: Request) -> Response:
        line = request.path.strip("/")
        fams = [f for f in data.FAMILIES if f.line == line]
        return self.render("line.html", line=line, models=data.line_models(line), fams=fams)

    def _model(self, request: Request) -> data.Model | None:
        m = data.models_by_slug().get(request.params["slug"])
        return m if m is not None and m.line == request.params["line"] else None

    def product(self, request: Request) -> Response:
        m = self._model(request)
        if m is None:
            return Response.not_found("product")
        siblings = [x for x in data.line_models(m.line) if x.slug != m.slug]
        return self.render("product.html", m=m, siblings=siblings, fam=data.family(m.family))

    def specs(self, request: Request) -> Response:
        m = self._model(request)
        if m is None:
            return Response.not_found("product")
        return self.render("specs.html", m=m, fam=data.family(m.family))

    def compare(self, request: Request) -> Response:
        line = request.arg("line") if request.arg("line") in data.LINES else "phones"
        models = data.line_models(line)
        slugs = [m.slug for m in models]
        picks = [request.arg(k) if request.arg(k) in slugs else "" for k in ("m1", "m2", "m3")]
        if not picks[0]:
            picks[0] = slugs[0]
        if not picks[1]:
            picks[1] = slugs[1] if len(slugs) > 1 else ""
        payload = {m.slug: {"name": m.name, "url": m.url, "buy": f"/buy/{m.family}", "specs": m.specs()} for m in models}
        labels: list[str] = []
        for m in models:
            for label, _ in m.specs():
                if label not in labels:
                    labels.append(label)
        return self.render("compare.html", line=line, models=models, picks=picks,
                           payload=_js({"models": payload, "rows": labels}))

    def buy(self, request: Request) -> Response:
        fam = data.families_by_slug().get(request.params["slug"])
        if fam is None:
            return Response.not_found("product")
        trade_devices = {line: [{"slug": d.slug, "name": d.name} for d in data.devices_of(line)]
                         for line in data.trade_in_lines()}
        start = data.resolve(fam, {"size": request.arg("size")} if request.arg("size") else {})
        return self.render("buy.html", fam=fam, start=start, fam_json=_js(data.family_json(fam)),
                           trade_json=_js(trade_devices), conditions=data.CONDITIONS,
                           from_prices={o.id: data.from_price(fam.slug, o.id) for o in fam.group("size").options})

    def bag(self, request: Request) -> Response:
        return self.render("bag.html")

    def accessories(self, request: Request) -> Response:
        cat = request.arg("cat") if request.arg("cat") in data.ACC_CATEGORIES else ""
        compat = request.arg("compat") if request.arg("compat") in data.models_by_slug() else ""
        sort = request.arg("sort") if request.arg("sort") in data.ACC_SORTS else "featured"
        found = data.accessories_search(cat, compat, sort)
        page = kit.paginate(found, request.arg("page"), data.PAGE_SIZE)
        link = kit.query_link("/accessories", {"cat": cat, "compat": compat, "sort": "" if sort == "featured" else sort,
                                               "page": ""}, omit=kit.BLANK_OR_FIRST)
        return self.render("accessories.html", cat=cat, compat=compat, sort=sort, sorts=data.ACC_SORTS, found=found,
                           shown=page.items, page=page.number, pages=page.count, link=link, models=data.MODELS,
                           first=page.first,
                           acc_json=_js({a.id: {"name": a.name, "price": a.price} for a in page.items}))

    def accessory(self, request: Request) -> Response:
        a = data.accessories_by_slug().get(request.params["slug"])
        if a is None:
            return Response.not_found("accessory")
        fits = [m for m in data.MODELS if m.slug in a.compatible]
        return self.render("accessory.html", a=a, fits=fits, acc_json=_js({a.id: {"name": a.name, "price": a.price}}))

    def stores(self, request: Request) -> Response:
        q = request.arg("q").strip()
        place, near = data.stores_near(q) if q else (None, [])
        states: dict[str, list[data.Store]] = {}
        for s in sorted(data.stores(), key=lambda s: (s.place.state, s.place.name, s.name)):
            states.setdefault(s.place.state, []).append(s)
        return self.render("stores.html", q=q, place=place, near=near, states=states, today_name=TODAY.strftime("%A"))

    def store(self, request: Request) -> Response:
        s = data.store(request.params["slug"])
        if s is None:
            return Response.not_found("store")
        return self.render("store.html", s=s, special=data.SPECIAL_DAY)

    def support(self, request: Request) -> Response:
        return self.render("support.html", topics=data.SUPPORT_TOPICS)

    def repair(self, request: Request) -> Response:
        line = request.arg("line") if request.arg("line") in data.LINES else "phones"
        dev = data.device(request.arg("model"))
        if dev is not None:
            line = dev.line
        return self.render("repair.html", line=line, devices=data.devices_of(line), dev=dev,
                           prices=data.repair_prices(dev.slug) if dev else [])

    def trade_in(self, request: Request) -> Response:
        line = request.arg("line") if request.arg("line") in data.trade_in_lines() else "phones"
        rows = [(d, data.trade_in_value(d.slug, "good")) for d in data.devices_of(line)]
        return self.render("tradein.html", line=line, rows=rows, tlines=data.trade_in_lines())

    def search(self, request: Request) -> Response:
        q = request.arg("q").strip()
        words = [w for w in q.lower().split() if w]
        models, accs, stores = [], [], []
        if words:
            models = [m for m in data.MODELS if all(w in (m.name + " " + m.line).lower() for w in words)]
            accs = [a for a in data.accessories() if all(w in (a.name + " " + a.category).lower() for w in words)]
            stores = [s for s in data.stores() if all(w in (s.name + " " + s.city_line).lower() for w in words)]
        return self.render("search.html", q=q, models=models, accs=accs[:30], acc_total=len(accs), found_stores=stores)

    # api -----------------------------------------------------------------------------------------

    def api_tradein(self, request: Request) -> Response:
        dev = data.device(request.arg("device"))
        cond = request.arg("condition")
        if dev is None or cond not in data.CONDITION_SHARE or dev.line not in data.trade_in_lines():
            return Response.json({"error": "unknown device or condition"}, status=404)
        _never.wait(TRADE_IN_DELAY_S)
        return Response.json({"device": dev.name, "condition": cond, "credit": data.trade_in_value(dev.slug, cond)})


SITE = BrandSite
