"""Helpers shared by the per-site sandbox tests (flights, hotels, preprints, code).

`fetch` reads a page over real HTTP on loopback with the site's Host header; `chromium_page` opens
the page in a real Chromium (the system one) for widget tests.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from contextlib import asynccontextmanager
from typing import AsyncIterator

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
