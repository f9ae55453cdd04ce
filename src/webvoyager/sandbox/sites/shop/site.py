"""Cartwheel: an online shop with search suggestions, filters, a sort select, product tabs, colour and size
pickers and a cart.

Served at http://shop.localhost:<port>/.

Widgets that make it hard for an agent: a search box with an autocomplete dropdown, a native
<select> for sorting, brand/price/rating filters, pagination, product pages with tabs, custom
(div-based, role=listbox) colour and size pickers, an add-to-cart modal, and a cart kept in
localStorage under the key "cart" (JSON), so state checks can read it.
"""

from __future__ import annotations

from webvoyager.sandbox import kit
from webvoyager.sandbox.web import Request, Response, Site
from webvoyager.sandbox.sites.shop import data


class ShopSite(Site):
    name = "shop"
    title = "Cartwheel"
    paper_site = "Amazon"

    def setup(self) -> None:
        data.products()   # generate at startup, not on the first request
        departments = list(data.DEPARTMENTS)
        self.env.globals.update(departments=departments, dept_slug=data.dept_slug, money=lambda x: f"${x:,.2f}")
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/c/<slug>", self.department)
        self.route("/p/<slug>", self.product)
        self.route("/cart", self.cart)
        self.route("/api/suggest", self.suggest)

    def home(self, request: Request) -> Response:
        deals = sorted((p for p in data.products() if p.discount), key=lambda p: (-p.discount, p.id))[:8]
        best = data.search(sort="featured")[:8]
        return self.render("home.html", deals=deals, best=best,
                           dept_counts={d: len(data.search(department=d)) for d in data.DEPARTMENTS})

    def department(self, request: Request) -> Response:
        by_slug = {data.dept_slug(d): d for d in data.DEPARTMENTS}
        name = by_slug.get(request.params["slug"])
        if name is None:
            return Response.not_found("department")
        return self._listing(request, department=name, base=f"/c/{request.params['slug']}")

    def search(self, request: Request) -> Response:
        department = request.arg("dept") if request.arg("dept") in data.DEPARTMENTS else None
        return self._listing(request, department=department, base="/search")

    def _listing(self, request: Request, department: str | None, base: str) -> Response:
        q = request.arg("q").strip()
        brands = request.args("brand")
        price = request.arg("price") if data.band(request.arg("price")) else ""
        rating = int(request.arg("rating")) if request.arg("rating") in ("3", "4") else 0
        sort = request.arg("sort") if request.arg("sort") in data.SORTS else "featured"
        found = data.search(q, department, brands, price, rating, sort)
        page = kit.paginate(found, request.arg("page"), data.PAGE_SIZE)
        # the brands offered are those of the unfiltered-by-brand result, as on real shops
        brand_pool = data.search(q, department, None, price, rating)
        brand_counts: dict[str, int] = {}
        for p in brand_pool:
            brand_counts[p.brand] = brand_counts.get(p.brand, 0) + 1
        # a rating of 0 is "any rating": no parameter, like page 1
        link = kit.query_link(base, {"q": q, "dept": department if base == "/search" else "", "brand": brands,
                                     "price": price, "rating": rating or "", "sort": "" if sort == "featured" else sort,
                                     "page": ""}, omit=(*kit.BLANK_OR_FIRST, 0))

        def toggle(brand: str) -> list[str]:
            return [b for b in brands if b != brand] if brand in brands else brands + [brand]

        return self.render("listing.html", toggle=toggle, q=q, department=department, sel_brands=brands, price=price,
                           rating=rating, sort=sort, sorts=data.SORTS, found=found, shown=page.items,
                           page=page.number, pages=page.count, first=page.first, base=base, link=link,
                           brand_counts=sorted(brand_counts.items()), bands=data.PRICE_BANDS)

    def product(self, request: Request) -> Response:
        product = data.by_slug().get(request.params["slug"])
        if product is None:
            return Response.not_found("product")
        related = [p for p in data.search(department=product.department, sort="rating") if p.id != product.id][:4]
        return self.render("product.html", p=product, related=related)

    def cart(self, request: Request) -> Response:
        return self.render("cart.html")

    def suggest(self, request: Request) -> Response:
        titles = data.suggestions(request.arg("q"))
        return Response.json({"q": request.arg("q"),
                              "suggestions": [{"label": t, "url": f"/p/{data.slugify(t)}"} for t in titles]})


SITE = ShopSite
