"""Locators of the action cache: how a cached step finds its element, and an answer its value, again.

`ElementLocator` names an element by what a person sees of it (`Element.identity`: tag, text,
aria-label, role, input type, placeholder), the path of its link, and its position among the elements
that look the same (`nth` of `similar`), never by its label number. `AnswerLocator` names the values of
an answer by the page text around them, so a replayed answer is read from the page as it is now.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urlsplit

from webvoyager.browser.types import Element, position_among
from webvoyager.trajectory import ElementIdentity

_CONTEXT = 40        # characters of page text kept before a value, at most
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


def href_path(href: str) -> str:
    """The path (and query) of a link, without scheme, host or port: a sandbox moves ports between runs."""
    if not href:
        return ""
    parts = urlsplit(href)
    return parts.path + (f"?{parts.query}" if parts.query else "")


@dataclass(frozen=True, kw_only=True)
class ElementLocator(ElementIdentity):
    """An element by its identity, link path and position among the elements with both."""

    href: str = ""          # href_path of a link
    nth: int = 0            # its position among the similar elements of the page, in document order
    similar: int = 1        # how many similar elements the page had

    def _key(self) -> tuple[str, ...]:
        return (*self.identity().values(), self.href)

    @staticmethod
    def _key_of(element: Element) -> tuple[str, ...]:
        return (*element.identity().values(), href_path(element.href))

    @classmethod
    def of(cls, element: Element, elements: list[Element]) -> ElementLocator:
        """The locator of `element` among the observation's `elements`."""
        nth, similar = position_among(element, elements, cls._key_of)
        return cls(**element.identity(), href=href_path(element.href), nth=nth, similar=similar)

    def find(self, elements: list[Element]) -> Element | None:
        """The element this locator names in `elements`, or None. Several similar elements are told apart
        by position only when the page has as many as when it was cached (else which one is a guess)."""
        same = [e for e in elements if self._key_of(e) == self._key()]
        if len(same) == 1 and self.similar == 1:
            return same[0]
        if len(same) == self.similar and self.nth < len(same):
            return same[self.nth]
        return None

    def describe(self) -> str:
        name = self.text or self.aria_label or self.placeholder
        return f'<{self.tag or "?"}> "{name}"' + (f" ({self.nth + 1} of {self.similar})" if self.similar > 1 else "")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ElementLocator:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(frozen=True)
class ValueSlot:
    """One value of an answer: the page text just before it (unique on the page) and, for a value that
    is not a number, the text just after it."""

    before: str
    after: str = ""
    number: bool = True


@dataclass(frozen=True)
class AnswerLocator:
    """An answer as a template (`{0}`, `{1}`: its values) and where each value stands in the page text."""

    template: str
    slots: tuple[ValueSlot, ...] = field(default_factory=tuple)

    def reread(self, page_text: str) -> str | None:
        """The answer with its values read from `page_text` now; None when a value is not found."""
        values = []
        for slot in self.slots:
            value = _read_slot(slot, page_text)
            if value is None:
                return None
            values.append(value)
        return _fill(self.template, values)

    def to_dict(self) -> dict[str, Any]:
        return {"template": self.template, "slots": [asdict(s) for s in self.slots]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AnswerLocator:
        return cls(template=data["template"], slots=tuple(ValueSlot(**s) for s in data.get("slots", [])))


def _fill(template: str, values: list[str]) -> str:
    out = template
    for i, value in enumerate(values):
        out = out.replace("{%d}" % i, value)
    return out


def _read_slot(slot: ValueSlot, page_text: str) -> str | None:
    if page_text.count(slot.before) != 1:
        return None
    rest = page_text[page_text.index(slot.before) + len(slot.before):]
    if slot.number:
        found = re.match(r"\s*(" + _NUMBER.pattern + ")", rest)
        return found.group(1) if found else None
    line = rest.split("\n", 1)[0]   # a value that is not a number ends at its line's end, or before `after`
    end = line.find(slot.after) if slot.after else len(line)
    value = line[:end].strip() if end > 0 else ""
    return value or None


def _context_before(page_text: str, start: int) -> str | None:
    """The text before `start` that occurs once: from the start of its line when that is short enough
    (a label such as "Total time: "), else the shortest such text of at least four characters."""
    line = page_text[page_text.rfind("\n", 0, start) + 1:start]
    if 4 <= len(line) <= _CONTEXT and page_text.count(line) == 1:
        return line
    for size in range(4, _CONTEXT + 1):
        if size > start:
            return None
        before = page_text[start - size:start]
        if page_text.count(before) == 1:
            return before
    return None


def answer_locator(answer: str, page_text: str) -> AnswerLocator | None:
    """Where the values of `answer` stand in `page_text` (the page it was given on), or None when the
    answer cannot be read back from the page: then a replay asks the model.

    The whole answer, when the page shows it once, is one value (its text before and after recorded);
    otherwise every number in the answer must appear once on the page with a unique text before it."""
    answer = answer.strip()
    if not answer:
        return None
    if page_text.count(answer) == 1 and not _NUMBER.fullmatch(answer):
        start = page_text.index(answer)
        before = _context_before(page_text, start)
        after = page_text[start + len(answer):start + len(answer) + 12].split("\n", 1)[0]
        if before is not None:
            return AnswerLocator("{0}", (ValueSlot(before, after, number=False),))
    numbers = list(_NUMBER.finditer(answer))
    if not numbers:
        return None
    slots, template, last = [], "", 0
    for i, match in enumerate(numbers):
        hits = [m for m in _NUMBER.finditer(page_text) if m.group(0) == match.group(0)]
        if len(hits) != 1:
            return None
        before = _context_before(page_text, hits[0].start())
        if before is None:
            return None
        slots.append(ValueSlot(before))
        template += answer[last:match.start()] + "{%d}" % i
        last = match.end()
    template += answer[last:]
    locator = AnswerLocator(template, tuple(slots))
    return locator if locator.reread(page_text) == answer else None
