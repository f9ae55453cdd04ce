"""Tensorloft (sandbox site `hub`): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, TypeVar
from urllib.parse import urlencode

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import TODAY, site_tasks
from webvoyager.sandbox.sites.hub import data as d
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("hub")}
HB = d.human_bytes
T = TypeVar("T")


def first_unique(found: list[T], key: Callable[[T], object]) -> T:
    """The first item of a listing, asserting the task's criterion does not tie."""
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found[0]


def ids(html: str, prefix: str = "") -> list[str]:
    return re.findall(rf'<h3><a href="/{prefix}([^"]+)">', html)


# ----- data --------------------------------------------------------------------------------------

def test_data_is_deterministic_and_big_enough() -> None:
    assert len(d.models()) == d.MODEL_COUNT >= 400 and len(d.datasets()) == d.DATASET_COUNT >= 200
    assert len({m.id for m in d.models()}) == len(d.models()) and len({x.id for x in d.datasets()}) == len(d.datasets())
    before = [(m.id, m.downloads, m.params, m.updated) for m in d.models()]
    first_files = [(f.path, f.size) for f in d.files(d.models()[0])]
    d._world.cache_clear()
    d._model_index.cache_clear()
    d._dataset_index.cache_clear()
    assert [(m.id, m.downloads, m.params, m.updated) for m in d.models()] == before
    assert [(f.path, f.size) for f in d.files(d.models()[0])] == first_files
    assert {m.task for m in d.models()} == set(d.TASKS) and {m.size for m in d.models()} == set(d.SIZES)
    for m in d.models():
        assert m.created <= m.updated <= TODAY
        assert not m.base_model or d.model(m.base_model) is not None
        history = d.commits(m)
        assert history[0].date == m.updated and history[-1].date == m.created and history[-1].message == "initial commit"
    for x in d.datasets():
        assert x.splits[0].name == "train" and all(s.rows > 0 for s in x.splits)


def test_search_filters_and_sorts() -> None:
    found = d.search_models("lexa", task="text-generation", library="PyTorch", size="1b-10b", sort="downloads")
    for m in found:
        assert "lexa" in m.id and m.task == "text-generation" and 1e9 <= m.params < 1e10 and "PyTorch" in m.libraries
    assert [m.downloads for m in found] == sorted((m.downloads for m in found), reverse=True)
    updated = d.search_models(language="ja", sort="updated")
    assert all("ja" in m.languages for m in updated) and updated[0].updated >= updated[-1].updated
    ds = d.search_datasets(modality="Audio", sort="likes")
    assert ds and all(x.modality == "Audio" for x in ds) and ds[0].likes >= ds[-1].likes
    assert d.search_models("no-such-model-name") == []


def test_sizes_files_and_rows() -> None:
    assert (d.human_bytes(1519), d.human_bytes(498_000_000), d.human_bytes(4_950_000_000)) == ("1.52 kB", "498 MB", "4.95 GB")
    assert (d.human_params(125_000_000), d.human_params(7_240_000_000)) == ("125M", "7.24B")
    big = next(m for m in d.models() if m.params > 6e9)
    shards = [f for f in d.files(big) if f.path.startswith("model-")]
    bpp = 4 if big.tensor_type == "F32" else 2
    assert len(shards) >= 2 and sum(f.size for f in shards) == big.params * bpp
    x = d.dataset("polaris-ml/reviews-sentiment-2025")
    assert x is not None
    page = d.rows(x, "test", 40)
    assert [r["idx"] for r in page] == list(range(40, 60)) and page[12] == d.row(x, "test", 52)
    assert d.rows(x, "validation", 0) == []


