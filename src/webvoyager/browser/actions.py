"""Executing one action on a session's page. Each function returns an Outcome or raises
ActionError with a message written for the model."""

from __future__ import annotations

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

from webvoyager.browser import scripts
from webvoyager.browser.keys import normalize_key
from webvoyager.browser import pixel_actions
from webvoyager.browser.handlers import HANDLERS, Session, check_handlers, handles
from webvoyager.browser.targets import Resolved, aim
from webvoyager.browser.action_set import DECLARED, GoForward
from webvoyager.browser.types import (Action, Answer, Click, DoubleClick, GoBack, Hover, PressKey, Scroll,
                                      Search, Select, Target, Type, TypeWarning, Wait)
from webvoyager.browser.wait import fixed_wait
from webvoyager.errors import ActionError, PageLoadError
from webvoyager.text import first_line, match_option


AT_EDGE_NOTE = "Already at the {end} of {where}; scrolling {direction} changed nothing."
"""The note when a scroll cannot move (stand-in models read it to stop looking further down)."""

async def _aimed(s: Session, target: Target) -> tuple[Resolved, float, float]:
    """The target resolved, and the viewport point to press it at."""
    resolved = await s.resolve(target)
    x, y = await aim(resolved, s.config.viewport)
    return resolved, x, y


# The original's text-box test before Type (run.py exec_action_type): an <input> of these types or a <textarea>.
PAPER_TEXT_TYPES = ("text", "search", "password", "email", "tel")


async def _tag_and_type(handle: ElementHandle) -> tuple[str, str | None]:
    """The lower-case tag and the type as Selenium's get_attribute("type") reads it (paper protocol)."""
    tag, kind = await handle.evaluate("(el) => [el.tagName.toLowerCase(), window.__webvoyager__.seleniumType(el)]")
    return str(tag), kind


@handles(Click)
async def _click(s: Session, action: Click) -> list[str]:
    target, x, y = await _aimed(s, action.target)
    tag = target.tag or await target.handle.evaluate("(el) => el.tagName")   # aim's page call brought it
    if s.config.paper_actions:   # the paper: links open in this tab, and a submit button sleeps longer
        await target.handle.evaluate("(el) => el.setAttribute('target', '_self')")
        s.paper_step.submit_click = await _tag_and_type(target.handle) == ("button", "submit")
    await s.page.mouse.click(x, y)
    if tag == "SELECT":
        return [f"{target.name} is a dropdown list; choose an option with Select [N]; [option text]."]
    return []


@handles(DoubleClick)
async def _double_click(s: Session, action: DoubleClick) -> list[str]:
    _, x, y = await _aimed(s, action.target)
    await s.page.mouse.dblclick(x, y)
    return []


@handles(Type)
async def _type(s: Session, action: Type) -> list[str]:
    target = await s.resolve(action.target)
    if s.config.paper_actions:
        return await _type_anything(s, target, action)
    if await target.handle.evaluate("(el) => el.tagName === 'SELECT'"):
        # Typing into a focused drop-down list picks the option it names (the browser's type-ahead):
        # the paper's only way to choose an option, as it has no Select action.
        return await _choose(s, target, target.handle, action.text)
    # A labelled wrapper around one text box (a styled label, a fake placeholder over the input):
    # click the wrapper as a person would, then type into the box inside it.
    inner = (await target.handle.evaluate_handle(
        "(el) => window.__webvoyager__ ? window.__webvoyager__.editableWithin(el) : null")).as_element()
    handle = inner if inner is not None and target.point is None else target.handle
    editable = await _is_editable(handle)
    if target.point is not None and not editable:
        # Coordinates name a spot (maybe a field's label); what gets the text is what takes focus there.
        await s.page.mouse.click(*target.point)
        active = await target.frame.evaluate_handle("() => document.activeElement")
        handle = active.as_element() or handle
        editable = await _is_editable(handle)
    if not editable:
        what = await handle.evaluate("(el) => window.__webvoyager__ ? window.__webvoyager__.describeShort(el) : el.tagName")
        raise ActionError(f"{target.name} ({what}) is not editable, so nothing can be typed into it. Type only "
                          "works on text boxes; Click it instead, or choose a text box.")
    x, y = await aim(target, s.config.viewport)
    await s.page.mouse.click(x, y)   # focus it the way a person would (sites react to the click)
    kind = await handle.evaluate("(el) => window.__webvoyager__.editKind(el)")
    try:
        if kind == "fill":   # date/time/colour/range inputs take a whole value, not keystrokes
            await handle.fill(action.text, timeout=s.config.settle_timeout_s * 1000)
        else:
            await handle.evaluate("(el) => window.__webvoyager__.clearText(el)")
            await s.page.keyboard.press("Backspace")
            await s.page.keyboard.type(action.text)
        if action.press_enter:
            await s.page.keyboard.press("Enter")
    except PlaywrightError as exc:
        raise ActionError(f"Typing into {target.name} failed: {first_line(exc)}") from exc
    return []


