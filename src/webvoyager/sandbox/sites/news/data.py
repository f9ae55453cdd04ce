"""Content of the news site, generated deterministically (fixed seed, fixed TODAY).

About 600 articles in nine sections over the eight weeks before TODAY, each with a byline,
publication and update times, body paragraphs, an image caption, topic tags and read counts;
two dozen authors; live pages with timestamped updates (`live.py`). Pages, tasks and tests all
query the same functions here (`search`, `section_articles`, `most_read`, ...), so answers never
drift from what the site shows.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.kit import slugify
from webvoyager.sandbox.sites.news import stories
from webvoyager.sandbox.sites.news.stories import KINDS, Kind

SEED = 5150
DAYS = 56                                   # articles from TODAY - 55 days up to TODAY
NOW = datetime.combine(TODAY, time(16, 40))  # the site's "now": nothing is published after it
FIRST_DAY = TODAY - timedelta(days=DAYS - 1)
PAGE_SIZE = 10                              # search, author and topic listings
FRONT_BATCH = 12                            # section fronts: first batch, then "Load more" adds as many
MOST_READ_DAYS = 7                          # Most read ranks articles published in the last week
MOST_READ_COUNT = 10

SECTIONS: dict[str, str] = {
    "world": "World", "business": "Business", "technology": "Technology", "science": "Science",
    "health": "Health", "climate": "Climate", "culture": "Culture", "sport": "Sport", "travel": "Travel",
}
NAV_MAIN = ("world", "business", "technology", "science", "health")   # the rest sit under "More"
SECTION_WEIGHTS = {"world": 1.5, "business": 1.2, "technology": 1.1, "science": 0.8, "health": 0.9,
                   "climate": 0.7, "culture": 0.8, "sport": 1.0, "travel": 0.5}
SORTS = {"relevance": "Most relevant", "newest": "Newest first", "oldest": "Oldest first"}


@dataclass(frozen=True)
class Author:
    slug: str
    name: str
    role: str
    sections: tuple[str, ...]
    bio: str


AUTHORS: tuple[Author, ...] = tuple(Author(slug=re.sub(r"[^a-z]+", "-", n.lower()).strip("-"), name=n, role=r, sections=s, bio=b)
                                    for n, r, s, b in (
    ("Helena Marsh", "World affairs editor", ("world",), "Helena has reported from more than forty countries and leads the world desk."),
    ("Tomasz Reyes", "Diplomatic correspondent", ("world",), "Tomasz covers treaties, summits and the people who negotiate them."),
    ("Priya Castellane", "Europe correspondent", ("world", "travel"), "Priya is based in Velmora and writes about politics and places."),
    ("Owen Achterberg", "Business editor", ("business",), "Owen explains the companies and markets that shape everyday life."),
    ("Lucia Fenwick", "Economics correspondent", ("business",), "Lucia covers prices, wages and the decisions of central banks."),
    ("Raymond Okafor", "Business reporter", ("business", "technology"), "Raymond writes about takeovers, start-ups and the people behind them."),
    ("Sasha Lindgren", "Technology editor", ("technology",), "Sasha has covered the tech industry for fifteen years."),
    ("Daniel Voss", "Cyber correspondent", ("technology",), "Daniel reports on hacking, privacy and online safety."),
    ("Mei Tanaka-Ross", "Technology reporter", ("technology", "science"), "Mei writes about gadgets, space launches and the internet."),
    ("Ruth Abernathy", "Science editor", ("science",), "Ruth covers discoveries from archaeology to astronomy."),
    ("Kwame Ellison", "Science correspondent", ("science", "climate"), "Kwame reports on research and the natural world."),
    ("Imogen Hart", "Health editor", ("health",), "Imogen covers medicine, hospitals and public health."),
    ("Farah Qureshi", "Health reporter", ("health",), "Farah writes about patients, treatments and care."),
    ("Jonas Berglund", "Climate editor", ("climate",), "Jonas reports on energy, weather and the environment."),
    ("Aoife Dunmore", "Environment correspondent", ("climate", "science"), "Aoife covers nature, wildlife and conservation."),
    ("Marcus Bellamy", "Arts editor", ("culture",), "Marcus reviews films and writes about the arts."),
    ("Noor Haddad", "Culture reporter", ("culture",), "Noor covers music, books and the people who make them."),
    ("Callum Price", "Chief sports writer", ("sport",), "Callum has covered five World Cups and countless cup finals."),
    ("Bea Lindqvist", "Sports reporter", ("sport",), "Bea writes about athletics, tennis and cycling."),
    ("Elliot Saunders", "Travel editor", ("travel",), "Elliot has travelled by train across every country in the region."),
    ("Grace Whitford", "Senior reporter", ("world", "health"), "Grace covers the stories that affect families and communities."),
    ("Victor Amsel", "Reporter", ("business", "climate"), "Victor writes about energy companies and the transition to clean power."),
))
AUTHOR_BY_SLUG = {a.slug: a for a in AUTHORS}


@dataclass(frozen=True)
class Article:
    id: int
    section: str
    topic: str
    headline: str
    summary: str
    author: str                    # Author.slug
    published: datetime
    updated: datetime | None
    paras: tuple[str, ...]
    caption: str
    image_source: str
    tags: tuple[str, ...]          # topic names, the first is the story's topic
    reads: int
    facts: tuple[tuple[str, str], ...]   # the slot values the story was written from

    @property
    def url(self) -> str:
        return f"/news/{self.section}-{self.id}"

    @property
    def section_name(self) -> str:
        return SECTIONS[self.section]

    @property
    def byline(self) -> Author:
        return AUTHOR_BY_SLUG[self.author]

    def fact(self, name: str) -> str:
        return dict(self.facts)[name]


def fmt_date(d: date | datetime) -> str:
    """`3 May 2026`, the way article pages show dates."""
    return f"{d.day} {d.strftime('%B %Y')}"


def fmt_datetime(d: datetime) -> str:
    """`3 May 2026, 14:05`."""
    return f"{fmt_date(d)}, {d.strftime('%H:%M')}"


def ago(d: datetime) -> str:
    """What a front page shows: `35 mins ago`, `4 hrs ago` for today, else `3 May`."""
    if d.date() == TODAY:
        minutes = max(1, int((NOW - d).total_seconds() // 60))
        if minutes < 60:
            return f"{minutes} min{'s' if minutes != 1 else ''} ago"
        hours = minutes // 60
        return f"{hours} hr{'s' if hours != 1 else ''} ago"
    return f"{d.day} {d.strftime('%b')}"


def _money(value: float, suffix: str) -> str:
    if suffix == "m" and value >= 1000:
        return f"£{value / 1000:.1f}bn".replace(".0bn", "bn")
    return f"£{value:,.0f}{suffix}"


# amount2 (the smaller sum a story mentions) in each kind's own scale: low, high, step, suffix
_MONEY2 = {"Markets": (40, 900, 5, "m"), "Books": (10_000, 50_000, 5_000, ""), "Research": (120_000, 900_000, 10_000, ""),
           "Nature": (1, 9, 1, "m"), "Gadgets": (499, 1_899, 100, ""), "Rail": (49, 189, 10, ""),
           "Destinations": (19, 79, 5, ""), "Art": (2, 48, 1, "m")}


class _Draw:
    """Fast draws from one seeded stream (random.random only: randrange is several times slower)."""

    def __init__(self, rng: random.Random) -> None:
        self.r = rng.random

    def pick(self, seq):  # type: ignore[no-untyped-def]
        return seq[int(self.r() * len(seq))]

    def int(self, lo: int, hi: int, step: int = 1) -> int:
        """An integer in [lo, hi] on the grid lo + k*step."""
        return lo + step * int(self.r() * ((hi - lo) // step + 1))

    def two(self, seq):  # type: ignore[no-untyped-def]
        a = self.pick(seq)
        while (b := self.pick(seq)) == a:
            pass
        return a, b


def _slots(draw: _Draw, kind: Kind, published: datetime) -> dict[str, str]:
    city, country = draw.pick(stories.PLACES)
    while (place2 := draw.pick(stories.PLACES))[1] == country:
        pass
    city2, country2 = place2
    company = draw.pick(kind.firms or stories.COMPANIES)
    while (company2 := draw.pick(stories.COMPANIES)) == company:
        pass
    firsts = {"f": stories.FIRST_F, "m": stories.FIRST_M}.get(kind.gender, stories.FIRST_F + stories.FIRST_M)
    f1, f2 = draw.two(firsts)
    l1, l2 = draw.two(stories.LAST)
    l3 = draw.pick(stories.LAST)
    n = draw.int(2, 9)
    lo, hi, step, suffix = _MONEY2.get(kind.topic, (20, 900, 10, "m"))
    return {
        "city": city, "country": country, "city2": city2, "country2": country2,
        "company": company, "company2": company2,
        "person": f"{f1} {l1}", "person_last": l1, "person2": f"{f2} {l2}", "person2_last": l2,
        "expert": f"Prof {draw.pick(stories.FIRST_F + stories.FIRST_M)} {l3}", "expert_last": f"Prof {l3}",
        "uni": f"University of {draw.pick(stories.PLACES)[0]}",
        "jobs": f"{draw.int(120, 4200, 10):,}", "amount": _money(draw.int(12, 979), "m"),
        "amount2": _money(draw.int(lo, hi, step), suffix),
        "pct": f"{draw.int(12, 189) / 10:.1f}%", "pct2": f"{draw.int(12, 189) / 10:.1f}%",
        "n": str(n), "n_word": stories.NUMBER_WORDS[n - 2], "ordinal": stories.ORDINALS[n - 2],
        "count": str(draw.int(30, 899)), "decades": str(draw.int(12, 85)), "mid": str(draw.int(65, 229)), "thousands": f"{draw.int(2_000, 89_900, 100):,}",
        "year": str(draw.int(2027, 2033)), "weekday": published.strftime("%A"), "month": published.strftime("%B"), "agency": draw.pick(stories.AGENCIES),
        "temp": str(draw.int(31, 41)), "clock": f"{draw.int(5, 9):02d}:{draw.int(0, 59):02d}",
        "stars": str(draw.int(3, 5)), "x": draw.pick(kind.x), "y": draw.pick(kind.y),
    }


def _fill(template: str, slots: dict[str, str]) -> str:
    text = template.format(**slots)
    return text[0].upper() + text[1:]


def _times(rng: random.Random, day: date, count: int) -> list[datetime]:
    latest = NOW if day == TODAY else datetime.combine(day, time(22, 50))
    start = datetime.combine(day, time(5, 30))
    span = int((latest - start).total_seconds() // 60)
    return sorted(start + timedelta(minutes=m) for m in rng.sample(range(span), count))


@lru_cache(maxsize=1)
def articles() -> tuple[Article, ...]:
    """Every article, newest first."""
    rng = random.Random(SEED)
    draw = _Draw(rng)
    by_section: dict[str, list[Kind]] = {}
    for kind in KINDS:
        by_section.setdefault(kind.section, []).append(kind)
    sections = list(SECTION_WEIGHTS)
    weights = [SECTION_WEIGHTS[s] for s in sections]
    writers = {s: [a for a in AUTHORS if s in a.sections] for s in SECTIONS}
    out: list[Article] = []
    seen: set[str] = set()
    next_id = 67_400_000
    for offset in range(DAYS):
        day = FIRST_DAY + timedelta(days=offset)
        per_day = rng.randint(9, 13) if day.weekday() < 5 else rng.randint(6, 9)
        if day == TODAY:
            per_day = 8
        for published in _times(rng, day, per_day):
            section = rng.choices(sections, weights)[0]
            for _attempt in range(20):
                kind = draw.pick(by_section[section])
                slots = _slots(draw, kind, published)
                headline = _fill(draw.pick((kind.headline,) + kind.alt), slots)
                if headline not in seen:
                    break
            seen.add(headline)
            next_id += draw.int(3_000, 90_000)
            author = draw.pick(writers[section])
            updated = None
            if rng.random() < 0.4:
                updated = min(NOW, published + timedelta(minutes=draw.int(20, 30 * 60)))
                if updated <= published:
                    updated = None
            paras = tuple(_fill(p, slots) for p in kind.paras) + (_fill(draw.pick(stories.GENERIC_CLOSING[section]), slots),)
            tags = [kind.topic]
            if kind.place_tag:
                tags.append(slots[kind.place_tag])
            if kind.company_tag:
                tags.append(slots["company"])
            age_days = (NOW - published).total_seconds() / 86400
            reads = int(rng.lognormvariate(9.2, 0.7) * kind.weight * SECTION_WEIGHTS[section] * (1 + 3 / (1 + age_days)))
            out.append(Article(
                id=next_id, section=section, topic=kind.topic, headline=headline, summary=_fill(kind.summary, slots),
                author=author.slug, published=published, updated=updated, paras=paras,
                caption=_fill(kind.caption, slots), image_source=slots["agency"], tags=tuple(dict.fromkeys(tags)),
                reads=reads, facts=tuple(sorted(slots.items())),
            ))
    out.sort(key=lambda a: a.published, reverse=True)
    return tuple(out)


@lru_cache(maxsize=1)
def by_id() -> dict[int, Article]:
    return {a.id: a for a in articles()}


def article_by_key(key: str) -> Article | None:
    """The article behind a URL key like `technology-67512345` (section and id must agree)."""
    m = re.fullmatch(r"([a-z]+)-(\d+)", key)
    if not m:
        return None
    found = by_id().get(int(m.group(2)))
    return found if found is not None and found.section == m.group(1) else None


def find_headline(headline: str) -> Article:
    """The article with exactly this headline (for tasks and tests)."""
    hits = [a for a in articles() if a.headline == headline]
    if len(hits) != 1:
        raise KeyError(headline)
    return hits[0]


def section_articles(section: str) -> tuple[Article, ...]:
    return tuple(a for a in articles() if a.section == section)


def author_articles(slug: str) -> tuple[Article, ...]:
    return tuple(a for a in articles() if a.author == slug)


@lru_cache(maxsize=1)
def topics() -> dict[str, str]:
    """Topic slug -> topic name, for every tag any article carries."""
    return {slugify(t): t for a in articles() for t in a.tags}


def topic_articles(name: str, oldest: bool = False) -> tuple[Article, ...]:
    """The stories tagged with a topic, newest first (or oldest first)."""
    found = tuple(a for a in articles() if name in a.tags)
    return found[::-1] if oldest else found


def most_read(count: int = MOST_READ_COUNT) -> tuple[Article, ...]:
    """The most read articles of the last MOST_READ_DAYS days, most read first."""
    since = TODAY - timedelta(days=MOST_READ_DAYS - 1)
    recent = [a for a in articles() if a.published.date() >= since]
    return tuple(sorted(recent, key=lambda a: (-a.reads, -a.id))[:count])


def related(article: Article, count: int = 4) -> tuple[Article, ...]:
    """Other articles sharing the most tags with this one, nearest in time first."""
    def key(other: Article) -> tuple[int, float]:
        shared = len(set(other.tags) & set(article.tags)) + (other.section == article.section)
        return (-shared, abs((other.published - article.published).total_seconds()))
    pool = [a for a in articles() if a.id != article.id and set(a.tags) & set(article.tags)]
    return tuple(sorted(pool, key=key)[:count])


_SPACES = str.maketrans({c: " " for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u2018\u2019\u201c\u201d\u2013\u2014£€"})


def words(text: str) -> list[str]:
    """The lower-case words of `text` (punctuation, quotes and dashes separate words)."""
    return text.lower().translate(_SPACES).split()


@lru_cache(maxsize=1)
def _index() -> dict[int, tuple[frozenset[str], frozenset[str], frozenset[str]]]:
    """Per article: words of the headline, of the summary and tags, and of everything."""
    out = {}
    for a in articles():
        head = frozenset(words(a.headline))
        mid = frozenset(words(a.summary + " " + " ".join(a.tags)))
        body = frozenset(words("\n".join(a.paras) + "\n" + a.caption + "\n" + a.byline.name)) | head | mid
        out[a.id] = (head, mid, body)
    return out


def parse_day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def search(q: str = "", section: str = "", start: date | None = None, end: date | None = None,
           sort: str = "relevance") -> list[Article]:
    """Articles containing every word of `q` (headline, summary, tags, body, caption or byline), in
    `section` if given, published between `start` and `end` inclusive, in the order of `sort`."""
    terms = [w for w in words(q)]
    index = _index()
    found: list[tuple[int, Article]] = []
    for a in articles():
        if section and a.section != section:
            continue
        day = a.published.date()
        if (start and day < start) or (end and day > end):
            continue
        head, mid, body = index[a.id]
        if terms and not all(t in body for t in terms):
            continue
        score = sum(3 * (t in head) + 2 * (t in mid) + 1 for t in terms)
        found.append((score, a))
    if sort == "oldest":
        found.sort(key=lambda p: p[1].published)
    elif sort == "newest" or not terms:
        found.sort(key=lambda p: p[1].published, reverse=True)
    else:
        found.sort(key=lambda p: (-p[0], -p[1].published.timestamp()))
    return [a for _, a in found]
