"""The shop site (Cartwheel): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, Callable

import pytest

from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.shop import data as d
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("shop")}


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


def test_tiles_link_their_price_and_the_result_bar_says_showing(sandbox: Any) -> None:
    """A tile's price is a link to the product (as on big shops), so the element list shows it."""
    first = d.search("bluetooth speaker", sort="price-asc")[0]
    html = sandbox.fetch("shop", "/search?q=bluetooth+speaker&sort=price-asc").body.decode()
    link = f'<a class="price-link" href="/p/{first.slug}"><span class="now">${first.price:,.2f}</span>'
    assert link in html
    assert "Showing 1-" in page_text(html.encode())


def test_product_page_labels_the_price_and_links_review_titles(sandbox: Any) -> None:
    product = by_title("Voltra Orbit Wireless Headphones")
    html = sandbox.fetch("shop", f"/p/{product.slug}").body.decode()
    assert f"Price: ${product.price:,.2f} -{product.discount}%" in page_text(html.encode())
    first = product.reviews[0]
    assert f'<span class="review-stars">{first.stars}/5</span> <a class="review-title" href="#review-1">' in html
    assert 'id="review-1"' in html


def test_product_page_shows_specs_and_reviews(sandbox: Any) -> None:
    product = by_title("Voltra Orbit Wireless Headphones")
    text = page_text(sandbox.fetch("shop", f"/p/{product.slug}").body)
    for key, value in product.specs.items():
        assert f"{key} {value}" in text
    assert product.reviews[0].headline in text and f"${product.price:,.2f}" in text


# ----- tasks ---------------------------------------------------------------------------------------

def _weight(p: d.Product) -> int:
    assert list(p.specs)[0] == "Weight", p.title     # the reference reads the first specification row
    return int(p.specs["Weight"].split()[0])


def _lighter_tent() -> list[Any]:
    a, b = by_title("Summitry One 2-Person Tent"), by_title("Summitry Zen 2-Person Tent")
    assert _weight(a) != _weight(b)
    light, heavy = sorted((a, b), key=_weight)
    return [light.title, heavy.title, heavy.title.removesuffix(" 2-Person Tent"), _weight(light)]


def _unique_first(found: list[d.Product], key: Callable[[d.Product], object]) -> d.Product:
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found[0]


def _first_and_price(found: list[d.Product], key: Callable[[d.Product], object]) -> list[Any]:
    """The first listed product, the others on its page (the candidates a wrong answer names), its price."""
    first = _unique_first(found, key)
    return [first.title, *[p.title for p in found[1:d.PAGE_SIZE]], first.price]


def _page_two() -> list[Any]:
    found = d.search(department="Electronics", sort="newest")
    page = found[d.PAGE_SIZE: 2 * d.PAGE_SIZE]
    return [page[0].title, found[0].title, *[p.title for p in page[1:]]]


def _headlines() -> list[Any]:
    reviews = by_title("Auralis Duo Earbuds").reviews
    assert reviews[0].helpful > reviews[1].helpful
    return list(dict.fromkeys(v.headline for v in reviews))


def _capacity(p: d.Product) -> int:
    assert [k for k, v in p.specs.items() if "mAh" in v] == ["Capacity"], p.title   # the cell the reference reads
    return int(p.specs["Capacity"].split()[0])


def _largest_capacity() -> list[Any]:
    three = d.search("power bank", min_rating=4, sort="price-asc")[:3]
    caps = [_capacity(p) for p in three]
    assert caps.count(max(caps)) == 1
    top = three[caps.index(max(caps))]
    return [top.title, *[p.title for p in three if p is not top], max(caps)]


def _cheapest_flowfit_mat() -> d.Product:
    return _unique_first(d.search("yoga mat", brands=["Flowfit"], min_rating=4, sort="price-asc"), lambda p: p.price)


