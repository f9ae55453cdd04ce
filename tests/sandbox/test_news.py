"""Lanternpost News (sandbox site `news`): data, pages over HTTP, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import fetch
from webvoyager.sandbox.catalog import TODAY, site_tasks
from webvoyager.sandbox.sites.news import data as d
from webvoyager.sandbox.sites.news import live, stories
from webvoyager.sandbox.sites.news.stories import KINDS, Kind
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("news")}


def text_of(html: str) -> str:
    flat = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    return re.sub(r" ([,.])", r"\1", flat).replace("&#39;", "'").replace("&amp;", "&").replace("&#34;", '"')


# ----- what the tasks ask, computed from the site's data --------------------------------------------

def _one(found: list[d.Article] | tuple[d.Article, ...]) -> d.Article:
    assert len(found) == 1, [a.headline for a in found]
    return found[0]


def kind_of(topic: str) -> Kind:
    return next(k for k in KINDS if k.topic == topic)


def other_x(a: d.Article) -> list[str]:
    """The other values the story's kind could have had in its `x` slot (what a wrong answer names)."""
    return [x for x in kind_of(a.topic).x if x != a.fact("x")]


def section_writers(a: d.Article) -> list[str]:
    """The other writers of the story's section, in the site's order (a wrong byline names one of them)."""
    return [w.name for w in d.AUTHORS if a.section in w.sections and w.slug != a.author]


def others(names: list[str], right: str) -> list[str]:
    return list(dict.fromkeys(n for n in names if n != right))


def hhmm(t: datetime) -> list[str]:
    """A clock time as the site shows it, and without the leading zero."""
    return [t.strftime("%H:%M"), f"{t.hour}:{t.minute:02d}"]


def cyber_case() -> d.Article:
    """The oldest cyber-attack story about a firm that no other cyber story is about."""
    cyber = [a for a in d.articles() if a.topic == "Cyber security"]
    picked = next(a for a in reversed(cyber) if sum(a.fact("company") in b.tags for b in cyber) == 1)
    assert d.search(f"{picked.fact('company')} cyber-attack")[0] is picked
    return picked


VACCINE_SEARCH = ("vaccine", "health", date(2026, 4, 8), date(2026, 4, 20), "oldest")
TAKEOVER_SEARCH = ("takeover", "business", date(2026, 4, 1), date(2026, 4, 30), "newest")
TREATY_SEARCH = ("treaty", "world", date(2026, 4, 1), date(2026, 4, 20), "oldest")


def vaccine_story() -> d.Article:
    return d.search(*VACCINE_SEARCH)[0]


def takeover_count() -> int:
    return len(d.search(*TAKEOVER_SEARCH))


def author_pair() -> tuple[tuple[str, str, int], tuple[str, str, int]]:
    """(name, headline of the first search result for the name, article count) for the two authors."""
    out = []
    for name in ("Sasha Lindgren", "Daniel Voss"):
        slug = d.slugify(name)
        found = d.search(name)
        assert found and all(a.author == slug for a in found), "the name must find only the author's stories"
        out.append((name, found[0].headline, len(d.author_articles(slug))))
    assert out[0][2] != out[1][2]
    return out[0], out[1]


def updated_deal() -> d.Article:
    deals = [a for a in d.articles() if a.topic == "Deals" and a.updated]
    return next(a for a in deals if d.search(f"{a.fact('company')} {a.fact('company2')} takeover")[0] is a)


def painting() -> d.Article:
    found = [a for a in d.articles() if a.topic == "Art"]
    return next(a for a in found if d.search(f"painting {a.fact('x')} {a.fact('city')}")[0] is a)


def related_pair() -> tuple[d.Article, d.Article]:
    a = [x for x in d.articles() if x.topic == "Archaeology"][2]
    assert d.search(a.headline)[0] is a
    return a, d.related(a)[0]


def topic_case() -> tuple[d.Article, int, d.Article]:
    a = [x for x in d.articles() if x.topic == "Wildlife"][1]
    found = d.topic_articles(a.topic)
    assert d.search(a.headline)[0] is a and 10 < len(found) <= 2 * d.PAGE_SIZE
    assert d.topic_articles(a.topic, oldest=True)[0] is found[-1]
    return a, len(found), found[-1]


