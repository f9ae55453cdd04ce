"""Caps on what one observation may put into the model's prompt, so that a hostile or broken page cannot
flood it (issue 22: 400 alerts a step grew each request by 30 KB; a 100 KB title made a 455 KB request).

Each cap is declared once here and applied where the session builds an observation (browser/session.py),
so WebVoyager's turns, SeeAct's messages, the trajectory and the message log all get the capped text.
What is cut is always said in the text itself, so the model knows it did not see everything. The
policies import these names when they show the same fields (SeeAct's generation prompt shows the title).
"""

from __future__ import annotations

import re
from typing import Sequence

from webvoyager.browser.pdf import PDF_NOTE_START

TITLE_LIMIT = 300
"""Characters of the page title the model gets. Real titles are under 100 characters (the sandbox's longest
is 60); 300 keeps every real one whole, search-result and product titles included."""

URL_LIMIT = 1_000
"""Characters of a page address the model gets (SeeAct's generation prompt shows it): real ones are far
shorter; a page can make its own address as long as it likes (a fragment, a query)."""

NOTE_LIMIT = 1_000
"""Characters of one note about an event (a dialog's text, an address). A real dialog says a sentence or
two; a PDF's text has its own, configurable cap (`BrowserConfig.pdf_excerpt_chars`) and is not cut here."""

NOTES_PER_STEP = 20
"""Notes per observation, after repeats are folded: one step of a real page sets off a handful (a dialog,
a popup, a download), and 20 leaves room for a busy one."""

REPEATS_FOLDED = 3
"""Events of one kind seen this many times in one step become one note with their count and the first
one's text (a page that shows 400 alerts is said once, with "400 times")."""

ELEMENT_TEXT_LIMIT = 40_000
"""Characters of the element list (or outline). The sandbox's busiest page (a shop with ~1,500 elements)
lists ~6,400; 40,000 (about 10,000 tokens) keeps any real page whole and bounds a page with 20,000
controls. Elements past the cut keep their labels on the screenshot."""

_CUT = "… [{cut} more characters of the {what} were cut]"
_QUOTED = re.compile(r'"[^"\n]*"')
_ADDRESS = re.compile(r"\b\w+://\S+")
_NUMBER = re.compile(r"\d+")


def clip(text: str, limit: int, what: str) -> str:
    """`text` cut to `limit` characters, followed by a remark saying how many characters of `what` were cut."""
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + _CUT.format(cut=len(text) - limit, what=what)


def cap_title(title: str) -> str:
    """The page title as the model gets it: at most TITLE_LIMIT characters, and a remark when it was cut."""
    return clip(title, TITLE_LIMIT, "page title")


def cap_url(url: str) -> str:
    """A page address as the model gets it: at most URL_LIMIT characters, and a remark when it was cut."""
    return clip(url, URL_LIMIT, "address")


def cap_element_text(text: str) -> str:
    """The element list (or outline) cut after its last whole line within ELEMENT_TEXT_LIMIT characters,
    with a line saying how many lines were left out."""
    if len(text) <= ELEMENT_TEXT_LIMIT:
        return text
    kept = text[:ELEMENT_TEXT_LIMIT].rpartition("\n")[0] or text[:ELEMENT_TEXT_LIMIT]
    left = text[len(kept):].strip("\n").count("\n") + 1
    return (f"{kept}\n[{left} more lines of the element list were cut; those elements still carry their "
            "labels on the screenshot]")


def _kind(note: str) -> str:
    """What a note says with its particulars (quoted texts, addresses, numbers) blanked: notes of one kind
    of event share it (every alert, whatever its text)."""
    return _NUMBER.sub("0", _ADDRESS.sub("URL", _QUOTED.sub('""', note)))


def repeated_note(count: int, first: str) -> str:
    """The one note that stands for `count` events of a kind, quoting the first."""
    return f"This happened {count} times since the last step (the first shown): {first}"


def limit_notes(notes: Sequence[str]) -> list[str]:
    """The notes one observation shows: repeated kinds folded (REPEATS_FOLDED), each note cut to NOTE_LIMIT
    characters (but a PDF's text, which has its own cap), and at most NOTES_PER_STEP of them, the last
    saying how many more were left out."""
    counts: dict[str, int] = {}
    for note in notes:
        counts[_kind(note)] = counts.get(_kind(note), 0) + 1
    shown: list[str] = []
    seen: set[str] = set()
    for note in notes:
        kind = _kind(note)
        if counts[kind] >= REPEATS_FOLDED:
            if kind in seen:
                continue
            seen.add(kind)
            note = repeated_note(counts[kind], note)
        shown.append(note if note.startswith(PDF_NOTE_START) else clip(note, NOTE_LIMIT, "note"))
    if len(shown) > NOTES_PER_STEP:
        left = len(shown) - (NOTES_PER_STEP - 1)
        shown = [*shown[:NOTES_PER_STEP - 1],
                 f"{left} more notes about the page since the last step were left out."]
    return shown
