"""The search engine behind Quarry: a crawler over the other sandbox sites, a tokeniser, a BM25 index,
snippets with highlighted terms, spelling suggestions and query completions.

The crawler calls the other sites' handlers in-process (`Site.handle`, reached through the registry
the server gives every site), starting at each site's home page and following same-site links
breadth-first up to a page budget per site. Everything is deterministic: pages are generated from
fixed seeds, links are followed in document order, and ties are broken by URL.
"""

from __future__ import annotations

import html
import math
import re
import time
import unicodedata
from collections import Counter, deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping
from urllib.parse import urljoin, urlsplit

from webvoyager.sandbox.web import Site, parse_request

PAGE_BUDGET = 80
"""Pages indexed per site at most (the crawl of all sites stays well under three seconds)."""
FETCH_BUDGET = 2 * PAGE_BUDGET
"""Requests per site at most, counting pages that are not HTML (PDFs) and errors."""
SKIP_PREFIXES = ("/static/", "/_shared/", "/api/")
SKIP_SUFFIXES = (".css", ".js", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico", ".pdf", ".json", ".zip", ".txt")
TITLE_WEIGHT = 3
K1, B = 1.2, 0.75

STOPWORDS = frozenset("""a an and are as at be by for from has have how i in is it its of on or that the this to was what
when where which who why will with you your""".split())


# ----- text ----------------------------------------------------------------------------------------

_COMBINING = re.compile(r"[\u0300-\u036f]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def fold(text: str) -> str:
    """Lower-case and strip accents (é -> e), so 'Provençal' and 'provencal' are one word; other
    non-ASCII characters (★, –) become spaces."""
    text = text.lower()
    if text.isascii():
        return text
    return _NON_ASCII.sub(" ", _COMBINING.sub("", unicodedata.normalize("NFKD", text)))


def stem(word: str) -> str:
    """A light English stemmer: plurals only (recipes -> recipe, berries -> berry, boxes -> box)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ous")):
        return word[:-1]
    return word


_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The folded words of a text, in order (stop words kept)."""
    return _WORD.findall(fold(text))


def terms(text: str) -> list[str]:
    """Index terms: folded, stemmed words without stop words."""
    return _terms_of(words(text))


_STEMS: dict[str, str] = {}


def _terms_of(ws: list[str]) -> list[str]:
    out = []
    for w in ws:
        t = _STEMS.get(w)
        if t is None:
            t = _STEMS[w] = "" if w in STOPWORDS else stem(w)
        if t:
            out.append(t)
    return out


_DROP_BLOCKS = re.compile(r"<(script|style|noscript|template|svg|head|nav|header|footer)\b.*?</\1\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]+>")
_MAIN = re.compile(r"<main\b[^>]*>(.*)</main\s*>", re.I | re.S)
_BODY = re.compile(r"<body\b[^>]*>(.*)</body\s*>", re.I | re.S)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.I | re.S)
_HREF = re.compile(r"<a\b[^>]*?\shref\s*=\s*(?:\"([^\"]*)\"|'([^']*)')", re.I)
_BLOCK_END = re.compile(r"</(p|div|li|h[1-6]|tr|td|th|dd|dt|section|article|br)\s*>|<br\s*/?>", re.I)


def page_title(markup: str) -> str:
    found = _TITLE.search(markup)
    return " ".join(html.unescape(found.group(1)).split()) if found else ""


def main_text(markup: str) -> str:
    """The readable text of the page's main content (its <main>, else its <body>), without scripts,
    navigation, headers and footers: what a search engine's boilerplate removal keeps."""
    found = _MAIN.search(markup) or _BODY.search(markup)
    part = found.group(1) if found else markup
    part = _DROP_BLOCKS.sub(" ", part)
    part = _BLOCK_END.sub(" \n ", part)
    text = html.unescape(_TAG.sub(" ", part))
    return " ".join(text.split())


def links(markup: str) -> list[str]:
    """Every <a href> of the page, in document order."""
    return [html.unescape(a or b) for a, b in _HREF.findall(markup)]


def clean_title(title: str, site_title: str) -> str:
    """The page title without the site's name ("Soup | Simmer & Sage" -> "Soup")."""
    parts = [p.strip() for p in re.split(r"\s+[|\u00b7\u2013\u2014-]\s+", title) if p.strip()]
    brand = fold(site_title)
    while len(parts) > 1 and brand in fold(parts[-1]) and len(parts[-1].split()) <= len(site_title.split()) + 2:
        parts.pop()   # "... | Wordhoard Dictionary", "... · Gitloom"
    while len(parts) > 1 and fold(parts[0]) == brand:
        parts.pop(0)
    return " - ".join(parts) or title


# ----- crawl ---------------------------------------------------------------------------------------

@dataclass
class Page:
    """One crawled page."""

    id: int
    site: str                 # host label, e.g. "recipes"
    site_title: str
    path: str                 # path and query, e.g. "/recipe/miso-soup"
    title: str
    text: str
    depth: int
    inlinks: int = 0
    tf: Counter = field(default_factory=Counter)
    length: int = 0

    @property
    def short_title(self) -> str:
        return clean_title(self.title, self.site_title)

    def url(self, port: int | None) -> str:
        return f"http://{self.site}.localhost{':' + str(port) if port else ''}{self.path}"

    def breadcrumb(self) -> str:
        """How the result shows its address: 'recipes.localhost › recipe › miso-soup'."""
        parts = [p for p in urlsplit(self.path).path.split("/") if p]
        return " › ".join([f"{self.site}.localhost"] + parts)


def _same_site_path(href: str, current: str) -> str | None:
    """The path+query of a link if it stays on the same site and is worth fetching, else None."""
    if not href or href.startswith(("#", "mailto:", "javascript:", "tel:", "data:")):
        return None
    if href.startswith("/") and not href.startswith("//"):   # the common case, without urljoin
        path, _, query = href.split("#", 1)[0].partition("?")
    else:
        parts = urlsplit(urljoin("http://here.invalid" + current, href))
        if parts.netloc != "here.invalid":
            return None
        path, query = parts.path or "/", parts.query
    if path.startswith(SKIP_PREFIXES) or path.lower().endswith(SKIP_SUFFIXES):
        return None
    return path + ("?" + query if query else "")


def crawl_site(site: Site, budget: int = PAGE_BUDGET) -> list[Page]:
    """Crawl one site from its home page, breadth-first.

    Links whose path was not seen before go first, links that only add a new query string to a
    known path (sort orders, filters, further result pages) wait until the first kind runs out, so the
    budget goes to distinct pages rather than to every combination of a listing's filters.
    """
    fresh: deque[tuple[str, int]] = deque([("/", 0)])
    variants: deque[tuple[str, int]] = deque()
    queued = {"/"}
    seen_paths = {"/"}
    pages: list[Page] = []
    inlinks: Counter = Counter()
    fetches = 0
    while (fresh or variants) and len(pages) < budget and fetches < FETCH_BUDGET:
        path, depth = (fresh or variants).popleft()
        fetches += 1
        try:
            response = site.handle(parse_request("GET", path, {"host": f"{site.name}.localhost"}, b""))
        except Exception:   # a broken page must not stop the crawl
            continue
        if response.status in (301, 302, 303, 307, 308):
            target = _same_site_path(response.headers.get("Location", ""), path)
            if target and target not in queued:
                queued.add(target)
                fresh.appendleft((target, depth))
            continue
        if response.status != 200 or not response.content_type.startswith("text/html"):
            continue
        markup = response.encoded().decode("utf-8", "replace")
        pages.append(Page(id=-1, site=site.name, site_title=site.title, path=path,
                          title=page_title(markup) or path, text=main_text(markup), depth=depth))
        for href in links(markup):
            target = _same_site_path(href, path)
            if target is None:
                continue
            inlinks[target] += 1
            if target in queued:
                continue
            queued.add(target)
            bare = target.split("?")[0]
            (variants if bare in seen_paths else fresh).append((target, depth + 1))
            seen_paths.add(bare)
    for page in pages:
        page.inlinks = inlinks[page.path]
    return pages


def crawl(registry: Mapping[str, Site], skip: Iterable[str] = (), budget: int = PAGE_BUDGET) -> list[Page]:
    """Crawl every site of the registry (in name order) except those in `skip`."""
    pages: list[Page] = []
    for name in sorted(registry):
        if name in skip:
            continue
        pages.extend(crawl_site(registry[name], budget))
    for i, page in enumerate(pages):
        page.id = i
    return pages


# ----- index ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hit:
    page: Page
    score: float
    missing: tuple[str, ...] = ()     # query words this page does not contain


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count 1), or limit+1 when it exceeds `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


class Index:
    """A BM25 index over crawled pages (title words count TITLE_WEIGHT times)."""

    def __init__(self, pages: list[Page], build_seconds: float = 0.0) -> None:
        self.pages = pages
        self.build_seconds = build_seconds
        self.build_cpu_seconds = build_seconds
        self.postings: dict[str, list[tuple[int, int]]] = {}
        self.surface: Counter = Counter()      # folded word -> number of pages that contain it
        total = 0
        for page in pages:
            body, head = words(page.text), words(page.title)
            tf = Counter(_terms_of(body))
            for t in _terms_of(head):
                tf[t] += TITLE_WEIGHT
            page.tf = tf
            page.length = sum(tf.values())
            total += page.length
            for t, n in tf.items():
                self.postings.setdefault(t, []).append((page.id, n))
            self.surface.update(set(body) | set(head))
        self.avgdl = total / len(pages) if pages else 1.0
        self.site_titles = {p.site: p.site_title for p in pages}
        self.site_counts = Counter(p.site for p in pages)

    def idf(self, term: str) -> float:
        df = len(self.postings.get(term, ()))
        return math.log(1 + (len(self.pages) - df + 0.5) / (df + 0.5))

    def search(self, query: str, site: str | None = None) -> list[Hit]:
        """Pages matching the query, best first: pages with every query word come before pages that
        miss some (those list the missing words), each group by BM25 score, ties by address."""
        qwords = [w for w in dict.fromkeys(words(query)) if w not in STOPWORDS] or list(dict.fromkeys(words(query)))
        qterms = [stem(w) for w in qwords]
        if not qterms:
            return []
        scores: dict[int, float] = {}
        matched: dict[int, set[str]] = {}
        for term in dict.fromkeys(qterms):
            idf = self.idf(term)
            for pid, tf in self.postings.get(term, ()):
                page = self.pages[pid]
                if site and page.site != site:
                    continue
                norm = K1 * (1 - B + B * page.length / self.avgdl)
                scores[pid] = scores.get(pid, 0.0) + idf * tf * (K1 + 1) / (tf + norm)
                matched.setdefault(pid, set()).add(term)
        phrase = " ".join(words(query))
        navigational = {s for s, t in self.site_titles.items() if phrase in (" ".join(words(t)), s)}
        hits = []
        for pid, score in scores.items():
            page = self.pages[pid]
            title_words = words(page.title)
            if set(qterms) <= set(_terms_of(title_words)):
                score *= 1.5      # every query word in the title
                if phrase and phrase in " ".join(title_words):
                    score *= 1.2  # ... even as a phrase
            if page.path == "/" and page.site in navigational:
                score *= 4        # a query naming a site: its home page first
            score *= 1 + 0.05 * math.log1p(page.inlinks)   # well-linked pages a little higher
            missing = tuple(w for w, t in zip(qwords, qterms) if t not in matched[pid])
            hits.append(Hit(page, round(score, 6), missing))
        hits.sort(key=lambda h: (len(h.missing), -h.score, h.page.site, h.page.path))
        return hits

    # spelling -----------------------------------------------------------------------------------

    def known(self, word: str) -> bool:
        return word in self.surface or stem(word) in self.postings

    @lru_cache(maxsize=512)
    def correct_word(self, word: str) -> str:
        """The likeliest intended word: itself when the index knows it, else the most common known
        word within edit distance 1 (2 for longer words), preferring the smaller distance."""
        if self.known(word) or word.isdigit() or len(word) < 3:
            return word
        limit = 1 if len(word) <= 4 else 2
        best: tuple[int, int, str] | None = None
        for cand, df in self.surface.items():
            if df < 2 or abs(len(cand) - len(word)) > limit or cand.isdigit():
                continue
            d = _edit_distance(word, cand, limit)
            if d <= limit:
                key = (d, -df, cand)
                if best is None or key < best:
                    best = key
        return best[2] if best else word

    def correct(self, query: str) -> str | None:
        """The corrected query when some word is unknown and a close known word exists, else None."""
        parts = re.findall(r"\S+", query)
        fixed = []
        changed = False
        for part in parts:
            if part.lower().startswith("site:"):
                fixed.append(part)
                continue
            ws = words(part)
            if len(ws) != 1:
                fixed.append(part)
                continue
            better = self.correct_word(ws[0])
            if better != ws[0]:
                changed = True
                fixed.append(better)
            else:
                fixed.append(part)
        return " ".join(fixed) if changed else None

    # completions --------------------------------------------------------------------------------

    @property
    def phrases(self) -> list[tuple[str, int]]:
        """Completion candidates: the pages' short titles (lower case) with how often they are linked."""
        if not hasattr(self, "_phrases"):
            best: dict[str, int] = {}
            for page in self.pages:
                phrase = " ".join(fold(page.short_title).split())
                if 2 <= len(phrase) <= 70:
                    best[phrase] = max(best.get(phrase, 0), page.inlinks)
            self._phrases = sorted(best.items(), key=lambda kv: (-kv[1], kv[0]))
        return self._phrases

    def complete(self, typed: str, limit: int = 8) -> list[str]:
        """Suggestions for what is typed so far: titles starting with it first, then titles whose
        words start with the typed words, most linked first."""
        ws = fold(typed).split()
        if not ws:
            return []
        prefix = " ".join(ws)
        head = [p for p, _ in self.phrases if p.startswith(prefix)]
        rest = []
        for phrase, _ in self.phrases:
            if phrase in head:
                continue
            pw = phrase.split()
            if all(any(x.startswith(w) for x in pw) for w in ws):
                rest.append(phrase)
        return (head + rest)[:limit]

    # snippets -----------------------------------------------------------------------------------

    def snippet(self, page: Page, query: str, width: int = 30) -> str:
        """About `width` words of the page from the first place where the most distinct query words
        come together, as HTML with the matching words in <b>."""
        qterms = {stem(w) for w in words(query) if w not in STOPWORDS}
        tokens = page.text.split()
        if not tokens:
            return ""
        stems = [{stem(w) for w in words(tok)} & qterms for tok in tokens]
        hit = [bool(x) for x in stems]
        start, best_score = 0, -1
        for i in [i for i, h in enumerate(hit) if h][:400]:
            begin = max(0, i - 3)
            found: set[str] = set()
            for x in stems[begin:begin + width]:
                found |= x
            score = len(found)          # most distinct query words; the earliest such window wins
            if score > best_score:
                start, best_score = begin, score
        window = list(zip(tokens[start:start + width], hit[start:start + width]))
        out = ["<b>" + html.escape(tok) + "</b>" if h else html.escape(tok) for tok, h in window]
        text = " ".join(out)
        return ("… " if start else "") + text + (" …" if start + width < len(tokens) else "")


def build(registry: Mapping[str, Site], skip: Iterable[str] = (), budget: int = PAGE_BUDGET) -> Index:
    """Crawl and index; records how long it took (wall clock, and CPU time of this process)."""
    started, cpu = time.perf_counter(), time.process_time()
    pages = crawl(registry, skip, budget)
    index = Index(pages)
    index.build_seconds = time.perf_counter() - started
    index.build_cpu_seconds = time.process_time() - cpu
    return index