# ----- pages over HTTP -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/", "/models", "/models?task=translation&language=ja&license=apache-2.0&sort=likes", "/models?p=3&sort=updated",
    "/datasets", "/datasets?modality=Audio&sort=downloads", "/sable-speech/brindle-small-en-ja",
    "/sable-speech/brindle-small-en-ja/commits?p=2", "/datasets/polaris-ml/reviews-sentiment-2025", "/kestrel-nlp",
    "/kestrel-nlp?sort=likes", "/jules-martin", "/api/suggest?q=kestrel", "/api/datasets?offset=20",
    "/api/rows/polaris-ml/reviews-sentiment-2025?split=test&offset=40", "/static/site.css", "/static/site.js",
])
def test_pages_render(sandbox: Any, path: str) -> None:
    status, _, body = fetch(sandbox, "hub", path)
    assert status == 200 and body, path


@pytest.mark.parametrize("path", ["/nobody", "/nobody/nothing", "/kestrel-nlp/no-model", "/datasets/a/b",
                                  "/kestrel-nlp/no-model/commits", "/api/rows/a/b"])
def test_unknown_items_are_404(sandbox: Any, path: str) -> None:
    assert fetch(sandbox, "hub", path)[0] == 404


def test_model_listing_filters_sort_and_paging_over_http(sandbox: Any) -> None:
    want = d.search_models(task="text-classification", sort="downloads")
    _, _, html = fetch(sandbox, "hub", "/models?task=text-classification&sort=downloads&p=2")
    assert ids(html) == [m.id for m in want[20:40]]
    assert f'Models <span class="tl-total">{len(want)}</span>' in html
    assert 'class="tl-pill tl-on" href="/models?sort=downloads" aria-current="true">Text Classification<' in html
    assert 'aria-label="Sort: Most downloads"' in html and 'aria-current="page">2<' in html


def test_dataset_listing_and_load_more_api(sandbox: Any) -> None:
    want = d.search_datasets(task="text-classification", sort="likes")
    _, _, html = fetch(sandbox, "hub", "/datasets?task=text-classification&sort=likes")
    assert ids(html, "datasets/") == [x.id for x in want[:20]]
    assert f"Showing 20 of {len(want)} datasets" in html and "Load more datasets" in html
    _, _, body = fetch(sandbox, "hub", "/api/datasets?task=text-classification&sort=likes&offset=20")
    payload = json.loads(body)
    assert [i["id"] for i in payload["items"]] == [x.id for x in want[20:40]] and payload["total"] == len(want)


def test_model_page_files_commits_and_owner_pages(sandbox: Any) -> None:
    m = d.model("sable-speech/brindle-small-en-ja")
    assert m is not None
    _, _, html = fetch(sandbox, "hub", f"/{m.id}")
    for text in (f"{m.downloads:,}", f"{d.human_params(m.params)} params", m.tensor_type, f"License: {m.license}",
                 f"History: {len(d.commits(m))} commits"):
        assert text in html, text
    for f in d.files(m):
        assert f"<td>{f.path}</td><td>{HB(f.size)}" in html
    assert 'id="panel-files" aria-labelledby="tab-files" hidden' in html   # the files tab starts closed
    history = d.commits(m)
    _, _, last = fetch(sandbox, "hub", f"/{m.id}/commits?p=99")
    assert history[-1].hash in last and "initial commit" in last and "Older ›" not in last
    first = history[-1]   # a table row: message, author, date as cells (readable as elements)
    assert (f'<td class="tl-commit-msg">initial commit</td><td><a href="/{first.author}">{first.author}</a></td>'
            f'<td>{first.date.strftime("%B %-d, %Y")}</td>') in last
    _, _, owner = fetch(sandbox, "hub", "/kestrel-nlp?sort=likes")
    assert ids(owner)[: len(d.models_of("kestrel-nlp"))] == [x.id for x in d.models_of("kestrel-nlp", "likes")]


# ----- tasks ---------------------------------------------------------------------------------------

def _size(f: d.File) -> float:
    """The number of a file size as the Files tab shows it ("283 MB" -> 283.0)."""
    return float(HB(f.size).split()[0])


def _metric(m: d.Model, bench: str, metric: str) -> float:
    return next(v for b, met, v in d.evaluation(m) if (b, met) == (bench, metric))


