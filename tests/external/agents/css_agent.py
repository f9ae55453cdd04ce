"""A tiny external agent for the tests: reads the task JSON on stdin, connects to the browser with
Playwright's connect_over_cdp, drives the page it was given by CSS selectors, prints its result.

It knows a plan for a few sandbox tasks; `--wrong` follows a plan that ends at the wrong answer or page
(the task's checks must fail it). It logs a line on stdout before its result, as real agents do.
For three more tasks it misbehaves: it crashes (dictionary--2), prints junk (dictionary--3) or hangs
with a child process of its own (dictionary--4, the child's pid in $HANG_PID_FILE).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

from playwright.async_api import Browser, Page, async_playwright


async def find_page(browser: Browser, target_id: str) -> Page:
    """The page whose DevTools target id the task names."""
    for context in browser.contexts:
        for page in context.pages:
            session = await context.new_cdp_session(page)
            info = await session.send("Target.getTargetInfo")
            await session.detach()
            if info["targetInfo"]["targetId"] == target_id:
                return page
    raise LookupError(f"no page has the target id {target_id}")


async def wander(page: Page, wrong: bool) -> tuple[str, list[dict[str, str]]]:
    await page.fill("#q", "wander")
    await page.press("#q", "Enter")
    found = await page.wait_for_selector('.entry-head .pos, .result-list a[href="/word/wander"]')
    if await found.get_attribute("href"):   # a result list rather than the entry itself
        await found.click()
        await page.wait_for_selector(".entry-head .pos")
    pos = await page.inner_text(".entry-head .pos")
    level = await page.inner_text(".entry-head .lvl")
    answer = "'wander' is a noun, CEFR level A1" if wrong else f"'wander' is a {pos}, CEFR level {level}"
    return answer, [{"thought": "search the dictionary", "action": "type #q wander; Enter"},
                    {"thought": "open the entry", "action": "click a[href='/word/wander']"}]


async def browse_v(page: Page, wrong: bool) -> tuple[str, list[dict[str, str]]]:
    letter = "w" if wrong else "v"
    await page.click('header a[href="/browse/a"]')
    await page.wait_for_url("**/browse/a")
    await page.click(f'.letters a[href="/browse/{letter}"]')
    await page.wait_for_url(f"**/browse/{letter}")
    return "This is the list of words starting with V.", [{"thought": "browse", "action": f"click /browse/{letter}"}]


PLANS = {"dictionary--1": wander, "dictionary--12": browse_v}


def misbehave(task_id: str) -> None:
    """Crash, print junk or hang, for the tasks the tests give that role."""
    if task_id == "dictionary--2":
        print("css agent: giving up", file=sys.stderr)
        raise SystemExit("boom: the agent crashed on purpose")
    if task_id == "dictionary--3":
        print("css agent: this is not JSON {nor is this")
        raise SystemExit(0)
    if task_id == "dictionary--4":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(os.environ["HANG_PID_FILE"], "w") as fh:
            fh.write(str(child.pid))
        print("css agent: thinking forever", file=sys.stderr, flush=True)
        child.wait()


async def main() -> None:
    task = json.loads(sys.stdin.read())
    wrong = "--wrong" in sys.argv
    print(f"css agent: task {task['task_id']} at {task['start_url']}")   # a log line before the result
    misbehave(task["task_id"])
    async with async_playwright() as playwright:
        browser = await playwright.chromium.connect_over_cdp(task["cdp_url"])
        answer, steps = await PLANS[task["task_id"]](await find_page(browser, task["target_id"]), wrong)
    print(json.dumps({"answer": answer, "steps": steps}))


if __name__ == "__main__":
    asyncio.run(main())
