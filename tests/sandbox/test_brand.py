"""Lumen (sandbox site `brand`): data, pages, the configurator rules, widgets in Chromium, and the tasks' answers."""

from __future__ import annotations

import json
import time
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.brand import data
from webvoyager.tasks import PageState, Task

TASKS: dict[str, Task] = {t.id: t for t in site_tasks("brand")}


def _short(name: str) -> str:
    """A model or accessory name without the brand word: how answers often name it ("Phone 8 Pro")."""
    return name.removeprefix("LumenBook ").removeprefix("Lumen ")


def _cash(value: int) -> list[str]:
    """The spellings a forbidden amount is caught in: 1,499 and 1,499.00 (each also after a $)."""
    return [f"{value:,}", f"{value:,}.00"]


def _money(value: int) -> str:
    return f"${value:,}.00"


def _config(family: str, choices: dict[str, str], care: str = "") -> list[Any]:
    return [data.config_price(family, choices, care)]


def _compare_phones() -> list[Any]:
    a, b = data.model("lumen-phone-7-plus"), data.model("lumen-phone-8-pro")
    assert a.battery_h != b.battery_h, "the task's answer must not be a tie"
    win, lose = (a, b) if a.battery_h > b.battery_h else (b, a)
    # the other phones of the compare dropdowns, except names inside the two compared ("Lumen Phone 8")
    others = [_short(m.name) for m in data.line_models("phones")
              if m.name not in (a.name, b.name) and m.name not in a.name and m.name not in b.name]
    return [win.name, *others, _short(lose.name), win.battery_h]


def _repair() -> list[Any]:
    rows = data.repair_prices("lumen-phone-6-pro")
    assert rows[0][0] == "Screen repair"   # the reference reads the first row of the table
    return ["without LumenCare+", _money(rows[0][1]), "with LumenCare+", _money(rows[0][2]),
            *[f for _, price, _ in rows[1:] for f in _cash(price)]]


def _nearest_store() -> list[Any]:
    _, near = data.stores_near("60201")
    assert near[0][1] < near[1][1]
    store = near[0][0]
    opens, closes = store.hours_on("Sunday").split(" – ")
    return [store.name, opens, closes, *[_short(s.name) for s, _ in near[1:]]]


def _bag_lumen_phone() -> list[Any]:
    item = _bags()["brand--6"][0]
    want = [{k: item[k] for k in ("model", "config", "care", "qty")}]
    return [data.bag_total([item]), "bag", json.dumps(want, sort_keys=True)]


def _trade_in_total() -> list[Any]:
    air = data.config_price("lumenbook-air", {"size": "13-inch", "memory": "24GB unified memory", "storage": "512GB"})
    credit = {c: data.trade_in_value("lumen-phone-6-pro", c) for c in ("good", "fair", "damaged")}
    return [_money(credit["fair"]), _money(air - credit["fair"]),
            *_cash(credit["good"]), *_cash(air - credit["good"]), *_cash(credit["damaged"]),
            *_cash(air - credit["damaged"]), *_cash(air)]


def _longest_watch() -> list[Any]:
    watches = [data.model(s) for s in ("lumen-watch-se", "lumen-watch-4", "lumen-watch-ultra-2")]
    best = max(watches, key=lambda x: x.battery_h)
    assert sorted(w.battery_h for w in watches)[-2] < best.battery_h
    water = dict(best.specs())["Water resistance"]
    return [best.name, *[_short(w.name) for w in watches if w is not best], int(water.split()[0])]


def _longest_laptop() -> list[Any]:
    laptops = data.line_models("laptops")
    best = max(laptops, key=lambda x: x.battery_h)
    assert sum(x.battery_h == best.battery_h for x in laptops) == 1
    return [best.name, *[_short(m.name) for m in laptops if m is not best], best.price]


def _cheapest_case() -> list[Any]:
    cases = data.accessories_search("Cases & Protection", "lumen-phone-8-pro", "price-asc")
    assert cases[0].price < cases[1].price
    return [cases[0].name, *[_short(a.name) for a in cases[1:]], cases[0].price]


def _bag_accessories() -> list[Any]:
    bag = _bags()["brand--11"]
    return [data.bag_total(bag), "bag", json.dumps([{"model": it["model"], "qty": it["qty"]} for it in bag], sort_keys=True)]


def _fifth_avenue() -> list[Any]:
    _, ny = data.stores_near("New York")
    fifth = next(s for s, _ in ny if s.name == "Lumen Fifth Avenue")
    saturday, sunday = (fifth.hours_on(day).split(" – ")[0] for day in ("Saturday", "Sunday"))
    assert saturday != sunday
    return [*fifth.services, saturday, sunday, sunday.replace(":00", "")]


