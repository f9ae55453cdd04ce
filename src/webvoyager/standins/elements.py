"""Read the element list a model is sent, and find the element a reference step names.

The element list is the auxiliary text beside the screenshot, one line per label (DESIGN.md,
"Element text format"):

    [7]: <input type=search role=combobox> "", "Search recipes" placeholder="Search" value="x" unchecked

The `reference` model sees only this text (never the browser), exactly like a real model, so this
module is its eyes: it reads the text the model is sent, never the browser's `Element` objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.tasks import ElementRef
from webvoyager.text import normalize_text

ELLIPSIS = "\u2026"

_HEAD = re.compile(r"^\s*\[(\d+)\]:?\s*<([A-Za-z][\w:-]*)((?:\s+[a-z]+=[^\s>]*)*)\s*>\s?(.*)$")
_HEAD_ATTR = re.compile(r"([a-z]+)=([^\s>]*)")
# What may follow a closing quote: the end, the aria-label part, a named field or a checked state.
_AFTER_QUOTE = re.compile(r'$|, "|\s+(?:placeholder|value|selected|options)="|\s+(?:checked|unchecked|scrollable)(?=\s|$)')
_FIELD = re.compile(r'\s*(?:(placeholder|value|selected|options)="|(checked|unchecked|scrollable)(?=\s|$))')


@dataclass(frozen=True)
class ParsedElement:
    """One labelled element as read back from the element list text."""

    label: int
    tag: str
    text: str = ""
    aria_label: str = ""
    role: str = ""
    type: str = ""
    placeholder: str = ""
    value: str = ""
    checked: bool | None = None
    selected: str = ""
    options: tuple[str, ...] = ()
    options_truncated: bool = False
    scrollable: bool = False        # a scrollable panel (the ` scrollable` marker)
    tree_role: str = ""             # set when read from a text-only outline (no tag/type there)
    paper: bool = False             # read from the paper's format: tag only for button/input/textarea

    def describe(self) -> str:
        """A short human description, for error messages listing what is visible."""
        name = self.text or self.aria_label or self.placeholder
        return f"[{self.label}] " + (f"<{self.tag}> " if self.tag else "") + repr(name)


def _read_quoted(rest: str) -> tuple[str, str] | None:
    """Split `"value"...` into (value, remainder); the closing quote is the first one that is
    followed by something the format allows there, so values holding quotes still parse."""
    if not rest.startswith('"'):
        return None
    pos = 1
    while True:
        end = rest.find('"', pos)
        if end < 0:
            return None
        if _AFTER_QUOTE.match(rest, end + 1):
            return rest[1:end], rest[end + 1:]
        pos = end + 1


def parse_element_line(line: str) -> ParsedElement | None:
    """Parse one element line; None when the line is not an element line (notes, headings)."""
    head = _HEAD.match(line.rstrip())
    if head is None:
        return None
    label, tag, attrs, rest = int(head.group(1)), head.group(2).lower(), head.group(3), head.group(4)
    attr = {k: v for k, v in _HEAD_ATTR.findall(attrs)}
    fields: dict[str, str] = {}
    checked: bool | None = None
    scrollable = False
    text = aria = ""
    quoted = _read_quoted(rest)
    if quoted is not None:
        text, rest = quoted
        if rest.startswith(", "):
            quoted = _read_quoted(rest[2:])
            if quoted is not None:
                aria, rest = quoted
    while rest.strip():
        field = _FIELD.match(rest)
        if field is None:
            break  # unknown trailing text: keep what was read rather than fail the whole list
        if field.group(2) == "scrollable":
            scrollable = True
            rest = rest[field.end():]
            continue
        if field.group(2):
            checked = field.group(2) == "checked"
            rest = rest[field.end():]
            continue
        quoted = _read_quoted(rest[field.end() - 1:])
        if quoted is None:
            break
        fields[field.group(1)], rest = quoted
    options = tuple(o.strip() for o in fields.get("options", "").split(" | ") if o.strip())
    truncated = bool(options) and options[-1] == ELLIPSIS
    if truncated:
        options = options[:-1]
    return ParsedElement(
        label=label, tag=tag, text=text, aria_label=aria, role=attr.get("role", ""),
        type=attr.get("type", ""), placeholder=fields.get("placeholder", ""),
        value=fields.get("value", ""), checked=checked, selected=fields.get("selected", ""),
        options=options, options_truncated=truncated, scrollable=scrollable,
    )


def parse_element_list(text: str) -> list[ParsedElement]:
    """All element lines found in `text` (other lines are ignored), in the order given; a list in the
    paper's tab-joined format (paper protocol) is read too."""
    out = []
    for line in text.splitlines():
        element = parse_element_line(line)
        if element is not None:
            out.append(element)
    return out or parse_paper_list(text)


_PAPER_ENTRY = re.compile(r'^\s*\[(\d+)\]: (?:<([\w-]+)> )?"(.*?)"(?:, "(.*)")?;\s*$')
_PAPER_NAMED_BY_ARIA = ("input", "textarea")   # these have no text content: their quoted value is the aria-label


def parse_paper_list(text: str) -> list[ParsedElement]:
    """The entries of the paper's element text, `[i]: <tag> "text", "aria-label";` joined by tabs."""
    out = []
    for line in text.splitlines():
        for entry in line.split("\t"):
            found = _PAPER_ENTRY.match(entry)
            if found is None:
                continue
            tag, first, second = (found.group(2) or "").lower(), found.group(3), found.group(4) or ""
            text_, aria = ("", first) if tag in _PAPER_NAMED_BY_ARIA else (first, second)
            out.append(ParsedElement(label=int(found.group(1)), tag=tag, text=text_, aria_label=aria, paper=True))
    return out