def travel_case() -> tuple[d.Article, int]:
    """A Food story of the Travel front that needs three "Load more" clicks, and that number."""
    front = d.section_articles("travel")
    index = next(i for i, a in enumerate(front) if i >= 3 * d.FRONT_BATCH and a.topic == "Food")
    return front[index], index // d.FRONT_BATCH


def heat_case() -> tuple[tuple[date, date], tuple[d.Article, d.Article]]:
    """A date range in April 2026 with exactly two Climate stories mentioning "hottest" (newest first),
    and different temperatures."""
    for start_day in range(1, 25):
        for length in range(3, 16):
            start = date(2026, 4, start_day)
            end = start + timedelta(days=length)
            found = d.search("hottest", "climate", start, end)
            if len(found) == 2 and found[0].fact("temp") != found[1].fact("temp"):
                return (start, end), (found[0], found[1])
    raise AssertionError("no date range with exactly two heat-record stories")


def treaty_case() -> d.Article:
    return d.search(*TREATY_SEARCH)[1]


def live_number(slug: str, title: str, pattern: str) -> str:
    found = re.search(pattern, live.update_titled(slug, title).text)
    assert found, (slug, title)
    return found.group(1)


def _news_1() -> list[Any]:
    a = cyber_case()
    return [a.byline.name, a.fact("x"), *section_writers(a), *other_x(a)]


def _news_2() -> list[Any]:
    a = vaccine_story()
    return [a.fact("x"), *other_x(a), int(a.fact("thousands").replace(",", ""))]


def _news_3() -> list[Any]:
    q, section, start, end, sort = TAKEOVER_SEARCH
    return [takeover_count(), "news.localhost", "/search", f"from={start}", f"q={q}", f"section={section}",
            f"sort={sort}", f"to={end}"]


def _news_4() -> list[Any]:
    storm = live.event("storm-brenna")
    assert storm is not None
    right = live.update_titled("storm-brenna", "Ferries cancelled").at
    assert sum(u.at == right for u in storm.updates) == 1
    return [hhmm(right)[0], *[u.at.strftime("%H:%M") for u in reversed(storm.updates) if u.at != right]]


def _news_5() -> list[Any]:
    return ["turnout", live_number("norvenia-election", "Turnout", r"turnout was ([\d.]+)%"),
            "Green Alliance", live_number("norvenia-election", "Final result", r"Green Alliance (\d+)")]


def _news_6() -> list[Any]:
    top = d.most_read()
    third = top[2]
    assert len({a.headline for a in top}) == len(top)
    return [third.headline, third.byline.name, top[1].headline, top[3].headline,
            *others([top[1].byline.name, top[3].byline.name], third.byline.name)]


def _news_7() -> list[Any]:
    (n1, _, c1), (n2, _, c2) = author_pair()
    win, lose = ((n1, c1), (n2, c2)) if c1 > c2 else ((n2, c2), (n1, c1))
    return [win[0], lose[0], win[1]]


def _news_8() -> list[Any]:
    a = updated_deal()
    assert a.updated is not None and a.updated.strftime("%H:%M") != a.published.strftime("%H:%M")
    return [hhmm(a.updated)[0], a.published.strftime("%H:%M"), float(a.fact("pct").rstrip("%"))]


def _news_9() -> list[Any]:
    a = painting()
    return [a.fact("person"), a.image_source, a.fact("person2"), *wrong_sources(a)]


def wrong_sources(a: d.Article) -> list[str]:
    """The other image agencies, leaving out the site's own name (an answer naturally mentions it)."""
    return others([x for x in stories.AGENCIES if x != "Lanternpost"], a.image_source)


def _news_10() -> list[Any]:
    a, first = related_pair()
    rest = d.related(a)[1:]
    return [first.headline, first.byline.name, *[r.headline for r in rest],
            *others([r.byline.name for r in rest], first.byline.name)]


def _news_11() -> list[Any]:
    a, total, oldest = topic_case()
    found = d.topic_articles(a.topic)
    return [total, oldest.byline.name, *others([found[-2].byline.name, found[0].byline.name], oldest.byline.name)]