# what each task's checks must hold (see tests/sandbox/check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "brand--1": lambda: _config("lumenbook-pro", {"size": "14-inch", "chip": "L4 Max with 16-core CPU, 40-core GPU",
                                                  "memory": "64GB unified memory", "storage": "2TB", "colour": "Silver"}),
    "brand--2": _compare_phones,
    "brand--3": lambda: [data.model("lumen-tab-air-13").weight_g],
    "brand--4": _repair,
    "brand--5": _nearest_store,
    "brand--6": _bag_lumen_phone,
    "brand--7": _trade_in_total,
    "brand--8": _longest_watch,
    "brand--9": _longest_laptop,
    "brand--10": _cheapest_case,
    "brand--11": _bag_accessories,
    "brand--12": lambda: [data.trade_in_value("lumen-watch-ultra", "good")],
    "brand--13": lambda: _config("lumen-tab-pro", {"size": "13-inch", "storage": "1TB", "glass": "Nano-texture glass",
                                                   "connectivity": "Wi-Fi + Cellular", "colour": "Silver"}),
    "brand--14": _fifth_avenue,
    "brand--15": lambda: _config("lumen-watch-4", {"size": "46mm", "connectivity": "GPS + Cellular", "colour": "Rose Gold",
                                                   "band": "Milanese Loop"}, "LumenCare+ for Watch"),
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


def test_tasks_have_references_and_enough_long_ones() -> None:
    assert len(TASKS) >= 12
    for task in TASKS.values():
        assert task.site == "Lumen" and task.id.startswith("brand--") and task.start_url.startswith("http://brand.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values()) >= 6  # type: ignore[union-attr]


def test_bag_tasks_check_every_line_of_the_bag() -> None:
    """The state check of a bag task accepts the bag the pages store and rejects it with any line missing,
    another colour or another quantity."""
    for task_id, bag in _bags().items():
        task = TASKS[task_id]
        total = _money(data.bag_total(bag))
        assert task.check(total, _stored(bag)) is True, task_id
        assert task.check(total, PageState()) is False, task_id
        for i in range(len(bag)):
            assert task.check(total, _stored(bag[:i] + bag[i + 1:])) is False, task_id
            assert task.check(total, _stored([*bag[:i], {**bag[i], "qty": bag[i]["qty"] + 1}, *bag[i + 1:]])) is False
    phone = _bags()["brand--6"][0]
    silver = phone | {"config": {**phone["config"], "colour": "Silver"}}
    assert TASKS["brand--6"].check(_money(phone["unit_price"]), _stored([silver])) is False


def test_data_is_deterministic_and_big_enough() -> None:
    # how long it takes is printed by benchmarks/sandbox_data.py (no timing in tests)
    first = (data.accessories(), data.stores(), data.devices())
    for fn in (data.accessories, data.stores, data.devices, data.models_by_slug, data.families_by_slug):
        fn.cache_clear()
    again = (data.accessories(), data.stores(), data.devices())
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
         "/accessories?cat=Bands&sort=price-asc&page=2", "/accessories/lumen-phone-8-pro-screen-guard", "/stores", "/stores?q=90038", "/stores/union-square",
         "/support", "/support/repair?model=lumen-phone-6-pro", "/trade-in?line=laptops", "/search?q=case",
         "/static/site.css", "/static/site.js"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "brand", path)
    assert status == 200 and body


@pytest.mark.parametrize("path", ["/phones/nope", "/laptops/lumen-phone-8", "/phones/lumen-phone-8/nope",
                                  "/buy/nope", "/stores/nope", "/accessories/nope", "/nope"])
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
    # the device and its value are two cells of one row (the element list shows both)
    assert f'<td class="device">Lumen Watch Ultra</td><td>Up to {data.money(data.trade_in_value("lumen-watch-ultra"))}</td>' in trade


def test_accessory_pages_and_the_which_table(sandbox) -> None:
    guard = data.accessories_by_slug()["lumen-phone-8-pro-screen-guard"]
    _, _, listing = fetch(sandbox, "brand", "/accessories?cat=Cases+%26+Protection&compat=lumen-phone-8-pro&sort=price-asc")
    assert f'<a href="/accessories/{guard.slug}">{guard.name}</a>' in listing
    _, _, page = fetch(sandbox, "brand", f"/accessories/{guard.slug}")
    assert f"<title>{guard.name} - Lumen</title>" in page and f"<td>{data.money(guard.price)}</td>" in page
    assert 'href="/phones/lumen-phone-8-pro"' in page and f'aria-label="Add {guard.name} to Bag"' in page
    _, _, laptops = fetch(sandbox, "brand", "/laptops")
    which = laptops[laptops.index('id="which"'):]
    for m in data.line_models("laptops"):
        assert f'aria-label="{m.name} overview">{m.name}</a>' in which and f"<td>{m.battery_h} hours</td>" in which
        assert f'<td class="which-price">From {data.money(m.price)}</td>' in which


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
