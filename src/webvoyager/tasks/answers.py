"""Checks on the agent's final answer: strict enough to fail a wrong answer, lenient with phrasing.

* `number`: the number the answer states for the quantity asked (with its unit or currency) must be the
  value; an answer stating several different numbers for it ("8 servings (one serving is 6 oz)",
  "$48.99 (was $47.99)", "1, 2, 3, ..., 10") fails.
* `text`: every expected phrase (any of its spellings) is mentioned as whole words; no forbidden phrase
  is (the other candidates of the question, the wrong values of the site); rivals may be mentioned,
  but only after the expected phrase ("A is lighter than B").
* `pairs`: each key is stated with its own value and no other pair's value (two levels swapped fail).

Every check fails an answer that hedges between values ("Either v1.1.0 or v2.10.0"; `mentions.hedges`).

All compare normalised text (case, quotes, dashes, spacing, thousands separators). See docs/DESIGN.md.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from webvoyager.tasks.mentions import hedges, mention_spans, normalize_answer, number_mentions, stated_numbers

Spellings = Union[str, list[str]]
"""A phrase, or its accepted spellings ("NW 1502" or ["NW 1502", "NW1502"])."""


def _spellings(value: Spellings) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _first_span(answer: str, spellings: Spellings) -> tuple[int, int] | None:
    spans = [span for s in _spellings(spellings) for span in mention_spans(answer, s)]
    return min(spans) if spans else None


class _Check(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NumberCheck(_Check):
    """The answer states `value` (± `tolerance`) as the quantity asked, and no other value for it."""

    type: Literal["number"]
    value: float
    tolerance: float = Field(0.0, ge=0)
    unit: list[str] = []          # phrases that follow (or precede) the number: ["servings", "serves"]
    currency: str | None = None   # "$", "€", ...: amounts in it are what counts
    ignore: list[str] = []        # text dropped before reading numbers (a name with digits in it)

    def passes(self, answer: str) -> bool:
        if hedges(answer):
            return False
        text = answer
        for phrase in self.ignore:
            text = re.sub(re.escape(phrase), " ", text, flags=re.IGNORECASE)
        numbers = stated_numbers(text, units=tuple(self.unit), currency=self.currency)
        return bool(numbers) and all(math.isclose(n, self.value, rel_tol=0.0, abs_tol=self.tolerance + 1e-9)
                                     for n in numbers)

    def values(self) -> list[object]:
        return [self.value]


class TextCheck(_Check):
    """Every `expect` phrase is mentioned; no `forbid` phrase is; `rivals` only after the first expected."""

    type: Literal["text"]
    expect: list[Spellings] = Field(min_length=1)
    forbid: list[str] = []
    rivals: list[str] = []
    ordered: bool = False         # the expected phrases appear in this order (a ranking)

    def passes(self, answer: str) -> bool:
        if hedges(answer):
            return False
        found = [_first_span(answer, e) for e in self.expect]
        if any(span is None for span in found):
            return False
        spans = [s for s in found if s is not None]
        if self.ordered and [s[0] for s in spans] != sorted(s[0] for s in spans):
            return False
        every = [span for e in self.expect for spelling in _spellings(e) for span in mention_spans(answer, spelling)]
        if _mentioned_outside(answer, self.forbid, every):
            return False
        first = min(s[0] for s in spans)
        for rival in self.rivals:
            if any(start < first and not _inside((start, end), every)
                   for start, end in mention_spans(answer, rival)):
                return False
        return True

    def values(self) -> list[object]:
        return [*(_spellings(e)[0] for e in self.expect), *self.forbid, *self.rivals]


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in spans)


def _mentioned_outside(answer: str, phrases: list[str], expected: list[tuple[int, int]]) -> bool:
    """A phrase is mentioned somewhere that is not part of an expected mention ("Meridian" inside
    "The Meridian Hotel" does not count against it)."""
    return any(not _inside(span, expected) for p in phrases for span in mention_spans(answer, p))


class Pair(BaseModel):
    """A key and the value the answer must state for it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: Spellings
    value: Spellings


_CLAUSE_SPLIT = re.compile(r";|\n|\||(?<!\d),|,(?!\d)|\.(?!\d)|\band\b|\bwhile\b|\bwhereas\b|\bbut\b")


class PairsCheck(_Check):
    """Each key is stated together with its own value, never with another pair's value.

    The answer is cut into clauses (at , ; . and/while/but; a clause naming a key but no value is joined
    to the next, as in "Avoiding the expressway, it takes 15 min"), and a clause holding several keys at
    each key; a clause holding a key must hold no value but that key's (and, for a number, no other
    number), and every key needs one clause holding it with its value.
    """

    type: Literal["pairs"]
    pairs: list[Pair] = Field(min_length=1)
    forbid: list[str] = []

    def passes(self, answer: str) -> bool:
        if hedges(answer):
            return False
        keys, values = [p.key for p in self.pairs], [p.value for p in self.pairs]
        segments = _segments(normalize_answer(answer), keys, values)
        for i, pair in enumerate(self.pairs):
            others = [v for j, v in enumerate(values) if j != i]
            stated = False
            for segment in segments:
                if _first_span(segment, pair.key) is None:
                    continue
                if any(_first_span(segment, v) is not None for v in others) or _other_number(segment, pair):
                    return False
                stated = stated or _first_span(segment, pair.value) is not None
            if not stated:
                return False
        return not any(mention_spans(answer, f) for f in self.forbid)

    def values(self) -> list[object]:
        return [*(v for p in self.pairs for v in (_spellings(p.key)[0], _spellings(p.value)[0])), *self.forbid]


def _other_number(segment: str, pair: Pair) -> bool:
    """True when a numeric pair's clause states another number of the same kind as its value: with the
    value's unit ("8 min" in a clause saying "10 min"), or bare when the value is bare ("67 or 42")."""
    for spelling in _spellings(pair.value):
        mentions = number_mentions(spelling)
        if not mentions:
            continue
        unit = mentions[0].unit
        stated = stated_numbers(segment, units=(unit,)) if unit else \
            [n.value for n in number_mentions(segment) if not n.unit]
        keyed = {n.value for k in _spellings(pair.key) for n in number_mentions(k)}
        return bool(set(stated) - {mentions[0].value} - keyed)
    return False


def _key_starts(clause: str, keys: list[Spellings]) -> list[int]:
    """Where keys start in a clause; a spelling inside a longer mention of a key ("total" inside "in
    total") is not a start of its own."""
    spans = sorted({span for k in keys for spelling in _spellings(k) for span in mention_spans(clause, spelling)})
    return sorted({a for a, b in spans if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in spans)})


def _segments(text: str, keys: list[Spellings], values: list[Spellings]) -> list[str]:
    """Clauses of `text` (a key-only clause joined to a following value-only one), each cut at the start
    of every key it mentions after its first."""
    def has(clause: str, phrases: list[Spellings]) -> bool:
        return any(_first_span(clause, p) is not None for p in phrases)

    clauses: list[str] = []
    for clause in _CLAUSE_SPLIT.split(text):
        if clauses and has(clauses[-1], keys) and not has(clauses[-1], values) \
                and has(clause, values) and not has(clause, keys):
            clauses[-1] += " " + clause
        else:
            clauses.append(clause)
    out = []
    for clause in clauses:
        starts = _key_starts(clause, keys)
        cuts = [0, *starts[1:], len(clause)]
        out += [clause[a:b] for a, b in zip(cuts, cuts[1:]) if clause[a:b].strip()]
    return out


AnswerCheck = Annotated[Union[NumberCheck, TextCheck, PairsCheck], Field(discriminator="type")]