def _largest(m: d.Model) -> list[Any]:
    """The largest file's path, the other files (the candidates a wrong answer names), its size."""
    fs = sorted(d.files(m), key=lambda f: -f.size)
    assert HB(fs[0].size) != HB(fs[1].size), "the largest file must be clear from the sizes shown"
    return [fs[0].path, *(f.path for f in d.files(m) if f != fs[0]), _size(fs[0])]


def _short_unique(m: d.Model) -> bool:
    return sum(x.name == m.name for x in d.models()) == 1


def _task1() -> list[Any]:
    found = d.search_models(task="text-classification", license="mit", sort="downloads")
    right = first_unique(found, lambda m: m.downloads)
    return [right.id, *(m.id for m in found[1:d.MODELS_PAGE]), _metric(right, "PolarityBench", "accuracy")]


def _task3() -> list[Any]:
    right = first_unique(d.models_of("northwind-ai"), lambda m: m.downloads)
    history = d.commits(right)
    first = history[-1]
    assert first.message == "initial commit"
    last_page = history[(len(history) - 1) // d.COMMITS_PAGE * d.COMMITS_PAGE:]
    return [first.author, first.date.strftime("%B %-d, %Y"),
            *dict.fromkeys(c.author for c in last_page if c.author != first.author)]


def _task4() -> list[Any]:
    x = d.dataset("polaris-ml/reviews-sentiment-2025")
    assert x is not None
    label = d.row(x, "test", 52)["label"]
    return [label, *(other for other in d.LABELS["text-classification"] if other != label)]


def _task7() -> list[Any]:
    a, b = d.model("quasar-research/tessera-base-intent"), d.model("deepcove/larkspur-small-topic")
    assert a and b and a.params != b.params
    win, lose = sorted((a, b), key=lambda m: -m.params)
    assert d.human_params(win.params) != d.human_params(lose.params)
    return [win.id, lose.id, *([lose.name] if _short_unique(lose) else []), win.tensor_type,
            *([lose.tensor_type] if lose.tensor_type != win.tensor_type else [])]


def _task8() -> list[Any]:
    found = d.models_of("kestrel-nlp", "likes")
    right = first_unique(found, lambda m: m.likes)
    return [right.id, *(m.id for m in found[1:]), right.downloads]


def _task9() -> list[Any]:
    found = d.search_datasets(task="automatic-speech-recognition", license="apache-2.0", sort="likes")
    right = first_unique(found, lambda x: x.likes)
    return [right.id, *(x.id for x in found[1:d.DATASETS_PAGE]), right.split("train").rows]  # type: ignore[union-attr]


def _task10() -> list[Any]:
    return _largest(first_unique(d.search_models(task="text-generation", size="gt10b", sort="updated"),
                                 lambda m: m.updated))


def _task11() -> list[Any]:
    m = d.model("noor-hassan/brindle-xl-sum-news")
    assert m is not None
    return [m.tensor_type, *sorted({x.tensor_type for x in d.models()} - {m.tensor_type}),
            _metric(m, "BriefNews", "ROUGE-L")]


def _task13() -> list[Any]:
    found = d.models_of("jules-martin")
    right = first_unique(found, lambda m: m.downloads)
    return [right.id, *(m.id for m in found[1:]), len(d.commits(right))]


def _task14() -> list[Any]:
    m = d.model("orchid-data/talonet-base-det")
    assert m is not None and m.base_model
    base = d.model(m.base_model)
    assert base is not None
    return [base.id, base.license, *([m.license] if m.license != base.license else [])]


def _task15() -> list[Any]:
    ranked = d.search_datasets(sort="downloads")
    rank = next(i for i, x in enumerate(ranked) if x.owner == "fernhill-lab")
    assert d.DATASETS_PAGE <= rank < 2 * d.DATASETS_PAGE, "the answer must need one 'Load more'"
    right = ranked[rank]
    assert right == d.datasets_of("fernhill-lab")[0]   # the organization page agrees
    return [right.id, *(x.id for x in d.datasets_of("fernhill-lab") if x != right), right.downloads]


def _task16() -> list[Any]:
    found = d.search_models(task="translation", language="ja", license="apache-2.0", sort="likes")
    right = first_unique(found, lambda m: m.likes)
    x = d.dataset(right.dataset)
    assert x is not None and x.split("test") is not None
    others = dict.fromkeys(m.dataset for m in found[1:] if m.dataset and m.dataset != x.id)
    return [x.id, *others, x.split("test").rows]  # type: ignore[union-attr]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "hub--1": _task1,
    "hub--2": lambda: _largest(d.model("sable-speech/brindle-small-en-ja")),  # type: ignore[arg-type]
    "hub--3": _task3,
    "hub--4": _task4,
    "hub--5": lambda: [d.dataset("deepcove/tweet-emotions").split("validation").rows],  # type: ignore[union-attr]
    "hub--6": lambda: ["hub.localhost", "/models", "language=ja", "license=apache-2.0", "sort=likes", "task=translation"],
    "hub--7": _task7,
    "hub--8": _task8,
    "hub--9": _task9,
    "hub--10": _task10,
    "hub--11": _task11,
    "hub--12": lambda: ["tl_likes", json.dumps(["lumen-labs/talonet-large-food"])],
    "hub--13": _task13,
    "hub--14": _task14,
    "hub--15": _task15,
    "hub--16": _task16,
}


