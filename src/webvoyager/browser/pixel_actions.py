"""Performing pixel actions (computer-use models): the mouse and keyboard at viewport points.

Points are checked against the viewport (a point outside it is the model's mistake, told as such) and
the session's `cursor` follows the mouse, so that actions without a point (a wheel turn, a button
released) happen where the mouse is, as on a real screen. Held keys are released whatever happens.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator

from playwright.async_api import Error as PlaywrightError

from webvoyager.browser.action_set import (ClickAt, DragAlong, HoldKeys, KeyChord, MouseDown, MouseUp,
                                           MoveTo, Navigate, Screenshot, ScrollAt, TypeText, WaitFor)
from webvoyager.browser.action_spec import Point
from webvoyager.browser.handlers import Session, handles
from webvoyager.browser.keys import key_chord, key_name
from webvoyager.errors import ActionError, PageLoadError
from webvoyager.text import first_line

MAX_WAIT_S = 30.0
"""The longest WaitFor or HoldKeys (a model asking for minutes would stall the task's budget)."""
_DRAG_STEPS = 5   # mouse moves between two points of a drag path: pages that track the drag see it move


def _inside(s: Session, point: Point) -> tuple[float, float]:
    width, height = s.config.viewport
    if not (0 <= point.x < width and 0 <= point.y < height):
        raise ActionError(f"The point ({point.x:.0f}, {point.y:.0f}) is outside the {width}x{height} screen. "
                          "Give coordinates inside the screenshot.")
    return point.x, point.y


def _here(s: Session, point: Point | None) -> tuple[float, float]:
    """The point to act at: the given one, else where the mouse is."""
    if point is not None:
        return _inside(s, point)
    if s.cursor is None:
        raise ActionError("The mouse has not been moved on this page yet, so there is no position to act at. "
                          "Give a point.")
    return s.cursor.x, s.cursor.y


async def _move(s: Session, x: float, y: float, steps: int = 1) -> None:
    await s.page.mouse.move(x, y, steps=steps)
    s.cursor = Point(x, y)


@asynccontextmanager
async def _held(s: Session, keys: tuple[str, ...]) -> AsyncIterator[None]:
    """Hold modifier keys (Shift for a range selection, Control to open a link in a new tab) around a
    mouse action."""
    names = [key_name(k) for k in keys]
    pressed: list[str] = []
    try:
        for name in names:
            await s.page.keyboard.down(name)
            pressed.append(name)
        yield
    except PlaywrightError as exc:
        raise ActionError(f"The keys {' + '.join(keys)} could not be held: {first_line(exc)}") from exc
    finally:
        for name in reversed(pressed):
            await s.page.keyboard.up(name)


@handles(ClickAt)
async def _click_at(s: Session, action: ClickAt) -> list[str]:
    if action.count not in (1, 2, 3):
        raise ActionError(f"A click is 1, 2 or 3 clicks, not {action.count}.")
    x, y = _inside(s, action.target)
    async with _held(s, action.keys):
        await _move(s, x, y)
        await s.page.mouse.click(x, y, button=action.button, click_count=action.count)
    return []


@handles(MoveTo)
async def _move_to(s: Session, action: MoveTo) -> list[str]:
    await _move(s, *_inside(s, action.target))
    return []


@handles(MouseDown, MouseUp)
async def _mouse_button(s: Session, action: MouseDown | MouseUp) -> list[str]:
    x, y = _here(s, action.target)
    await _move(s, x, y)
    if isinstance(action, MouseDown):
        await s.page.mouse.down(button=action.button)
    else:
        await s.page.mouse.up(button=action.button)
    return []


@handles(DragAlong)
async def _drag(s: Session, action: DragAlong) -> list[str]:
    if len(action.path) < 2:
        raise ActionError("A drag needs at least two points: where it starts and where it ends.")
    points = [_inside(s, p) for p in action.path]
    async with _held(s, action.keys):
        await _move(s, *points[0])
        await s.page.mouse.down()
        try:
            for x, y in points[1:]:
                await _move(s, x, y, steps=_DRAG_STEPS)
        finally:
            await s.page.mouse.up()
    return []


@handles(ScrollAt)
async def _scroll_at(s: Session, action: ScrollAt) -> list[str]:
    x, y = _here(s, action.target)
    async with _held(s, action.keys):
        await _move(s, x, y)
        await s.page.mouse.wheel(action.dx, action.dy)
    return []


@handles(TypeText)
async def _type_text(s: Session, action: TypeText) -> list[str]:
    await s.page.keyboard.type(action.text)
    if action.press_enter:
        await s.page.keyboard.press("Enter")
    return []


@handles(KeyChord)
async def _key_chord(s: Session, action: KeyChord) -> list[str]:
    chord = key_chord(action.keys)
    if not 1 <= action.repeat <= 50:
        raise ActionError(f"Repeat a key 1 to 50 times, not {action.repeat}.")
    try:
        for _ in range(action.repeat):
            await s.page.keyboard.press(chord)
    except PlaywrightError as exc:
        raise ActionError(f'"{" + ".join(action.keys)}" is not a key chord. Use names like Enter, Escape, Tab, '
                          "PageDown, ArrowDown, or Control+a.") from exc
    return []


def _seconds(seconds: float) -> float:
    if not 0 <= seconds <= MAX_WAIT_S:
        raise ActionError(f"Wait between 0 and {MAX_WAIT_S:g} seconds, not {seconds:g}.")
    return seconds


@handles(Screenshot)
async def _screenshot(s: Session, action: Screenshot) -> list[str]:
    return []   # the observation after every action is the screenshot


@handles(HoldKeys)
async def _hold_keys(s: Session, action: HoldKeys) -> list[str]:
    seconds = _seconds(action.seconds)
    async with _held(s, action.keys):
        await asyncio.sleep(seconds)   # the model asked to hold them this long
    return []


@handles(WaitFor)
async def _wait_for(s: Session, action: WaitFor) -> list[str]:
    await asyncio.sleep(_seconds(action.seconds))   # the model asked for this wait
    return []


@handles(Navigate)
async def _navigate(s: Session, action: Navigate) -> list[str]:
    try:
        await s.goto(action.url)
    except PageLoadError as exc:
        raise ActionError(f"{action.url} could not be opened: {exc}") from exc
    return []