# state tasks: the cart (localStorage "cart") must hold these products and options
CART_TASKS: dict[str, Callable[[], dict[str, Any]]] = {
    "shop--5": lambda: {"title": "Pixelon Air Power Bank", "qty": 1, "colour": None, "size": None},
    "shop--6": lambda: {"title": "Tidewear Peak Fleece Hoodie", "qty": 1, "colour": "Forest Green", "size": "L"},
    "shop--9": lambda: {"title": "Pixelon Air Power Bank", "qty": 3, "colour": None, "size": None},
    "shop--13": lambda: {"title": _cheapest_flowfit_mat().title, "qty": 2, "colour": "White", "size": None},
}


def _cart_check(task_id: str) -> list[Any]:
    """What the storage check holds: the key and the records it compares (only the fields the task asks)."""
    spec = CART_TASKS[task_id]()
    product = by_title(spec["title"])
    assert spec["colour"] is None or spec["colour"] in product.colours
    assert spec["size"] is None or spec["size"] in product.sizes
    assert product.stock >= spec["qty"]
    record = {"sku": product.sku, "qty": spec["qty"]}
    record.update({k: spec[k] for k in ("colour", "size") if spec[k] is not None})
    return ["cart", json.dumps([record], sort_keys=True)]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "shop--1": lambda: [by_title("Northwind One Fleece Hoodie").price],
    "shop--2": lambda: _first_and_price(d.search("bluetooth speaker", sort="price-asc"), lambda p: p.price),
    "shop--3": lambda: [int(by_title("Voltra Orbit Wireless Headphones").specs["Battery life"].split()[0])],
    "shop--4": _headlines,
    "shop--5": lambda: _cart_check("shop--5"),
    "shop--6": lambda: _cart_check("shop--6"),
    "shop--7": lambda: _first_and_price(
        d.search(department="Home & Kitchen", brands=["Brio"], min_rating=4, sort="price-desc"), lambda p: p.price),
    "shop--8": _page_two,
    "shop--9": lambda: _cart_check("shop--9"),
    "shop--10": _lighter_tent,
    "shop--11": lambda: [len(d.search("yoga mat", price="0-25"))],
    "shop--12": _largest_capacity,
    "shop--13": lambda: _cart_check("shop--13"),
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 9
    for task in TASKS.values():
        assert task.site == "Cartwheel" and task.start_url.startswith("http://shop.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values() if t.reference) >= 3
    # the reference reads the specification cell that states its value in the unit asked: it must be the only one
    assert [v for v in by_title("Voltra Orbit Wireless Headphones").specs.values() if "hours" in v] == ["50 hours"]


def _cart_json(title: str, qty: int, colour: str | None, size: str | None) -> str:
    """The cart exactly as the site's JS writes it (JSON.stringify: no spaces)."""
    p = by_title(title)
    item = {"id": p.id, "sku": p.sku, "slug": p.slug, "title": p.title, "price": p.price, "qty": qty,
            "colour": colour, "size": size}
    return json.dumps([item], separators=(",", ":"))


@pytest.mark.parametrize("task_id", sorted(CART_TASKS))
def test_cart_task_checks_local_storage(task_id: str) -> None:
    task = TASKS[task_id]
    spec = CART_TASKS[task_id]()
    good = PageState(local_storage={"cart": _cart_json(**spec)})
    assert task.check(None, good) is True
    wrong_qty = PageState(local_storage={"cart": _cart_json(**{**spec, "qty": spec["qty"] + 1})})
    other = PageState(local_storage={"cart": _cart_json("Summitry One 2-Person Tent", 1, None, None)})
    assert task.check(None, other) is False
    assert task.check(None, PageState()) is False
    assert task.check(None, wrong_qty) is False
    if spec["size"]:
        wrong_size = PageState(local_storage={"cart": _cart_json(**{**spec, "size": "M"})})
        assert task.check(None, wrong_size) is False


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
    # the tasks' own checks read the real browser state: shop--6 adds one hoodie, not two
    assert TASKS["shop--6"].check(None, state) is False
    assert TASKS["shop--6"].check(None, replace(state, local_storage={"cart": _cart_json(
        "Tidewear Peak Fleece Hoodie", 1, "Forest Green", "L")})) is True
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
