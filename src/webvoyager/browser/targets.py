"""Turning an action's target (a label of the last observation, or a screenshot point) into the
exact element to act on, and the viewport point to act at.

A label resolves to the very element object that carried it (kept by the page agent), never to a
look-alike; a stale, detached, changed or covered element is an ActionError for the model.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.async_api import ElementHandle, Frame, Page
from playwright.async_api import Error as PlaywrightError

from webvoyager.browser import scripts
from webvoyager.browser.elements_text import clean_text
from webvoyager.browser.observe import LabelRef
from webvoyager.browser.types import Element, Point
from webvoyager.errors import ActionError

LOOK_AGAIN = "Look at the new screenshot and choose again."


@dataclass
class Resolved:
    """An element ready for an action."""

    frame: Frame
    handle: ElementHandle
    name: str                                  # "[3] <button> 'Search'" or "the element at (x, y)"
    point: tuple[float, float] | None = None   # set for Point targets: act exactly there
    tag: str = ""                              # the element's tagName, once `aim` has looked at it


def describe(element: Element) -> str:
    """Short name of an observed element for error messages: `[3] <button> "Search"`."""
    text = clean_text(element.text or element.aria_label, 40)
    return f'[{element.label}] <{element.tag}>' + (f' "{text}"' if text else "")


async def frame_offset(frame: Frame) -> tuple[float, float]:
    """Top-left of `frame`'s viewport in main-page viewport coordinates."""
    x = y = 0.0
    while frame.parent_frame is not None:
        element = await frame.frame_element()
        ox, oy, *_ = await element.evaluate("(el) => window.__webvoyager__.contentOffset(el)")
        x, y = x + ox, y + oy
        frame = frame.parent_frame
    return x, y


async def resolve_label(label: int, refs: dict[int, LabelRef], elements: list[Element]) -> Resolved:
    """The element that carried `label` in the last observation, if it is still there unchanged."""
    if label not in refs:
        top = f"0..{len(elements) - 1}" if elements else "none: the page showed no labelled element"
        raise ActionError(f"There is no element [{label}] in the current screenshot (labels: {top}). {LOOK_AGAIN}")
    ref = refs[label]
    element = elements[label]
    name = describe(element)
    try:
        handle = await scripts.call_handle(ref.frame, "W.target(arg[0], arg[1], arg[2])",
                                           [ref.observation_id, ref.local, ref.signature])
    except PlaywrightError as exc:
        raise ActionError(f"Element {name} is gone: its frame or page changed ({_short(exc)}). {LOOK_AGAIN}") from exc
    el = handle.as_element()
    if el is None:
        why = str(await handle.json_value())
        if why == "stale":
            raise ActionError(f"The page has changed since the screenshot (it navigated or reloaded), so "
                              f"label [{label}] no longer exists. {LOOK_AGAIN}")
        if why == "detached":
            raise ActionError(f"Element {name} has been removed from the page since the screenshot. {LOOK_AGAIN}")
        if why.startswith("changed:"):
            raise ActionError(f"Element {name} has changed since the screenshot (its text is now "
                              f'"{clean_text(why[8:], 40)}"). {LOOK_AGAIN}')
        raise ActionError(f"Element {name} cannot be used ({why}). {LOOK_AGAIN}")
    return Resolved(frame=ref.frame, handle=el, name=name)


async def resolve_point(page: Page, point: Point, viewport: tuple[int, int]) -> Resolved:
    """The innermost element at a viewport point, looking through shadow roots and into iframes."""
    if not (0 <= point.x < viewport[0] and 0 <= point.y < viewport[1]):
        raise ActionError(f"The point ({point.x:.0f}, {point.y:.0f}) is outside the {viewport[0]}x{viewport[1]} "
                          "screenshot. Give coordinates inside the image.")
    frame, x, y = page.main_frame, point.x, point.y
    name = f"the element at ({point.x:.0f}, {point.y:.0f})"
    while True:
        handle = await scripts.call_handle(frame, "W.fromPoint(arg[0], arg[1])", [x, y])
        el = handle.as_element()
        if el is None:
            raise ActionError(f"There is no element at ({point.x:.0f}, {point.y:.0f}). {LOOK_AGAIN}")
        child = await el.content_frame()
        if child is None:
            return Resolved(frame=frame, handle=el, name=name, point=(point.x, point.y))
        ox, oy, *_ = await el.evaluate("(el) => window.__webvoyager__.contentOffset(el)")
        frame, x, y = child, x - ox, y - oy


async def aim(resolved: Resolved, viewport: tuple[int, int] = (1024, 768)) -> tuple[float, float]:
    """The main-viewport point to act at: the centre of the element's visible part, after checking
    nothing covers it (ActionError naming the cover otherwise). Point targets act at their point."""
    if resolved.point is not None:
        return resolved.point
    result = await resolved.handle.evaluate("(el) => window.__webvoyager__.hitTest(el)")
    resolved.tag = str(result.get("tag") or "")
    if result.get("hidden"):
        raise ActionError(f"Element {resolved.name} is no longer visible on the page. {LOOK_AGAIN}")
    if "covered" in result:
        raise ActionError(f"Element {resolved.name} is covered by another element, {result['covered']}, so it "
                          "cannot be clicked. Close or dismiss that element first (e.g. accept the cookie banner "
                          "or close the dialog), or scroll.")
    ox, oy = await frame_offset(resolved.frame)
    x, y = ox + result["x"], oy + result["y"]
    width, height = viewport
    if not (0 <= x < width and 0 <= y < height):
        # Inside a frame that is itself scrolled out of view: the mouse cannot reach it.
        raise ActionError(f"Element {resolved.name} is outside the visible part of the page. Scroll to it first.")
    return x, y


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
