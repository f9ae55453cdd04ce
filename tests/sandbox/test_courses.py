"""Quillbright (sandbox site `courses`): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
import time
from datetime import date
from typing import Any, Callable
from urllib.parse import urlencode

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import TODAY, site_tasks
from webvoyager.sandbox.sites.courses import data as d
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("courses")}
I = d.instructors()


def names(c: d.Course) -> list[str]:
    return [I[s].name for s in c.instructors]


def first_unique(found: list[d.Course], key: Callable[[d.Course], object]) -> d.Course:
    """The first course of a listing, asserting the task's criterion does not tie."""
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found[0]


def titles(html: str) -> list[str]:
    return [t.replace("&amp;", "&").replace("&#39;", "'")
            for t in re.findall(r'<h3><a href="/course/[^"]+">([^<]+)</a></h3>', html)]


# ----- data --------------------------------------------------------------------------------------

def test_data_is_deterministic_and_big_enough() -> None:
    courses = d.courses()
    assert len(courses) == d.COUNT >= 400
    assert len({c.slug for c in courses}) == len(courses)
    assert len(d.specializations()) >= 30 and len(d.instructors()) >= 100
    before = [(c.title, c.rating, c.enrolled, c.hours, c.launched) for c in courses]
    d._world.cache_clear()
    d._course_index.cache_clear()
    assert [(c.title, c.rating, c.enrolled, c.hours, c.launched) for c in d.courses()] == before
    assert {c.subject for c in d.courses()} == set(d.SUBJECTS)
    assert {c.duration for c in d.courses()} == set(d.DURATIONS)
    assert {c.language for c in d.courses()} == set(d.LANGUAGES)
    for c in d.courses():
        assert c.launched < TODAY and 3 <= len(c.modules) <= 7 and c.instructors
        assert all(I[s].partner == c.partner for s in c.instructors)
    for s in d.specializations():
        assert len(s.courses) >= 3 and all(d.course(x).partner == s.partner for x in s.courses)  # type: ignore[union-attr]


def test_search_filters_and_sorts() -> None:
    found = d.search("data", subjects=["Data Science", "Business"], levels=["Beginner"], durations=["short", "medium"],
                     price="free", sort="rating")
    assert found
    for c in found:
        assert c.subject in ("Data Science", "Business") and c.level == "Beginner" and c.hours <= 20 and c.free
        assert "data" in d._haystack(c)
    assert [c.rating for c in found] == sorted((c.rating for c in found), reverse=True)
    popular = d.search(sort="popular")
    assert popular[0].enrolled >= popular[1].enrolled >= popular[-1].enrolled
    newest = d.search(languages=["Spanish"], sort="newest")
    assert all(c.language == "Spanish" for c in newest) and newest[0].launched > newest[-1].launched
    assert not d.search(price="paid", partners_=["Datalume"]) or all(not c.free for c in d.search(price="paid", partners_=["Datalume"]))
    assert d.search("zzzz-nothing") == []


def test_suggest_and_helpers() -> None:
    got = d.suggest("entrepreneurship")
    assert got[0][0] == "Specialization" and all("entrepreneurship" in label.lower() for _, label, _ in got)
    assert d.suggest("e") == []
    c = d.course_by_title("Introduction to Linux System Administration")
    assert (d.trial_end(c) - TODAY).days == c.trial_days
    learners, count = d.instructor_stats(c.instructors[0])
    assert count == len(d.courses_of(c.instructors[0])) and learners >= c.enrolled
    assert sum(c.star_percent(s) for s in (1, 2, 3, 4, 5)) in (99, 100, 101)


# ----- pages over HTTP -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/", "/search", "/search?q=python&sort=newest&page=2", "/search?subject=Health&level=Beginner&language=Hindi",
    "/course/first-steps-in-3d-printing", "/specializations", "/specializations?subject=Business",
    "/specialization/entrepreneurship-specialization", "/instructor/sofia-petrakis", "/api/suggest?q=intro",
    "/static/site.css", "/static/site.js", "/_shared/suggest-box.js",
])
def test_pages_render(sandbox: Any, path: str) -> None:
    status, _, body = fetch(sandbox, "courses", path)
    assert status == 200 and body, path


@pytest.mark.parametrize("path", ["/course/no-such-course", "/instructor/nobody", "/specialization/nope", "/nope",
                                  "/api/reviews/nope"])
def test_unknown_items_are_404(sandbox: Any, path: str) -> None:
    assert fetch(sandbox, "courses", path)[0] == 404


