"""The sandbox kit: helpers every site needs the same way — URL slugs, links that keep the page's query,
pagination, cookie-consent banners and the mean of a star histogram.

A site keeps its own look (templates, wording, class names); what is the same logic on every site lives
here, so a new site gets it right by calling these instead of copying them.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Collection, Generic, Iterable, Mapping, Sequence, TypeVar
from urllib.parse import urlencode

from webvoyager.sandbox.web import Request

T = TypeVar("T")

BLANK: tuple[object, ...] = ("", None)
"""Query values a link leaves out by default: an empty field is no parameter at all."""

BLANK_OR_FIRST: tuple[object, ...] = ("", None, 1)
"""Also leaves out page 1 (as an int), so the first page's link is the bare listing URL."""

APOSTROPHES = {"'": ""}
"""A `spell` for slugify that drops apostrophes ("Chef's Pick" -> "chefs-pick", not "chef-s-pick")."""


def mean_stars(stars: Mapping[int, int]) -> float:
    """The mean rating of a star histogram (stars -> how many gave them), to one decimal; 0.0 with none."""
    return round(sum(s * n for s, n in stars.items()) / max(1, sum(stars.values())), 1)


def slugify(text: str, *, spell: Mapping[str, str] | None = None, fold_accents: bool = False) -> str:
    """The URL slug of a name: lower case, runs of anything but a-z and 0-9 turned into one "-".

    `spell` replaces substrings of the lower-cased text first (e.g. `{"++": "pp"}`, `APOSTROPHES`);
    `fold_accents` turns accented letters into plain ones first ("Café" -> "cafe" rather than "caf")."""
    if fold_accents:
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = text.lower()
    for old, new in (spell or {}).items():
        text = text.replace(old, new)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def query_url(path: str, pairs: Iterable[tuple[str, object]], *, omit: Collection[object] = BLANK,
              always_mark: bool = False) -> str:
    """`path` with the query of `pairs` (in order; a list or tuple value is one pair per item), leaving out
    values in `omit`. Without parameters it is the bare path, or `path?` with `always_mark` (sites whose
    links have always ended so keep their exact URLs)."""
    flat: list[tuple[str, object]] = []
    for key, value in pairs:
        for item in (value if isinstance(value, (list, tuple)) else (value,)):
            if item not in omit:
                flat.append((key, item))
    return path + ("?" + urlencode(flat) if flat or always_mark else "")


def query_link(path: str, current: Mapping[str, object], *, omit: Collection[object] = BLANK,
               defaults: Mapping[str, object] | None = None, always_mark: bool = False) -> Callable[..., str]:
    """A `link(**change)` for templates: the URL of this listing with some parameters changed.

    `current` is the page's state in the order parameters appear in URLs; a change replaces a value in
    place (a new key goes last), and "" removes it. A parameter equal to its entry in `defaults` is left
    out too (no `sort=best` when best match is what the page shows without it). Values are written as
    `query_url` does."""
    def link(**change: object) -> str:
        values = {**current, **change}
        pairs = [(k, v) for k, v in values.items() if not (defaults and k in defaults and v == defaults[k])]
        return query_url(path, pairs, omit=omit, always_mark=always_mark)

    return link


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a listing: the items shown and where they sit in the whole."""

    items: Sequence[T]
    number: int       # 1-based, within 1..count
    count: int        # how many pages (at least 1, even for an empty listing)
    total: int        # how many items in the whole listing
    size: int         # items per page

    @property
    def first(self) -> int:
        """The 1-based position of the first item shown ("Showing 21-40 of 57")."""
        return (self.number - 1) * self.size + 1

    @property
    def last(self) -> int:
        """The 1-based position of the last item shown."""
        return min(self.number * self.size, self.total)


def paginate(items: Sequence[T], requested: str, size: int) -> Page[T]:
    """The page `requested` (the raw `page` parameter) of `items`, `size` a page; a missing or malformed
    number is page 1 and one past the end is the last page, so a stale link still shows results."""
    count = max(1, math.ceil(len(items) / size))
    number = min(max(1, int(requested)), count) if requested.isdigit() else 1
    lo = (number - 1) * size
    return Page(items=items[lo:lo + size], number=number, count=count, total=len(items), size=size)


@dataclass(frozen=True)
class Consent:
    """A cookie-consent banner: shown on every page until the visitor answers it.

    The site's page script sets `cookie` when a `[data-consent]` button is pressed; the server then
    stops rendering the banner, as on real sites (a returning visitor is not asked again)."""

    cookie: str

    def pending(self, request: Request) -> bool:
        """Whether this visitor has not answered the banner yet (so the page must show it)."""
        return self.cookie not in request.cookies