async def _type_anything(s: Session, target: Resolved, action: Type) -> list[str]:
    """The paper's Type: whatever the element is, clear it if it is a text box, click it, type the text
    into what has the focus and press Enter; an element that is not a text box gets a TypeWarning for
    the next observation instead of a refusal (run.py exec_action_type)."""
    tag, kind = await _tag_and_type(target.handle)
    if not (tag == "textarea" or (tag == "input" and kind in PAPER_TEXT_TYPES)):
        s.paper_step.type_warning = TypeWarning(tag=tag, type=kind)
    pauses = s.config.sleeps
    x, y = await aim(target, s.config.viewport)
    try:
        if await _is_editable(target.handle):
            await target.handle.evaluate("(el) => window.__webvoyager__.clearText(el)")
            await s.page.keyboard.press("Backspace")
        await s.page.mouse.click(x, y)
        if pauses is not None:
            await fixed_wait(pauses.type_after_click)
        await scripts.call(s.page.main_frame, "W.blockSpace(true)")
        await s.page.keyboard.type(action.text)
        if pauses is not None:
            await fixed_wait(pauses.type_before_enter)
        await s.page.keyboard.press("Enter")
    except PlaywrightError as exc:
        raise ActionError(f"Typing into {target.name} failed: {first_line(exc)}") from exc
    return []


async def _is_editable(handle: ElementHandle) -> bool:
    return bool(await handle.evaluate("(el) => !!window.__webvoyager__ && window.__webvoyager__.isEditable(el)"))


@handles(Select)
async def _select(s: Session, action: Select) -> list[str]:
    target = await s.resolve(action.target)
    handle = await target.handle.evaluate_handle("(el) => el.closest('select') || el")
    return await _choose(s, target, handle.as_element(), action.option)


async def _choose(s: Session, target: Resolved, element: ElementHandle | None, option: str) -> list[str]:
    """Choose the option of the <select> `element` that `option` names (closest text)."""
    options = await element.evaluate("(el) => window.__webvoyager__.selectInfo(el)") if element else None
    if element is None or options is None:
        raise ActionError(f"{target.name} is not a dropdown list (<select>). Click it to open it, then click "
                          "the option you want.")
    index = match_option(options, option)
    if index is None:
        listed = " | ".join(options[:30]) + (" | …" if len(options) > 30 else "")
        raise ActionError(f'{target.name} has no option like "{option}". Its options are: {listed}')
    try:
        await element.select_option(index=index, timeout=s.config.settle_timeout_s * 1000)
    except PlaywrightError as exc:
        raise ActionError(f"Selecting in {target.name} failed: {first_line(exc)}") from exc
    return [f'Selected "{options[index]}" in {target.name}.'] if options[index] != option else []


@handles(Hover)
async def _hover(s: Session, action: Hover) -> list[str]:
    _, x, y = await _aimed(s, action.target)
    await s.page.mouse.move(x, y)
    return []


@handles(Scroll)
async def _scroll(s: Session, action: Scroll) -> list[str]:
    notes: list[str] = []
    if action.target is None:
        result = await scripts.call(s.page.main_frame, "W.scrollBy(null, arg)", action.direction)
        where = "the page"
    else:
        target = await s.resolve(action.target)
        result = await target.handle.evaluate("(el, d) => window.__webvoyager__.scrollBy(el, d)", action.direction)
        where = f"the scrollable area around {target.name}"
        if result.get("nobox"):
            notes.append(f"{target.name} is not inside a scrollable area, so the page was scrolled instead.")
            result = await scripts.call(target.frame, "W.scrollBy(null, arg)", action.direction)
            where = "the page"
    if not result.get("moved"):
        end = "bottom" if action.direction == "down" else "top"
        notes.append(AT_EDGE_NOTE.format(end=end, where=where, direction=action.direction))
    return notes


@handles(GoBack, GoForward)
async def _history(s: Session, action: GoBack | GoForward) -> list[str]:
    back = isinstance(action, GoBack)
    before = s.page.url
    timeout = s.config.navigation_timeout_s * 1000
    try:
        if back:
            await s.page.go_back(wait_until="domcontentloaded", timeout=timeout)
        else:
            await s.page.go_forward(wait_until="domcontentloaded", timeout=timeout)
    except PlaywrightError as exc:
        raise ActionError(f"Going {'back' if back else 'forward'} failed: {first_line(exc)}") from exc
    if s.page.url == before:
        where = "previous page to go back to" if back else "next page to go forward to"
        return [f"There is no {where}; still on {before}."]
    return []


@handles(PressKey)
async def _press(s: Session, action: PressKey) -> list[str]:
    key = normalize_key(action.key)
    try:
        await s.page.keyboard.press(key)
    except PlaywrightError as exc:
        raise ActionError(f'"{action.key}" is not a key name. Use names like Enter, Escape, Tab, PageDown, '
                          "ArrowDown or Control+a.") from exc
    return []


@handles(Search)
async def _search(s: Session, action: Search) -> list[str]:
    try:
        await s.goto(s.config.search_url)
    except PageLoadError as exc:   # offline, or the engine blocks us: the model can carry on here
        raise ActionError(f"The search page could not be opened ({exc}). Continue on the current site.") from exc
    return []


@handles(Answer, Wait)
async def _nothing(s: Session, action: Action) -> list[str]:
    return []   # Answer does nothing to the page; Wait is the session's (browser/wait.py)


check_handlers(DECLARED, HANDLERS)   # pixel_actions registered its own on import


async def run_action(s: Session, action: Action) -> list[str]:
    """Perform `action` on the session's page; return notes about what it did."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise ActionError(f"Unknown action {action!r}.")
    return await handler(s, action)


__all__ = ["run_action", "normalize_key", "handles", "check_handlers", "pixel_actions"]