def test_listing_filters_counts_and_paging_over_http(sandbox: Any) -> None:
    want = d.search(subjects=["Business"], price="free", sort="popular")
    _, _, page2 = fetch(sandbox, "courses", "/search?subject=Business&price=free&sort=popular&page=2")
    assert f"Showing 13–{min(24, len(want))} of {len(want)} results" in page2
    assert titles(page2) == [c.title for c in want[12:24]]
    assert 'value="Business" aria-label="Business" checked' in page2
    assert 'aria-label="Sort by: Most popular"' in page2
    # facet counts: a subject count ignores the subject selection itself, so other subjects stay visible
    health = len(d.search(subjects=["Health"], price="free"))
    assert f'aria-label="Health" > <span>Health</span> <span class="qb-count">({health})</span>' in page2
    _, _, spec = fetch(sandbox, "courses", "/specializations?subject=Math+and+Logic")
    assert spec.count('<a href="/specialization/') == len([s for s in d.specializations() if s.subject == "Math and Logic"])


def test_course_page_shows_the_facts_tasks_ask_about(sandbox: Any) -> None:
    c = d.course_by_title("Introduction to Linux System Administration")
    _, _, html = fetch(sandbox, "courses", f"/course/{c.slug}")
    for text in (f"{c.enrolled:,}", f"Approx. {c.hours} hours", f"Taught in {c.language}", f"{c.ratings:,} ratings)",
                 f"There are {len(c.modules)} modules in this course", d.trial_end(c).strftime("%B %-d, %Y"),
                 f"US${c.monthly_price} per month", c.launched.strftime("%B %-d, %Y")):
        assert text in html, text
    for name in names(c):
        assert name in html
    # module details sit in collapsed accordion panels, each with its time next to a label
    assert 'id="mod-2" hidden' in html and f"{c.modules[1].videos} video" in html
    assert f"<b>Time to complete:</b> {c.modules[-1].hours} hour" in html
    # the partner line links to the partner's courses (the page names the partner as an element)
    assert '<div class="qb-partner-line"><a href="/search?partner=' in html


def test_specialization_lists_its_courses_in_a_table(sandbox: Any) -> None:
    spec = d.specialization_by_title("Entrepreneurship Specialization")
    _, _, html = fetch(sandbox, "courses", f"/specialization/{spec.slug}")
    for i, c in enumerate(spec.items, start=1):
        assert (f'<td class="qb-series-no">Course {i}</td><td><a href="/course/{c.slug}">{c.title}</a></td>'
                f"<td>{c.level}</td><td>{c.hours} hours</td>") in html


def test_reviews_arrive_late_and_only_from_the_api(sandbox: Any) -> None:
    c = d.course_by_title("Hands-on Psychology")
    started = time.monotonic()
    _, _, body = fetch(sandbox, "courses", f"/api/reviews/{c.slug}")
    assert time.monotonic() - started >= 0.5   # the deliberate latency of the review widget
    payload = json.loads(body)
    assert payload["count"] == c.ratings and payload["percent"]["5"] == c.star_percent(5)
    assert [r["author"] for r in payload["reviews"]] == [r.author for r in d.reviews(c)]
    _, _, page = fetch(sandbox, "courses", f"/course/{c.slug}")
    assert "Loading reviews…" in page and f"{c.star_percent(5)}%" not in page


def test_cookie_banner_until_consent(sandbox: Any) -> None:
    assert b"Allow all cookies" in sandbox.fetch("courses", "/").body
    assert b"Allow all cookies" not in sandbox.fetch("courses", "/", headers={"Cookie": "qb_consent=all"}).body


# ----- tasks ---------------------------------------------------------------------------------------

def _dates(day: date) -> list[str]:
    """The spellings of a date a check accepts, the page's own first."""
    return list(dict.fromkeys([day.strftime("%B %-d, %Y"), day.strftime("%-d %B %Y"), day.isoformat(),
                               day.strftime("%b %-d, %Y")]))


def _others(found: list[Any], right: Any) -> list[str]:
    """The titles shown beside the right one (the candidates a wrong answer names), first page only."""
    return [x.title for x in found[: d.PAGE_SIZE] if x is not right]


def _task1() -> list[Any]:
    found = d.search(subjects=["Physical Science and Engineering"], levels=["Beginner"], durations=["short", "medium"],
                     price="free", sort="rating")
    right = first_unique(found, lambda c: c.rating)
    assert right.rating >= 4.7 > found[1].rating
    return [right.title, *names(right), *_others(found, right)]


def _compare(a: str, b: str, key: Callable[[d.Course], int]) -> list[Any]:
    """[winner, its value, loser]: the order of a text check with a rival, then its number check."""
    one, two = d.course_by_title(a), d.course_by_title(b)
    assert key(one) != key(two), "the comparison must not be a tie"
    win, lose = sorted((one, two), key=key, reverse=True)
    return [win.title, lose.title, key(win)]


