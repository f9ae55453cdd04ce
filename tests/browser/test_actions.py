"""Actions on the zoo pages: each test asserts what the page recorded (its event log, values),
and that failures are ActionErrors whose message names the cause."""

from __future__ import annotations

import pytest

from webvoyager.browser.actions import normalize_key
from webvoyager.browser.types import (Answer, Click, DoubleClick, GoBack, Hover, Point, PressKey, Scroll, Search,
                                      Select, Type, Wait)
from webvoyager.errors import ActionError

pytestmark = pytest.mark.browser


async def log(session) -> list[str]:
    return await session.page.evaluate("window.__log")


async def open_zoo(session, pages_url, name: str):
    await session.goto(f"{pages_url}/zoo/{name}")
    return await session.observe()


async def test_type_clears_types_and_presses_enter(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    await session.page.fill("#q", "old text")
    await session.execute(Type(0, "lasagne"))
    assert await session.page.input_value("#q") == "lasagne"
    # Enter submits the form (the browser's implicit submission also "clicks" the submit button).
    assert await log(session) == ["click:search", "submit:lasagne"]
    await session.observe()
    await session.execute(Type(0, "soup", press_enter=False))
    assert await session.page.input_value("#q") == "soup"
    assert await log(session) == ["click:search", "submit:lasagne"]


async def test_type_into_contenteditable_textarea_and_date(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    await session.execute(Type(5, "new words", press_enter=False))
    assert await session.page.inner_text("#rich") == "new words"
    await session.execute(Type(4, "line", press_enter=False))
    assert await session.page.input_value("#notes") == "line"
    await session.execute(Type(13, "2027-03-15", press_enter=False))
    assert "date:2027-03-15" in await log(session)


async def test_type_into_non_text_element_is_refused(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    with pytest.raises(ActionError, match=r"\[1\] <button> \"Search\".*not editable.*Click it instead"):
        await session.execute(Type(1, "x"))
    with pytest.raises(ActionError, match="not editable"):
        await session.execute(Type(2, "x"))   # a checkbox
    assert await log(session) == [] and not await session.page.is_checked("#veg")


async def test_click_checkbox_span_and_folded_button(session, pages_url) -> None:
    obs = await open_zoo(session, pages_url, "basic.html")
    await session.execute(Click(2))
    await session.execute(Click(7))
    await session.execute(Click(9))
    assert await log(session) == ["veg:true", "click:pointer-span", "click:nested"]
    assert obs.elements[2].checked is False
    assert (await session.observe()).elements[2].checked is True


async def test_shadow_dom_and_iframe_actions(session, pages_url) -> None:
    await open_zoo(session, pages_url, "shadow.html")
    await session.execute(Type(0, "deep"))
    await session.execute(Click(1))
    await session.execute(Click(2))
    assert await log(session) == ["enter:deep", "click:shadow-button", "click:deep-link"]

    await open_zoo(session, pages_url, "iframe.html")
    await session.execute(Type(1, "inside"))
    await session.execute(Click(2))
    await session.execute(Click(0))
    assert await log(session) == ["inner-enter:inside", "click:inner-button", "click:outer"]


async def test_point_targets_act_at_that_spot(session, pages_url) -> None:
    obs = await open_zoo(session, pages_url, "iframe.html")
    inner_button = obs.elements[2]
    x, y = inner_button.center
    await session.execute(Click(Point(x, y)))
    assert await log(session) == ["click:inner-button"]
    ix, iy = obs.elements[1].center
    await session.execute(Type(Point(ix, iy), "by point"))
    assert await log(session) == ["click:inner-button", "inner-enter:by point"]
    with pytest.raises(ActionError, match="outside the 1024x768 screenshot"):
        await session.execute(Click(Point(2000, 10)))


async def test_covered_element_names_the_cover_and_is_not_clicked(session, pages_url) -> None:
    await open_zoo(session, pages_url, "overlay.html")
    await session.page.click("#show")   # the page changes after the screenshot: a modal appears
    with pytest.raises(ActionError, match=r'covered by another element, <div#modal> "A modal dialog Close"'):
        await session.execute(Click(0))
    assert "click:top" not in await log(session)


async def test_cookie_banner_covers_until_accepted(session, pages_url) -> None:
    obs = await open_zoo(session, pages_url, "overlay.html")
    accept = next(e.label for e in obs.elements if e.text == "Accept cookies")
    await session.execute(Scroll(None, "down"))   # brings "Under the banner" behind the banner
    obs = await session.observe()
    assert "Under the banner" not in [e.text for e in obs.elements]
    accept = next(e.label for e in obs.elements if e.text == "Accept cookies")
    await session.execute(Click(accept))
    obs = await session.observe()
    under = next(e.label for e in obs.elements if e.text == "Under the banner")
    await session.execute(Click(under))
    assert await log(session) == ["cookies-accepted", "click:under-banner"]


async def test_labels_never_hit_a_different_element(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    with pytest.raises(ActionError, match=r"no element \[99\].*labels: 0\.\.13"):
        await session.execute(Click(99))
    # The element is replaced by a look-alike: the label must not follow the look-alike.
    await session.page.evaluate("""() => { const b = document.querySelector('button[type=submit]');
        const twin = b.cloneNode(true); b.replaceWith(twin); }""")
    with pytest.raises(ActionError, match=r"\[1\] <button> \"Search\" has been removed"):
        await session.execute(Click(1))
    await session.page.evaluate("document.querySelector('#veg').nextElementSibling.textContent = 'x'")
    await session.page.evaluate("document.querySelector('[data-log=nested]').textContent = 'Renamed'")
    with pytest.raises(ActionError, match=r'has changed since the screenshot \(its text is now "Renamed"\)'):
        await session.execute(Click(9))
    assert await log(session) == []
    await session.goto(f"{pages_url}/zoo/select.html")
    with pytest.raises(ActionError, match="page has changed since the screenshot"):
        await session.execute(Click(0))


async def test_select_by_fuzzy_option_text(session, pages_url) -> None:
    await open_zoo(session, pages_url, "select.html")
    outcome = await session.execute(Select(0, "price low to high"))
    assert await log(session) == ["sort:price-asc"]
    assert outcome.notes == ['Selected "Price: Low to High" in [0] <select> "Sort by".']
    await session.observe()
    await session.execute(Select(0, "Customer Rating"))
    assert await log(session) == ["sort:price-asc", "sort:rating"]
    with pytest.raises(ActionError, match=r'no option like "Cheapest".*Relevance \| Price: Low to High'):
        await session.execute(Select(0, "Cheapest"))
    with pytest.raises(ActionError, match="is not a dropdown list.*Click it to open it"):
        await session.execute(Select(2, "M"))


async def test_type_into_a_dropdown_picks_the_option_it_names(session, pages_url) -> None:
    """The paper has no Select: as in a browser, typing into a focused <select> chooses an option."""
    await open_zoo(session, pages_url, "select.html")
    outcome = await session.execute(Type(0, "Customer Rating"))
    assert await log(session) == ["sort:rating"] and outcome.notes == []


def test_key_names_are_normalised() -> None:
    assert normalize_key("enter") == "Enter"
    assert normalize_key("ctrl+a") == "Control+a"
    assert normalize_key("PageDown") == "PageDown"
    assert normalize_key("page_down") == "PageDown"


async def test_scroll_window_and_container(session, pages_url) -> None:
    obs = await open_zoo(session, pages_url, "scroll.html")
    await session.execute(Scroll(0, "down"))
    box_top, client = await session.page.evaluate("[box.scrollTop, box.clientHeight]")
    assert box_top == round(client * 2 / 3)   # 2/3 of the box's height
    assert await session.page.evaluate("window.scrollY") == 0
    await session.execute(Scroll(None, "down"))
    assert await session.page.evaluate("window.scrollY") == 512        # 2/3 of 768
    outcome = await session.execute(Scroll(None, "up"))
    assert outcome.notes == []
    outcome = await session.execute(Scroll(None, "up"))
    assert outcome.notes == ["Already at the top of the page; scrolling up changed nothing."]
    obs = await session.observe()
    assert obs.notes[-1] == "Already at the top of the page; scrolling up changed nothing."
    plain = next(e.label for e in obs.elements if e.text == "Plain button")
    outcome = await session.execute(Scroll(plain, "down"))
    assert "not inside a scrollable area" in outcome.notes[0]
    assert await session.page.evaluate("window.scrollY") == 512
    assert obs.elements[0].scrollable and not obs.elements[plain].scrollable


async def test_double_click_fires_dblclick_where_a_click_does_not(session, pages_url) -> None:
    obs = await open_zoo(session, pages_url, "dblclick.html")
    assert [e.text for e in obs.elements] == ["report.pdf"]
    await session.execute(Click(0))
    assert await log(session) == ["click:file"]
    await session.observe()
    await session.execute(DoubleClick(0))
    # a person's double click: two clicks, then the dblclick event
    assert await log(session) == ["click:file", "click:file", "click:file", "dblclick:file"]
    assert [e.text for e in (await session.observe()).elements] == ["report.pdf (opened)"]


async def test_hover_press_key_go_back_search_wait_answer(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    await session.page.evaluate("document.querySelector('[data-log=nested]').addEventListener('mouseover', () => wvlog('hover'))")
    await session.execute(Hover(9))
    assert await log(session) == ["hover"]
    await session.execute(Click(0))
    await session.execute(PressKey("a"))
    await session.execute(PressKey("enter"))
    assert await log(session) == ["hover", "click:search", "submit:a"]
    with pytest.raises(ActionError, match="not a key name"):
        await session.execute(PressKey("Hyper"))

    outcome = await session.execute(GoBack())
    assert outcome.notes == [] and session.page.url == "about:blank"
    outcome = await session.execute(GoBack())
    assert outcome.notes == ["There is no previous page to go back to; still on about:blank."]

    from dataclasses import replace

    session.config = replace(session.config, wait_s=0.2)   # nothing changes on about:blank: the cap ends it
    assert (await session.execute(Wait())).waited_s is not None
    assert (await session.execute(Answer("42"))).answer == "42"


async def test_search_goes_to_the_configured_search_page(browser, tmp_path, pages_url) -> None:
    from dataclasses import replace

    session = await browser.new_session(download_dir=tmp_path)
    try:
        session.config = replace(session.config, search_url=f"{pages_url}/zoo/target.html?via=search")
        await session.goto(f"{pages_url}/zoo/basic.html")
        outcome = await session.execute(Search())
        assert outcome.navigated and session.page.url.endswith("target.html?via=search")
    finally:
        await session.close()


async def test_settles_until_late_content_is_rendered(session, pages_url) -> None:
    await open_zoo(session, pages_url, "settle.html")
    await session.execute(Click(0))
    obs = await session.observe()
    assert [e.text for e in obs.elements][1:] == [f"Result {i}" for i in range(1, 6)]


async def test_app_layout_scrolls_its_main_container_and_types_through_wrappers(session, pages_url) -> None:
    await open_zoo(session, pages_url, "app.html")
    outcome = await session.execute(Scroll(None, "down"))
    assert outcome.notes == []
    assert await session.page.evaluate("document.getElementById('main').scrollTop") == 512
    assert await session.page.evaluate("window.scrollY") == 0
    obs = await session.observe()
    # The input's centre is covered by a fake placeholder, so its wrapper carries the label.
    assert "input" not in [e.tag for e in obs.elements]
    wrapper = next(e.label for e in obs.elements if e.text.startswith("Name"))
    await session.execute(Type(wrapper, "Grace"))
    assert await log(session) == ["name:Grace"]


async def test_redirect_during_observation_is_waited_for(session, pages_url) -> None:
    await session.goto(f"{pages_url}/zoo/basic.html")
    # A navigation starts right as the observation is taken.
    await session.page.evaluate(f"setTimeout(() => location.href = '{pages_url}/zoo/select.html', 0)")
    obs = await session.observe()
    assert obs.url.endswith(("select.html", "basic.html"))
    assert (await session.observe()).url.endswith("select.html")


async def test_search_page_unreachable_is_an_action_error(browser, tmp_path) -> None:
    from dataclasses import replace

    session = await browser.new_session(download_dir=tmp_path)
    try:
        session.config = replace(session.config, search_url="http://127.0.0.1:1/", navigation_timeout_s=5)
        with pytest.raises(ActionError, match="search page could not be opened.*Continue on the current site"):
            await session.execute(Search())
    finally:
        await session.close()


async def test_requests_older_than_the_action_do_not_hold_it(session, pages_url) -> None:
    from dataclasses import replace

    # The page's own long poll never finishes: requests are held open by a route that never answers.
    await session.page.route("**/never", lambda route: None)
    session.config = replace(session.config, settle_timeout_s=2)
    await session.goto(f"{pages_url}/zoo/longpoll.html")
    assert session.settled is False          # the load itself waited for the poll, up to the cap
    await session.observe()
    session.config = replace(session.config, settle_timeout_s=30)
    await session.execute(Click(0))
    assert await log(session) == ["clicked"]
    assert session.settled is True           # the click settled without waiting for the old poll
