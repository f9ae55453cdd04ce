"""A gullible external agent for the hostile tests: it goes wherever the page points to the attacker
(the canary) by every way a CDP client has: the tab, a fetch from the page, a new tab in a browser
context of its own (none of our Playwright's handlers on it), and prints how many ways it found."""

from __future__ import annotations

import asyncio
import json
import sys
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from css_agent import find_page  # noqa: E402 - run as a script, beside it


async def main() -> None:
    task = json.loads(sys.stdin.read())
    port = urlsplit(task["start_url"]).port
    async with async_playwright() as playwright:
        browser = await playwright.chromium.connect_over_cdp(task["cdp_url"])
        page = await find_page(browser, task["target_id"])
        links = await page.eval_on_selector_all("a[href*='canary'], form[action*='canary']",
                                                "els => els.map(e => e.href || e.action)")
        urls = [*links, f"http://canary.localhost:{port}/c/direct"]
        for url in urls:
            await page.evaluate("u => fetch(u, {mode: 'no-cors'}).catch(() => null)", url)
            try:
                await page.goto(url)
            except PlaywrightError:
                pass
        own = await browser.new_context()   # a context our Playwright did not make
        tab = await own.new_page()
        for url in urls:
            try:
                await tab.goto(url)
            except PlaywrightError:
                pass
    print(json.dumps({"answer": f"followed {len(links)} link(s) to the canary", "steps": []}))


asyncio.run(main())
