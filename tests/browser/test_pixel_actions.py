"""Pixel actions (computer-use models) on a real page: each test asserts what the page recorded (which
button, how many clicks, where, the drag's moves, what scrolled, what was typed) and that a point off
the screen is the model's error, told as such."""

from __future__ import annotations

import pytest

from webvoyager.browser.action_set import (ClickAt, DragAlong, GoBack, GoForward, KeyChord, MouseDown, MouseUp,
                                           MoveTo, Navigate, ScrollAt, TypeText, action_text, spec_of)
from webvoyager.browser.action_spec import Point
from webvoyager.browser.keys import key_chord, normalize_key, split_chord
from webvoyager.errors import ActionError

pytestmark = pytest.mark.browser
BUY = Point(120, 55)   # the centre of #buy (left 40, top 30, 160 x 50)


async def _open(session, pages_url):  # type: ignore[no-untyped-def]
    await session.goto(f"{pages_url}/zoo/pixel.html")
    return await session.observe()


async def _log(session) -> list[str]:  # type: ignore[no-untyped-def]
    return await session.page.evaluate("window.__log")


async def test_clicks_by_button_and_count_at_the_point(session, pages_url) -> None:
    await _open(session, pages_url)
    await session.execute(ClickAt(BUY))
    await session.execute(ClickAt(BUY, count=2))
    await session.execute(ClickAt(BUY, button="right"))
    await session.execute(ClickAt(BUY, button="middle"))
    await session.execute(ClickAt(Point(60, 40), count=3, keys=("shift",)))
    assert await _log(session) == ["click:1:120,55", "click:1:120,55", "click:2:120,55", "dblclick", "contextmenu",
                                   "middle", "click:1:60,40:shift", "click:2:60,40:shift", "dblclick",
                                   "click:3:60,40:shift"]
    assert session.cursor == Point(60, 40)


async def test_a_drag_moves_through_its_path_and_the_buttons_act_where_the_mouse_is(session, pages_url) -> None:
    await _open(session, pages_url)
    await session.execute(DragAlong((Point(320, 50), Point(450, 120), Point(580, 200))))
    await session.execute(MoveTo(Point(350, 60)))
    await session.execute(MouseDown())
    await session.execute(MouseUp(Point(360, 70)))
    assert await _log(session) == ["down:320,50", "up:580,200:moves>true", "down:350,60", "up:360,70:moves>false"]


async def test_the_wheel_scrolls_what_is_under_the_point(session, pages_url) -> None:
    await _open(session, pages_url)
    await session.execute(ScrollAt(Point(150, 300), dy=400))
    panel = await session.page.evaluate("document.getElementById('panel').scrollTop")
    assert panel > 0 and await session.page.evaluate("window.scrollY") == 0
    await session.execute(ScrollAt(Point(800, 700), dy=500))
    assert await session.page.evaluate("window.scrollY") > 0


async def test_typing_goes_to_the_focus_and_chords_are_pressed_together(session, pages_url) -> None:
    await _open(session, pages_url)
    await session.execute(ClickAt(Point(550, 315)))
    await session.execute(TypeText("old words"))
    await session.execute(KeyChord(("CTRL", "A")))            # OpenAI's way of writing it
    await session.execute(TypeText("lasagne", press_enter=True))
    assert await session.page.input_value("#q") == "lasagne"
    assert (await _log(session))[-1] == "enter:lasagne"
    with pytest.raises(ActionError, match="not a key chord"):
        await session.execute(KeyChord(("Hyper",)))


async def test_hover_navigate_back_and_forward(session, pages_url) -> None:
    await _open(session, pages_url)
    await session.execute(MoveTo(Point(100, 470)))
    assert await _log(session) == ["hover"]
    await session.execute(Navigate(f"{pages_url}/zoo/basic.html"))
    assert session.page.url.endswith("/zoo/basic.html")
    await session.execute(GoBack())
    assert session.page.url.endswith("/zoo/pixel.html")
    await session.execute(GoForward())
    assert session.page.url.endswith("/zoo/basic.html")
    outcome = await session.execute(GoForward())
    assert outcome.notes == [f"There is no next page to go forward to; still on {session.page.url}."]


async def test_a_point_off_the_screen_and_a_button_without_a_position_are_errors(session, pages_url) -> None:
    await _open(session, pages_url)
    with pytest.raises(ActionError, match=r"outside the 1024x768 screen"):
        await session.execute(ClickAt(Point(1024, 10)))
    with pytest.raises(ActionError, match="has not been moved"):
        await session.execute(MouseDown())
    with pytest.raises(ActionError, match="at least two points"):
        await session.execute(DragAlong((Point(1, 1),)))
    assert await _log(session) == []


async def test_the_element_under_a_point_and_the_focused_one_are_what_the_gate_judges(session, pages_url) -> None:
    await _open(session, pages_url)
    under = await session.element_at(BUY)             # the span inside the button: the button is pressed
    assert under is not None and (under.tag, under.text) == ("button", "Buy now")
    assert await session.focused_element() is None
    await session.execute(ClickAt(Point(550, 315)))
    focused = await session.focused_element()
    assert focused is not None and (focused.tag, focused.placeholder) == ("input", "Search")
    assert await session.element_at(Point(5000, 5)) is None


def test_pixel_actions_round_trip_through_their_canonical_text() -> None:
    for action in (ClickAt(Point(3.5, 4), "right", 2, ("Shift",)), DragAlong((Point(1, 2), Point(3, 4))),
                   ScrollAt(None, dy=-300), TypeText("a 'quoted' text"), KeyChord(("ctrl", "s"), repeat=2)):
        text = action_text(action)
        assert spec_of(action).grammar.read(type(action), text) == action, text


@pytest.mark.parametrize("written, chord", [
    ("ctrl+s", "Control+s"), ("Control+C", "Control+c"), ("ctrl c", "Control+c"), ("Return", "Enter"),
    ("Page_Down", "PageDown"), ("BackSpace", "Backspace"), ("super+Tab", "Meta+Tab"), ("f5", "F5"),
    ("ctrl++", "Control++"), ("A", "A"), ("shift+Tab", "Shift+Tab"),
])
def test_vendor_key_names_become_playwrights(written: str, chord: str) -> None:
    assert normalize_key(written) == chord
    assert key_chord(split_chord(written)) == chord
