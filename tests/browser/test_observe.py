"""Observation on the zoo pages: which elements get labelled, how they are described, text-only
mode and the fingerprint. Real Chromium over loopback HTTP."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from webvoyager.browser.types import Scroll, Type

pytestmark = pytest.mark.browser


def lines(observation) -> list[str]:
    return observation.text.splitlines()


async def test_basic_page_labels_and_descriptions(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/basic.html")
    obs = await session.observe()
    assert lines(obs) == [
        '[0]: <input type=text> "", "Query" placeholder="Search recipes"',
        '[1]: <button> "Search"',
        '[2]: <input type=checkbox> "", "Vegetarian" unchecked',
        '[3]: <input type=password> "", "Password" value="****"',
        '[4]: <textarea> "" placeholder="Notes"',
        '[5]: <div> "old"',
        '[6]: <div role=button> "✕", "Close panel"',
        '[7]: <span> "Pointer span"',
        '[8]: <a> "A very long link text that goes on and on and on, well past the eighty characte…"',
        '[9]: <button> "Nested button"',
        '[10]: <li> "Plain item"',
        '[11]: <a> "Linked item"',
        '[12]: <input type=number> "", "Quantity" value="2"',
        '[13]: <input type=date> "", "Date"',
    ]
    assert [e.label for e in obs.elements] == list(range(14))
    # Off-screen, visibility:hidden and 3x3 px buttons are not labelled; nested ones fold into the button.
    assert not any(e.text in ("Offscreen", "Hidden", ".", "Nested") for e in obs.elements)
    contenteditable = obs.elements[5]
    assert contenteditable.editable and obs.elements[0].editable and not obs.elements[1].editable
    assert obs.elements[1].html == '<button type="submit"> Search </button>'
    assert obs.url.endswith("/zoo/basic.html") and obs.title == "Zoo: basics"


async def test_shadow_dom_and_iframe_elements_are_labelled(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/shadow.html")
    obs = await session.observe()
    assert [(e.tag, e.text or e.placeholder) for e in obs.elements] == [
        ("input", "Shadow input"), ("button", "Shadow button"), ("a", "Deep link")]

    await session.goto(f"{pages_url}/zoo/iframe.html")
    obs = await session.observe()
    # Document order, with the frame's elements where the iframe stands.
    assert [(e.text or e.placeholder, e.frame) for e in obs.elements] == [
        ("Outer button", ""), ("Inner input", "0"), ("Inner button", "0"), ("After the frame", "")]
    # Inner boxes are in main-viewport coordinates: inside the iframe's content box.
    iframe_box = await session.page.locator("#inner").bounding_box()
    for element in obs.elements[1:3]:
        x, y, w, h = element.bbox
        assert iframe_box["x"] + 15 <= x and x + w <= iframe_box["x"] + iframe_box["width"]
        assert iframe_box["y"] + 15 <= y and y + h <= iframe_box["y"] + iframe_box["height"]


async def test_covered_and_empty_candidates_are_not_labelled(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/overlay.html")
    obs = await session.observe()
    texts = [e.text for e in obs.elements]
    assert "Accept cookies" in texts and "Under the banner" not in texts

    await session.goto(f"{pages_url}/zoo/datepicker.html")
    obs = await session.observe()
    # 31 day cells in reading order (rows, then columns); padding cells after the 31st are skipped.
    assert [e.text for e in obs.elements] == [str(d) for d in range(1, 32)]
    assert obs.elements[0].aria_label == "March 1, 2027"
    assert '[14]: <td> "15", "March 15, 2027"' in lines(obs)


async def test_select_shows_choice_and_options(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/select.html")
    obs = await session.observe()
    assert lines(obs)[0] == ('[0]: <select> "", "Sort by" selected="Relevance" options="Relevance | Price: Low to '
                             'High | Price: High to Low | Customer Rating | Newest Arrivals"')
    assert lines(obs)[1].endswith('options="Country 1 | Country 2 | Country 3 | Country 4 | Country 5 | Country 6 | '
                                  'Country 7 | Country 8 | Country 9 | Country 10 | Country 11 | Country 12 | …"')
    assert lines(obs)[2] == '[2]: <div role=combobox> "Pick a size"'


async def test_marks_drawn_on_a_copy_and_page_untouched(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/basic.html")
    before = await session.page.evaluate("document.documentElement.outerHTML")
    obs = await session.observe()
    after = await session.page.evaluate("document.documentElement.outerHTML")
    assert before == after   # no attributes or overlays written into the DOM
    clean = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    marked = Image.open(io.BytesIO(obs.marked_screenshot)).convert("RGB")
    assert clean.size == marked.size == (1024, 768)
    x, y, w, h = obs.elements[1].bbox
    assert marked.getpixel((int(x + 1), int(y + 1))) == (0, 0, 0)    # label background at the box's top-left
    assert marked.getpixel((1000, 700)) == clean.getpixel((1000, 700))   # far from every box: unchanged


async def test_heavy_page_labels_only_the_viewport(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/heavy.html")
    count = await session.page.evaluate("document.querySelectorAll('a,button,input,td').length")
    assert count > 1000
    obs = await session.observe()
    assert 20 < len(obs.elements) < 400
    assert all(0 <= e.bbox[1] < 768 for e in obs.elements)
    assert obs.elements[0].text == "Section 0"
    # A link wrapped over two lines is still labelled (its biggest piece is visible at its centre).
    assert "Section 14" in [e.text for e in obs.elements]


async def test_text_only_outline_uses_the_same_labels(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/basic.html")
    shot = await session.observe()
    tree = await session.observe(text_only=True)
    assert tree.text_only and [e.text for e in tree.elements] == [e.text for e in shot.elements]
    outline = lines(tree)
    assert outline[0] == 'heading "Basics"'
    assert '[1] button "Search"' in [line.strip() for line in outline]
    assert '[2] checkbox "Vegetarian" unchecked' in [line.strip() for line in outline]
    assert 'label "Vegetarian"' in [line.strip() for line in outline]
    labelled = [line.strip().split("]")[0] + "]" for line in outline if line.strip().startswith("[")]
    assert labelled == [f"[{i}]" for i in range(len(shot.elements))]   # same document order


async def test_text_only_outline_nests_iframes(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/iframe.html")
    tree = await session.observe(text_only=True)
    outline = lines(tree)
    start = outline.index("iframe")
    assert outline[start + 1].strip() == '[1] textbox "" placeholder="Inner input"'
    assert outline[start + 1].startswith("  ")


async def test_fingerprint_tracks_visible_change(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/scroll.html")
    first = await session.observe()
    again = await session.observe()
    assert first.fingerprint == again.fingerprint and first.observation_id + 1 == again.observation_id
    await session.execute(Scroll(None, "down"))
    scrolled = await session.observe()
    assert scrolled.fingerprint != again.fingerprint

    await session.goto(f"{pages_url}/zoo/basic.html")
    before = await session.observe()
    await session.execute(Type(0, "pasta", press_enter=False))
    typed = await session.observe()
    assert typed.fingerprint != before.fingerprint


async def test_several_frames_srcdoc_and_offscreen(session, pages_url) -> None:
    from webvoyager.browser.types import Click

    await session.goto(f"{pages_url}/zoo/frames.html")
    obs = await session.observe()
    # The visible inner page and the srcdoc frame are labelled; the 1x1 and the off-screen frame are not.
    assert [(e.text or e.placeholder) for e in obs.elements] == ["Inner input", "Inner button", "Srcdoc button"]
    assert obs.elements[0].frame != obs.elements[2].frame
    await session.execute(Click(2))
    assert await session.page.evaluate("window.__log") == ["click:srcdoc"]


async def test_fingerprint_tracks_inner_panel_scroll(session, pages_url) -> None:
    """Scrolling a panel whose content has no labels still changes the fingerprint (loop guard)."""
    from webvoyager.browser.types import Point

    await session.goto(f"{pages_url}/zoo/panels.html")
    box = await session.page.locator("#reviews").bounding_box()
    inside = Point(box["x"] + 50, box["y"] + 50)
    seen = [(await session.observe()).fingerprint]
    for _ in range(2):
        await session.execute(Scroll(inside, "down"))
        seen.append((await session.observe()).fingerprint)
    assert await session.page.evaluate("document.getElementById('reviews').scrollTop") > 0
    assert await session.page.evaluate("window.scrollY") == 0
    assert len(set(seen)) == 3


async def test_wrapped_link_is_labelled_and_clickable(session, pages_url) -> None:
    """A link wrapping over several lines counts as visible when any of its lines is; the click
    lands on a visible line and follows the link."""
    from webvoyager.browser.types import Click

    await session.goto(f"{pages_url}/zoo/wrapped.html")
    obs = await session.observe()
    pieces = await session.page.evaluate("document.getElementById('wrapped').getClientRects().length")
    assert pieces >= 2
    links = [e for e in obs.elements if e.tag == "a"]
    assert [e.text for e in links] == ["full story about the very long wrapped link"]
    await session.execute(Click(links[0].label))
    assert session.page.url.endswith("target.html?via=wrapped")


async def test_scrollable_panel_with_controls_is_labelled_and_scrolls(session, pages_url) -> None:
    """A panel holding buttons keeps its own label (marked scrollable) next to its buttons'
    labels, and Scroll [panel] scrolls that panel, not the window."""
    await session.goto(f"{pages_url}/zoo/panels.html")
    obs = await session.observe()
    panel = next(e for e in obs.elements if e.aria_label == "Menu")
    assert panel.scroll_box and panel.scrollable and panel.text == ""
    assert f'[{panel.label}]: <div> "", "Menu" scrollable' in lines(obs)
    assert any(e.text == "Dish 1" and not e.scroll_box for e in obs.elements)
    assert "Dish 1" in [e.text for e in obs.elements]
    await session.execute(Scroll(panel.label, "down"))
    assert await session.page.evaluate("document.getElementById('menu').scrollTop") > 0
    assert await session.page.evaluate("document.getElementById('reviews').scrollTop") == 0
    assert await session.page.evaluate("window.scrollY") == 0
    again = await session.observe()
    assert "Dish 1" not in [e.text for e in again.elements]
