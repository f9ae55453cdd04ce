"""Finding what a reference step names on a screenshot, from Tesseract's word boxes alone.

A pixel stand-in (`standins/pixel_reference.py`) sees what a computer-use model sees: a plain
screenshot, no element list. This module is its eyes. `locate(words, ref)` finds where an `ElementRef`
stands among the words `ocr.read_words` read off the screenshot and returns a `ScreenTarget` (the words
of its text, their box, the point to click); `element_texts` reads the text around it, and `heading`
the page's main heading.

What of an `ElementRef` can be seen: `text` and `placeholder` (the shown words, equal to the target's,
in a row on a line or wrapped onto the next ones), `text_contains` (the words holding it; a mark without
letters, such as "$", is looked for in each word as written), `nth` and
`after` (counted in reading order: line by line, top to bottom, each left to right). What cannot:
`tag`, `role` and `type` (they are ignored), and an aria-label that is not written on the page (such a
target is not found). Words are compared without case, accents and punctuation, and OCR's splits
and merges of words do not matter (the letters are compared as one run).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.standins.ocr import Word, lines
from webvoyager.tasks import ElementRef
from webvoyager.text import normalize_text

PHRASE_GAP = 1.5
"""Words further apart than this many letter heights are two phrases (two buttons, two links, a label
and its value); word spacing is about a third of a height."""
MISREAD_PER = 7
"""OCR may misread one letter in this many (a w read as "w" and "eel"): runs that close still match."""
COLUMN_LINES = 12
"""How many lines below an anchor tell its column's gutters (fewer than a page, so a footer across the
whole width does not close them)."""
WRAP_GAP = 1.4
"""A phrase continues on the next line when that line starts within this many heights below it."""


_LOOKALIKES = str.maketrans({"i": "l", "1": "l", "0": "o"})
"""Letters OCR reads for one another on screens (an lb read as Ib, a 10 as lO): compared as one."""


_ARROW_SIDES = str.maketrans({"‹": "<", "«": "<", "›": ">", "»": ">"})


def letters(text: str) -> str:
    """The letters and digits of `text`, lower case, accents folded, look-alikes merged: what matching
    compares. A word that is an arrow glyph alone ("›", a calendar's next month) compares as its
    direction ("<" or ">"), so a target shown as a glyph can be named."""
    found = re.sub(r"[\W_]+", "", normalize_text(text).lower()).translate(_LOOKALIKES)
    if not found and (arrow := text.strip().translate(_ARROW_SIDES)) in ("<", ">"):
        return arrow
    return found


def _distance(a: str, b: str) -> int:
    """Levenshtein distance between two short strings."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@dataclass(frozen=True)
class ScreenTarget:
    """Where a target's text stands on the screenshot: its words (in reading order, maybe over several
    lines), the phrase(s) they are part of, and the index of the first word's line in `lines(words)`."""

    words: tuple[Word, ...]
    phrase: tuple[Word, ...]
    line: int
    whole: bool          # the words are the whole phrase (nothing else written right beside them)

    @property
    def box(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the words, in image pixels."""
        return (min(w.left for w in self.words), min(w.top for w in self.words),
                max(w.right for w in self.words), max(w.bottom for w in self.words))

    @property
    def centre(self) -> tuple[float, float]:
        """The point to click: the middle of the first line's words (a wrapped link is clickable there)."""
        first = [w for w in self.words if abs(w.middle - self.words[0].middle) <= self.words[0].height / 2]
        return ((min(w.left for w in first) + max(w.right for w in first)) / 2,
                sum(w.middle for w in first) / len(first))

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    def phrase_text(self) -> str:
        """The whole phrase the target stands in, as read."""
        return " ".join(w.text for w in self.phrase)


@dataclass(frozen=True)
class Located:
    """The outcome of `locate`: the one target meant, or the several that fit equally (no `nth`), or
    neither (not on this screenshot)."""

    target: ScreenTarget | None = None
    ambiguous: tuple[ScreenTarget, ...] = ()


class _Page:
    """The words of one screenshot with their lines and the neighbours matching walks along."""

    def __init__(self, words: tuple[Word, ...]) -> None:
        self.words = tuple(w for w in words if letters(w.text))
        # Marks without letters ("+", "&", "|") are not matched but still join a phrase's words:
        # "Wi-Fi + Cellular" is one label although "+" compares as nothing.
        self.rows = lines(tuple(w for w in words if w.text.strip()))
        self.line_of = {id(w): i for i, row in enumerate(self.rows) for w in row}

    def _beside(self, word: Word, step: int) -> Word | None:
        """The nearest word with letters beside `word` in its phrase (`step` 1: to the right, -1: to the
        left), across marks without letters, each gap under PHRASE_GAP letter heights."""
        row = self.rows[self.line_of[id(word)]]
        at, here = row.index(word), word
        while 0 <= at + step < len(row):
            at += step
            there = row[at]
            gap = there.left - here.right if step > 0 else here.left - there.right
            if gap > PHRASE_GAP * max(word.height, there.height, 8):
                return None
            if letters(there.text):
                return there
            here = there
        return None

    def right(self, word: Word) -> Word | None:
        """The next word of the same phrase, to the right of `word` on its line."""
        return self._beside(word, 1)

    def left(self, word: Word) -> Word | None:
        """The previous word of the same phrase, to the left of `word` on its line."""
        return self._beside(word, -1)

    def wrapped(self, start: Word, last: Word) -> Word | None:
        """The first word of the line a phrase starting at `start` wraps onto after `last`: on the next
        line, within WRAP_GAP heights below, starting under the phrase's start (left-aligned) or centred
        under it."""
        at = self.line_of[id(last)]
        height = max(last.height, 8)
        # Not only the next line: a line of another column may stand between (a field beside a button
        # whose label wraps), so every line starting within reach is looked at.
        for row in self.rows[at + 1:]:
            if min(w.top for w in row) - last.bottom > WRAP_GAP * height + 2:
                break
            for word in row:
                if not 0 <= word.top - last.bottom + 2 <= WRAP_GAP * height + 2:
                    continue
                if self.left(word) is not None:
                    continue
                if abs(word.left - start.left) <= 1.5 * height:
                    return word
        return None

    def following(self, start: Word, last: Word) -> Word | None:
        return self.right(last) or self.wrapped(start, last)

    def phrase(self, run: tuple[Word, ...]) -> tuple[Word, ...]:
        """`run` extended to the whole phrase it is part of (on its first and last lines)."""
        before: list[Word] = []
        word = self.left(run[0])
        while word is not None and len(before) < 40:
            before.insert(0, word)
            word = self.left(word)
        after: list[Word] = []
        word = self.right(run[-1])
        while word is not None and len(after) < 40:
            after.append(word)
            word = self.right(word)
        return tuple(before) + run + tuple(after)

    def runs_equal(self, want: str) -> list[tuple[Word, ...]]:
        """Every run of words whose letters are `want`, allowing OCR a misread letter in every
        MISREAD_PER letters (exact runs only, when there are any)."""
        slack = len(want) // MISREAD_PER
        found: list[tuple[int, tuple[Word, ...]]] = []
        for start in self.words:
            first = letters(start.text)
            if _distance(first[:1], want[:1]) and slack == 0:
                continue
            run, have = [start], first
            best: tuple[int, tuple[Word, ...]] | None = None
            while True:
                if abs(len(have) - len(want)) <= slack:
                    cost = _distance(have, want)
                    if cost <= slack and (best is None or cost < best[0]):
                        best = (cost, tuple(run))
                if len(have) >= len(want) + slack or len(run) >= 40:
                    break
                if not slack and not want.startswith(have):
                    break
                nxt = self.following(start, run[-1])
                if nxt is None:
                    break
                run.append(nxt)
                have += letters(nxt.text)
            if best is not None:
                found.append(best)
        exact = [run for cost, run in found if cost == 0]
        return exact or [run for _, run in found]

    def runs_containing(self, part: str) -> list[tuple[Word, ...]]:
        """Every shortest run of words whose letters hold `part` (its first word is needed for it)."""
        out = []
        for start in self.words:
            run, have = [start], letters(start.text)
            while part not in have and len(have) < len(part) + 40:
                nxt = self.following(start, run[-1])
                if nxt is None:
                    break
                run.append(nxt)
                have += letters(nxt.text)
            if part in have and part not in have[len(letters(start.text)):]:
                out.append(tuple(run))
        return out

    def column(self, mark: ScreenTarget) -> tuple[float, float]:
        """The x range `mark`'s column starts in, between the gutters under the gaps of its line nearest
        it (of several under one gap, the outermost bounds it on the left). A gutter is an empty strip,
        at least a phrase gap wide, running down from a gap of the line (between two of its words, or
        between its first or last word and the screen's edge) through the COLUMN_LINES lines below, with
        words below on both sides of it (a sidebar beside a list, whose lines interleave with the list's
        in reading order; not the empty space beside a right-aligned sort control). A phrase of the
        column starts at or right of the left gutter and left of the right one. No gutter on a side:
        the column runs to the screen's edge there."""
        row = self.rows[mark.line]
        below = [w for line in self.rows[mark.line + 1:mark.line + 1 + COLUMN_LINES] for w in line]
        gap = PHRASE_GAP * max(mark.words[0].height, 8)

        def gutters(start: float, end: float) -> list[tuple[float, float]]:
            """The gutters below the gap from x `start` to `end`, left to right."""
            strips, edge = [], start
            for w in sorted((w for w in below if w.right > start and w.left < end), key=lambda w: w.left):
                if w.left - edge >= gap:
                    strips.append((edge, w.left))
                edge = max(edge, w.right)
            if end - edge >= gap:
                strips.append((edge, end))
            return [s for s in strips if any(w.right <= s[0] for w in below) and any(w.left >= s[1] for w in below)]

        edges = [float("-inf"), *(w for word in row for w in (word.left, word.right)), float("inf")]
        gaps = list(zip(edges[0::2], edges[1::2]))   # (end of a word, start of the next), the screen's edges
        first = row.index(mark.words[0])             # `mark.line` is that word's line
        left, right = float("-inf"), float("inf")
        for start, end in reversed(gaps[:first + 1]):
            if found := gutters(start, end):
                # Several gutters below one gap: the outermost (a sidebar's). Which inner column the anchor
                # starts (a card's price column, under the card's button) cannot be told from its line.
                left = found[0][0]
                break
        for start, end in gaps[first + 1:]:
            if found := gutters(start, end):
                right = found[0][0]
                break
        return left, right

    def target(self, run: tuple[Word, ...]) -> ScreenTarget:
        phrase = self.phrase(run)
        return ScreenTarget(words=run, phrase=phrase, line=self.line_of[id(run[0])], whole=phrase == run)

    def order(self, target: ScreenTarget) -> tuple[int, int]:
        return target.line, target.words[0].left


def matches(words: tuple[Word, ...], ref: ElementRef) -> list[ScreenTarget]:
    """Every place where the text `ref` names stands on the screenshot, in reading order (`nth` and
    `after` not applied). `text` and `placeholder` must be the words shown; `text_contains` inside them.
    A ref naming no text (only tag, role or type) matches nothing: those cannot be seen."""
    page = _Page(words)
    return _matches(page, ref)


def names_text(ref: ElementRef) -> bool:
    """Whether `ref` names words that can be seen (text, placeholder or text_contains, which may be a mark
    such as "$")."""
    return any(v is not None and letters(v) for v in (ref.text, ref.placeholder)) \
        or bool(ref.text_contains and ref.text_contains.strip())


def _matches(page: _Page, ref: ElementRef) -> list[ScreenTarget]:
    shown = ref.text if ref.text is not None else ref.placeholder
    if shown is not None and letters(shown):
        runs = page.runs_equal(letters(shown))
    elif ref.text_contains is not None and letters(ref.text_contains):
        runs = page.runs_containing(letters(ref.text_contains))
    elif ref.text_contains is not None and ref.text_contains.strip():   # a mark ("$"): the words written with it
        mark = ref.text_contains.strip()
        runs = [(w,) for row in page.rows for w in row if mark in w.text]
    elif ref.after is not None:   # "the first thing after ...": every phrase counts
        starts = [w for w in page.words if page.left(w) is None]
        runs = [page.phrase((w,)) for w in starts]
    else:
        return []
    return sorted((page.target(run) for run in runs), key=page.order)


def _preferred(page: _Page, ref: ElementRef, found: list[ScreenTarget]) -> list[ScreenTarget]:
    """Among several places, those that look most like the element meant: a whole phrase (a button's or
    link's label, not words in a sentence), else one that starts with the words, written with the
    target's punctuation, and (for a whole text) not a heading with more lines of its block under it."""
    want = normalize_text(ref.text or ref.placeholder or ref.text_contains or "").lower()
    tests = (lambda t: t.whole,
             lambda t: t.phrase[0] is t.words[0],   # a label starts with its words; a sentence may not
             lambda t: want in normalize_text(t.text).lower(),
             lambda t: ref.text is None or page.wrapped(t.words[0], t.words[-1]) is None)
    for test in tests:
        if len(found) > 1:
            found = [t for t in found if test(t)] or found
    return found


def locate(words: tuple[Word, ...], ref: ElementRef, *, not_targets: tuple[Word, ...] = ()) -> Located:
    """The place on the screenshot `ref` names (see the module docstring for what is compared).

    With `after`, only places after the anchor's (in reading order) count and the first (or `nth`) of
    them is meant. With `nth`, the nth place in reading order. Otherwise one place is needed: when
    several stand there, those that are a whole phrase (a button's or link's whole label, not words
    inside a sentence) are preferred; several of those are `ambiguous`. Words in `not_targets` (text the
    caller typed into a field) are no target, but may be the anchor a target is counted after."""
    return _locate(_Page(words), ref, set(not_targets))


def _locate(page: _Page, ref: ElementRef, not_targets: set[Word] | None = None) -> Located:
    found = [t for t in _matches(page, ref) if not not_targets or not not_targets.intersection(t.words)]
    nth = ref.nth
    if ref.after is not None:
        anchor = _locate(page, ref.after)
        # An anchor standing in several places counts from the first, from the top (never the anchor
        # itself as the target).
        mark = anchor.target or next(iter(anchor.ambiguous), None)
        if mark is None:
            return Located()
        last = mark.words[-1]
        end = (page.line_of[id(last)], last.right)
        found = [t for t in found if (t.line, t.words[0].left) > end and t.words[0] not in mark.words]
        if not names_text(ref):   # "the nth phrase after": counted in the anchor's column
            left, right = page.column(mark)
            found = [t for t in found if left <= t.words[0].left < right] or found
        nth = nth or 0
    if nth is not None:
        return Located(target=found[nth]) if 0 <= nth < len(found) else Located()
    found = _preferred(page, ref, found)
    if len(found) == 1:
        return Located(target=found[0])
    return Located(ambiguous=tuple(found))


def element_texts(words: tuple[Word, ...], ref: ElementRef) -> list[str] | None:
    """What the element `ref` names may say, read around its place on the screenshot (None: not there;
    of several places, the first in reading order): its whole phrase, the phrase with the lines it wraps onto, its whole line, and
    the line below (a value under its label). The caller's pattern decides which holds the value."""
    page = _Page(words)
    found = _locate(page, ref)
    target = found.target or next(iter(found.ambiguous), None)   # several: the first, from the top
    if target is None:
        return None
    out = [target.phrase_text()]
    run = list(target.phrase)
    for _ in range(3):
        nxt = page.wrapped(target.phrase[0], run[-1])
        if nxt is None:
            break
        line = [nxt]
        while (word := page.right(line[-1])) is not None:
            line.append(word)
        run += line
    out.append(" ".join(w.text for w in run))
    last_line = page.line_of[id(run[-1])]
    out.append(" ".join(w.text for w in page.rows[target.line]))
    if last_line + 1 < len(page.rows):
        out.append(" ".join(w.text for w in page.rows[last_line + 1]))
    return list(dict.fromkeys(t for t in out if t))


HEADINGS = 3
"""How many of the largest phrases stand for the page's title (a logo may be set larger than the page's
own heading; the caller's pattern picks)."""


def headings(words: tuple[Word, ...]) -> list[str]:
    """The page's main headings as shown: the HEADINGS phrases written in the largest letters (largest
    first, the higher one of equals), each with the lines it wraps onto. [] when nothing is read."""
    page = _Page(words)
    tall = sorted((w for w in page.words if len(letters(w.text)) > 1), key=lambda w: (-w.height, w.top))
    out: list[str] = []
    seen: set[int] = set()
    for top in tall:
        if len(out) >= HEADINGS:
            break
        if id(top) in seen:
            continue
        phrase = page.phrase((top,))
        run = list(phrase)
        while (nxt := page.wrapped(phrase[0], run[-1])) is not None:
            line = [nxt]
            while (word := page.right(line[-1])) is not None:
                line.append(word)
            # Set as large as the heading: its tallest word (the first may have no ascender: "reach").
            if max(w.height for w in line) < top.height * 0.8:
                break
            run += line
        seen.update(id(w) for w in run)
        text = " ".join(w.text for w in run)
        if text not in out:
            out.append(text)
    return out
