"""The element list shown next to the screenshot, in the exact format of docs/DESIGN.md.

`[{label}]: <{tag}{ type=T}{ role=R}> "{text}"{, "{aria-label}"}{ placeholder="P"}{ value="V"}
{ checked|unchecked}{ selected="S"}{ options="a | b | c"}{ scrollable}`
"""

from __future__ import annotations

import re

from webvoyager.browser.types import Element

TEXT_LIMIT = 80
OPTIONS_LIMIT = 12
_CHECKABLE_ROLES = {"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"}


def clean_text(text: str, limit: int = TEXT_LIMIT) -> str:
    """Collapse whitespace, turn `"` into `'`, and shorten to `limit` characters with an ellipsis."""
    text = re.sub(r"\s+", " ", text).strip().replace('"', "'")
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def format_element(element: Element) -> str:
    """One line describing `element` for the model (see the module docstring)."""
    tag = element.tag.lower()
    head = tag
    if tag == "input" and element.type:
        head += f" type={element.type}"
    if element.role:
        head += f" role={element.role}"
    text = clean_text(element.text)
    line = f'[{element.label}]: <{head}> "{text}"'
    aria = clean_text(element.aria_label)
    if aria and aria != text:
        line += f', "{aria}"'
    if element.placeholder:
        line += f' placeholder="{clean_text(element.placeholder)}"'
    if element.value:
        line += f' value="{clean_text(element.value)}"'
    if element.checked is not None and (element.type in ("checkbox", "radio") or element.role in _CHECKABLE_ROLES):
        line += " checked" if element.checked else " unchecked"
    if element.selected:
        line += f' selected="{clean_text(element.selected)}"'
    if element.options:
        shown = [clean_text(o, 40) for o in element.options[:OPTIONS_LIMIT]]
        if len(element.options) > OPTIONS_LIMIT:
            shown.append("…")
        line += f' options="{" | ".join(shown)}"'
    if element.scroll_box:
        line += " scrollable"
    return line


def format_elements(elements: list[Element]) -> str:
    """All element lines, in label order, joined by newlines."""
    return "\n".join(format_element(e) for e in sorted(elements, key=lambda e: e.label))