def _task3() -> list[Any]:
    course = d.course_by_title("Introduction to Creative Writing")
    return [names(course)[0], *names(course)[1:], d.instructor_stats(course.instructors[0])[0]]


def _task4() -> list[Any]:
    spec = d.specialization_by_title("Entrepreneurship Specialization")
    longest = first_unique(sorted(spec.items, key=lambda c: -c.hours), lambda c: c.hours)
    return [longest.title, *(c.title for c in spec.items if c is not longest), len(longest.modules)]


def _task6() -> list[Any]:
    right = first_unique(d.search(subjects=["Social Sciences"], levels=["Advanced"], languages=["French"],
                                  sort="rating"), lambda c: c.rating)
    return ["qb_enrollments", json.dumps([{"mode": "trial", "slug": right.slug}], sort_keys=True)]


def _task8() -> list[Any]:
    found = d.search(subjects=["Social Sciences"], partners_=["Marrowgate Medical College"], sort="newest")
    right = first_unique(found, lambda c: c.launched)
    return [right.title, _dates(right.launched)[0], *_others(found, right)]


def _task11() -> list[Any]:
    course = d.course_by_title("Applied Psychology")
    counts = {I[s].name: d.instructor_stats(s)[1] for s in course.instructors}
    assert len(counts) == 2 and len(set(counts.values())) == 2
    top, low = sorted(counts, key=lambda n: -counts[n])
    return [top, low, counts[top]]


def _task12() -> list[Any]:
    found = d.search(subjects=["Health"], sort="newest")
    right = first_unique(found, lambda c: c.launched)
    shown = found[: d.PAGE_SIZE]
    partners = list(dict.fromkeys(c.partner for c in shown if c.partner != right.partner))
    return [right.title, right.partner, *_others(found, right), *partners]


def _task14() -> list[Any]:
    specs = sorted((s for s in d.specializations() if s.subject == "Math and Logic"), key=lambda s: (-s.enrolled, s.title))
    right = first_unique(sorted(specs, key=lambda s: -s.hours), lambda s: s.hours)
    others = [s for s in specs if s is not right]
    return [right.title, right.partner, *(s.title for s in others),
            *dict.fromkeys(s.partner for s in others if s.partner != right.partner)]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "courses--1": _task1,
    "courses--2": lambda: _compare("Frontiers of IT Support", "Practical Spanish", lambda c: c.modules[-1].hours),
    "courses--3": _task3,
    "courses--4": _task4,
    "courses--5": lambda: _compare("Hands-on Psychology", "Foundations of Sociology", lambda c: c.star_percent(5)),
    "courses--6": _task6,
    "courses--7": lambda: [len(d.search(subjects=["Information Technology"], levels=["Advanced"],
                                        languages=["Chinese"], price="free"))],
    "courses--8": _task8,
    "courses--9": lambda: (lambda m: [m.videos, m.readings])(d.course_by_title("Behavioral Economics for Everyone").modules[1]),
    "courses--10": lambda: (lambda c: [_dates(d.trial_end(c))[0], c.monthly_price])(
        d.course_by_title("Introduction to Linux System Administration")),
    "courses--11": _task11,
    "courses--12": _task12,
    "courses--13": lambda: ["courses.localhost", "/search", "language=Spanish", "level=Beginner",
                            "price=free", "sort=rating", "subject=Arts and Humanities"],
    "courses--14": _task14,
}


