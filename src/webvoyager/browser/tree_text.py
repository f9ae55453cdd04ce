"""Text-only observations: an accessibility-tree-like outline of the viewport with the same labels.

Indented `role "name"` lines for landmarks, headings, lists and text; labelled elements appear as
`[i] role "name" ...` so the model can act on them exactly as in the screenshot mode.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from webvoyager.browser.elements_text import clean_text
from webvoyager.browser.types import Element

_TAG_ROLES = {"a": "link", "button": "button", "select": "combobox", "textarea": "textbox", "li": "listitem",
              "td": "cell", "option": "option", "summary": "button", "video": "video"}
_INPUT_ROLES = {"checkbox": "checkbox", "radio": "radio", "submit": "button", "button": "button", "reset": "button",
                "image": "button", "range": "slider", "number": "spinbutton", "search": "searchbox"}


def element_role(element: Element) -> str:
    """The explicit ARIA role, else the implicit one of the tag (input types included)."""
    if element.role:
        return element.role
    if element.tag == "input":
        return _INPUT_ROLES.get(element.type, "textbox")
    if element.editable:
        return "textbox"
    return _TAG_ROLES.get(element.tag, "generic")


def tree_element_line(element: Element) -> str:
    """`[i] role "name"` plus value, placeholder, state and options where they apply."""
    name = clean_text(element.text or element.aria_label)
    line = f'[{element.label}] {element_role(element)} "{name}"'
    aria = clean_text(element.aria_label)
    if aria and element.text and aria != name:
        # Day buttons and icon links often carry their meaning only in the aria-label ("June 10, 2026").
        line += f', "{aria}"'
    if element.placeholder:
        line += f' placeholder="{clean_text(element.placeholder)}"'
    if element.value:
        line += f' value="{clean_text(element.value)}"'
    if element.checked is not None:
        line += " checked" if element.checked else " unchecked"
    if element.selected:
        line += f' selected="{clean_text(element.selected)}"'
    if element.options:
        line += f' options="{" | ".join(clean_text(o, 40) for o in element.options[:12])}"'
    return line


@dataclass
class FrameTree:
    """The raw outline of one frame: JS lines plus this frame's child frames by iframe index."""

    lines: list[dict[str, object]]
    labels: dict[int, Element]                # local index -> labelled element
    children: dict[int, "FrameTree"] = field(default_factory=dict)


def render_tree(tree: FrameTree, depth: int = 0) -> list[str]:
    """Flatten a frame's outline (and its iframes', nested in place) into indented lines."""
    out: list[str] = []
    for line in tree.lines:
        indent = "  " * (depth + int(line.get("depth", 0)))   # type: ignore[call-overload]
        if "label" in line:
            element = tree.labels.get(int(line["label"]))      # type: ignore[call-overload]
            if element is not None:
                out.append(indent + tree_element_line(element))
        elif "frame" in line:
            child = tree.children.get(int(line["frame"]))       # type: ignore[call-overload]
            if child is not None:
                out.append(indent + "iframe")
                out.extend(render_tree(child, depth + int(line.get("depth", 0)) + 1))  # type: ignore[call-overload]
        else:
            out.append(indent + str(line.get("text", "")))
    return out
