"""The dictionary site (Wordhoard): entries, pages over HTTP, widgets in Chromium, and its tasks' answers."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest

from webvoyager.sandbox.catalog import site_tasks
from webvoyager.sandbox.sites.dictionary import data as d
from webvoyager.sandbox.sites.dictionary import grammar
from webvoyager.tasks import PageState

TASKS = {t.id: t for t in site_tasks("dictionary")}


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
                                  "/thesaurus/kindness", "/grammar", "/grammar/agent-nouns", "/levels",
                                  "/static/site.css", "/static/site.js"])
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


def test_entry_title_and_level_link_say_part_of_speech_and_rank(sandbox: Any) -> None:
    """The title names the part of speech (as learner dictionaries do) and the level link says where the
    level stands on the CEFR scale, so a reader can compare two levels as numbers."""
    e = entry("harbour")
    html = sandbox.fetch("dictionary", "/word/harbour").body.decode()
    assert f"<title>harbour {e.pos} — meaning" in html
    rank = d.level_rank(e.level)
    assert rank == 4 and f"{d.LEVEL_NAMES[e.level]} · level {rank} of {len(d.LEVELS)}" in html
    assert 'href="/levels#b2"' in html
    # each pronunciation is written inside its play button, so the button's text is the IPA
    assert re.search(r'<button[^>]*aria-label="Play US pronunciation"><span class="ipa">/ˈhɑːrbɚ/</span>', html)


def test_levels_page_counts_the_entries_of_each_level(sandbox: Any) -> None:
    text = page_text(sandbox.fetch("dictionary", "/levels").body)
    for level in d.LEVELS:
        count = sum(e.level == level for e in d.entries().values())
        assert f"{level} level {d.level_rank(level)} of 6 {d.LEVEL_NAMES[level]} {d.LEVEL_NOTES[level]} {count}" in text


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

POS = ("noun", "verb", "adjective", "adverb")


def ipa(pron: str) -> str:
    """An IPA transcription as the checks hold it: without the slashes."""
    return pron.strip("/")


def plain(pron: str) -> str:
    """An IPA transcription without slashes and stress marks (how a forbidden one is written)."""
    return ipa(pron).replace("ˈ", "")


def sentence(text: str) -> str:
    return text.rstrip(".")


def other_levels(level: str) -> list[str]:
    return [x for x in d.LEVELS if x != level]


def other_pos(pos: str) -> list[str]:
    return [p for p in POS if p != pos]


def highest(*words: str) -> tuple[d.Entry, list[d.Entry]]:
    """The entry with the highest CEFR level (which must not tie), and the others in the given order."""
    found = [entry(w) for w in words]
    ranks = [d.level_rank(e.level) for e in found]
    assert ranks.count(max(ranks)) == 1, f"the levels of {words} tie at the top"
    top = found[ranks.index(max(ranks))]
    return top, [e for e in found if e is not top]


def neighbours(word: str, before: int, after: int) -> list[str]:
    """Words next to `word` in the Browse list of its letter (the other candidates the page shows)."""
    listed = [e.word for e in d.by_letter(word[0])]
    at = listed.index(word)
    family = entry(word).family
    return [w for w in listed[max(0, at - before): at + after + 1] if w != word and w not in family]


def _task_1() -> list[Any]:
    e = entry("wander")
    return [e.pos, e.level, *other_pos(e.pos), *other_levels(e.level)]


def _task_3() -> list[Any]:
    senses = entry("bright").senses
    return [sentence(senses[1].examples[0]), *[sentence(x) for x in senses[0].examples]]


def _task_4() -> list[Any]:
    word = d.suggestions("orch")[0]
    assert d.suggestions("orch") == [word]
    return [word, entry(word).senses[0].definition, *neighbours(word, 2, 2)]


def _task_10() -> list[Any]:
    top, (low,) = highest("vivid", "obvious")
    return [top.word, low.word, "vivid", entry("vivid").level, "obvious", entry("obvious").level]


def _task_11() -> list[Any]:
    topic = grammar.topic("negative-prefixes")
    assert topic is not None
    prefixes = [rule.split(":")[0] for rule, _ in topic.rules]
    right = next(rule.split(":")[0] for rule, _ in topic.rules if "before p, b or m" in rule)
    return [right, *[p for p in prefixes if p != right]]


def _task_13() -> list[Any]:
    top, (low,) = highest("tidily", "neatly")
    assert {"tidily", "neatly"} <= set(entry("tidy").family) | set(entry("neat").family)
    return [top.word, ipa(top.us), plain(low.us), low.word,
            "tidily", entry("tidily").level, "neatly", entry("neatly").level]


def _task_14() -> list[Any]:
    members = [w for w in entry("taste").family if w != "taste"]
    top, low = highest(*members)
    return [top.word, top.level, ipa(top.us), plain(top.uk), *[plain(e.us) for e in low], *[e.word for e in low]]


def _task_15() -> list[Any]:
    topic = grammar.topic("agent-nouns")
    assert topic is not None
    top, low = highest(*[e.word for e in topic.examples()[:4]])
    return [top.word, top.level, top.base, *[e.base for e in low], *[e.word for e in low]]


def _task_16() -> list[Any]:
    top, low = highest("bright", "sharp", "rough")
    return [top.word, top.level, ipa(top.us), sentence(top.senses[1].examples[0]),
            *[sentence(x) for x in top.senses[0].examples], *[sentence(e.senses[1].examples[0]) for e in low],
            *[plain(e.us) for e in low], *[e.word for e in low]]


# what each task's checks must hold (see check_values.py), computed from the site's data
EXPECTED: dict[str, Callable[[], list[Any]]] = {
    "dictionary--1": _task_1,
    "dictionary--2": lambda: [ipa(entry("harbour").us), plain(entry("harbour").uk)],
    "dictionary--3": _task_3,
    "dictionary--4": _task_4,
    "dictionary--5": lambda: [entry("sincerely").level, *other_levels(entry("sincerely").level)],
    "dictionary--6": lambda: [d.word_of_the_day().word, d.word_of_the_day().pos, *other_pos(d.word_of_the_day().pos)],
    "dictionary--7": lambda: [*entry("courage").opposites, *entry("courage").synonyms],
    "dictionary--8": lambda: [*[w for w in entry("hope").family if w != "hope"], *neighbours("hope", 2, 4)],
    "dictionary--9": lambda: [len(d.by_letter("q"))],
    "dictionary--10": _task_10,
    "dictionary--11": _task_11,
    "dictionary--12": lambda: ["dictionary.localhost", "/browse/v"],
    "dictionary--13": _task_13,
    "dictionary--14": _task_14,
    "dictionary--15": _task_15,
    "dictionary--16": _task_16,
}


def test_tasks_have_references_and_long_ones() -> None:
    assert len(TASKS) >= 9
    for task in TASKS.values():
        assert task.site == "Wordhoard" and task.start_url.startswith("http://dictionary.localhost/")
        assert task.reference is not None and task.checkable
        assert len(task.reference.steps) <= (task.max_steps or 15)
    assert sum(len(t.reference.steps) >= 8 for t in TASKS.values() if t.reference) >= 3


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
    assert " ".join((await page.locator("#pron-us").inner_text()).split()) == e.us + " ▶"
    assert not await page.locator("#pron-uk").is_visible()
    second = page.locator("#sense-2")
    assert not await second.is_visible()
    await page.get_by_role("button", name=re.compile("Meaning 2")).click()
    assert await second.is_visible() and e.senses[1].examples[0] in await second.inner_text()


@pytest.mark.browser
async def test_thesaurus_sections_collapse(sandbox: Any, session: Any) -> None:
    page = session.page
    await page.goto(sandbox.url("dictionary", "/thesaurus/courage"))
    toggle = page.get_by_role("button", name="Opposites")
    chips = page.locator("#opp-list")
    assert await toggle.get_attribute("aria-expanded") == "true" and await chips.is_visible()
    assert await chips.inner_text() == "\n".join(entry("courage").opposites)
    await toggle.click()
    assert await toggle.get_attribute("aria-expanded") == "false" and not await chips.is_visible()
    assert await page.locator("#syn-list").is_visible()
    await toggle.click()
    assert await chips.is_visible()


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
