"""Lanternpost News: a news publisher with section fronts, articles, live pages, Most read, author
pages and a search with section and date-range filters.

Served at http://news.localhost:<port>/.

Pages: home (top stories, a live banner, a row per section, Most read), /news/<section> (a front
page with "Load more"), /news/<section>-<id> (an article: headline, byline, published and updated
times, image caption, body, topics, related stories), /live and /live/<slug> (timestamped updates),
/author/<slug>, /topic/<slug>, /most-read and /search.

Widgets that make it hard for an agent: a consent banner covering the bottom of every page until it
is answered, a "More" dropdown in the top navigation that opens on click, "Load more" buttons that
fetch further stories from a deliberately slow JSON endpoint, live updates that arrive late (fetched
by JS from a slow endpoint) with a "Show older updates" button, date-range inputs, selects and
pagination in search, and relative times ("3 hrs ago") on fronts next to absolute ones on articles.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.news import data, live
from webvoyager.sandbox.web import Request, Response, Site

CONSENT = kit.Consent("lp_consent")
MORE_DELAY_S = 0.5   # "Load more" on fronts answers after this long
LIVE_DELAY_S = 1.2   # live updates answer after this long: the page shows "Loading" until then
_never = threading.Event()   # waiting on an Event nobody sets: an interruptible simulated latency


def card_json(a: data.Article) -> dict[str, Any]:
    return {"url": a.url, "headline": a.headline, "summary": a.summary, "when": data.ago(a.published),
            "section": a.section_name, "topic": a.topic}


def home_lead() -> tuple[data.Article, ...]:
    """The home page's top stories: today's most read first, then the rest of today's by time."""
    today = [a for a in data.articles() if a.published.date() == TODAY]
    lead = max(today, key=lambda a: (a.reads, a.id))
    return (lead,) + tuple(a for a in today if a is not lead)[:4]


class NewsSite(Site):
    name = "news"
    title = "Lanternpost News"
    paper_site = "BBC News"

    def setup(self) -> None:
        data.articles()   # generate at startup, not on the first request
        self.env.globals.update(sections=data.SECTIONS, nav_main=data.NAV_MAIN, fmt_date=data.fmt_date,
                                fmt_datetime=data.fmt_datetime, ago=data.ago, today=TODAY, first_day=data.FIRST_DAY,
                                live_now=next((e for e in live.events() if not e.ended), None),
                                page_link=page_link)
        self.route("/", self.home)
        self.route("/news/<key>", self.news)
        self.route("/api/more/<section>", self.api_more)
        self.route("/live", self.live_index)
        self.route("/live/<slug>", self.live_page)
        self.route("/api/live/<slug>", self.api_live)
        self.route("/author/<slug>", self.author)
        self.route("/topic/<slug>", self.topic)
        self.route("/search", self.search)
        self.route("/most-read", self.most_read)

    def page(self, req: Request, template: str, **context: Any) -> Response:
        """Render with the consent banner shown until the visitor answers it."""
        return self.render(template, show_consent=CONSENT.pending(req),
                           most_read=data.most_read(), **context)

    def home(self, req: Request) -> Response:
        rows = [(slug, name, data.section_articles(slug)[:4]) for slug, name in data.SECTIONS.items()]
        return self.page(req, "home.html", lead=home_lead(), rows=rows)

    def news(self, req: Request) -> Response:
        key = req.params["key"]
        if key in data.SECTIONS:
            found = data.section_articles(key)
            return self.page(req, "section.html", section=key, shown=found[:data.FRONT_BATCH], total=len(found),
                             batch=data.FRONT_BATCH)
        article = data.article_by_key(key)
        if article is None:
            return Response.not_found("article")
        return self.page(req, "article.html", a=article, related=data.related(article), slugify=data.slugify)

    def api_more(self, req: Request) -> Response:
        section = req.params["section"]
        if section not in data.SECTIONS:
            return Response.json({"error": "no such section"}, status=404)
        offset = int(req.arg("offset")) if req.arg("offset").isdigit() else 0
        _never.wait(MORE_DELAY_S)
        found = data.section_articles(section)
        batch = found[offset:offset + data.FRONT_BATCH]
        return Response.json({"items": [card_json(a) for a in batch], "more": offset + len(batch) < len(found)})

    def live_index(self, req: Request) -> Response:
        return self.page(req, "live_index.html", events=live.events())

    def live_page(self, req: Request) -> Response:
        event = live.event(req.params["slug"])
        if event is None:
            return Response.not_found("live page")
        return self.page(req, "live.html", e=event)

    def api_live(self, req: Request) -> Response:
        event = live.event(req.params["slug"])
        if event is None:
            return Response.json({"error": "no such live page"}, status=404)
        page = max(1, int(req.arg("page"))) if req.arg("page").isdigit() else 1
        _never.wait(LIVE_DELAY_S)
        shown, more = live.page_of(event, page)
        return Response.json({"updates": [{"time": u.at.strftime("%H:%M"), "title": u.title, "text": u.text,
                                           "author": u.author} for u in shown], "more": more, "page": page})

    def _paged(self, req: Request, found: list[data.Article] | tuple[data.Article, ...]) -> dict[str, Any]:
        page = kit.paginate(found, req.arg("page"), data.PAGE_SIZE)
        return {"shown": page.items, "page": page.number, "pages": page.count, "first": page.first,
                "last": page.last, "total": page.total}

    def author(self, req: Request) -> Response:
        author = data.AUTHOR_BY_SLUG.get(req.params["slug"])
        if author is None:
            return Response.not_found("author")
        found = data.author_articles(author.slug)
        return self.page(req, "author.html", au=author, base=f"/author/{author.slug}", params={},
                         **self._paged(req, found))

    def topic(self, req: Request) -> Response:
        name = data.topics().get(req.params["slug"])
        if name is None:
            return Response.not_found("topic")
        oldest = req.arg("sort") == "oldest"
        found = data.topic_articles(name, oldest=oldest)
        return self.page(req, "topic.html", topic=name, base=f"/topic/{req.params['slug']}",
                         params={"sort": "oldest"} if oldest else {}, oldest=oldest, **self._paged(req, found))

    def search(self, req: Request) -> Response:
        q = req.arg("q").strip()
        section = req.arg("section") if req.arg("section") in data.SECTIONS else ""
        start, end = data.parse_day(req.arg("from")), data.parse_day(req.arg("to"))
        sort = req.arg("sort") if req.arg("sort") in data.SORTS else "relevance"
        searched = bool(q or section or start or end)
        found = data.search(q, section, start, end, sort) if searched else []
        params = {k: v for k, v in (("q", q), ("section", section), ("from", start.isoformat() if start else ""),
                                    ("to", end.isoformat() if end else ""),
                                    ("sort", sort if sort != "relevance" else "")) if v}
        return self.page(req, "search.html", q=q, section=section, start=start, end=end, sort=sort,
                         sorts=data.SORTS, searched=searched, base="/search", params=params,
                         min_day=data.FIRST_DAY.isoformat(), max_day=TODAY.isoformat(), **self._paged(req, found))

    def most_read(self, req: Request) -> Response:
        since = TODAY - timedelta(days=data.MOST_READ_DAYS - 1)
        return self.page(req, "most_read.html", ranked=data.most_read(), since=since)


def page_link(base: str, params: dict[str, str], page: int) -> str:
    """The URL of page `page` of a listing at `base` with query `params` (page 1 has no `page=`)."""
    return kit.query_url(base, [*params.items(), ("page", page)], omit=kit.BLANK_OR_FIRST)


SITE = NewsSite
