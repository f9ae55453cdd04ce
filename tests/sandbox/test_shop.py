"""The shop site (Cartwheel): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from webvoyager.sandbox.sites.shop import data as d
from webvoyager.tasks import PageState, load_tasks

TASKS_FILE = Path(d.__file__).parent / "tasks.jsonl"
TASKS = {t.id: t for t in load_tasks(TASKS_FILE)}


def by_title(title: str) -> d.Product:
    return d.by_slug()[d.slugify(title)]


def page_text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode("utf-8")))


# ----- data --------------------------------------------------------------------------------------

def test_catalogue_is_deterministic_and_big_enough() -> None:
    products = d.products()
    assert len(products) == d.COUNT >= 500
    assert len({p.slug for p in products}) == len(products)
    assert len({p.sku for p in products}) == len(products)
    d.products.cache_clear()
    d.by_slug.cache_clear()
    assert [(p.title, p.price) for p in d.products()] == [(p.title, p.price) for p in products]
    assert {p.department for p in products} == set(d.DEPARTMENTS)


def test_search_filters_and_sorts() -> None:
    found = d.search("headphones", brands=["Auralis", "Voltra"], price="50-100", min_rating=3, sort="price-asc")
    assert found
    for p in found:
        assert p.brand in ("Auralis", "Voltra") and 50 <= p.price < 100 and p.rating >= 3 and "Headphones" in p.title
    assert [p.price for p in found] == sorted(p.price for p in found)
    assert d.suggestions("northwind on") == ["Northwind One Fleece Hoodie"]
    assert d.suggestions("x") == []


# ----- pages over HTTP -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/search?q=tent", "/search?q=mat&price=0-25&sort=price-desc", "/c/electronics",
                                  "/c/home-and-kitchen?brand=Brio&rating=4&page=1", "/p/pixelon-air-power-bank",
                                  "/cart", "/static/site.css", "/static/site.js"])
def test_pages_render(sandbox: Any, path: str) -> None:
    assert sandbox.fetch("shop", path).status == 200, path


def test_unknown_product_and_department_are_404(sandbox: Any) -> None:
    assert sandbox.fetch("shop", "/p/no-such-thing").status == 404
    assert sandbox.fetch("shop", "/c/no-such-department").status == 404


def test_listing_counts_and_pages(sandbox: Any) -> None:
    expected = d.search(department="Electronics", sort="newest")
    text = page_text(sandbox.fetch("shop", "/c/electronics?sort=newest&page=2").body)
    assert f"17-32 of {len(expected)} results" in text
    assert expected[16].title in text and expected[0].title not in text


def test_suggest_endpoint(sandbox: Any) -> None:
    payload = json.loads(sandbox.fetch("shop", "/api/suggest?q=peakline").body)
    titles = d.suggestions("peakline")
    assert payload["suggestions"] == [{"label": t, "url": f"/p/{d.slugify(t)}"} for t in titles] and len(titles) == 8


def test_product_page_shows_specs_and_reviews(sandbox: Any) -> None:
    product = by_title("Voltra Orbit Wireless Headphones")
    text = page_text(sandbox.fetch("shop", f"/p/{product.slug}").body)
    for key, value in product.specs.items():
        assert f"{key} {value}" in text
    assert product.reviews[0].headline in text and f"${product.price:,.2f}" in text


# ----- tasks ---------------------------------------------------------------------------------------

def _weight(title: str) -> int:
    return int(by_title(title).specs["Weight"].split()[0])


def _lighter(a: str, b: str) -> list[str]:
    assert _weight(a) != _weight(b)
    winner = min((a, b), key=_weight)
    return [winner.rsplit(" 2-Person Tent", 1)[0], str(_weight(winner))]


def _first(found: list[d.Product]) -> d.Product:
    return found[0]


EXPECTED: dict[str, Callable[[], Any]] = {
    "shop--1": lambda: by_title("Northwind One Fleece Hoodie").price,
    "shop--2": lambda: (lambda p: [p.title, f"{p.price:.2f}"])(_first(d.search("bluetooth speaker", sort="price-asc"))),
    "shop--3": lambda: int(by_title("Voltra Orbit Wireless Headphones").specs["Battery life"].split()[0]),
    "shop--4": lambda: [by_title("Auralis Duo Earbuds").reviews[0].headline],
    "shop--7": lambda: (lambda p: [p.title, f"{p.price:.2f}"])(
        _first(d.search(department="Home & Kitchen", brands=["Brio"], min_rating=4, sort="price-desc"))),
    "shop--8": lambda: [d.search(department="Electronics", sort="newest")[d.PAGE_SIZE].title],
    "shop--10": lambda: _lighter("Summitry One 2-Person Tent", "Summitry Zen 2-Person Tent"),
    "shop--11": lambda: len(d.search("yoga mat", price="0-25")),
}

# state tasks: the cart (localStorage "cart") must hold these products and options
CART_TASKS = {
    "shop--5": {"title": "Pixelon Air Power Bank", "qty": 1, "colour": None, "size": None},
    "shop--6": {"title": "Tidewear Peak Fleece Hoodie", "qty": 1, "colour": "Forest Green", "size": "L"},
    "shop--9": {"title": "Pixelon Air Power Bank", "qty": 3, "colour": None, "size": None},
}


def _cart_json(title: str, qty: int, colour: str | None, size: str | None) -> str:
    """The cart exactly as the site's JS writes it (JSON.stringify: no spaces)."""
    p = by_title(title)
    item = {"id": p.id, "sku": p.sku, "slug": p.slug, "title": p.title, "price": p.price, "qty": qty,
            "colour": colour, "size": size}
    return json.dumps([item], separators=(",", ":"))


