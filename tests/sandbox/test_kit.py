"""The sandbox kit: the slugs, links, pages and consent banners every site builds with."""

from __future__ import annotations

from webvoyager.sandbox import kit
from webvoyager.sandbox.web import parse_request


def test_slugify_spellings_and_accents() -> None:
    assert kit.slugify("  Chef's Pick: Soups & Stews ") == "chef-s-pick-soups-stews"
    assert kit.slugify("Chef's Pick", spell=kit.APOSTROPHES) == "chefs-pick"
    assert kit.slugify("C++ for Beginners", spell={"++": "pp"}) == "cpp-for-beginners"
    assert kit.slugify("Café Crème & Co", spell={"&": "and"}, fold_accents=True) == "cafe-creme-and-co"
    assert kit.slugify("Café") == "caf"   # without folding an accented letter is not a slug letter


def test_query_link_keeps_order_replaces_in_place_and_leaves_out_blanks() -> None:
    link = kit.query_link("/search", {"q": "tea pot", "diet": ["vegan", "nut free"], "sort": "", "page": ""},
                          omit=kit.BLANK_OR_FIRST)
    assert link() == "/search?q=tea+pot&diet=vegan&diet=nut+free"
    assert link(page=2) == "/search?q=tea+pot&diet=vegan&diet=nut+free&page=2"
    assert link(page=1) == link()                       # page 1 is the bare listing
    assert link(sort="price", q="") == "/search?diet=vegan&diet=nut+free&sort=price"
    assert link(q="", diet=[]) == "/search"             # nothing left: no "?"
    assert link(extra="x") == link() + "&extra=x"       # a new key goes last


def test_query_link_defaults_and_the_always_marked_form() -> None:
    link = kit.query_link("/issues", {"state": "open", "sort": "newest"}, defaults={"sort": "newest"},
                          always_mark=True)
    assert link() == "/issues?state=open"
    assert link(sort="oldest") == "/issues?state=open&sort=oldest"
    assert link(sort="newest", state="") == "/issues?"
    assert kit.query_url("/p", [("a", 0), ("b", None), ("c", "")]) == "/p?a=0"


def test_paginate_clamps_and_counts() -> None:
    items = list(range(1, 26))
    page = kit.paginate(items, "2", 10)
    assert (page.items, page.number, page.count, page.total, page.first, page.last) == (
        list(range(11, 21)), 2, 3, 25, 11, 20)
    assert kit.paginate(items, "99", 10).number == 3 and kit.paginate(items, "99", 10).last == 25
    for bad in ("", "0", "-2", "two"):
        assert kit.paginate(items, bad, 10).number == 1, bad
    empty = kit.paginate([], "3", 10)
    assert (empty.number, empty.count, list(empty.items)) == (1, 1, [])


def test_consent_is_pending_until_its_cookie_is_set() -> None:
    consent = kit.Consent("tea_consent")
    assert consent.pending(parse_request("GET", "/", {}, b""))
    assert consent.pending(parse_request("GET", "/", {"cookie": "other=1"}, b""))
    assert not consent.pending(parse_request("GET", "/", {"cookie": "tea_consent=all"}, b""))


def test_mean_stars_weights_each_star_by_its_count() -> None:
    assert kit.mean_stars({5: 3, 4: 1, 1: 0}) == 4.8          # (15 + 4) / 4 = 4.75, to one decimal
    assert kit.mean_stars({5: 1, 1: 1}) == 3.0
    assert kit.mean_stars({5: 0, 4: 0}) == 0.0                # no ratings: 0, not a division by zero
