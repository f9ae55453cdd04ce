"""The element list shown next to the screenshot, in the exact format of docs/DESIGN.md.

`[{label}]: <{tag}{ type=T}{ role=R}> "{text}"{, "{aria-label}"}{ placeholder="P"}{ value="V"}
{ checked|unchecked}{ selected="S"}{ options="a | b | c"}{ scrollable}`

The paper protocol uses the WebVoyager paper's own format instead (`format_elements_paper`).
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


# ----- the WebVoyager paper's format (paper protocol) --------------------------------------------
# The rules of the original's get_web_element_rect (utils.py), on elements found by its own discovery
# (js/page_paper.js): `text` is the element's textContent, trimmed, runs of 2+ whitespace made one space;
# `aria_label` the aria-label attribute only; `type` what Selenium's get_attribute("type") returns.

PAPER_TEXT_LIMIT = 200                                  # texts this long or longer are left out
_PAPER_TAGGED = ("button", "input", "textarea")         # the only tags the paper's list names
_PAPER_TEXT_INPUTS = ("text", "search", "password", "email", "tel")
_PAPER_BUTTON_TYPES = ("submit", "button")


def format_element_paper(element: Element) -> str | None:
    """One entry of the paper's list, `[i]: <tag> "text", "aria-label";` (the tag only for button,
    input and textarea), or None for an element the paper leaves out of the text (it keeps its label
    on the screenshot): an empty element other than a text box or a submit/plain button, a text of 200
    characters or more, or one holding `<img ... src=` markup."""
    tag, text, aria = element.tag.lower(), element.text, element.aria_label
    if not text:
        kind = element.type
        text_box = (tag == "input" and kind in _PAPER_TEXT_INPUTS) or tag == "textarea"
        if text_box or (tag == "button" and kind in _PAPER_BUTTON_TYPES):
            return f'[{element.label}]: <{tag}> "{aria}";'
        return None
    if len(text) >= PAPER_TEXT_LIMIT or ("<img" in text and "src=" in text):
        return None
    head = f"<{tag}> " if tag in _PAPER_TAGGED else ""
    second = f', "{aria}"' if aria and aria != text else ""
    return f'[{element.label}]: {head}"{text}"{second};'


def format_elements_paper(elements: list[Element]) -> str:
    """The paper's element text: its entries in label order, joined by tabs."""
    entries = (format_element_paper(e) for e in sorted(elements, key=lambda e: e.label))
    return "\t".join(e for e in entries if e is not None)
