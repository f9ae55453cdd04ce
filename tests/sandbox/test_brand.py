"""Lumen (sandbox site `brand`): data, pages, the configurator rules, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
import time

import pytest

from tests.sandbox.site_helpers import assert_task_checks, chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR
from webvoyager.sandbox.sites.brand import data
from webvoyager.tasks import PageState, load_tasks

TASKS = load_tasks(SITES_DIR / "brand" / "tasks.jsonl")


def _spec(slug: str, label: str) -> str:
    return dict(data.model(slug).specs())[label]


def _expected() -> dict[str, object]:
    m = data.model
    phone_a, phone_b = m("lumen-phone-7-plus"), m("lumen-phone-8-pro")
    longer = max((phone_a, phone_b), key=lambda x: x.battery_h)
    assert phone_a.battery_h != phone_b.battery_h
    watches = [m("lumen-watch-se"), m("lumen-watch-4"), m("lumen-watch-ultra-2")]
    longest_watch = max(watches, key=lambda x: x.battery_h)
    assert sorted(w.battery_h for w in watches)[-2] < longest_watch.battery_h
    laptops = data.line_models("laptops")
    best_laptop = max(laptops, key=lambda x: x.battery_h)
    assert sum(x.battery_h == best_laptop.battery_h for x in laptops) == 1
    cases = data.accessories_search("Cases & Protection", "lumen-phone-8-pro", "price-asc")
    assert cases[0].price < cases[1].price
    place, near = data.stores_near("60201")
    sherman = near[0][0]
    assert near[0][1] < near[1][1]
    _, ny = data.stores_near("New York")
    fifth = next(s for s, _ in ny if s.name == "Lumen Fifth Avenue")
    credit = data.trade_in_value("lumen-phone-6-pro", "fair")
    air = data.config_price("lumenbook-air", {"size": "13-inch", "memory": "24GB unified memory", "storage": "512GB"})
    bag = data.bag_total(_bags()["brand--11"])
    screen = data.repair_prices("lumen-phone-6-pro")[0]
    assert screen[0] == "Screen repair"
    return {
        "brand--1": lambda: data.money(data.config_price("lumenbook-pro", {
            "size": "14-inch", "chip": "L4 Max with 16-core CPU, 40-core GPU", "memory": "64GB unified memory",
            "storage": "2TB", "colour": "Silver"})),
        "brand--2": lambda: f"{longer.name}, {longer.battery_h} hours",
        "brand--3": lambda: _spec("lumen-tab-air-13", "Weight"),
        "brand--4": lambda: f"{data.money(screen[1])} without, {data.money(screen[2])} with LumenCare+",
        "brand--5": lambda: f"{sherman.name}: Sunday {sherman.hours_on('Sunday')}",
        "brand--6": lambda: data.money(data.bag_total(_bags()["brand--6"])),
        "brand--7": lambda: f"credit {data.money(credit)}, total {data.money(air - credit)}",
        "brand--8": lambda: f"{longest_watch.name}: {_spec(longest_watch.slug, 'Water resistance')}",
        "brand--9": lambda: f"{best_laptop.name} from {data.money(best_laptop.price)}",
        "brand--10": lambda: f"{cases[0].name} {data.money(cases[0].price)}",
        "brand--11": lambda: data.money(bag),
        "brand--12": lambda: data.money(data.trade_in_value("lumen-watch-ultra", "good")),
        "brand--13": lambda: data.money(data.config_price("lumen-tab-pro", {
            "size": "13-inch", "storage": "1TB", "glass": "Nano-texture glass", "connectivity": "Wi-Fi + Cellular",
            "colour": "Silver"})),
        "brand--14": lambda: f"{', '.join(fifth.services)}; Saturday {fifth.hours_on('Saturday')}",
        "brand--15": lambda: data.money(data.config_price("lumen-watch-4", {
            "size": "46mm", "connectivity": "GPS + Cellular", "colour": "Rose Gold", "band": "Milanese Loop"},
            "LumenCare+ for Watch")),
    }


def _bags() -> dict[str, list[dict]]:
    """The bag each state task must end with, as the pages store it."""
    cable = {**data.accessory_item("USB-C Charge Cable (1 m)"), "qty": 2}
    return {
        "brand--6": [data.bag_item("lumen-phone-8-pro", {"size": "Lumen Phone 8 Pro Max", "storage": "512GB",
                                                         "colour": "Deep Blue"}, "LumenCare+ with Theft and Loss")],
        "brand--11": [data.accessory_item("35W Dual USB-C Port Power Adapter"), cable],
    }


def _stored(items: list[dict]) -> PageState:
    return PageState(local_storage={"bag": json.dumps(items, separators=(",", ":"))})


def test_tasks_answers_match_site_data() -> None:
    expected = _expected()
    plain = [t for t in TASKS if t.state_check is None]
    assert_task_checks(plain, {t.id: expected[t.id] for t in plain})  # type: ignore[misc]
    stateful = [t for t in TASKS if t.state_check is not None]
    assert {t.id for t in stateful} == set(_bags())
    for task in stateful:
        bag = _bags()[task.id]
        good = _stored(bag)
        assert task.check(task.reference.answer, good) is True, task.id  # type: ignore[union-attr]
        assert task.check(expected[task.id](), good) is True, task.id  # type: ignore[operator]
        assert task.check("999999", good) is False, task.id
        assert task.check(task.reference.answer, PageState()) is False, task.id  # type: ignore[union-attr]
        for i, item in enumerate(bag):   # each line matters
            assert task.check(task.reference.answer, _stored(bag[:i] + bag[i + 1:])) is False, task.id  # type: ignore[union-attr]
    assert len(TASKS) >= 12 and all(t.start_url.startswith("http://brand.localhost/") for t in TASKS)
    long_tasks = [t for t in TASKS if len(t.reference.steps) >= 8]  # type: ignore[union-attr]
    assert len(long_tasks) >= 6
    wrong_colour = _bags()["brand--6"][0] | {"config": {"size": "Lumen Phone 8 Pro Max", "storage": "512GB", "colour": "Silver"}}
    task6 = next(t for t in TASKS if t.id == "brand--6")
    assert task6.check(task6.reference.answer, _stored([wrong_colour])) is False  # type: ignore[union-attr]


def test_data_is_deterministic_fast_and_big_enough() -> None:
    first = (data.accessories(), data.stores(), data.devices())
    for fn in (data.accessories, data.stores, data.devices, data.models_by_slug, data.families_by_slug):
        fn.cache_clear()
    start = time.perf_counter()
    again = (data.accessories(), data.stores(), data.devices())
    assert time.perf_counter() - start < 0.1
    assert first == again
    assert len(data.accessories()) >= 100 and len(data.stores()) >= 30 and len(data.devices()) >= 45
    assert {m.line for m in data.MODELS} == set(data.LINES)
    assert len({a.id for a in data.accessories()}) == len(data.accessories())


def test_configurator_rules_and_prices() -> None:
    pro = data.family("lumenbook-pro")
    # the 12-core chip exists only in 14-inch; the Max chip forces at least 48GB
    assert data.resolve(pro, {"size": "16", "chip": "pro12"})["chip"] == "pro14"
    assert data.resolve(pro, {"chip": "max16", "memory": "24gb"})["memory"] == "48gb"
    assert data.resolve(pro, {"size": "14", "chip": "max16", "storage": "8tb"})["storage"] == "512gb"
    with pytest.raises(ValueError):
        data.config_price("lumenbook-pro", {"chip": "L4 Max with 16-core CPU, 40-core GPU", "memory": "24GB unified memory"})
    assert data.from_price("lumenbook-pro", "16") == 2499 == data.model("lumenbook-pro-16").price
    assert data.from_price("lumen-phone-8-pro", "6.9") == 1199   # no 128GB on the Pro Max
    assert data.config_price("lumen-phone-8", {"size": "6.1", "storage": "256GB"}, "care") == 799 + 100 + 149
    tab = data.family("lumen-tab-pro")
    assert data.resolve(tab, {"storage": "512gb", "glass": "nano"})["glass"] == "standard"
    every_model = {m.slug for m in data.MODELS}
    assert every_model == {f.model_for(o.id).slug for f in data.FAMILIES for o in f.group("size").options}
    assert data.family("lumen-watch-se").model_for("44").name == "Lumen Watch SE"


def test_trade_in_repair_stores_and_accessories_logic() -> None:
    assert data.trade_in_value("lumen-phone-6", "good") > data.trade_in_value("lumen-phone-6", "fair") > \
        data.trade_in_value("lumen-phone-6", "damaged")
    assert data.trade_in_value("lumen-phone-4", "good") < data.trade_in_value("lumen-phone-7-pro", "good")
    assert all(v % 5 == 0 for v in (data.trade_in_value(d.slug) for d in data.devices() if d.line != "audio"))
    rows = data.repair_prices("lumenbook-pro-16")
    assert [r[0] for r in rows][:2] == ["Screen repair", "Battery replacement"] and all(r[1] > r[2] for r in rows if r[2])
    place, near = data.stores_near("Chicago")
    assert place is not None and place.state == "IL" and [d for _, d in near] == sorted(d for _, d in near)
    assert data.find_place("nowhere") is None and data.find_place("02116").name == "Boston"  # type: ignore[union-attr]
    cheap = data.accessories_search("Bands", "", "price-asc")
    assert cheap and all(a.category == "Bands" for a in cheap) and [a.price for a in cheap] == sorted(a.price for a in cheap)
    assert all("lumen-homedot" in a.compatible for a in data.accessories_search(compatible="lumen-homedot"))


PAGES = ["/", "/phones", "/laptops", "/tablets", "/watches", "/audio", "/phones/lumen-phone-8-pro",
         "/phones/lumen-phone-8-pro/specs", "/watches/lumen-watch-ultra-2/specs", "/compare?line=laptops",
         "/buy/lumenbook-pro", "/buy/lumen-phone-8?size=6.7", "/buy/lumen-buds-pro-2", "/bag", "/accessories",
         "/accessories?cat=Bands&sort=price-asc&page=2", "/stores", "/stores?q=90038", "/stores/union-square",
         "/support", "/support/repair?model=lumen-phone-6-pro", "/trade-in?line=laptops", "/search?q=case",
         "/static/site.css", "/static/site.js"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "brand", path)
    assert status == 200 and body


@pytest.mark.parametrize("path", ["/phones/nope", "/laptops/lumen-phone-8", "/phones/lumen-phone-8/nope",
                                  "/buy/nope", "/stores/nope", "/nope"])
def test_unknown_pages_are_404(sandbox, path: str) -> None:
    assert fetch(sandbox, "brand", path)[0] == 404


def test_page_contents(sandbox) -> None:
    _, _, specs = fetch(sandbox, "brand", "/tablets/lumen-tab-air-13/specs")
    assert "617 grams" in specs and "From $799.00" in specs
    _, _, repair = fetch(sandbox, "brand", "/support/repair?model=lumen-phone-6-pro")
    assert "Lumen Phone 6 Pro repair prices" in repair and "$329.00" in repair
    _, _, near = fetch(sandbox, "brand", "/stores?q=60201")
    assert near.index("Lumen Sherman Avenue") < near.index("Lumen Michigan Avenue") and "0.0 mi" in near
    _, _, none = fetch(sandbox, "brand", "/stores?q=atlantis")
    assert "could not find a place" in none
    _, _, acc = fetch(sandbox, "brand", "/accessories?cat=Cases+%26+Protection&compat=lumen-phone-8-pro&sort=price-asc")
    assert acc.index("Lumen Phone 8 Pro Screen Guard") < acc.index("Lumen Phone 8 Pro Woven Wallet")
    _, _, trade = fetch(sandbox, "brand", "/trade-in?line=watches")
    assert f"Up to {data.money(data.trade_in_value('lumen-watch-ultra'))}" in trade


def test_trade_in_api_is_late_and_exact(sandbox) -> None:
    start = time.perf_counter()
    status, ctype, body = fetch(sandbox, "brand", "/api/tradein?device=lumen-phone-6&condition=fair")
    assert status == 200 and ctype.startswith("application/json") and time.perf_counter() - start >= 0.5
    assert json.loads(body)["credit"] == data.trade_in_value("lumen-phone-6", "fair")
    assert fetch(sandbox, "brand", "/api/tradein?device=lumen-buds-pro&condition=good")[0] == 404


@pytest.mark.browser
@pytest.mark.slow
async def test_flyout_opens_on_hover(sandbox) -> None:
    async with chromium_page(sandbox.url("brand", "/")) as page:
        item = page.locator("role=menuitem[name='Buy LumenBook Pro']")
        assert not await item.is_visible()
        await page.hover("a.gnav-link:text-is('Laptops')")
        await item.wait_for(state="visible")
        await item.click()
        assert page.url.endswith("/buy/lumenbook-pro")


@pytest.mark.browser
@pytest.mark.slow
async def test_configurator_rules_live_total_trade_in_and_bag(sandbox) -> None:
    async with chromium_page(sandbox.url("brand", "/buy/lumenbook-pro")) as page:
        total = page.locator("#bar-total")
        assert await total.text_content() == "$1,599.00"
        await page.click("role=radio[name*='32GB unified memory']")
        await page.click("role=radio[name*='L4 Max']")
        # the Max chip rules out 24GB and 32GB: the memory falls back to 48GB
        assert await page.is_disabled("role=radio[name*='24GB unified memory']")
        assert await page.get_attribute("role=radio[name*='48GB unified memory']", "aria-checked") == "true"
        await page.click("role=radio[name*='16-inch']")
        await page.click("role=radio[name*='8TB']")
        await page.click("role=radio[name='Silver']")
        want = data.config_price("lumenbook-pro", {"size": "16", "chip": "max16", "memory": "48gb", "storage": "8tb",
                                                   "colour": "silver"})
        assert await total.text_content() == data.money(want)
        await page.click("role=radio[name*='LumenCare+ for LumenBook Pro']")
        want_care = data.config_price("lumenbook-pro", {"size": "16", "chip": "max16", "memory": "48gb",
                                                        "storage": "8tb", "colour": "silver"}, "care")
        assert await total.text_content() == data.money(want_care)
        # trade-in: the estimate arrives late, then comes off the total
        await page.click("role=radio[name='Yes, I have a device to trade in']")
        await page.select_option("#trade-type", label="Phone")
        await page.select_option("#trade-model", label="Lumen Phone 6 Pro")
        await page.click("role=radio[name*='Good']")
        await page.click("#trade-estimate")
        assert await page.text_content("#trade-result") == "Getting your estimate…"
        credit = data.trade_in_value("lumen-phone-6-pro", "good")
        await page.wait_for_function("document.getElementById('trade-result').textContent.includes('worth')")
        assert data.money(credit) in await page.text_content("#trade-result")
        assert await total.text_content() == data.money(want_care - credit)
        await page.click("#add-to-bag")
        await page.wait_for_url("**/bag")
        await page.wait_for_selector(".bag-row")
        bag = json.loads(await page.evaluate("localStorage.getItem('bag')"))
        assert bag == [data.bag_item("lumenbook-pro", {"size": "16", "chip": "max16", "memory": "48gb", "storage": "8tb",
                                                       "colour": "silver"}, "care", ("lumen-phone-6-pro", "good"))]
        assert await page.text_content("#bag-total") == data.money(want_care - credit)
        assert await page.text_content("#bag-count") == "1"
        # a second unit: the credit applies once
        await page.select_option(".bag-qty", "2")
        await page.wait_for_function(f"document.getElementById('bag-total').textContent === '{data.money(2 * want_care - credit)}'")
        await page.click("role=button[name='Remove LumenBook Pro 16']")
        await page.wait_for_selector("text=Your bag is empty.")


@pytest.mark.browser
@pytest.mark.slow
async def test_configurator_prices_match_data_for_every_family(sandbox) -> None:
    async with chromium_page(sandbox.url("brand", "/")) as page:
        for fam in data.FAMILIES:
            await page.goto(sandbox.url("brand", f"/buy/{fam.slug}"))
            # pick the last tile of every group (the page resolves conflicts exactly like data.resolve)
            wanted = {g.key: g.options[-1].id for g in fam.groups}
            for g in fam.groups:
                tile = page.locator(f".opt[data-group='{g.key}'][data-id='{g.options[-1].id}']")
                if await tile.is_enabled():
                    await tile.click()
            resolved = data.resolve(fam, wanted)
            price = sum(data.option(fam, k, v).delta for k, v in resolved.items())
            assert await page.text_content("#bar-total") == data.money(price), fam.slug
            assert await page.text_content("#bar-model") == fam.model_for(resolved["size"]).name


@pytest.mark.browser
@pytest.mark.slow
async def test_compare_table_follows_the_dropdowns(sandbox) -> None:
    async with chromium_page(sandbox.url("brand", "/compare?line=watches")) as page:
        await page.wait_for_selector("table.cmp")
        assert await page.locator("table.cmp thead th").count() == 3   # corner + two default models
        await page.select_option("#pick-3", label="Lumen Watch Ultra 2")
        heads = await page.locator("table.cmp thead th").all_inner_texts()
        assert heads[1:] == ["Lumen Watch SE", "Lumen Watch 4", "Lumen Watch Ultra 2"]
        assert "m3=lumen-watch-ultra-2" in page.url
        row = page.locator("table.cmp tbody tr", has_text="Battery life")
        cells = await row.locator("td").all_inner_texts()
        assert cells[2] == data.model("lumen-watch-ultra-2").battery


@pytest.mark.browser
@pytest.mark.slow
async def test_accessory_dropdowns_navigate_and_add_to_bag(sandbox) -> None:
    async with chromium_page(sandbox.url("brand", "/accessories?cat=Charging")) as page:
        await page.select_option("select[name=sort]", label="Price: High to Low")
        await page.wait_for_url("**sort=price-desc**")
        prices = [float(p.strip("$").replace(",", "")) for p in await page.locator(".acc-price").all_inner_texts()]
        assert prices == sorted(prices, reverse=True) and "cat=Charging" in page.url
        await page.click(".acc-add >> nth=0")
        assert await page.text_content("#bag-count") == "1"
        await page.goto(sandbox.url("brand", "/support/repair?line=watches"))
        await page.select_option("#repair-model", label="Lumen Watch 2")
        await page.wait_for_selector("text=Lumen Watch 2 repair prices")
        assert "model=lumen-watch-2" in page.url
