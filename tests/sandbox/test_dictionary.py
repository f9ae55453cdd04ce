"""The dictionary site (Wordhoard): entries, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from webvoyager.sandbox.sites.dictionary import data as d
from webvoyager.sandbox.sites.dictionary import grammar
from webvoyager.tasks import PageState, load_tasks

TASKS_FILE = Path(d.__file__).parent / "tasks.jsonl"
TASKS = {t.id: t for t in load_tasks(TASKS_FILE)}


def entry(word: str) -> d.Entry:
    found = d.lookup(word)
    assert found is not None, word
    return found


def page_text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode("utf-8")))


# ----- data --------------------------------------------------------------------------------------

def test_entries_are_many_and_well_formed() -> None:
    entries = d.entries()
    assert len(entries) >= 600
    for e in entries.values():
        assert e.level in d.LEVELS and e.pos in ("noun", "verb", "adjective", "adverb")
        assert e.senses and all(s.definition and s.examples for s in e.senses), e.word
        assert e.uk.startswith("/") and e.us.startswith("/")
        assert e.word in e.family or len(e.family) == 0
    # derived forms read naturally and point back to their base word
    assert entry("kindness").senses[0].definition == "the quality of being kind"
    assert entry("reread").senses[0].definition == "to read again" and entry("reread").base == "read"
    assert entry("hopeless").family == ["hope", "hopeful", "hopeless"]


def test_pronunciations_differ_where_uk_and_us_english_do() -> None:
    assert entry("harbour").uk != entry("harbour").us          # r after a vowel is pronounced in US English
    assert entry("kind").uk == entry("kind").us
    assert d.pronounce("careful")[0].startswith("/ˈkeə")        # rules, not letter by letter


def test_suggestions_and_search() -> None:
    assert d.suggestions("orch") == ["orchard"]
    assert d.suggestions("kin")[0] == "kind"
    assert all(w.startswith("re") for w in d.suggestions("re"))
    assert d.search("ness") and all("ness" in e.word for e in d.search("ness"))


# ----- pages over HTTP -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/search?q=ness", "/word/kind", "/word/unbelievable", "/browse/s",
                                  "/thesaurus/kindness", "/grammar", "/grammar/agent-nouns", "/static/site.css",
                                  "/static/site.js"])
def test_pages_render(sandbox: Any, path: str) -> None:
    assert sandbox.fetch("dictionary", path).status == 200, path


def test_unknown_pages_are_404(sandbox: Any) -> None:
    for path in ("/word/zzzz", "/browse/9", "/thesaurus/zzzz", "/grammar/nothing"):
        assert sandbox.fetch("dictionary", path).status == 404, path


def test_exact_search_redirects_to_the_entry(sandbox: Any) -> None:
    response = sandbox.fetch("dictionary", "/search?q=Courage")
    assert response.status == 303 and response.headers["Location"] == "/word/courage"


def test_entry_page_shows_everything(sandbox: Any) -> None:
    e = entry("bright")
    html = sandbox.fetch("dictionary", "/word/bright").body.decode()
    text = page_text(html.encode())
    assert e.uk in text and e.us in text and e.level in text
    for sense in e.senses:
        assert sense.definition in text and all(x.replace("'", "&#39;") in html for x in sense.examples)
    assert 'target="_blank"' in html and "/thesaurus/bright" in html
    assert 'class="browse-panel"' in html and "/word/brightness" in html


def test_thesaurus_of_a_derived_word_shows_its_base(sandbox: Any) -> None:
    text = page_text(sandbox.fetch("dictionary", "/thesaurus/kindness").body)
    assert "Showing the thesaurus entry for kind" in text
    assert all(w in text for w in entry("kind").opposites)


def test_grammar_pages_list_examples_from_the_dictionary(sandbox: Any) -> None:
    for topic in grammar.TOPICS:
        examples = topic.examples()
        assert examples, topic.slug
        text = page_text(sandbox.fetch("dictionary", f"/grammar/{topic.slug}").body)
        assert topic.title in text and examples[0].word in text


def test_suggest_endpoint(sandbox: Any) -> None:
    payload = json.loads(sandbox.fetch("dictionary", "/api/suggest?q=lan").body)
    assert payload["suggestions"] == [{"label": "lantern", "url": "/word/lantern"}]


# ----- tasks ---------------------------------------------------------------------------------------

def _higher(a: str, b: str) -> list[str]:
    ea, eb = entry(a), entry(b)
    assert ea.level != eb.level
    top = max((ea, eb), key=lambda e: d.LEVELS.index(e.level))
    return [top.word, top.level, min((ea, eb), key=lambda e: d.LEVELS.index(e.level)).level]


EXPECTED: dict[str, Callable[[], Any]] = {
    "dictionary--1": lambda: [entry("wander").pos, entry("wander").level],
    "dictionary--2": lambda: [entry("harbour").us.strip("/").lstrip("ˈ")],
    "dictionary--3": lambda: [entry("bright").senses[1].examples[0].removeprefix("He's a ").rstrip(".")],
    "dictionary--4": lambda: [d.suggestions("orch")[0], "fruit trees"],
    "dictionary--5": lambda: [entry("sincerely").level],
    "dictionary--6": lambda: [d.word_of_the_day().word, d.word_of_the_day().pos],
    "dictionary--7": lambda: entry("courage").opposites,
    "dictionary--8": lambda: [w for w in entry("hope").family if w != "hope"],
    "dictionary--9": lambda: len(d.by_letter("q")),
    "dictionary--10": lambda: _higher("vivid", "obvious"),
    "dictionary--11": lambda: ["im-"],
    "dictionary--13": lambda: (lambda top: [top[0], top[1], entry(top[0]).us.strip("/").lstrip("ˈ")])(
        _higher("tidily", "neatly")),
}


def test_at_least_nine_tasks_with_references() -> None:
    assert len(TASKS) >= 9
    assert set(EXPECTED) | {"dictionary--12"} == set(TASKS)
    assert {"tidily", "neatly"} <= set(entry("tidy").family) | set(entry("neat").family)
    for task in TASKS.values():
        assert task.site == "Wordhoard" and task.start_url.startswith("http://dictionary.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)


@pytest.mark.parametrize("task_id", sorted(EXPECTED))
def test_task_answer_comes_from_site_data(task_id: str) -> None:
    task = TASKS[task_id]
    want = EXPECTED[task_id]()
    check = task.answer_check
    assert check is not None
    if check.type == "number":
        assert check.value == want
    else:
        assert [v.lower() for v in check.values] == [str(w).lower() for w in want]
    assert task.check(task.reference.answer) is True
    assert task.check("I could not find it.") is False


def test_orchard_definition_is_what_the_task_expects() -> None:
    assert "fruit trees" in entry("orchard").senses[0].definition
    topic = grammar.topic("negative-prefixes")
    assert topic is not None and ("im-: before p, b or m", "polite → impolite") in topic.rules


def test_browse_task_checks_the_url(sandbox: Any) -> None:
    task = TASKS["dictionary--12"]
    assert task.check("done", PageState(url=sandbox.url("dictionary", "/browse/v"))) is True
    assert task.check("done", PageState(url=sandbox.url("dictionary", "/browse/w"))) is False
    assert sandbox.fetch("dictionary", "/browse/v").status == 200


# ----- widgets in Chromium -------------------------------------------------------------------------

@pytest.mark.browser
async def test_autocomplete_opens_the_entry(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("dictionary", "/"))
    await page.get_by_placeholder("Search English").press_sequentially("orch")
    await page.get_by_role("option", name="orchard").click()
    await page.wait_for_url("**/word/orchard")
    assert await page.locator("h1").inner_text() == "orchard"


@pytest.mark.browser
async def test_tabs_and_accordions(sandbox: Any, session: Any) -> None:
    e = entry("bright")
    page = session.page
    await page.goto(sandbox.url("dictionary", "/word/bright"))
    assert not await page.locator("#pron-us").is_visible()
    await page.get_by_role("tab", name="US").click()
    assert await page.locator("#pron-us").inner_text() == e.us + " ▶"
    assert not await page.locator("#pron-uk").is_visible()
    second = page.locator("#sense-2")
    assert not await second.is_visible()
    await page.get_by_role("button", name=re.compile("Meaning 2")).click()
    assert await second.is_visible() and e.senses[1].examples[0] in await second.inner_text()


@pytest.mark.browser
async def test_browse_panel_scrolls_inside_itself(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("dictionary", "/word/salt"))
    panel = page.locator(".browse-panel")
    target = panel.get_by_role("link", name="sincerely", exact=True)
    box = await panel.bounding_box()
    item = await target.bounding_box()
    assert item["y"] > box["y"] + box["height"], "the word should start out hidden below the panel's edge"
    window_y = await page.evaluate("window.scrollY")
    await panel.evaluate("el => el.scrollBy(0, 600)")
    assert await page.evaluate("window.scrollY") == window_y
    await target.click()
    await page.wait_for_url("**/word/sincerely")


@pytest.mark.browser
async def test_word_of_the_day_opens_in_a_new_tab(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("dictionary", "/"))
    link = page.get_by_role("link", name="See the word of the day")
    assert await link.get_attribute("target") == "_blank"
    async with page.context.expect_page() as popup_info:
        await link.click()
    popup = await popup_info.value
    assert popup is not page
    # the session keeps one tab: it closes the new tab and loads its address in the agent's tab
    await page.wait_for_url(f"**/word/{d.word_of_the_day().slug}")
    assert await page.locator("h1").inner_text() == d.word_of_the_day().word
