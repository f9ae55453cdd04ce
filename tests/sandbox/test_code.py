"""Gitloom (sandbox site `code`): search, repo tabs, file viewer, issues, releases, docs, profiles, tasks."""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from tests.sandbox.site_helpers import chromium_page, fetch
from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.code.data import (
    REPO_BY_NAME, REPOS, USER_BY_LOGIN, USERS, Repo, repos_of, search,
)
from webvoyager.sandbox.sites.code.site import PAGE_SIZE
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("code")}


def _config_value(full_name: str, key: str) -> int:
    text = REPO_BY_NAME[full_name].files["src/config.py"]
    (line,) = [ln for ln in text.splitlines() if ln.startswith(key)]
    return int(line.split("=")[1].strip())


def _top(found: list[Repo], key: Callable[[Repo], object] = lambda r: r.stars) -> list[Repo]:
    """`found`, checked to have a unique first entry (the task's answer must not be a tie)."""
    assert len(found) >= 2 and key(found[0]) != key(found[1]), "the task's answer must not be a tie"
    return found


def _open_bugs(full_name: str) -> int:
    return sum(1 for i in REPO_BY_NAME[full_name].issues if i.open and "bug" in i.labels)


def _distinct(titles: list[str]) -> list[str]:
    return list(dict.fromkeys(titles))


def _first_search_page(query: str, language: str = "") -> list[str]:
    """The most-starred match, then the other results of the first page (what a wrong answer names)."""
    return [r.full_name for r in _top(search(query, language, sort="stars"))[:PAGE_SIZE]]


def _oldest_open(full_name: str, label: str = "") -> list[str]:
    """Titles of the first page of open issues (with `label`), oldest first: the answer, then the others."""
    found = [i for i in REPO_BY_NAME[full_name].issues if i.open and (not label or label in i.labels)][::-1]
    return _distinct([i.title for i in found[:PAGE_SIZE]])


def _trending_owner_cities() -> list[str]:
    trending = _top(sorted(REPOS, key=lambda r: (-r.stars, r.full_name))[:6])
    return _distinct([USER_BY_LOGIN[r.owner].location for r in trending])


def _compare_bugs(a: str, b: str) -> list[Any]:
    assert _open_bugs(a) != _open_bugs(b)
    winner, loser = sorted((a, b), key=_open_bugs, reverse=True)
    return [winner, loser, _open_bugs(winner)]


def _owner_top_release() -> list[Any]:
    found = _top(search("router", "TypeScript", sort="stars"))[0]
    mine = _top(repos_of(found.owner, "stars"))
    tags = [r.tag for r in mine[0].releases]
    return [mine[0].full_name, *[r.name for r in mine[1:]], *tags]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "code--1": lambda: [*_first_search_page("http client"), search("http client", sort="stars")[0].stars],
    "code--2": lambda: _first_search_page("cache", "Rust"),
    "code--3": lambda: [_open_bugs("dmitri-lind/strict-config")],
    "code--4": lambda: [r.tag for r in REPO_BY_NAME["zenodev/lazy-http-client"].releases],
    "code--5": lambda: [_config_value("teo-lind/robust-http-client-lite", "REQUEST_TIMEOUT_SECONDS")],
    "code--6": lambda: [REPO_BY_NAME["joaquindev/simple-http-client-go"].default_port],
    "code--7": _trending_owner_cities,
    "code--8": lambda: _oldest_open("elind/hyper-linter-kit"),
    "code--9": lambda: ["code.localhost", "/noorreyes/swift-http-client-kit/issues", "label=documentation",
                        "state=closed"],
    "code--10": lambda: (lambda mine: [r.name for r in mine] + [mine[0].stars])(_top(repos_of("teo-lind", "stars"))),
    "code--11": lambda: _oldest_open(_top(search("parser", "Python", sort="updated"), lambda r: r.updated)[0].full_name,
                                     "enhancement"),
    "code--12": lambda: _compare_bugs("gaiadev/micro-http-client", "joaquindev/tiny-http-client"),
    "code--13": _owner_top_release,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 13
    for task in TASKS.values():
        assert task.site == "Gitloom" and task.id.startswith("code--")
        assert task.start_url.startswith("http://code.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values() if t.reference) >= 3


def test_state_task_checks_the_url(sandbox) -> None:
    task = TASKS["code--9"]
    good = sandbox.url("code", "/noorreyes/swift-http-client-kit/issues?label=documentation&state=closed")
    assert task.check("done", PageState(url=good)) is True
    assert task.check("done", PageState(url=good.replace("closed", "open"))) is False
    status, _, html = fetch(sandbox, "code", good[good.index("/noorreyes"):])
    repo = REPO_BY_NAME["noorreyes/swift-http-client-kit"]
    closed_docs = sum(1 for i in repo.issues if not i.open and "documentation" in i.labels)
    assert status == 200 and f"✓ {closed_docs} Closed" in html


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


def test_profile_sorts_and_release_pages_over_http(sandbox) -> None:
    for sort, key in (("stars", lambda r: (-r.stars, r.name)), ("name", lambda r: r.name)):
        _, _, html = fetch(sandbox, "code", f"/teo-lind?sort={sort}")
        names = re.findall(r'class="rname" href="/teo-lind/([^"]+)"', html)
        assert names == [r.name for r in sorted(repos_of("teo-lind"), key=key)]
        assert f'value="/teo-lind?sort={sort}" selected' in html
    _, _, default = fetch(sandbox, "code", "/teo-lind?sort=nonsense")
    assert re.findall(r'class="rname" href="/teo-lind/([^"]+)"', default) == [r.name for r in repos_of("teo-lind")]
    repo = REPO_BY_NAME["irisdev/lazy-tracer"]
    _, _, page = fetch(sandbox, "code", f"/{repo.full_name}/releases")
    tags = re.findall(r'href="/irisdev/lazy-tracer/releases/tag/([^"]+)"', page)
    assert tags == [r.tag for r in repo.releases]
    older = repo.releases[1]
    status, _, one = fetch(sandbox, "code", f"/{repo.full_name}/releases/tag/{older.tag}")
    assert status == 200 and f"Release {older.tag} · Releases · {repo.full_name}" in one
    assert f"releases/tag/{repo.releases[0].tag}" not in one
    assert fetch(sandbox, "code", f"/{repo.full_name}/releases/tag/v9.9.9")[0] == 404


@pytest.mark.browser
async def test_profile_sort_select_reloads_the_list(sandbox) -> None:
    async with chromium_page(sandbox.url("code", "/teo-lind")) as page:
        await page.select_option("select[aria-label='Sort repositories']", label="Stars")
        await page.wait_for_url(re.compile(r"sort=stars"))
        first = await page.locator(".rname").first.inner_text()
        assert first == repos_of("teo-lind", "stars")[0].name


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
