"""The recipes site (Simmer & Sage): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest

from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.recipes import data as d
from webvoyager.tasks import PageState, Task

TASKS = {t.id: t for t in site_tasks("recipes")}


def by_title(title: str) -> d.Recipe:
    return d.by_slug()[d.slugify(title)]


def page_text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode("utf-8")))


# ----- data --------------------------------------------------------------------------------------

def test_generation_is_deterministic_and_big_enough() -> None:
    recipes = d.recipes()
    assert len(recipes) == d.COUNT >= 400
    assert len({r.slug for r in recipes}) == len(recipes), "slugs must be unique"
    d.recipes.cache_clear()
    d.by_slug.cache_clear()
    again = d.recipes()
    assert [(r.title, r.rating, r.published) for r in again] == [(r.title, r.rating, r.published) for r in recipes]
    assert {r.category for r in recipes} == set(d.CATEGORIES)
    assert {r.cuisine for r in recipes} <= set(d.CUISINES)


def test_search_applies_every_filter_and_sort() -> None:
    found = d.search("chickpea", diets=["Vegan"], cuisines=["Indian", "Thai"], max_time=45, sort="quickest")
    assert found, "expected some vegan chickpea recipes"
    for r in found:
        assert "Vegan" in r.diets and r.cuisine in ("Indian", "Thai") and r.total <= 45
    assert [r.total for r in found] == sorted(r.total for r in found)
    newest = d.search(sort="newest")
    assert newest[0].published > newest[-1].published
    top = d.search(sort="rating")
    assert top[0].rating >= top[1].rating >= top[-1].rating


# ----- pages over HTTP -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/search", "/search?q=lentil&sort=newest&page=2", "/category/pasta-noodles",
                                  "/recipe/tikka-cauliflower-fritters", "/static/site.css", "/static/site.js"])
def test_pages_render(sandbox: Any, path: str) -> None:
    response = sandbox.fetch("recipes", path)
    assert response.status == 200, path


def test_unknown_recipe_and_category_are_404(sandbox: Any) -> None:
    assert sandbox.fetch("recipes", "/recipe/no-such-dish").status == 404
    assert sandbox.fetch("recipes", "/category/no-such-course").status == 404


def test_listing_shows_count_filters_and_pages(sandbox: Any) -> None:
    expected = d.search("lentil", sort="newest")
    html = sandbox.fetch("recipes", "/search?q=lentil&sort=newest&page=2").body
    text = page_text(html)
    assert f"Showing 13–{min(24, len(expected))} of {len(expected)} recipes" in text
    assert expected[12].title in text and expected[0].title not in text
    filtered = sandbox.fetch("recipes", "/search?diet=Vegan&cuisine=Korean&sort=rating").body.decode()
    assert 'value="Vegan" aria-label="Vegan" checked' in filtered
    titles = re.findall(r'<h3><a href="/recipe/[^"]+">([^<]+)</a>', filtered)
    assert titles[0].replace("&#39;", "'") == d.search(diets=["Vegan"], cuisines=["Korean"], sort="rating")[0].title


def test_cookie_banner_until_consent(sandbox: Any) -> None:
    assert b"Accept all cookies" in sandbox.fetch("recipes", "/").body
    after = sandbox.fetch("recipes", "/", headers={"Cookie": "ss_consent=all"}).body
    assert b"Accept all cookies" not in after


def test_reviews_endpoint_matches_the_recipe(sandbox: Any) -> None:
    recipe = by_title("Tikka Cauliflower Fritters")
    payload = json.loads(sandbox.fetch("recipes", f"/api/reviews/{recipe.slug}").body)
    assert payload["count"] == recipe.review_count
    assert payload["stars"]["5"] == recipe.stars[5]
    assert payload["reviews"][0]["author"] == recipe.reviews[0].author
    # the reviews are NOT in the server-rendered page: they only exist after the late fetch
    page_html = sandbox.fetch("recipes", f"/recipe/{recipe.slug}").body
    assert recipe.reviews[0].text.encode() not in page_html and "Loading reviews…".encode() in page_html


# ----- tasks ---------------------------------------------------------------------------------------

def _protein(title: str) -> int:
    return int(by_title(title).nutrition["Protein"].split()[0])


def _richer(a: str, b: str) -> list[Any]:
    winner, loser = sorted((a, b), key=_protein, reverse=True)
    assert _protein(a) != _protein(b)
    return [winner, loser, _protein(winner)]


def _unique_first(found: list[d.Recipe], key: Callable[[d.Recipe], object]) -> d.Recipe:
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found[0]


def _listing(found: list[d.Recipe]) -> list[str]:
    """The first result's title, then the others shown beside it (the candidates a wrong answer names)."""
    return [r.title for r in found[: d.PAGE_SIZE]]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "recipes--1": lambda: [by_title("Tandoori Halloumi Linguine").servings],
    "recipes--2": lambda: [by_title("Za'atar Halloumi Gratin").calories],
    "recipes--3": lambda: [by_title("Vanilla Peach Iced Tea").stars[5]],
    "recipes--4": lambda: _listing([_unique_first(d.search(diets=["Vegan"], cuisines=["Korean"], sort="rating"),
                                                  lambda r: r.rating),
                                    *d.search(diets=["Vegan"], cuisines=["Korean"], sort="rating")[1:]]),
    "recipes--5": lambda: (lambda r: [r.title, r.published.strftime("%B %-d, %Y")])(
        d.search(category="Soups", sort="newest")[0]),
    "recipes--6": lambda: (lambda r: [r.title, r.total])(
        _unique_first(d.search(diets=["Gluten-free"], cuisines=["Mexican"], sort="quickest"), lambda r: r.total)),
    "recipes--7": lambda: ["recipes.localhost", "/search", "cuisine=Italian", "diet=Vegetarian", "max_time=30",
                           "sort=reviews"],
    "recipes--8": lambda: _richer("Feta Beef Rice Noodles", "Ginger-Soy Tofu Fried Rice"),
    "recipes--9": lambda: [d.search("lentil", sort="newest")[d.PAGE_SIZE].title],
    "recipes--10": lambda: (lambda v: [v.author, v.stars])(by_title("Tikka Cauliflower Fritters").reviews[0]),
    "recipes--11": lambda: [len(d.search(category="Snacks", max_time=30))],
    "recipes--12": lambda: (lambda a, b: [max(a, b, key=lambda r: r.calories).title, min(a, b, key=lambda r: r.calories).title,
                                          max(a.calories, b.calories)])(*_two_quickest(["Vegan"], ["Thai"])),
    "recipes--13": lambda: (lambda r, others: [r.author, *[o.author for o in others], r.servings, r.stars[5]])(
        *_top_and_next(d.search(category="Desserts", sort="reviews"), lambda r: r.review_count)),
}


