"""Quarry: a web search engine over every other sandbox site, with suggestions as you type, ranked
results with highlighted snippets, paging, spelling suggestions, sponsored results, knowledge panels,
related searches and a tool that restricts results to one site.

Served at http://search.localhost:<port>/ (SEARCH_HOME_PATH is its home page).

The index is built on the first visit of the home page (in the background) or the first query, whichever
comes first, by crawling the other sites in-process, from each home page
breadth-first up to a page budget per site (`engine`), and kept for the life of the server; sites
added to the sandbox later are crawled too. Widgets that make it hard for an agent: an autocomplete
list under the search box, sponsored results at the top that look like answers but are not the best
one, a "Did you mean" / "Showing results for" spelling correction, a knowledge panel beside the
results, paging, related searches at the bottom, and a Tools bar whose site filter is a custom
dropdown menu.
"""

from __future__ import annotations

import threading
from urllib.parse import urlencode

from webvoyager.sandbox import kit
from webvoyager.sandbox.sites.search import data, engine
from webvoyager.sandbox.web import Request, Response, Site

SEARCH_HOME_PATH = "/"
"""Where the agent's `Google` action lands in sandbox runs: Quarry's home page."""


def _port(request: Request) -> int | None:
    host = request.headers.get("host", "")
    _, _, port = host.rpartition(":")
    return int(port) if port.isdigit() else None


class SearchSite(Site):
    name = "search"
    title = "Quarry"
    paper_site = "Google Search"

    def setup(self) -> None:
        self._index: engine.Index | None = None
        self._about: dict[str, str] = {}
        self._lock = threading.Lock()
        self.warming: threading.Thread | None = None   # the build the home page started (see `home`)
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/api/suggest", self.suggest)
        self.route("/aclk", self.ad_click)

    def index(self) -> engine.Index:
        """The index, built on first use (crawling every other site in-process) and then kept."""
        with self._lock:
            if self._index is None:
                registry = self.registry
                if not registry:   # a site made on its own (no server): find the sites itself
                    from webvoyager.sandbox.server import discover_sites

                    registry = discover_sites()
                self._about = data.site_about(dict(registry))
                self._index = engine.build(registry, skip=(self.name,))
            return self._index

    def _others(self) -> int:
        return len([n for n in self.registry if n != self.name])

    def home(self, request: Request) -> Response:
        """The home page; the first visit also starts building the index in the background, so the
        query typed next does not wait for the whole crawl (seconds on a busy machine)."""
        with self._lock:
            if self._index is None and self.warming is None:
                self.warming = threading.Thread(target=self.index, name="quarry-index", daemon=True)
                self.warming.start()
        return self.render("home.html", site_count=self._others())

    def search(self, request: Request) -> Response:
        query = " ".join(request.arg("q").split())
        if not query:
            return Response.redirect("/")
        index = self.index()
        site = request.arg("site") or None
        exact = request.arg("exact") == "1"
        page_raw = request.arg("page")
        page = int(page_raw) if page_raw.isdigit() else 1
        res = data.results_page(index, query, site, page, self._about, exact)
        port = _port(request)
        if request.arg("btnI") and res.hits:   # "I'm Feeling Curious": straight to the best result
            return Response.redirect(res.hits[0].page.url(port))
        link = kit.query_link("/search", {"q": query, "site": res.site or "", "exact": "1" if exact else "", "page": ""},
                              omit=kit.BLANK_OR_FIRST, always_mark=True)

        return self.render("serp.html", res=res, q=query, port=port, link=link, exact=exact,
                           sites=sorted(index.site_titles.items(), key=lambda kv: kv[1].lower()),
                           site_titles=index.site_titles,
                           snippet=lambda hit: index.snippet(hit.page, res.showing_for or res.text))

    def suggest(self, request: Request) -> Response:
        typed = request.arg("q")
        found = self.index().complete(typed)
        return Response.json({"q": typed, "suggestions": [
            {"label": s, "url": "/search?" + urlencode({"q": s})} for s in found]})

    def ad_click(self, request: Request) -> Response:
        ad = data.ads_by_id().get(request.arg("ad"))
        if ad is None:
            return Response.not_found("ad")
        port = _port(request)
        return Response.redirect(f"http://{ad.site}.localhost{':' + str(port) if port else ''}{ad.path}")


SITE = SearchSite