def _news_12() -> list[Any]:
    food, _ = travel_case()
    return [int(food.fact("thousands").replace(",", "")), food.fact("person"), food.byline.name]


def _news_13() -> list[Any]:
    _, (x, y) = heat_case()
    hot, cold = sorted((x, y), key=lambda s: -int(s.fact("temp")))
    return [hot.fact("city"), cold.fact("city"), int(hot.fact("temp"))]


def _news_14() -> list[Any]:
    a = treaty_case()
    first = d.search(*TREATY_SEARCH)[0]
    mine = {a.fact("country"), a.fact("country2")}
    return [a.fact("country"), a.fact("country2"), a.fact("person2"), a.fact("person"),
            *[c for c in (first.fact("country"), first.fact("country2")) if c not in mine]]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {f"news--{i}": globals()[f"_news_{i}"] for i in range(1, 15)}


# ----- tasks ---------------------------------------------------------------------------------------------

def test_tasks_are_many_long_and_well_formed() -> None:
    assert len(TASKS) >= 12
    steps = {k: len(t.reference.steps) for k, t in TASKS.items()}
    assert sum(n >= 8 for n in steps.values()) >= 6, steps
    assert min(steps.values()) >= 3, steps
    for task in TASKS.values():
        assert task.site == "Lanternpost News" and task.start_url.startswith("http://news.localhost/")
        assert len(task.reference.steps) <= (task.max_steps or 15)


def test_state_task_checks_the_search_url(sandbox: Any) -> None:
    task = TASKS["news--3"]
    good = sandbox.url("news", "/search?q=takeover&section=business&from=2026-04-01&to=2026-04-30&sort=newest")
    assert task.check(f"{takeover_count()} results", PageState(url=good)) is True
    assert task.check(f"{takeover_count()} results", PageState(url=good.replace("sort=newest", "sort=oldest"))) is False
    body = text_of(sandbox.fetch("news", good[good.index("/search"):]).body.decode())
    assert f"of {takeover_count()} results" in body


# ----- data ---------------------------------------------------------------------------------------------

def test_generation_is_deterministic_and_big_enough() -> None:
    # how long it takes is printed by benchmarks/sandbox_data.py (no timing in tests)
    first = [(a.id, a.headline, a.published, a.reads) for a in d.articles()]
    for cached in (d.articles, d.by_id, d.topics, d._index):
        cached.cache_clear()
    again = [(a.id, a.headline, a.published, a.reads) for a in d.articles()]
    assert again == first
    assert len(first) >= 500 and len({h for _, h, _, _ in first}) == len(first), "headlines must be unique"
    assert {a.section for a in d.articles()} == set(d.SECTIONS)
    days = {a.published.date() for a in d.articles()}
    assert min(days) == d.FIRST_DAY and max(days) == TODAY
    assert all(a.published <= d.NOW and (a.updated is None or a.published < a.updated <= d.NOW) for a in d.articles())


def test_search_filters_sorts_and_matches_words() -> None:
    found = d.search("floods", "world", date(2026, 4, 1), date(2026, 4, 30), "oldest")
    assert found and all(a.section == "world" and date(2026, 4, 1) <= a.published.date() <= date(2026, 4, 30)
                         for a in found)
    assert [a.published for a in found] == sorted(a.published for a in found)
    for a in found:
        assert "floods" in d.words(" ".join((a.headline, a.summary, *a.paras, *a.tags)))
    newest = d.search("floods", "world", date(2026, 4, 1), date(2026, 4, 30), "newest")
    assert newest == found[::-1]
    assert d.search("zzzunknownword") == []
    # relevance: a headline hit ranks above a body-only hit
    ranked = d.search("treaty")
    assert "treaty" in d.words(ranked[0].headline)


def test_most_read_related_topics_and_authors() -> None:
    top = d.most_read()
    assert len(top) == d.MOST_READ_COUNT and [a.reads for a in top] == sorted((a.reads for a in top), reverse=True)
    assert all(a.published.date() > TODAY - timedelta(days=d.MOST_READ_DAYS) for a in top)
    a = d.articles()[40]
    rel = d.related(a)
    assert rel and a not in rel and all(set(r.tags) & set(a.tags) for r in rel)
    assert all(name in d.topic_articles(name)[0].tags for name in d.topics().values())
    assert sum(len(d.author_articles(x.slug)) for x in d.AUTHORS) == len(d.articles())