def _two_quickest(diets: list[str], cuisines: list[str]) -> tuple[d.Recipe, d.Recipe]:
    found = d.search(diets=diets, cuisines=cuisines, sort="quickest")
    assert found[1].total < found[2].total and found[0].calories != found[1].calories, "no ties"
    return found[0], found[1]


def _top_and_next(found: list[d.Recipe], key: Callable[[d.Recipe], object]) -> tuple[d.Recipe, list[d.Recipe]]:
    top = _unique_first(found, key)
    return top, found[1:3]


def test_at_least_nine_tasks_with_references() -> None:
    assert len(TASKS) >= 9
    for task in TASKS.values():
        assert task.site == "Simmer & Sage" and task.id.startswith("recipes--")
        assert task.start_url.startswith("http://recipes.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)


def test_state_task_checks_the_url(sandbox: Any) -> None:
    task: Task = TASKS["recipes--7"]
    good = sandbox.url("recipes", "/search?q=Italian&diet=Vegetarian&cuisine=Italian&max_time=30&sort=reviews")
    assert task.check("done", PageState(url=good)) is True
    wrong = sandbox.url("recipes", "/search?diet=Vegetarian&cuisine=Italian&max_time=30&sort=rating")
    assert task.check("done", PageState(url=wrong)) is False
    assert sandbox.fetch("recipes", good[good.index("/search"):]).status == 200


# ----- widgets in Chromium -------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
async def test_cookie_banner_dismiss_sets_cookie(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("recipes", "/"))
    await page.get_by_role("button", name="Accept all cookies").click()
    await page.wait_for_selector(".cookie-banner", state="detached")
    cookies = {c["name"]: c["value"] for c in await page.context.cookies()}
    assert cookies.get("ss_consent") == "all"
    await page.reload()
    assert await page.locator(".cookie-banner").count() == 0


@pytest.mark.browser
async def test_mega_menu_opens_on_hover_and_navigates(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("recipes", "/"))
    soups = page.get_by_role("menuitem", name="Soups")
    assert not await soups.is_visible()
    await page.hover(".has-mega > .nav-top")
    assert await soups.is_visible()
    await soups.click()
    await page.wait_for_url("**/category/soups")
    assert len(await page.locator(".card").all()) == min(d.PAGE_SIZE, len(d.search(category="Soups")))


@pytest.mark.browser
@pytest.mark.slow
async def test_facets_and_sort_reload_the_listing(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("recipes", "/search"))
    await page.get_by_label("Vegan", exact=True).check()
    await page.wait_for_url("**diet=Vegan**")
    await page.get_by_label("Korean", exact=True).check()
    await page.wait_for_url("**cuisine=Korean**")
    await page.get_by_role("link", name="Top rated").click()
    await page.wait_for_url("**sort=rating**")
    first = await page.locator(".card h3 a").first.inner_text()
    assert first == d.search(diets=["Vegan"], cuisines=["Korean"], sort="rating")[0].title


@pytest.mark.browser
async def test_accordion_and_late_reviews(sandbox: Any, session: Any) -> None:
    recipe = by_title("Za'atar Halloumi Gratin")
    page = session.page
    # the server-rendered page says "Loading reviews…" (checked over HTTP above); the reviews come from
    # a later JSON request made by the page's script
    async with page.expect_response(f"**/api/reviews/{recipe.slug}") as late:
        await page.goto(sandbox.url("recipes", f"/recipe/{recipe.slug}"), wait_until="domcontentloaded")
    assert (await late.value).ok
    panel = page.locator("#nutrition-panel")
    assert not await panel.is_visible()
    await page.get_by_role("button", name="Nutrition facts (per serving)").click()
    assert await panel.is_visible()
    assert recipe.nutrition["Calories"] in await panel.inner_text()
    await page.wait_for_selector(".review-summary")
    text = await page.locator("#reviews").inner_text()
    assert f"{recipe.review_count:,} ratings" in text and recipe.reviews[0].author in text
