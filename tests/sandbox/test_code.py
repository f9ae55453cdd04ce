"""Gitloom (sandbox site `code`): search, repo tabs, file viewer, issues, releases, docs, profiles, tasks."""

from __future__ import annotations

import re

import pytest

from tests.sandbox.site_helpers import assert_task_checks, chromium_page, fetch
from webvoyager.sandbox.catalog import SITES_DIR
from webvoyager.sandbox.sites.code.data import REPO_BY_NAME, REPOS, USER_BY_LOGIN, USERS, repos_of, search
from webvoyager.tasks import load_tasks

TASKS = load_tasks(SITES_DIR / "code" / "tasks.jsonl")


def _config_value(full_name: str, key: str) -> str:
    text = REPO_BY_NAME[full_name].files["src/config.py"]
    (line,) = [ln for ln in text.splitlines() if ln.startswith(key)]
    return line.split("=")[1].strip()


def _expected() -> dict[str, object]:
    http = search("http client", sort="stars")
    assert http[0].stars > http[1].stars
    rust = search("cache", "Rust", sort="stars")
    assert rust[0].stars > rust[1].stars
    strict = REPO_BY_NAME["dmitri-lind/strict-config"]
    linter_open = [i for i in REPO_BY_NAME["elind/hyper-linter-kit"].issues if i.open]
    trending = max(REPOS, key=lambda r: r.stars)
    teo = sorted(repos_of("teo-lind"), key=lambda r: -r.stars)
    assert teo[0].stars > teo[1].stars
    parser = search("parser", "Python", sort="updated")[0]
    assert parser.full_name == "felixdev/swift-parser-kit"  # code--11 clicks it by name
    return {
        "code--1": lambda: f"{http[0].full_name} {http[0].stars}",
        "code--2": lambda: rust[0].full_name,
        "code--3": lambda: str(sum(1 for i in strict.issues if i.open and "bug" in i.labels)),
        "code--4": lambda: REPO_BY_NAME["zenodev/lazy-http-client"].releases[0].tag,
        "code--5": lambda: _config_value("teo-lind/robust-http-client-lite", "REQUEST_TIMEOUT_SECONDS"),
        "code--6": lambda: str(REPO_BY_NAME["joaquindev/simple-http-client-go"].default_port),
        "code--7": lambda: USER_BY_LOGIN[trending.owner].location,
        "code--8": lambda: linter_open[-1].title,
        "code--9": lambda: "done",
        "code--10": lambda: f"{teo[0].name} {teo[0].stars}",
        "code--11": lambda: [i for i in parser.issues if i.open and "enhancement" in i.labels][-1].title,
    }


def test_tasks_answers_match_site_data() -> None:
    assert_task_checks(TASKS, _expected())  # type: ignore[arg-type]
    assert max(REPOS, key=lambda r: r.stars).full_name == "olind/fast-graph"  # code--7 clicks it by name


def test_data_shape() -> None:
    assert len(REPOS) == 300 and len(USERS) == 60 and len(REPO_BY_NAME) == 300
    repo = REPOS[0]
    assert repo.files == REPO_BY_NAME[repo.full_name].files and any(f.startswith("src/config.") for f in repo.files)
    assert [i.number for i in repo.issues] == sorted((i.number for i in repo.issues), reverse=True)


@pytest.mark.parametrize("path", [
    "/", "/search?q=cache", "/search?q=cache&l=Rust&s=stars", "/search?s=updated&page=3", "/teo-lind",
    "/teo-lind/robust-http-client-lite", "/teo-lind/robust-http-client-lite/blob/src/config.py",
    "/teo-lind/robust-http-client-lite/issues?state=closed&label=bug", "/teo-lind/robust-http-client-lite/issues/1",
    "/teo-lind/robust-http-client-lite/releases", "/teo-lind/robust-http-client-lite/docs", "/static/site.css",
])
def test_pages_render(sandbox, path: str) -> None:
    status, _, body = fetch(sandbox, "code", path)
    assert status == 200 and body


def test_search_issues_and_files_over_http(sandbox) -> None:
    _, _, html = fetch(sandbox, "code", "/search?q=cache&l=Rust&s=stars")
    names = re.findall(r'class="rname" href="/([^"]+)"', html)
    assert names == [r.full_name for r in search("cache", "Rust", "stars")[:10]]
    repo = REPO_BY_NAME["dmitri-lind/strict-config"]
    _, _, issues = fetch(sandbox, "code", f"/{repo.full_name}/issues?label=bug&sort=oldest")
    want = [i for i in repo.issues if i.open and "bug" in i.labels][::-1]
    numbers = [int(n) for n in re.findall(r'class="ititle" href="[^"]+/issues/(\d+)"', issues)]
    assert numbers and numbers == [i.number for i in want]
    config = next(f for f in repo.files if f.startswith("src/config."))
    _, _, blob = fetch(sandbox, "code", f"/{repo.full_name}/blob/{config}")
    assert f"DEFAULT_PORT = {repo.default_port}" in blob
    assert fetch(sandbox, "code", f"/{repo.full_name}/blob/nope.txt")[0] == 404
    assert fetch(sandbox, "code", "/nobody-here")[0] == 404


@pytest.mark.browser
@pytest.mark.slow
async def test_sort_select_tabs_file_panel_and_new_tab(sandbox) -> None:
    async with chromium_page(sandbox.url("code", "/search?q=http+client")) as page:
        await page.select_option("select[aria-label='Sort by']", label="Most stars")
        await page.wait_for_url(re.compile(r"s=stars"))
        first = await page.locator(".rname").first.inner_text()
        assert first == search("http client", sort="stars")[0].full_name
        await page.click(".rname >> nth=0")
        await page.click("role=tab[name='Issues']")
        assert await page.get_attribute("role=tab[name='Issues']", "aria-selected") == "true"
        await page.click("role=tab[name='Code']")
        await page.click("[aria-label='src/config.py']")
        panel = page.locator(".code-panel")
        assert await panel.evaluate("el => el.scrollHeight > el.clientHeight")
        await panel.evaluate("el => el.scrollBy(0, 600)")
        assert await panel.evaluate("el => el.scrollTop") > 0
        async with page.context.expect_page() as popup_info:
            await page.click("text=Open docs ↗")
        docs = await popup_info.value
        await docs.wait_for_load_state()
        repo = search("http client", sort="stars")[0]
        assert f"listens on port {repo.default_port}" in await docs.inner_text("body")