def test_live_events_are_ordered_and_paged() -> None:
    for e in live.events():
        times = [u.at for u in e.updates]
        assert times == sorted(times, reverse=True) and len(times) > live.LIVE_PAGE_SIZE
        first, more = live.page_of(e, 1)
        second, more2 = live.page_of(e, 2)
        assert len(first) == live.LIVE_PAGE_SIZE and more and first + second == e.updates[:len(first) + len(second)]
    storm = live.event("storm-brenna")
    assert storm is not None and not storm.ended and storm.day == TODAY
    assert all(u.at <= d.NOW for u in storm.updates)


# ----- pages over HTTP ---------------------------------------------------------------------------------

def test_pages_render(sandbox: Any) -> None:
    a = d.articles()[5]
    paths = ["/", "/news/world", "/news/travel", a.url, "/live", "/live/storm-brenna", f"/author/{a.author}",
             f"/author/{a.author}?page=2", f"/topic/{d.slugify(a.topic)}", "/search", "/search?q=flood&sort=oldest",
             "/most-read", "/static/site.css", "/static/site.js"]
    for path in paths:
        status, _, _ = fetch(sandbox, "news", path)
        assert status == 200, path
    for path in ("/news/world-1", "/news/nosuch", f"/news/science-{a.id}" if a.section != "science" else "/news/x-1",
                 "/author/nobody", "/topic/nothing-here", "/live/nothing", "/api/live/nothing", "/api/more/nothing"):
        assert fetch(sandbox, "news", path)[0] == 404, path


def test_article_page_shows_byline_times_caption_topics_and_related(sandbox: Any) -> None:
    a = next(x for x in d.articles() if x.updated)
    page = text_of(fetch(sandbox, "news", a.url)[2])
    assert a.headline in page and f"By {a.byline.name}, {a.byline.role}" in page
    assert f"Published: {d.fmt_datetime(a.published)}" in page and f"Updated: {d.fmt_datetime(a.updated)}" in page
    assert f"Image caption: {a.caption}" in page and f"Image source: {a.image_source}" in page
    assert all(p in page for p in a.paras) and all(t in page for t in a.tags)
    assert all(r.headline in page for r in d.related(a))


def test_search_page_counts_and_pages(sandbox: Any) -> None:
    found = d.search("jobs", sort="newest")
    assert len(found) > 2 * d.PAGE_SIZE
    page = text_of(fetch(sandbox, "news", "/search?q=jobs&sort=newest&page=2")[2])
    assert f"Showing 11–20 of {len(found)} results for \"jobs\"" in page.replace("&#34;", '"').replace("&quot;", '"')
    assert found[10].headline in page and found[0].headline not in page


def test_topic_page_sorts_oldest_first(sandbox: Any) -> None:
    a, total, oldest = topic_case()
    slug = d.slugify(a.topic)
    page = text_of(fetch(sandbox, "news", f"/topic/{slug}?sort=oldest")[2])
    assert f"Showing 1–10 of {total} stories, oldest first" in page
    assert page.index(oldest.headline) < page.index(d.topic_articles(a.topic, oldest=True)[1].headline)
    second = fetch(sandbox, "news", f"/topic/{slug}?sort=oldest&page=2")[2]
    assert d.topic_articles(a.topic)[0].headline.replace("'", "&#39;") in second


def test_consent_banner_until_answered(sandbox: Any) -> None:
    assert b"Yes, I agree" in sandbox.fetch("news", "/").body
    assert b"Yes, I agree" not in sandbox.fetch("news", "/", headers={"Cookie": "lp_consent=all"}).body