def test_tasks_are_many_long_and_named_by_what_people_see() -> None:
    assert len(TASKS) >= 14
    lengths = [len(t.reference.steps) for t in TASKS.values()]  # type: ignore[union-attr]
    assert sum(n >= 8 for n in lengths) >= 6 and min(lengths) >= 3
    for task in TASKS.values():
        assert task.site == "Quillbright" and task.start_url.startswith("http://courses.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)


def test_state_tasks_check_a_real_listing_and_enrollment(sandbox: Any) -> None:
    task = TASKS["courses--13"]
    check = task.checks.state[0]  # type: ignore[union-attr]
    query = urlencode(check.params)  # type: ignore[union-attr]
    status, _, html = fetch(sandbox, "courses", f"{check.path}?{query}")  # type: ignore[union-attr]
    want = d.search(subjects=["Arts and Humanities"], levels=["Beginner"], languages=["Spanish"], price="free", sort="rating")
    assert status == 200 and want and titles(html) == [c.title for c in want]
    assert task.check(None, PageState(url=sandbox.url("courses", f"/search?{query}"))) is True
    assert task.check(None, PageState(url=sandbox.url("courses", f"/search?{query}&duration=short"))) is False
    # the enrollment task stores what the page's script stores (see the enroll-modal widget test)
    enroll = TASKS["courses--6"]
    slug = json.loads(_task6()[1])[0]["slug"]
    stored = json.dumps([{"slug": slug, "mode": "trial"}])
    assert enroll.check(None, PageState(local_storage={"qb_enrollments": stored})) is True
    assert enroll.check(None, PageState(local_storage={"qb_enrollments": stored.replace("trial", "audit")})) is False


# ----- widgets in Chromium -------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
async def test_facets_show_all_and_sort_dropdown(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("courses", "/search")) as page:
        await page.click("text=Allow all cookies")
        await page.wait_for_selector(".qb-cookie", state="detached")
        chinese = page.get_by_label("Chinese", exact=True)
        assert not await chinese.is_visible()           # hidden behind "Show all 9 languages"
        await page.click("text=Show all 9 languages")
        assert await chinese.is_visible()
        await page.get_by_label("Information Technology", exact=True).check()
        await page.wait_for_url(re.compile(r"subject=Information\+Technology"))
        assert not await chinese.is_visible()           # the reloaded page folds the long list again
        await page.click("text=Show all 9 languages")
        await chinese.check()
        await page.wait_for_url(re.compile(r"language=Chinese"))
        assert await chinese.is_visible()               # a selected value keeps its group open
        listbox = page.get_by_role("listbox", name="Sort options")
        assert not await listbox.is_visible()
        await page.get_by_role("combobox", name=re.compile("Sort by")).click()
        assert await listbox.is_visible()
        await page.get_by_role("option", name="Highest rated").click()
        await page.wait_for_url(re.compile(r"sort=rating"))
        want = d.search(subjects=["Information Technology"], languages=["Chinese"], sort="rating")
        assert await page.locator(".qb-card h3 a").all_inner_texts() == [c.title for c in want[:12]]
        assert f"of {len(want)} results" in await page.inner_text(".qb-result-count")


@pytest.mark.browser
@pytest.mark.slow
async def test_autocomplete_accordion_late_reviews_and_enroll_modal(sandbox: Any) -> None:
    c = d.course_by_title("Behavioral Economics for Everyone")
    async with chromium_page(sandbox.url("courses", "/")) as page:
        await page.click("text=Allow all cookies")
        await page.fill("#qb-q", "")
        await page.type("#qb-q", "Behavioral Econ")
        option = page.get_by_role("option", name=f"{c.title} · Course")
        await option.click()
        await page.wait_for_url(f"**/course/{c.slug}")
        panel = page.locator("#mod-2")
        assert not await panel.is_visible()
        await page.get_by_role("button", name=re.compile(r"^Module 2:")).click()
        assert f"{c.modules[1].videos} video" in await panel.inner_text()
        await page.click("#expand-all")
        assert all([await page.locator(f"#mod-{i}").is_visible() for i in range(1, len(c.modules) + 1)])
        await page.wait_for_selector(".qb-rev-summary")   # the late-loaded reviews
        reviews = await page.inner_text("#reviews")
        assert f"{c.star_percent(5)}%" in reviews
        assert f"{d.reviews(c)[0].stars}/5" in reviews   # a review's stars as text, not only as glyphs
        await page.get_by_role("button", name="Enroll for free" if c.free else "Enroll").click()
        dialog = page.get_by_role("dialog")
        assert await dialog.is_visible()
        assert d.trial_end(c).strftime("%B %-d, %Y") in await dialog.inner_text()
        await page.keyboard.press("Escape")
        assert not await dialog.is_visible()
        await page.get_by_role("button", name="Enroll for free" if c.free else "Enroll").click()
        await page.click("#start-trial")
        assert "You're enrolled!" in await dialog.inner_text()
        stored = json.loads(await page.evaluate("localStorage.getItem('qb_enrollments')"))
        assert stored == [{"slug": c.slug, "mode": "trial"}]
        assert await page.inner_text("#my-count") == "(1)"


@pytest.mark.browser
async def test_explore_menu_opens_on_hover(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("courses", "/")) as page:
        item = page.get_by_role("menuitem", name="Health")
        assert not await item.is_visible()
        await page.hover(".qb-explore > .qb-nav-link")
        assert await item.is_visible()
        await item.click()
        await page.wait_for_url(re.compile(r"/search\?subject=Health$"))
        assert len(await page.locator(".qb-card").all()) == min(12, len(d.search(subjects=["Health"])))
