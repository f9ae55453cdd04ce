"""Quillbright (sandbox site `courses`): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
import time
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR, TODAY
from webvoyager.sandbox.sites.courses import data as d
from webvoyager.tasks import PageState, load_tasks

TASKS = {t.id: t for t in load_tasks(SITES_DIR / "courses" / "tasks.jsonl")}
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
    # module details sit in collapsed accordion panels
    assert f'id="mod-2" hidden' in html and f"{c.modules[1].videos} video" in html


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

def _expected() -> dict[str, list[str] | float]:
    """What each task's check must hold, recomputed from the site's data (never copied from the file)."""
    c1 = first_unique(d.search(subjects=["Physical Science and Engineering"], levels=["Beginner"],
                               durations=["short", "medium"], price="free", sort="rating"), lambda c: c.rating)
    assert c1.rating >= 4.7 > d.search(subjects=["Physical Science and Engineering"], levels=["Beginner"],
                                       durations=["short", "medium"], price="free", sort="rating")[1].rating
    a2, b2 = d.course_by_title("Frontiers of IT Support"), d.course_by_title("Practical Spanish")
    assert a2.modules[-1].hours != b2.modules[-1].hours
    w2 = max((a2, b2), key=lambda c: c.modules[-1].hours)
    c3 = d.course_by_title("Introduction to Creative Writing")
    s4 = d.specialization_by_title("Entrepreneurship Specialization")
    long4 = first_unique(sorted(s4.items, key=lambda c: -c.hours), lambda c: c.hours)
    a5, b5 = d.course_by_title("Hands-on Psychology"), d.course_by_title("Foundations of Sociology")
    assert a5.star_percent(5) != b5.star_percent(5)
    w5 = max((a5, b5), key=lambda c: c.star_percent(5))
    c6 = first_unique(d.search(subjects=["Social Sciences"], levels=["Advanced"], languages=["French"], sort="rating"),
                      lambda c: c.rating)
    c8 = d.search(subjects=["Social Sciences"], partners_=["Marrowgate Medical College"], sort="newest")[0]
    c9 = d.course_by_title("Behavioral Economics for Everyone")
    c10 = d.course_by_title("Introduction to Linux System Administration")
    c11 = d.course_by_title("Applied Psychology")
    counts11 = {I[s].name: d.instructor_stats(s)[1] for s in c11.instructors}
    assert len(counts11) == 2 and len(set(counts11.values())) == 2
    top11 = max(counts11, key=counts11.__getitem__)
    c12 = d.search(subjects=["Health"], sort="newest")[0]
    specs14 = [s for s in d.specializations() if s.subject == "Math and Logic"]
    s14 = first_unique(sorted(specs14, key=lambda s: -s.hours), lambda s: s.hours)  # type: ignore[arg-type]
    return {
        "courses--1": [c1.title] + names(c1),
        "courses--2": [w2.title, f"{w2.modules[-1].hours} hour"],
        "courses--3": [I[c3.instructors[0]].name, f"{d.instructor_stats(c3.instructors[0])[0]:,}"],
        "courses--4": [long4.title, f"{len(long4.modules)} modules"],
        "courses--5": [w5.title, f"{w5.star_percent(5)}%"],
        "courses--6": [c6.title],
        "courses--6/state": [c6.slug, "trial"],
        "courses--7": float(len(d.search(subjects=["Information Technology"], levels=["Advanced"], languages=["Chinese"], price="free"))),
        "courses--8": [c8.title, c8.launched.strftime("%B %-d, %Y")],
        "courses--9": [f"{c9.modules[1].videos} video", f"{c9.modules[1].readings} reading"],
        "courses--10": [d.trial_end(c10).strftime("%B %-d, %Y"), f"${c10.monthly_price}"],
        "courses--11": [top11, str(counts11[top11])],
        "courses--12": [c12.title, c12.partner],
        "courses--13/state": ["subject=Arts+and+Humanities", "level=Beginner", "language=Spanish", "price=free", "sort=rating"],
        "courses--14": [s14.title, s14.partner],  # type: ignore[attr-defined]
    }


def test_tasks_answers_match_site_data() -> None:
    expected = _expected()
    assert {k.split("/")[0] for k in expected} == set(TASKS)
    for task_id, task in TASKS.items():
        assert task.reference is not None
        if task.answer_check is not None:
            want = expected[task_id]
            got = task.answer_check.value if task.answer_check.type == "number" else list(task.answer_check.values)
            assert got == want, task_id
        if task.state_check is not None:
            assert list(task.state_check.contains) == expected[f"{task_id}/state"], task_id
        state = _passing_state(task)
        assert task.check(task.reference.answer, state) is True, f"{task_id}: the reference answer fails its check"
        if task.answer_check is not None:
            assert task.check("I could not find it (999999).", state) is False, task_id
        if task.state_check is not None:
            assert task.check(task.reference.answer, PageState(url=task.start_url)) is False, task_id


def _passing_state(task: Any) -> PageState | None:
    check = task.state_check
    if check is None:
        return None
    if check.type == "url":
        return PageState(url=task.start_url + "?" + "&".join(check.contains))
    return PageState(local_storage={check.key: json.dumps([{"slug": check.contains[0], "mode": check.contains[1]}])})


def test_tasks_are_many_long_and_named_by_what_people_see() -> None:
    assert len(TASKS) >= 12
    lengths = [len(t.reference.steps) for t in TASKS.values()]  # type: ignore[union-attr]
    assert sum(n >= 8 for n in lengths) >= 6 and min(lengths) >= 3
    for task in TASKS.values():
        assert task.site == "Quillbright" and task.start_url.startswith("http://courses.localhost/")
        assert len(task.reference.steps) <= (task.max_steps or 15)  # type: ignore[union-attr]


def test_state_task_url_is_a_real_listing(sandbox: Any) -> None:
    task = TASKS["courses--13"]
    query = "&".join(task.state_check.contains)  # type: ignore[union-attr]
    status, _, html = fetch(sandbox, "courses", "/search?" + query)
    want = d.search(subjects=["Arts and Humanities"], levels=["Beginner"], languages=["Spanish"], price="free", sort="rating")
    assert status == 200 and want and titles(html) == [c.title for c in want]


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
        assert f"{c.star_percent(5)}%" in await page.inner_text("#reviews")
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
