"""Wordhoard: an English dictionary with search suggestions, UK/US pronunciation tabs, meaning accordions, a
browse panel and grammar guides.

Served at http://dictionary.localhost:<port>/.

Widgets that make it hard for an agent: search with autocomplete suggestions, UK/US pronunciation
tabs, meanings in accordions, a "Browse" word list in a scrollable inner panel, links that open a
new tab (Word of the day, Thesaurus), collapsible thesaurus sections, and grammar guide pages. Each entry's
CEFR level links to a page on the level scale and says where the level stands on it ("level 3 of 6").
"""

from __future__ import annotations

from urllib.parse import quote

from webvoyager.sandbox.web import Request, Response, Site
from webvoyager.sandbox.sites.dictionary import data, grammar


class DictionarySite(Site):
    name = "dictionary"
    title = "Wordhoard"
    paper_site = "Cambridge Dictionary"

    def setup(self) -> None:
        data.entries()   # build at startup, not on the first request
        self.env.globals.update(letters=data.letters(), wotd=data.word_of_the_day(), topics=grammar.TOPICS,
                                slugify=data.slugify, level_names=data.LEVEL_NAMES, level_rank=data.level_rank,
                                level_count=len(data.LEVELS))
        self.route("/", self.home)
        self.route("/search", self.search)
        self.route("/word/<slug>", self.word)
        self.route("/browse/<letter>", self.browse)
        self.route("/thesaurus/<slug>", self.thesaurus)
        self.route("/levels", self.levels)
        self.route("/grammar", self.grammar_index)
        self.route("/grammar/<slug>", self.grammar_topic)
        self.route("/api/suggest", self.suggest)

    def home(self, request: Request) -> Response:
        popular = [data.lookup(w) for w in ("kind", "journey", "explore", "courage", "vivid", "whisper", "harbour", "wisdom")]
        return self.render("home.html", popular=[e for e in popular if e], total=len(data.entries()))

    def search(self, request: Request) -> Response:
        q = request.arg("q").strip()
        exact = data.lookup(q) if q else None
        if exact is not None:
            return Response.redirect(f"/word/{exact.slug}")
        return self.render("search.html", q=q, results=data.search(q))

    def word(self, request: Request) -> Response:
        entry = data.entries().get(request.params["slug"])
        if entry is None:
            return Response.not_found("word")
        return self.render("entry.html", e=entry, neighbours=data.by_letter(entry.slug[0]),
                           base=data.lookup(entry.base))

    def browse(self, request: Request) -> Response:
        letter = request.params["letter"].lower()
        if letter not in data.letters():
            return Response.not_found("letter")
        return self.render("browse.html", letter=letter, words=data.by_letter(letter))

    def thesaurus(self, request: Request) -> Response:
        entry = data.entries().get(request.params["slug"])
        if entry is None:
            return Response.not_found("word")
        base = data.lookup(entry.base) or entry
        return self.render("thesaurus.html", e=entry, base=base, lookup=data.lookup)

    def levels(self, request: Request) -> Response:
        counts = {level: sum(e.level == level for e in data.entries().values()) for level in data.LEVELS}
        return self.render("levels.html", levels=data.LEVELS, notes=data.LEVEL_NOTES, counts=counts)

    def grammar_index(self, request: Request) -> Response:
        return self.render("grammar_index.html")

    def grammar_topic(self, request: Request) -> Response:
        topic = grammar.topic(request.params["slug"])
        if topic is None:
            return Response.not_found("grammar page")
        return self.render("grammar.html", t=topic)

    def suggest(self, request: Request) -> Response:
        words = data.suggestions(request.arg("q"))
        return Response.json({"q": request.arg("q"), "suggestions": [{"label": w, "url": f"/word/{quote(data.slugify(w))}"} for w in words]})


SITE = DictionarySite