def test_live_and_more_endpoints(sandbox: Any) -> None:
    html = fetch(sandbox, "news", "/live/storm-brenna")[2]
    newest = live.event("storm-brenna").updates[0]
    assert newest.text not in html and "Loading the latest updates" in html   # updates only arrive by JS
    payload = json.loads(fetch(sandbox, "news", "/api/live/storm-brenna?page=2")[2])
    assert payload["page"] == 2 and payload["updates"][0]["title"] == live.event("storm-brenna").updates[8].title
    more = json.loads(fetch(sandbox, "news", f"/api/more/science?offset={d.FRONT_BATCH}")[2])
    assert [i["headline"] for i in more["items"]] == [a.headline for a in d.section_articles("science")[12:24]]
    assert more["more"] is True


# ----- widgets in Chromium -----------------------------------------------------------------------------

@pytest.mark.browser
async def test_consent_more_menu_and_live_updates(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("news", "/"))
    await page.get_by_role("button", name="Yes, I agree").click()
    await page.wait_for_selector(".consent", state="detached")
    assert {c["name"]: c["value"] for c in await page.context.cookies()}.get("lp_consent") == "all"
    travel = page.locator("#more-menu").get_by_role("link", name="Travel")
    assert not await travel.is_visible()
    await page.get_by_role("button", name="More").click()
    assert await travel.is_visible()
    await page.keyboard.press("Escape")
    assert not await travel.is_visible()
    await page.get_by_role("button", name="More").click()
    await page.locator("#more-menu").get_by_role("link", name="Live coverage").click()
    await page.wait_for_url("**/live")
    await page.get_by_role("link", name="Storm Brenna: red warning as gusts hit the north coast").first.click()
    storm = live.event("storm-brenna")
    await page.wait_for_selector(".update")
    assert await page.locator(".update").count() == live.LIVE_PAGE_SIZE
    assert storm.updates[0].title in await page.locator("#updates").inner_text()
    await page.get_by_role("button", name="Show older updates").click()
    await page.wait_for_function(f"document.querySelectorAll('.update').length > {live.LIVE_PAGE_SIZE}")
    text = await page.locator("#updates").inner_text()
    assert storm.updates[-1].title in text and storm.updates[-1].at.strftime("%H:%M") in text
    assert await page.get_by_role("button", name="Show older updates").is_hidden()


@pytest.mark.browser
@pytest.mark.slow
async def test_load_more_appends_the_next_stories(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("news", "/news/travel"))
    front = d.section_articles("travel")
    assert await page.locator("#front .item").count() == d.FRONT_BATCH
    for batch in (2, 3, 4):
        await page.get_by_role("button", name="Load more stories").click()
        await page.wait_for_function(f"document.querySelectorAll('#front .item').length >= {min(len(front), batch * 12)}")
    titles = await page.locator("#front .item h3").all_inner_texts()
    assert titles == [a.headline for a in front]
    assert await page.locator("#load-more").count() == 0


@pytest.mark.browser
async def test_search_form_filters_by_date_and_section(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("news", "/search"))
    await page.get_by_label("Search for").fill("vaccine")
    await page.get_by_label("Section", exact=True).select_option(label="Health")
    await page.get_by_label("Published from").fill("2026-04-20")
    await page.get_by_label("Published to").fill("2026-05-03")
    await page.get_by_label("Sort by").select_option(label="Oldest first")
    await page.get_by_role("button", name="Search stories").click()
    await page.wait_for_url("**section=health**")
    want = d.search("vaccine", "health", date(2026, 4, 20), date(2026, 5, 3), "oldest")
    assert await page.locator(".item h3").all_inner_texts() == [a.headline for a in want][:d.PAGE_SIZE]


@pytest.mark.browser
@pytest.mark.slow
async def test_pages_have_no_script_errors(sandbox: Any, session: Any) -> None:
    page = session.page
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"{page.url}: {exc}"))
    page.on("console", lambda msg: problems.append(f"{page.url}: {msg.text}") if msg.type == "error" else None)
    a = d.articles()[3]
    for path in ("/", "/news/science", a.url, "/live/norvenia-election", f"/author/{a.author}",
                 f"/topic/{d.slugify(a.topic)}", "/search?q=jobs&section=business", "/most-read"):
        await page.goto(sandbox.url("news", path))
        await page.wait_for_load_state("networkidle")
    assert problems == []
