"""Tensorloft (sandbox site `hub`): data, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from typing import Any, Callable, TypeVar

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR, TODAY
from webvoyager.sandbox.sites.hub import data as d
from webvoyager.tasks import PageState, load_tasks

TASKS = {t.id: t for t in load_tasks(SITES_DIR / "hub" / "tasks.jsonl")}
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
    _, _, owner = fetch(sandbox, "hub", "/kestrel-nlp?sort=likes")
    assert ids(owner)[: len(d.models_of("kestrel-nlp"))] == [x.id for x in d.models_of("kestrel-nlp", "likes")]


# ----- tasks ---------------------------------------------------------------------------------------

def _expected() -> dict[str, list[str] | float]:
    """What each task's check must hold, recomputed from the site's data (never copied from the file)."""
    m1 = first_unique(d.search_models(task="text-classification", license="mit", sort="downloads"), lambda m: m.downloads)
    acc1 = next(v for b, met, v in d.evaluation(m1) if (b, met) == ("PolarityBench", "accuracy"))
    m2 = d.model("sable-speech/brindle-small-en-ja")
    assert m2 is not None
    sizes2 = sorted((f.size for f in d.files(m2)), reverse=True)
    assert HB(sizes2[0]) != HB(sizes2[1])
    org3 = next(o for o in d.owners() if o.kind == "org" and len(d.commits(d.models_of(o.slug)[0])) > 20)
    first3 = d.commits(first_unique(d.models_of(org3.slug), lambda m: m.downloads))[-1]
    x4 = d.dataset("polaris-ml/reviews-sentiment-2025")
    x5 = d.dataset("deepcove/tweet-emotions")
    a7, b7 = d.model("quasar-research/tessera-base-intent"), d.model("deepcove/larkspur-small-topic")
    assert x4 and x5 and a7 and b7 and a7.params != b7.params
    w7 = max((a7, b7), key=lambda m: m.params)
    m8 = first_unique(d.models_of("kestrel-nlp", "likes"), lambda m: m.likes)
    x9 = first_unique(d.search_datasets(task="automatic-speech-recognition", license="apache-2.0", sort="likes"),
                      lambda x: x.likes)
    m10 = first_unique(d.search_models(task="text-generation", size="gt10b", sort="updated"), lambda m: m.updated)
    m11 = d.model("noor-hassan/brindle-xl-sum-news")
    m12 = d.model("lumen-labs/talonet-large-food")
    m13 = first_unique(d.models_of("jules-martin"), lambda m: m.downloads)
    m14 = d.model("orchid-data/talonet-base-det")
    assert m11 and m12 and m14
    by_downloads = d.search_datasets(sort="downloads")
    assert sum(x.modality == "Tabular" for x in by_downloads[:20]) < sum(x.modality == "Tabular" for x in by_downloads[:40])
    base14 = d.model(m14.base_model)
    assert base14 is not None
    return {
        "hub--1": [m1.id, str(acc1)],
        "hub--2": [d.largest_file(m2).path, HB(d.largest_file(m2).size)],
        "hub--3": [first3.author, first3.date.strftime("%B %-d, %Y")],
        "hub--4": [str(d.row(x4, "test", 52)["label"])],
        "hub--5": float(x5.split("validation").rows),  # type: ignore[union-attr]
        "hub--6/state": ["task=translation", "language=ja", "license=apache-2.0", "sort=likes"],
        "hub--7": [w7.id, w7.tensor_type],
        "hub--8": [m8.id, f"{m8.downloads:,}"],
        "hub--9": [x9.id, f"{x9.split('train').rows:,}"],  # type: ignore[union-attr]
        "hub--10": [d.largest_file(m10).path, HB(d.largest_file(m10).size)],
        "hub--11": [m11.tensor_type, str(next(v for b, met, v in d.evaluation(m11) if (b, met) == ("BriefNews", "ROUGE-L")))],
        "hub--12": [m12.id],
        "hub--12/state": [m12.id],
        "hub--13": [m13.id, f"{len(d.commits(m13))} commits"],
        "hub--14": [base14.id, base14.license],
        "hub--15": float(sum(x.modality == "Tabular" for x in d.search_datasets(sort="downloads")[:40])),
    }


def test_tasks_answers_match_site_data() -> None:
    expected = _expected()
    assert {k.split("/")[0] for k in expected} == set(TASKS)
    for task_id, task in TASKS.items():
        assert task.reference is not None
        if task.answer_check is not None:
            got = task.answer_check.value if task.answer_check.type == "number" else list(task.answer_check.values)
            assert got == expected[task_id], task_id
        if task.state_check is not None:
            assert list(task.state_check.contains) == expected[f"{task_id}/state"], task_id
        state = None
        if task.state_check is not None:
            check = task.state_check
            state = (PageState(url=task.start_url + "models?" + "&".join(check.contains)) if check.type == "url"
                     else PageState(local_storage={check.key: json.dumps(list(check.contains))}))  # type: ignore[dict-item]
        assert task.check(task.reference.answer, state) is True, f"{task_id}: the reference answer fails its check"
        if task.answer_check is not None:
            assert task.check("I could not find it (999999).", state) is False, task_id
        if task.state_check is not None:
            assert task.check(task.reference.answer, PageState(url=task.start_url)) is False, task_id


def test_tasks_are_many_long_and_named_by_what_people_see() -> None:
    assert len(TASKS) >= 12
    lengths = [len(t.reference.steps) for t in TASKS.values()]  # type: ignore[union-attr]
    assert sum(n >= 8 for n in lengths) >= 6 and min(lengths) >= 3
    for task in TASKS.values():
        assert task.site == "Tensorloft" and task.start_url.startswith("http://hub.localhost/")
        assert len(task.reference.steps) <= (task.max_steps or 15)  # type: ignore[union-attr]


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
