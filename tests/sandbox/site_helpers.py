"""Helpers shared by the per-site sandbox tests (flights, hotels, preprints, code).

`fetch` reads a page over real HTTP on loopback with the site's Host header; `chromium_page` opens
the page in a real Chromium (the system one) for widget tests; `assert_task_checks` verifies that
every task's reference answer passes its check, a wrong answer fails it, and that the reference
answer equals what the site's own data says.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable

from webvoyager.tasks import PageState, Task

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def fetch(sandbox: object, site: str, path: str) -> tuple[int, str, str]:
    """GET `path` on `site` of the running sandbox: (status, content type, body text or '<bytes>')."""
    port = sandbox.port  # type: ignore[attr-defined]
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": f"{site}.localhost:{port}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            raw, status, ctype = resp.read(), resp.status, resp.headers.get("Content-Type", "")
    except urllib.error.HTTPError as err:
        raw, status, ctype = err.read(), err.code, err.headers.get("Content-Type", "")
    body = raw.decode("utf-8") if ctype.startswith(("text/", "application/json")) else raw.decode("latin-1")
    return status, ctype, body


@asynccontextmanager
async def chromium_page(url: str) -> AsyncIterator[object]:
    """A 1024x768 page of a fresh headless Chromium at `url`; page errors fail the test."""
    from playwright.async_api import async_playwright

    errors: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1024, "height": 768})
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(url)
            yield page
        finally:
            await browser.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def final_state_for(task: Task) -> PageState:
    """A page state that satisfies the task's state check (its URL/text built from the check itself)."""
    check = task.state_check
    assert check is not None
    if check.type == "url":
        return PageState(url=task.start_url + "?" + "&".join(check.contains))
    return PageState(text=" ".join(check.contains))


def assert_task_checks(tasks: list[Task], expected: dict[str, Callable[[], str]]) -> None:
    """Each task: reference answer passes, the site's data-derived answer passes, a wrong one fails."""
    assert {t.id for t in tasks} == set(expected), "every task needs a data-derived expected answer"
    for task in tasks:
        assert task.reference is not None and task.checkable, task.id
        state = final_state_for(task) if task.state_check else None
        truth = expected[task.id]()
        assert task.check(task.reference.answer, state) is True, f"{task.id}: reference answer fails its check"
        assert task.check(truth, state) is True, f"{task.id}: site data says {truth!r}, the check disagrees"
        if task.answer_check is not None:
            assert task.check("I could not find it (answer 999999)", state) is False, task.id
        if task.state_check is not None:
            assert task.check(task.reference.answer, PageState(url=task.start_url, text="")) is False, task.id
