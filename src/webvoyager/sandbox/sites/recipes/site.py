"""Simmer & Sage: a recipe site with search, diet and cuisine filters, sorting, paging, a hover menu, a
cookie banner and reviews that load late.

Served at http://recipes.localhost:<port>/.

Widgets that make it hard for an agent: a cookie banner on first visit, a category mega-menu that
opens on hover, checkbox/radio facets, sort pills, pagination, a nutrition accordion, and ratings and
reviews that load late (fetched by JS from a deliberately slow JSON endpoint).
"""

from __future__ import annotations

import time

from webvoyager.sandbox import kit
from webvoyager.sandbox.web import Request, Response, Site
from webvoyager.sandbox.sites.recipes import data

CONSENT = kit.Consent("ss_consent")
REVIEWS_DELAY_S = 0.8
"""Simulated latency of the reviews endpoint: the page must be observed only after they arrive."""


class RecipesSite(Site):
    name = "recipes"
    title = "Simmer & Sage"
    paper_site = "Allrecipes"

    def setup(self) -> None:
        data.recipes()   # generate at startup, not on the first request
        self.env.globals.update(categories=data.CATEGORIES, cuisines=data.CUISINES, slugify=data.slugify)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/category/<slug>", self.category)
        self.route("/recipe/<slug>", self.recipe)
        self.route("/api/reviews/<slug>", self.reviews_api)

    def page(self, request: Request, template: str, **context: object) -> Response:
        """Render with the cookie banner shown until the visitor answers it."""
        return self.render(template, show_cookie_banner=CONSENT.pending(request), **context)

    def home(self, request: Request) -> Response:
        all_recipes = data.recipes()
        top = data.search(sort="rating")
        top = [r for r in top if r.review_count >= 50][:6]
        newest = data.search(sort="newest")[:6]
        quick = data.search(max_time=20, sort="rating")[:3]
        return self.page(request, "home.html", top=top, newest=newest, quick=quick, total=len(all_recipes))

    def category(self, request: Request) -> Response:
        by_slug = {data.slugify(c): c for c in data.CATEGORIES}
        name = by_slug.get(request.params["slug"])
        if name is None:
            return Response.not_found("category")
        return self._listing(request, category=name, base=f"/category/{request.params['slug']}")

    def search(self, request: Request) -> Response:
        return self._listing(request, category=None, base="/search")

    def _listing(self, request: Request, category: str | None, base: str) -> Response:
        q = request.arg("q").strip()
        diets = [d for d in request.args("diet") if d in data.DIETS]
        cuisines = [c for c in request.args("cuisine") if c in data.CUISINES]
        max_time_raw = request.arg("max_time")
        max_time = int(max_time_raw) if max_time_raw.isdigit() else None
        sort = request.arg("sort") if request.arg("sort") in data.SORTS else "relevance"
        found = data.search(q, diets, cuisines, max_time, category, sort)
        page = kit.paginate(found, request.arg("page"), data.PAGE_SIZE)
        link = kit.query_link(base, {"q": q, "diet": diets, "cuisine": cuisines, "max_time": max_time or "",
                                     "sort": sort if sort != "relevance" else "", "page": ""}, omit=kit.BLANK_OR_FIRST)
        return self.page(request, "listing.html", q=q, diets=diets, sel_cuisines=cuisines, max_time=max_time,
                         sort=sort, sorts=data.SORTS, found=found, shown=page.items, page=page.number,
                         pages=page.count, first=page.first, category=category, base=base, link=link,
                         max_times=data.MAX_TIMES)

    def recipe(self, request: Request) -> Response:
        recipe = data.by_slug().get(request.params["slug"])
        if recipe is None:
            return Response.not_found("recipe")
        related = [r for r in data.search(category=recipe.category, sort="rating") if r.id != recipe.id][:4]
        return self.page(request, "recipe.html", r=recipe, related=related)

    def reviews_api(self, request: Request) -> Response:
        recipe = data.by_slug().get(request.params["slug"])
        if recipe is None:
            return Response.json({"error": "no such recipe"}, status=404)
        # deliberate latency: the section is empty until this answers, like a real review widget
        time.sleep(REVIEWS_DELAY_S)
        return Response.json({
            "rating": recipe.rating,
            "count": recipe.review_count,
            "stars": {str(s): recipe.stars[s] for s in (5, 4, 3, 2, 1)},
            "reviews": [{"author": v.author, "stars": v.stars, "date": v.date.strftime("%B %-d, %Y"), "text": v.text}
                        for v in recipe.reviews],
        })


SITE = RecipesSite
