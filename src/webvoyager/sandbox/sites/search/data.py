"""Quarry's own content and its result pages' logic: sponsored results, knowledge-panel facts, related
searches, paging, query operators and spelling, on top of the crawled index (`engine`).

`results_page(index, query, ...)` computes everything a results page shows; the site and the tests
call it alike, and `index()` builds the same index the running site builds (every sandbox site but
this one, crawled in-process), so task answers can be recomputed from here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from webvoyager.sandbox.sites.search import engine

NAME = "search"
PAGE_SIZE = 10
MAX_RELATED = 8


@dataclass(frozen=True)
class Ad:
    """A sponsored result: shown above the organic results when the query has one of its keywords."""

    id: str
    advertiser: str
    site: str              # the sandbox site it lands on
    path: str
    title: str
    text: str
    keywords: frozenset[str]
    bid: int               # breaks ties between ads (higher first)


def _ad(id: str, advertiser: str, site: str, path: str, title: str, text: str, keywords: str, bid: int) -> Ad:
    return Ad(id, advertiser, site, path, title, text, frozenset(engine.stem(w) for w in keywords.split()), bid)


ADS: tuple[Ad, ...] = (
    _ad("a1", "Cartwheel", "shop", "/c/electronics", "Cartwheel Electronics Sale - Up to 40% Off Today",
        "Headphones, speakers, webcams and power banks with free delivery over $35. Shop the deals now.",
        "buy cheap deal sale price headphone speaker earbud webcam power bank smartwatch keyboard electronics", 5),
    _ad("a2", "Cartwheel", "shop", "/c/home-and-kitchen", "Kitchen Essentials at Cartwheel - Free Returns",
        "Pans, kettles, coffee makers and knives from top brands. Order today, delivered tomorrow.",
        "pan kettle coffee knife blender kitchen cook cooking vacuum", 3),
    _ad("a3", "Nestaway", "hotels", "/", "Nestaway - Book Hotels With Free Cancellation",
        "Compare thousands of hotels and apartments. Secure your stay today and pay at the property.",
        "hotel stay room apartment lisbon paris rome berlin barcelona amsterdam london vienna prague dublin", 6),
    _ad("a4", "Wayfare Flights", "flights", "/", "Wayfare - Cheap Flights, Flexible Dates",
        "Find low fares on one-way and round-trip flights. No booking fees on any route.",
        "flight fly airline airport fare ticket trip travel lisbon paris london", 4),
    _ad("a5", "Simmer & Sage", "recipes", "/search?sort=rating", "Top-Rated Dinner Ideas - Simmer & Sage",
        "Thousands of tested recipes, ready in 30 minutes or less. Find tonight's dinner in seconds.",
        "recipe dinner cook cooking vegan vegetarian curry soup pasta linguine noodle salad dessert breakfast "
        "halloumi chicken tofu shakshuka frittata chowder", 5),
    _ad("a6", "Wordhoard", "dictionary", "/", "Wordhoard Dictionary - Look Up Any Word",
        "Meanings, pronunciations, synonyms and grammar guides, free and without sign-up.",
        "meaning definition define word synonym pronunciation grammar spell spelling dictionary thesaurus", 4),
    _ad("a7", "Prexiv", "preprints", "/", "Prexiv - The Latest Research, Free to Read",
        "New preprints every day in computer science, physics and more. Read the PDF in one click.",
        "paper research preprint model learning neural network science arxiv author abstract", 3),
    _ad("a8", "Gitloom", "code", "/", "Gitloom - Host and Review Code Together",
        "Free public repositories, issues and releases for every team. Start your project today.",
        "code repository repo git library release issue open source developer parser logger", 3),
    _ad("a9", "Lumen", "brand", "/phones", "Lumen Phone 8 Pro - Pro Camera, All-Day Battery",
        "Trade in your old phone and get credit toward a new Lumen. Free delivery and easy returns.",
        "phone smartphone camera battery laptop tablet watch buds lumen", 5),
    _ad("a10", "Lumen", "brand", "/trade-in", "Trade In Your Device With Lumen",
        "Get an instant estimate for your phone, laptop, tablet or watch and put it toward something new.",
        "trade sell old used phone laptop repair", 2),
)


@lru_cache(maxsize=1)
def ads_by_id() -> dict[str, Ad]:
    return {a.id: a for a in ADS}


def ads_for(query: str, top: engine.Hit | None = None, limit: int = 2) -> list[Ad]:
    """Sponsored results for a query: ads sharing a word with it, most shared words first, then the
    higher bid; never one that lands exactly on the best organic result (ads are not the answer)."""
    qterms = {engine.stem(w) for w in engine.words(query) if w not in engine.STOPWORDS}
    scored = []
    for ad in ADS:
        shared = len(ad.keywords & qterms)
        if not shared:
            continue
        if top is not None and top.page.site == ad.site and top.page.path == ad.path:
            continue
        scored.append((-shared, -ad.bid, ad.id, ad))
    return [t[-1] for t in sorted(scored)][:limit]


# ----- knowledge panels --------------------------------------------------------------------------

@dataclass(frozen=True)
class EntityFacts:
    kind: str
    facts: tuple[tuple[str, str], ...]
    aliases: tuple[str, ...] = ()


ENTITY_FACTS: dict[str, EntityFacts] = {
    "recipes": EntityFacts("Recipe website", (("Founded", "2014"), ("Headquarters", "Bristol, England"),
                                              ("Founders", "Nell Okafor and Tomas Reyes"), ("Recipes", "400 tested recipes"))),
    "shop": EntityFacts("Online retailer", (("Founded", "2009"), ("Headquarters", "Columbus, Ohio"),
                                            ("CEO", "Marisa Lindqvist"), ("Departments", "8"))),
    "dictionary": EntityFacts("Online dictionary", (("Founded", "2003"), ("Headquarters", "Edinburgh, Scotland"),
                                                    ("Editor in chief", "Agnes Whitlow"), ("Languages", "English"))),
    "flights": EntityFacts("Flight search engine", (("Founded", "2016"), ("Headquarters", "Denver, Colorado"),
                                                     ("CEO", "Rafael Okoye"), ("Airports covered", "40+"))),
    "hotels": EntityFacts("Accommodation booking website", (("Founded", "2011"), ("Headquarters", "Utrecht, Netherlands"),
                                                             ("CEO", "Sanne de Vries"), ("Cities", "12 European cities"))),
    "preprints": EntityFacts("Preprint server", (("Founded", "2019"), ("Operated by", "The Open Papers Trust"),
                                                 ("Headquarters", "Ithaca, New York"), ("Subjects", "Computer science, physics, economics"))),
    "code": EntityFacts("Code hosting platform", (("Founded", "2012"), ("Headquarters", "Lisbon, Portugal"),
                                                  ("CEO", "Ines Carvalho"), ("Written in", "Go and TypeScript"))),
    "brand": EntityFacts("Consumer electronics company", (("Founded", "1998"), ("Headquarters", "Palo Alto, California"),
                                                          ("CEO", "Mira Castellanos"), ("Products", "Phones, laptops, tablets, watches, audio")),
                         ("Lumen Devices",)),
}


@dataclass(frozen=True)
class Panel:
    """A knowledge panel about one sandbox site (an organisation and its website)."""

    site: str
    title: str
    kind: str
    about: str
    facts: tuple[tuple[str, str], ...]
    pages_indexed: int
    popular: tuple[engine.Page, ...]
    also: tuple[str, ...]


def _first_sentence(doc: str | None) -> str:
    text = " ".join((doc or "").split())
    return text.split(". ")[0].rstrip(".") + "." if text else ""


def panel_for(query: str, index: engine.Index, about: dict[str, str]) -> Panel | None:
    """The knowledge panel for a query naming a site (its title, host label or an alias), if any.

    `about` maps site names to their one-line description (the first sentence of the module's
    docstring, as the sandbox index page shows it)."""
    q = " ".join(engine.words(query))
    if not q:
        return None
    for site, title in sorted(index.site_titles.items()):
        facts = ENTITY_FACTS.get(site)
        names = {" ".join(engine.words(title)), site, f"{site} localhost"}
        names |= {" ".join(engine.words(a)) for a in (facts.aliases if facts else ())}
        if q in names or any(q == f"{n} website" or q == f"{n} site" for n in names):
            pages = sorted((p for p in index.pages if p.site == site and p.path != "/"),
                           key=lambda p: (-p.inlinks, p.path))[:4]
            others = tuple(t for s, t in sorted(index.site_titles.items()) if s != site)[:4]
            return Panel(site, title, facts.kind if facts else "Website", about.get(site, ""),
                         facts.facts if facts else (), index.site_counts[site], tuple(pages), others)
    return None


# ----- results pages ------------------------------------------------------------------------------

_SITE_OP = re.compile(r"(?:^|\s)site:([a-z0-9.-]+)", re.I)


def split_operators(query: str, known_sites: set[str]) -> tuple[str, str | None]:
    """Take a `site:` operator out of the query: ("text without it", site name or None)."""
    found = _SITE_OP.search(query)
    if not found:
        return query.strip(), None
    name = found.group(1).lower().removesuffix(".localhost")
    rest = (query[:found.start()] + " " + query[found.end():]).strip()
    return " ".join(rest.split()), name if name in known_sites else None


@dataclass
class ResultsPage:
    """Everything one results page shows."""

    query: str                       # as typed
    text: str                        # the query without operators
    site: str | None                 # the site filter in force
    hits: list[engine.Hit]           # all organic results, best first
    shown: list[engine.Hit]          # this page's organic results
    page: int
    pages: int
    showing_for: str | None = None   # results are for this corrected query instead
    did_you_mean: str | None = None
    ads: list[Ad] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    panel: Panel | None = None

    @property
    def total(self) -> int:
        return len(self.hits)

    @property
    def first(self) -> int:
        return (self.page - 1) * PAGE_SIZE + 1


def related_searches(text: str, hits: list[engine.Hit]) -> list[str]:
    """Searches people also make: the short titles of the top results (lower case), without the query."""
    seen = {" ".join(engine.words(text))}
    out: list[str] = []
    for hit in hits[:15]:
        phrase = " ".join(engine.fold(hit.page.short_title).split())
        key = " ".join(engine.words(phrase))
        if key and key not in seen and len(phrase) <= 60:
            seen.add(key)
            out.append(phrase)
        if len(out) == MAX_RELATED:
            break
    return out


def results_page(index: engine.Index, query: str, site: str | None = None, page: int = 1,
                 about: dict[str, str] | None = None, exact: bool = False) -> ResultsPage:
    """The results page for `query` (page numbers start at 1; `site` restricts to one site;
    `exact` turns off the spelling correction, like a search for the words as typed)."""
    text, op_site = split_operators(query, set(index.site_titles))
    site = site if site in index.site_titles else op_site
    hits = index.search(text, site)
    showing_for = did_you_mean = None
    fixed = None if exact else index.correct(text)
    if fixed:
        fixed_hits = index.search(fixed, site)
        if not hits and fixed_hits:      # nothing at all for what was typed: search the correction
            hits, showing_for = fixed_hits, fixed
        elif fixed_hits and not all(h.missing for h in fixed_hits):
            did_you_mean = fixed         # some results, but the correction finds pages with every word
    pages = max(1, math.ceil(len(hits) / PAGE_SIZE))
    page = min(max(1, page), pages)
    shown = hits[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    used = showing_for or text
    out = ResultsPage(query=query, text=text, site=site, hits=hits, shown=shown, page=page, pages=pages,
                      showing_for=showing_for, did_you_mean=did_you_mean)
    if page == 1:
        out.ads = ads_for(used, hits[0] if hits else None)
        out.related = related_searches(used, hits)
        out.panel = None if site else panel_for(used, index, about or {})
    return out


@lru_cache(maxsize=1)
def index() -> engine.Index:
    """The index the running site builds: every sandbox site except this one, crawled in-process."""
    from webvoyager.sandbox.server import discover_sites

    return engine.build(discover_sites(), skip=(NAME,))


def site_about(registry: dict | None = None) -> dict[str, str]:
    """Each sandbox site's one-line description (first sentence of its site module's docstring)."""
    import importlib

    if registry is None:
        from webvoyager.sandbox.server import discover_sites

        registry = discover_sites()
    out = {}
    for name, site in registry.items():
        module = importlib.import_module(type(site).__module__)
        out[name] = _first_sentence(type(site).__doc__ or module.__doc__)
    return out