def test_at_least_nine_tasks_with_references() -> None:
    assert len(TASKS) >= 9
    assert set(EXPECTED) | set(CART_TASKS) == set(TASKS)
    for task in TASKS.values():
        assert task.site == "Cartwheel" and task.start_url.startswith("http://shop.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)


@pytest.mark.parametrize("task_id", sorted(EXPECTED))
def test_answer_task_matches_site_data(task_id: str) -> None:
    task = TASKS[task_id]
    want = EXPECTED[task_id]()
    check = task.answer_check
    assert check is not None
    if check.type == "number":
        assert check.value == want
    else:
        assert list(check.values) == want
    assert task.check(task.reference.answer) is True
    assert task.check("I could not find it.") is False


@pytest.mark.parametrize("task_id", sorted(CART_TASKS))
def test_cart_task_checks_local_storage(task_id: str) -> None:
    task = TASKS[task_id]
    spec = CART_TASKS[task_id]
    good = PageState(local_storage={"cart": _cart_json(**spec)})
    assert task.check(task.reference.answer, good) is True
    wrong_qty = PageState(local_storage={"cart": _cart_json(**{**spec, "qty": spec["qty"] + 1})})
    other = PageState(local_storage={"cart": _cart_json("Summitry One 2-Person Tent", 1, None, None)})
    assert task.check(task.reference.answer, other) is False
    assert task.check(task.reference.answer, PageState()) is False
    if task_id == "shop--9":   # only shop--9 asks for a quantity
        assert task.check(task.reference.answer, wrong_qty) is False
    if spec["size"]:
        wrong_size = PageState(local_storage={"cart": _cart_json(**{**spec, "size": "M"})})
        assert task.check(task.reference.answer, wrong_size) is False


# ----- widgets in Chromium -------------------------------------------------------------------------

@pytest.mark.browser
async def test_autocomplete_suggestion_opens_product(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("shop", "/"))
    await page.get_by_placeholder("Search Cartwheel").press_sequentially("Northwind On")
    option = page.get_by_role("option", name="Northwind One Fleece Hoodie")
    await option.click()
    await page.wait_for_url("**/p/northwind-one-fleece-hoodie")
    assert f"${by_title('Northwind One Fleece Hoodie').price:,.2f}" in await page.locator(".buybox").inner_text()


@pytest.mark.browser
async def test_sort_select_and_brand_filter(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("shop", "/c/home-and-kitchen"))
    await page.get_by_role("checkbox", name="Brio").click()
    await page.wait_for_url("**brand=Brio**")
    await page.get_by_label("Sort by").select_option(label="Price: High to Low")
    await page.wait_for_url("**sort=price-desc**")
    first = await page.locator(".tile-title").first.inner_text()
    assert first == d.search(department="Home & Kitchen", brands=["Brio"], sort="price-desc")[0].title


@pytest.mark.browser
async def test_pickers_tabs_modal_and_cart(sandbox: Any, session: Any) -> None:
    product = by_title("Tidewear Peak Fleece Hoodie")
    page = session.page
    await page.goto(sandbox.url("shop", f"/p/{product.slug}"))
    await page.get_by_role("button", name="Add to Cart").click()
    assert "choose a colour" in (await page.locator("#buy-error").inner_text()).lower()
    await page.get_by_role("combobox", name=re.compile("Colour")).click()
    await page.get_by_role("option", name="Forest Green").click()
    await page.get_by_role("combobox", name=re.compile("Size")).click()
    await page.get_by_role("option", name="L", exact=True).click()
    await page.get_by_label("Quantity").select_option("2")
    await page.get_by_role("button", name="Add to Cart").click()
    dialog = page.get_by_role("dialog")
    assert await dialog.is_visible() and "Added to Cart" in await dialog.inner_text()
    cart = json.loads(await page.evaluate("localStorage.getItem('cart')"))
    assert cart == [{"id": product.id, "sku": product.sku, "slug": product.slug, "title": product.title,
                     "price": product.price, "qty": 2, "colour": "Forest Green", "size": "L"}]
    state = await session.page_state()
    assert TASKS["shop--6"].check(None, state) is True     # the task's own check reads the real browser state
    assert TASKS["shop--9"].check(None, state) is False
    await page.get_by_role("button", name="Continue shopping").click()
    assert not await dialog.is_visible()
    specs = page.locator("#panel-specs")
    assert not await specs.is_visible()
    await page.get_by_role("tab", name="Specifications").click()
    assert await specs.is_visible() and product.specs["Fabric"] in await specs.inner_text()
    await page.get_by_role("link", name="Cart", exact=True).click()
    await page.wait_for_url("**/cart")
    items = await page.locator("#cart-items").inner_text()
    assert product.title in items and "Size: L" in items
    assert await page.locator("#cart-subtotal").inner_text() == f"${product.price * 2:,.2f}"
