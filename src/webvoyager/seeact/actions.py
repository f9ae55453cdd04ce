"""SeeAct operations on browser elements: building `Action`s and the previous-action lines.

Previous actions are shown to the model as short lines in the paper's style, e.g.
`[button]  Search -> CLICK`, `[textbox]  Zip code -> TYPE: 10203`, `[page]  -> SCROLL DOWN`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.browser.action_set import SEEACT
from webvoyager.browser.types import Action, Answer, Element, Point, PressKey, Scroll, Select, Type
from webvoyager.text import match_option

# Operations that need a target element (or point); the others act on the page or the keyboard.
ELEMENT_OPS = frozenset(op for spec in SEEACT if spec.targeted for op in spec.seeact)
PAGE_OPS = frozenset(op for spec in SEEACT if not spec.targeted for op in spec.seeact)
_BUILDS = {op: spec.cls for spec in SEEACT for op in spec.seeact}

_TEXTBOX_TYPES = {"", "text", "search", "email", "tel", "url", "number", "password", "date", "datetime-local",
                  "month", "time", "week"}


def element_role(element: Element) -> str:
    """The element's kind in Mind2Web's words: textbox, button, link, combobox, checkbox, ..."""
    tag, kind = element.tag.lower(), element.type.lower()
    if element.role:
        return element.role.lower()
    if tag == "input":
        if kind in ("checkbox", "radio"):
            return kind
        if kind in ("submit", "button", "reset", "image"):
            return "button"
        return "textbox" if kind in _TEXTBOX_TYPES else kind
    return {"a": "link", "select": "combobox", "textarea": "textbox", "img": "img"}.get(tag, tag)


def element_name(element: Element, limit: int = 40) -> str:
    """What a person would call the element: visible text, else aria-label, placeholder or value."""
    name = element.text or element.aria_label or element.placeholder or element.value or ""
    name = re.sub(r"\s+", " ", name).strip()
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def history_line(operation: str, value: str, element: Element | None, *, status: str = "") -> str:
    """One previous-action line; `status` (e.g. "failed: ...", "rejected by the user") is appended."""
    if element is not None:
        head = f"[{element_role(element)}]  {element_name(element)}"
    elif operation == "PRESS ENTER":
        head = "[keyboard]  Enter"
    else:
        head = "[page] "
    line = f"{head} -> {operation}"
    if value and operation in ("TYPE", "SELECT", "TERMINATE"):
        line += f": {value}"
    return f"{line} ({status})" if status else line


@dataclass(frozen=True)
class Built:
    """An action built from a grounded operation, or the reason it could not be built."""

    action: Action | None
    error: str | None = None
    value: str = ""          # the value actually used (e.g. the exact option chosen)


def build_action(operation: str, value: str, target: int | Point | None, element: Element | None) -> Built:
    """The browser action for `operation` on `target` (a label or a point)."""
    if operation == "TERMINATE":
        return Built(Answer(value or "Done"), value=value)
    if operation == "PRESS ENTER":
        return Built(PressKey("Enter"))
    if operation in ("SCROLL UP", "SCROLL DOWN"):
        # With a chosen element, scroll that panel (a list or pane with its own scroll bar).
        panel = target if isinstance(target, int) else None
        return Built(Scroll(panel, "up" if operation == "SCROLL UP" else "down"))
    if operation in PAGE_OPS:   # no target and no value: GO BACK
        return Built(_BUILDS[operation]())
    if target is None:
        return Built(None, f"{operation} needs a target element, but none was chosen")
    if operation == "TYPE":
        if not value:
            return Built(None, "TYPE needs a VALUE: the text to type")
        return Built(Type(target, value, press_enter=False), value=value)
    if operation == "SELECT":
        if not value:
            return Built(None, "SELECT needs a VALUE: the option to choose")
        option = value
        if element is not None and element.options:
            index = match_option(element.options, value)
            option = element.options[index] if index is not None else ""
            if index is None:
                shown = ", ".join(element.options[:12])
                return Built(None, f"the drop-down list has no option like {value!r} (options: {shown})")
        return Built(Select(target, option), value=option)
    if operation in ELEMENT_OPS:   # only a target: CLICK, HOVER
        return Built(_BUILDS[operation](target))
    return Built(None, f"unknown operation {operation!r}")
