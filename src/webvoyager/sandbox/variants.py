"""Variants of the sandbox pages (`sandbox serve --variant`, `bench sandbox --variant`): the same sites,
data and answers, with the page changed the way real sites change under a recorded script.

A variant is a pass over each response the sites render (`apply`), so no site knows about it:
- `shuffled`: the sibling links of each navigation bar come in another order (not pagers or breadcrumbs,
  whose order means something, nor links in drop-down panels), fixed per page: two visits see the same;
- `renamed`: ids and classes get other names, in the HTML and in the style sheets alike; the names the
  sandbox's code uses or derives (or an in-page link points at) are kept, so the pages work as before;
- `banner`: a promotion strip at the top of every page, 64 px tall: it pushes the content down (the
  labels shift), with a link and a button to close it.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from pathlib import Path
from typing import Callable, Literal, get_args

from webvoyager.errors import ConfigError
from webvoyager.sandbox.web import Response

Variant = Literal["shuffled", "renamed", "banner"]
VARIANTS: tuple[str, ...] = get_args(Variant)
_SANDBOX = Path(__file__).parent

_NAV = re.compile(r"(<nav\b[^>]*>)(.*?)(</nav>)", re.S | re.I)
_LINK = re.compile(r"<a\b[^>]*>.*?</a>", re.S | re.I)
_ITEM = re.compile(r"<li\b[^>]*>.*?</li>", re.S | re.I)
_ORDERED_NAV = re.compile(r"pag|crumb|step", re.I)      # pagers, breadcrumbs, steps: order means something
_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.S | re.I)
_HANDLER = re.compile(r"""\son\w+\s*=\s*("[^"]*"|'[^']*')""", re.I)
_WORD = re.compile(r"[A-Za-z_][\w-]*")
_ATTR = re.compile(r"""(\s(?:id|class|for|form|list|aria-labelledby|aria-describedby|aria-controls|aria-owns)\s*=\s*)("[^"]*"|'[^']*')""",
                   re.I)
_FRAGMENT = re.compile(r"""href\s*=\s*["']#([\w-]+)""", re.I)
_SELECTORS = re.compile(r"([^{}]+)(\{)")
_SELECTOR_NAME = re.compile(r"([.#])(-?[A-Za-z_][\w-]*)")
_BODY = re.compile(r"<body\b[^>]*>", re.I)

BANNER = ('<div role="region" aria-label="Promotion" id="promo-banner" style="box-sizing:border-box;height:64px;'
          'margin:0;padding:8px 40px;background:#ffe9a8;border-bottom:3px solid #e0b000;font:20px sans-serif;'
          'color:#3a2a00">'
          '<strong style="font-size:22px">Winter sale is on!</strong> '
          '<span>Free delivery on every order this week, while stocks last.</span> '
          '<a href="#promo-banner" style="color:#7a4b00">See the offers</a> '
          '<button type="button" onclick="this.parentNode.remove()" style="font-size:18px;margin-left:12px">'
          'Close the promotion</button></div>')


def check_variant(name: str | None) -> Variant | None:
    """`name` as a Variant (None: the pages as they are); ConfigError for an unknown one."""
    if name is None or name == "":
        return None
    if name not in VARIANTS:
        raise ConfigError(f"unknown sandbox variant {name!r}; use one of {', '.join(VARIANTS)}")
    return name  # type: ignore[return-value]


def apply(variant: Variant | None, response: Response, page: str) -> Response:
    """`response` as the variant serves it (`page`: host and path, which fixes a shuffled order)."""
    if variant is None or response.status != 200:
        return response
    kind = response.content_type.split(";")[0].strip().lower()
    if kind not in ("text/html", "text/css"):
        return response
    body = response.body.decode("utf-8") if isinstance(response.body, bytes) else response.body
    if kind == "text/css":
        body = rename_css(body) if variant == "renamed" else body
    elif variant == "shuffled":
        body = shuffle_navs(body, page)
    elif variant == "renamed":
        body = rename_html(body)
    else:
        body = _BODY.sub(lambda m: m.group(0) + BANNER, body, count=1)
    return Response(body, status=response.status, content_type=response.content_type, headers=response.headers,
                    set_cookies=response.set_cookies)


def shuffle_navs(html: str, page: str) -> str:
    """Each navigation bar's links (or list items) in another order, the same for the same page."""
    rng = random.Random(hashlib.sha256(page.encode()).digest())

    def shuffle(match: re.Match[str]) -> str:
        opening, inner, closing = match.groups()
        if _ORDERED_NAV.search(opening):
            return match.group(0)
        pattern = _ITEM if _ITEM.search(inner) else _LINK
        found = list(pattern.finditer(inner))
        parts = [m.group(0) for m in found]
        if len(parts) < 2 or not _siblings(inner, found):
            return match.group(0)
        order = parts[:]
        for _ in range(5):      # a shuffle that leaves every link in place would change nothing
            rng.shuffle(order)
            if order != parts:
                break
        pieces = iter(order)
        return opening + pattern.sub(lambda _m: next(pieces), inner) + closing

    return _NAV.sub(shuffle, html)


