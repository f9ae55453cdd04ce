"""The WebVoyager paper's browser under `--protocol paper`: its layout (scrollbars), its element discovery and
text, its Type, its fixed sleeps, its user agent, its text-only accessibility tree and whole PDFs.

tests/pages/paper/page.html: a search box, a button, a clickable card (a heading, a link with hidden text and
a price with a single newline), a link with runs of whitespace, an iframe with a button inside, a <div> with
a pointer cursor, and a tall block so that the page scrolls.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from webvoyager.api.settings import RunSettings
from webvoyager.browser import Browser
from webvoyager.browser.marks import draw_marks
from webvoyager.browser.pdf import pdf_note
from webvoyager.browser.types import BrowserConfig, Click, Element, GoBack, Scroll, Type, TypeWarning
from webvoyager.errors import ActionError
from webvoyager.protocol import PAPER_SLEEP_SCALE_ENV, PAPER_SLEEPS, PAPER_USER_AGENT, ActionSleeps

PAGE = "/paper/page.html"
PAPER = RunSettings(protocol="paper")


async def _paper_session(browser, tmp_path: Path, **changes):
    config = replace(PAPER.browser_config(browser.config), **changes)
    return await browser.new_session(download_dir=tmp_path / "downloads", config=config)


async def _layout_width(session) -> int:
    return int(await session.page.evaluate("document.documentElement.clientWidth"))


@pytest.mark.browser
async def test_paper_layout_shows_the_scrollbar_and_is_1009_px_wide(browser, pages_url, tmp_path) -> None:
    async with await Browser.launch(PAPER.launch_config(BrowserConfig())) as paper_browser:
        paper = await _paper_session(paper_browser, tmp_path)
        await paper.goto(pages_url + PAGE)
        assert await _layout_width(paper) == 1009     # 1024 minus Chrome's 15 px scrollbar, as the original's
        assert (await paper.observe()).viewport == (1024, 768)   # the screenshot keeps the window's size
        assert await paper.page.evaluate("navigator.userAgent") == PAPER_USER_AGENT
    default = await browser.new_session(download_dir=tmp_path / "d2")
    try:
        await default.goto(pages_url + PAGE)
        assert await _layout_width(default) == 1024   # ours: no scrollbar
        assert await default.page.evaluate("navigator.userAgent") != PAPER_USER_AGENT
    finally:
        await default.close()


@pytest.mark.browser
async def test_paper_element_text_follows_the_originals_rules(browser, pages_url, tmp_path) -> None:
    session = await _paper_session(browser, tmp_path)
    try:
        await session.goto(pages_url + PAGE)
        observation = await session.observe()
    finally:
        await session.close()
    # Written by hand from get_web_element_rect's rules: the card holds other candidates, so it goes and its
    # heading, link and price stay (innermost only); textContent (the hidden span's text too), trimmed, runs of
    # 2+ whitespace made one space (a single newline stays); the aria-label attribute as written; the tag only
    # for input/button/textarea; the iframe is labelled but has no text (and nothing inside it is labelled).
    assert observation.text == "\t".join([
        '[0]: <input> "Search   the shop";', '[1]: <button> "Search", "Go";', '[2]: "Blue kettle";',
        '[3]: "Details (hidden)";', '[4]: "£12\nonly";', '[5]: "Many spaces here";', '[7]: "Write here";'])
    assert [(e.label, e.tag) for e in observation.elements] == [
        (0, "input"), (1, "button"), (2, "h3"), (3, "a"), (4, "span"), (5, "a"), (6, "iframe"), (7, "div")]
    assert observation.elements[1].type == "submit"    # Selenium's get_attribute("type") of a plain <button>
    assert not any("Inside" in e.text for e in observation.elements)


@pytest.mark.browser
async def test_paper_type_into_a_div_types_and_warns(browser, pages_url, tmp_path) -> None:
    session = await _paper_session(browser, tmp_path)
    try:
        await session.goto(pages_url + PAGE)
        assert await session.page.evaluate("window.onkeydown !== null")   # run.py's start: no space scrolling
        await session.observe()
        outcome = await session.execute(Type(7, "hi"))
        assert outcome.type_warning == TypeWarning(tag="div", type=None)
        assert await session.page.evaluate("window.typed") == ["h", "i", "Enter"]   # typed anyway, then Enter
        assert (await session.observe()).type_warning == TypeWarning(tag="div", type=None)
        assert (await session.execute(Type(0, "kettle"))).type_warning is None    # a text box: no warning
        assert (await session.observe()).type_warning is None
        assert await session.page.evaluate("document.querySelector('#q').value") == "kettle"
    finally:
        await session.close()
    default = await browser.new_session(download_dir=tmp_path / "d2")
    try:
        await default.goto(pages_url + PAGE)
        assert await default.page.evaluate("window.onkeydown === null")
        observation = await default.observe()
        pad = next(e.label for e in observation.elements if e.text == "Write here")
        with pytest.raises(ActionError, match="not editable"):   # ours refuses
            await default.execute(Type(pad, "hi"))
    finally:
        await default.close()


def test_paper_sleeps_and_user_agent_come_from_protocol(monkeypatch) -> None:
    monkeypatch.delenv(PAPER_SLEEP_SCALE_ENV, raising=False)
    paper = PAPER.browser_config(BrowserConfig())
    assert paper.sleeps == PAPER_SLEEPS and paper.sleeps.click == 3.0 and paper.sleeps.type == 10.0
    assert paper.user_agent == PAPER_USER_AGENT and paper.scrollbars and paper.paper_actions
    assert PAPER.browser_config(BrowserConfig(headless=False)).user_agent is None   # only headless, as run.py
    default = RunSettings().browser_config(BrowserConfig())
    assert (default.sleeps, default.user_agent, default.scrollbars, default.paper_actions) == (None, None, False, False)
    assert RunSettings(protocol="paper", policy="seeact").browser_config(BrowserConfig()).sleeps is None
    monkeypatch.setenv(PAPER_SLEEP_SCALE_ENV, "0.5")
    assert PAPER.browser_config(BrowserConfig()).sleeps.type == 5.0


@pytest.mark.browser
async def test_paper_session_sleeps_the_configured_time_per_action(browser, pages_url, tmp_path) -> None:
    sleeps = ActionSleeps(start_page=0.01, click=0.02, submit_click=0.04, download=0.08, type_after_click=0.0,
                          type_before_enter=0.0, type=0.16, wolfram_type=0.32, scroll=0.64, go_back=0.03,
                          search=0.05, failed_action=0.0)
    session = await _paper_session(browser, tmp_path, sleeps=sleeps)
    try:
        await session.goto(pages_url + PAGE)
        await session.observe()
        assert (await session.execute(Click(3))).slept_s == pytest.approx(0.02)          # a link
        await session.observe()
        assert (await session.execute(Click(1))).slept_s == pytest.approx(0.02 + 0.04)   # a submit button
        assert (await session.execute(Type(0, "x"))).slept_s == pytest.approx(0.16)
        assert (await session.execute(Scroll(None, "down"))).slept_s == pytest.approx(0.64)
        assert (await session.execute(GoBack())).slept_s == pytest.approx(0.03)
    finally:
        await session.close()
    default = await browser.new_session(download_dir=tmp_path / "d2")
    try:
        await default.goto(pages_url + PAGE)
        await default.observe()
        assert (await default.execute(Scroll(None, "down"))).slept_s is None   # ours settles instead
    finally:
        await default.close()


@pytest.mark.browser
async def test_paper_text_only_tree_names_chrome_node_ids(browser, pages_url, tmp_path) -> None:
    assert RunSettings(protocol="paper", text_only=True).context_images == 1   # one tree kept in context
    session = await _paper_session(browser, tmp_path)
    try:
        await session.goto(pages_url + PAGE)
        observation = await session.observe(text_only=True)
        lines = observation.text.split("\n")
        assert re.fullmatch(r"\[1\] RootWebArea 'Paper page' focused: True url: \S+/paper/page\.html", lines[0])
        assert re.fullmatch(r"\t\[\d+\] button 'Go'", next(line for line in lines if "button 'Go'" in line))
        link = re.search(r"\[(\d+)\] link 'Many spaces here ?'", observation.text)
        assert link and int(link.group(1)) in {e.label for e in observation.elements}
        assert "[0]" not in observation.text    # node ids, not our labels 0..N
        await session.execute(Click(int(link.group(1))))   # at the centre of the node's box
        assert await session.page.evaluate("location.hash") == "#spaces"
        with pytest.raises(ActionError, match="no node"):
            await session.execute(Click(999999))
    finally:
        await session.close()


def test_paper_pdf_note_holds_the_whole_text(tmp_path) -> None:
    text = "word " * 2000
    assert PAPER.browser_config(BrowserConfig()).pdf_excerpt_chars is None
    assert RunSettings().browser_config(BrowserConfig()).pdf_excerpt_chars == 3000
    assert pdf_note(tmp_path / "a.pdf", text, None).endswith(text.strip())
    assert "excerpt: first 3000" in pdf_note(tmp_path / "a.pdf", text, 3000)


def test_paper_marks_label_every_kept_line_box() -> None:
    blank = io.BytesIO()
    Image.new("RGB", (300, 200), (255, 255, 255)).save(blank, format="PNG")
    # A link wrapped onto two lines: the original outlines and labels each of its line boxes.
    link = Element(label=4, tag="a", bbox=(200, 60, 80, 20), boxes=((200, 60, 80, 20), (10, 120, 60, 20)))
    marked = Image.open(io.BytesIO(draw_marks(blank.getvalue(), [link], style="paper"))).convert("RGB")

    def label_above(x: int, y: int) -> bool:   # dark label pixels in the 19 px above a box's top-left corner
        return any(marked.getpixel((px, py))[0] < 128 for px in range(x, x + 14) for py in range(y - 19, y - 3))

    assert label_above(200, 60) and label_above(10, 120)
    single = Image.open(io.BytesIO(draw_marks(blank.getvalue(), [Element(label=4, tag="a", bbox=(200, 60, 80, 20))],
                                              style="paper"))).convert("RGB")
    assert not any(single.getpixel((px, py))[0] < 128 for px in range(10, 24) for py in range(101, 117))