def test_tasks_are_many_long_and_named_by_what_people_see() -> None:
    assert len(TASKS) >= 16
    lengths = [len(t.reference.steps) for t in TASKS.values()]  # type: ignore[union-attr]
    assert sum(n >= 8 for n in lengths) >= 7 and min(lengths) >= 3
    for task in TASKS.values():
        assert task.site == "Tensorloft" and task.start_url.startswith("http://hub.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)


def test_state_tasks_check_a_real_listing_and_the_likes(sandbox: Any) -> None:
    task = TASKS["hub--6"]
    check = task.checks.state[0]  # type: ignore[union-attr]
    query = urlencode(check.params)  # type: ignore[union-attr]
    status, _, html = fetch(sandbox, "hub", f"{check.path}?{query}")  # type: ignore[union-attr]
    want = d.search_models(task="translation", language="ja", license="apache-2.0", sort="likes")
    assert status == 200 and want and ids(html) == [m.id for m in want]
    assert task.check(None, PageState(url=sandbox.url("hub", f"/models?{query}"))) is True
    assert task.check(None, PageState(url=sandbox.url("hub", f"/models?{query}&size=gt10b"))) is False
    like = TASKS["hub--12"]
    assert like.check(None, PageState(local_storage={"tl_likes": json.dumps(["lumen-labs/talonet-large-food"])})) is True
    assert like.check(None, PageState(local_storage={"tl_likes": "[]"})) is False


# ----- widgets in Chromium -------------------------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
async def test_filter_tabs_pills_and_sort_dropdown(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("hub", "/models")) as page:
        await page.get_by_role("link", name="Translation", exact=True).click()
        await page.wait_for_url(re.compile(r"task=translation"))
        japanese = page.get_by_role("link", name="Japanese", exact=True)
        assert not await japanese.is_visible()              # in the Languages tab, not the open Tasks tab
        await page.get_by_role("tab", name="Languages").click()
        assert await japanese.is_visible()
        assert not await page.get_by_role("link", name="Translation", exact=True).is_visible()
        await japanese.click()
        await page.wait_for_url(re.compile(r"language=ja"))
        await page.get_by_role("combobox", name=re.compile("^Sort:")).click()
        await page.get_by_role("option", name="Most likes").click()
        await page.wait_for_url(re.compile(r"sort=likes"))
        want = d.search_models(task="translation", language="ja", sort="likes")
        assert await page.locator(".tl-item h3 a").all_inner_texts() == [m.id for m in want[:20]]
        await page.get_by_role("link", name="Translation", exact=True).click()  # a selected pill removes its filter
        await page.wait_for_url(lambda url: "task=" not in url)
        assert "language=ja" in page.url


@pytest.mark.browser
@pytest.mark.slow
async def test_datasets_load_more(sandbox: Any) -> None:
    want = d.search_datasets(sort="downloads")
    async with chromium_page(sandbox.url("hub", "/datasets?sort=downloads")) as page:
        items = page.locator("#ds-list .tl-item")
        assert await items.count() == 20
        await page.click("#ds-more")
        await page.wait_for_function("document.querySelectorAll('#ds-list .tl-item').length === 40")
        assert await page.locator("#ds-list .tl-item h3 a").all_inner_texts() == [x.id for x in want[:40]]
        assert await page.inner_text("#ds-shown") == f"Showing 40 of {len(want)} datasets"


@pytest.mark.browser
@pytest.mark.slow
async def test_model_tabs_like_button_and_autocomplete(sandbox: Any) -> None:
    m = d.model("lumen-labs/talonet-large-food")
    assert m is not None
    async with chromium_page(sandbox.url("hub", "/")) as page:
        await page.type("#tl-q", "talonet-large-fo")
        await page.get_by_role("option", name=f"Model · {m.id}").click()
        await page.wait_for_url(f"**/{m.id}")
        files = page.locator("#panel-files")
        assert not await files.is_visible()
        await page.get_by_role("tab", name="Files and versions").click()
        assert await files.is_visible() and not await page.locator("#panel-card").is_visible()
        assert HB(d.largest_file(m).size) in await files.inner_text()
        like = page.locator("#like-btn")
        await like.click()
        assert await like.get_attribute("aria-pressed") == "true"
        assert await page.inner_text("#like-count") == str(m.likes + 1)
        assert json.loads(await page.evaluate("localStorage.getItem('tl_likes')")) == [m.id]
        await page.reload()
        assert await page.get_attribute("#like-btn", "aria-pressed") == "true"   # remembered
        await page.click("#like-btn")
        assert json.loads(await page.evaluate("localStorage.getItem('tl_likes')")) == []


@pytest.mark.browser
@pytest.mark.slow
async def test_dataset_viewer_splits_pages_and_inner_scroll(sandbox: Any) -> None:
    x = d.dataset("polaris-ml/reviews-sentiment-2025")
    assert x is not None
    async with chromium_page(sandbox.url("hub", f"/datasets/{x.id}")) as page:
        assert await page.inner_text("#rows-range") == f"Rows 1–20 of {x.split('train').rows:,}"   # type: ignore[union-attr]
        await page.get_by_role("tab", name=re.compile(r"^test \(")).click()
        await page.wait_for_function("document.getElementById('rows-range').textContent.includes('of 585')")
        await page.click("#rows-next")
        await page.wait_for_function("document.getElementById('rows-range').textContent.startsWith('Rows 21')")
        assert await page.is_enabled("#rows-prev")
        cells = await page.locator("#viewer-body tr td:first-child").all_inner_texts()
        assert cells == [str(i) for i in range(20, 40)]
        assert str(d.row(x, "test", 25)["text"]) in await page.inner_text("#viewer-body")
        panel = page.locator(".tl-viewer-scroll")
        assert await panel.evaluate("el => el.scrollHeight > el.clientHeight")
        window_y = await page.evaluate("window.scrollY")
        await panel.evaluate("el => el.scrollBy(0, 300)")
        assert await panel.evaluate("el => el.scrollTop") > 0 and await page.evaluate("window.scrollY") == window_y


@pytest.mark.browser
async def test_owner_sort_select_reloads(sandbox: Any) -> None:
    async with chromium_page(sandbox.url("hub", "/kestrel-nlp")) as page:
        await page.select_option("#owner-sort", "likes")
        await page.wait_for_url(re.compile(r"sort=likes"))
        first = await page.locator("section .tl-item h3 a").first.inner_text()
        assert first == d.models_of("kestrel-nlp", "likes")[0].id