def _siblings(inner: str, found: list[re.Match[str]]) -> bool:
    """Whether the items are one run of siblings: no tag between two of them (but a <span> separator),
    none holding a nested list or menu (a drop-down's links must stay in their own panel)."""
    gaps = [inner[a.end():b.start()] for a, b in zip(found, found[1:])]
    nested = any(re.search(r"<(li|ul|ol|div|nav)\b", m.group(0)[3:], re.I) for m in found)
    return not nested and not any(re.search(r"<(?!/?span\b)", gap, re.I) for gap in gaps)


@functools.lru_cache(maxsize=1)
def _scripted_names() -> frozenset[str]:
    """Every word the sandbox's scripts contain (its .js files, the <script> blocks and on* handlers of
    its templates and builders): an id or class named there is kept, so the scripts still find it."""
    words: set[str] = set()
    for path in _SANDBOX.rglob("*"):
        if path.suffix == ".js":
            words.update(_WORD.findall(path.read_text(encoding="utf-8")))
        elif path.suffix in (".py", ".json"):   # builders and data may name classes of HTML they hand to scripts
            words.update(_WORD.findall(path.read_text(encoding="utf-8")))
        elif path.suffix in (".html", ".j2"):
            text = path.read_text(encoding="utf-8")
            for block in _SCRIPT.findall(text) + _HANDLER.findall(text):
                words.update(_WORD.findall(block))
    return frozenset(words)


@functools.lru_cache(maxsize=1)
def _script_parts() -> frozenset[str]:
    """The dash- and underscore-separated parts of the words in the sandbox's .js files: scripts derive
    names from them (`id.replace("input", "list")`, `"tab-" + name`), so a name made of one is kept."""
    words = {w for path in _SANDBOX.rglob("*.js") for w in _WORD.findall(path.read_text(encoding="utf-8"))}
    return frozenset(p for w in words for p in re.split(r"[-_]", w) if len(p) > 1)


def _new_name(name: str, kept: frozenset[str]) -> str:
    if name in kept or any(part in _script_parts() for part in re.split(r"[-_]", name)):
        return name
    return "v" + hashlib.sha256(name.encode()).hexdigest()[:7]


def rename_html(html: str) -> str:
    """The page with its ids and classes renamed (and every attribute that names an id: label `for`,
    `form`, `list`, the aria references); names its scripts use or in-page links point at are kept."""
    kept = _scripted_names() | {w for block in _SCRIPT.findall(html) + _HANDLER.findall(html)
                                for w in _WORD.findall(block)} | set(_FRAGMENT.findall(html))

    def attribute(match: re.Match[str]) -> str:
        name, quoted = match.groups()
        quote, value = quoted[0], quoted[1:-1]
        if "{" in value:    # a template expression left in the page: not a name
            return match.group(0)
        renamed = " ".join(_new_name(n, kept) for n in value.split())
        return f"{name}{quote}{renamed}{quote}"

    html = _tags_only(html, lambda tag: _ATTR.sub(attribute, tag))
    return _STYLE.sub(lambda m: m.group(1) + _rename_selectors(m.group(2), kept) + m.group(3), html)


_STYLE = re.compile(r"(<style\b[^>]*>)(.*?)(</style>)", re.S | re.I)
_TAG = re.compile(r"<[A-Za-z][^<>]*>")


def _tags_only(html: str, change: Callable[[str], str]) -> str:
    """`change` applied to each opening tag outside <script> blocks."""
    out, last = [], 0
    for script in _SCRIPT.finditer(html):
        out.append(_TAG.sub(lambda m: change(m.group(0)), html[last:script.start()]))
        out.append(script.group(0))
        last = script.end()
    out.append(_TAG.sub(lambda m: change(m.group(0)), html[last:]))
    return "".join(out)


def _rename_selectors(css: str, kept: frozenset[str]) -> str:
    """The `.class` and `#id` names of the selectors (never of values: `url(a.png)`, `.5em`) renamed."""
    def selectors(match: re.Match[str]) -> str:
        text = match.group(1)
        if text.lstrip().startswith("@"):
            return match.group(0)
        return _SELECTOR_NAME.sub(lambda m: m.group(1) + _new_name(m.group(2), kept), text) + match.group(2)

    return _SELECTORS.sub(selectors, css)


def rename_css(css: str) -> str:
    """A style sheet with the names `rename_html` gives."""
    return _rename_selectors(css, _scripted_names())