_TREE_HEAD = re.compile(r'^\s*\[(\d+)\]\s+([A-Za-z][\w-]*)\s+(".*)$')


def parse_tree_line(line: str) -> ParsedElement | None:
    """Parse a labelled line of the text-only outline, `[i] role "name" placeholder="P" ...`.

    The outline has no tag or input type and merges text and aria-label into one name, so the
    element keeps its role in `tree_role` and matching ignores tag and type for it.
    """
    head = _TREE_HEAD.match(line.rstrip())
    if head is None:
        return None
    # Reuse the element-line reader on an equivalent line: same quoting and trailing fields.
    element = parse_element_line(f"[{head.group(1)}]: <x> {head.group(3)}")
    if element is None:
        return None
    return ParsedElement(label=element.label, tag="", text=element.text, aria_label=element.aria_label,
                         role="", placeholder=element.placeholder,
                         value=element.value, checked=element.checked, selected=element.selected,
                         options=element.options, options_truncated=element.options_truncated,
                         tree_role=head.group(2).lower())


def parse_tree_text(text: str) -> list[ParsedElement]:
    """The labelled elements of a text-only outline (unlabelled outline lines are ignored)."""
    return [e for e in (parse_tree_line(line) for line in text.splitlines()) if e is not None]


def norm(text: str) -> str:
    """Normalize for matching: `normalize_text`, plus `"` as `'` (the element list does that)."""
    return normalize_text(text.replace('"', "'"))


def _equal_shown(want: str, shown: str) -> bool:
    """`want` equals the shown text, also when the list shortened the shown text with an ellipsis."""
    if not shown:
        return False
    if shown.endswith(ELLIPSIS):
        return want.startswith(shown[:-1].rstrip())
    return want == shown


def target_matches(target: ElementRef, element: ParsedElement) -> bool:
    """True when `element` satisfies every field given in `target` (all but `nth`)."""
    names = (norm(element.text), norm(element.aria_label))
    if target.text is not None and not any(_equal_shown(norm(target.text), n) for n in names):
        return False
    if target.text_contains is not None:
        part = norm(target.text_contains)
        if not any(part in n.rstrip(ELLIPSIS) for n in names):
            return False
    if element.paper:   # the paper's list names a field by its aria-label and has no role or type
        return _paper_matches(target, element)
    if target.placeholder is not None and norm(target.placeholder) != norm(element.placeholder):
        return False
    if element.tree_role:  # outline element: only the role is known (explicit or implicit)
        return target.role is None or target.role.lower() == element.tree_role
    for want, have in ((target.tag, element.tag), (target.role, element.role), (target.type, element.type)):
        if want is not None and want.lower() != have.lower():
            return False
    return True


_PAPER_TAGGED = ("button", "input", "textarea")


def _paper_matches(target: ElementRef, element: ParsedElement) -> bool:
    """The rest of `target_matches` for a paper-format element: a field's placeholder is matched against
    its aria-label (what the paper shows for it), and a tag left out means "none of button, input,
    textarea"."""
    if target.placeholder is not None and norm(target.placeholder) != norm(element.aria_label):
        return False
    if target.tag is None:
        return True
    want = target.tag.lower()
    return want == element.tag if element.tag else want not in _PAPER_TAGGED


@dataclass(frozen=True)
class Resolution:
    """The outcome of looking for a target among the visible elements.

    `element` is set when exactly one element was picked; `ambiguous` lists the matches when
    several matched and the target has no `nth`; with neither, the target is not in view.
    """

    element: ParsedElement | None = None
    ambiguous: tuple[ParsedElement, ...] = ()


def resolve_target(target: ElementRef, elements: list[ParsedElement]) -> Resolution:
    """Pick the element `target` names among `elements` (reading order is label order). With
    `target.after`, only elements after the one `after` names count, and the first of them is meant."""
    ordered = sorted(elements, key=lambda e: e.label)
    if target.after is not None:
        anchor = resolve_target(target.after, ordered)
        if anchor.element is None:
            return Resolution(ambiguous=anchor.ambiguous)
        ordered = [e for e in ordered if e.label > anchor.element.label]
        target = target.model_copy(update={"nth": target.nth or 0})
    matches = [e for e in ordered if target_matches(target, e)]
    if target.nth is not None:
        # Fewer matches than nth+1: the wanted one may be further down, so it is "not in view".
        return Resolution(element=matches[target.nth]) if 0 <= target.nth < len(matches) else Resolution()
    if len(matches) == 1:
        return Resolution(element=matches[0])
    return Resolution(ambiguous=tuple(matches)) if matches else Resolution()


def _option_fits(want: str, shown: str) -> bool:
    if shown.endswith(ELLIPSIS):  # the list shortens long option texts
        return want.startswith(shown[:-1].rstrip()) or shown[:-1].rstrip() in want
    return want == shown or want in shown


def option_known(option: str, element: ParsedElement) -> bool | None:
    """Whether a <select> element lists `option` (True/False), or None when the list cannot tell
    (no options shown, or the list was shortened)."""
    if not element.options:
        return None
    want = norm(option)
    # The browser picks options fuzzily; accept the exact text or a part of one option's text.
    if any(_option_fits(want, norm(o)) for o in element.options):
        return True
    return None if element.options_truncated else False
