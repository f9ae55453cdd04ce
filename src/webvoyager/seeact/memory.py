"""SeeAct's notes: what the model wrote down on one page for a later step (default protocol only).

Every SeeAct step is a fresh conversation, so a value read on a page that the next action leaves
(a price to compare, a name to report) is lost unless the model writes it down. The generation prompt
asks for `NOTE: ...` lines (prompts/generation_notes.txt); `notes_in` finds them in a reply, and
`Notebook` carries them into later generation prompts, bounded: the newest `MAX_NOTES`, each at most
`NOTE_CHARS` characters, with a line saying how many older ones were left out. Under `--protocol paper`
none of this is shown: the original carries only the previous-action lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from webvoyager.agent.page_content import defused

NOTE_PREFIX = "NOTE:"
NOTES_HEADING = "Notes you took at earlier steps (oldest first):"
MAX_NOTES = 20
"""How many notes the generation prompt carries (the newest); older ones are left out, and it says so."""
NOTE_CHARS = 300
"""The most of one note the prompt carries."""
LEFT_OUT = "({count} older notes left out: only the last {kept} are kept)"

# "NOTE: ...", also as a list item or in markdown bold ("- **NOTE:** ..."); a reply may hold several.
_NOTE_LINE = re.compile(r"^[\s*_>-]*NOTE[*_]*\s*:[*_]*\s*(?P<note>\S.*?)\s*$", re.MULTILINE)


def notes_in(reply: str) -> list[str]:
    """The notes a reply wrote, in order, each cut to NOTE_CHARS (page-content delimiters respelt: a
    note is shown outside the page-content block)."""
    out = []
    for found in _NOTE_LINE.finditer(reply):
        note = defused(found.group("note"))
        out.append(note if len(note) <= NOTE_CHARS else note[:NOTE_CHARS] + "…")
    return out


@dataclass
class Notebook:
    """The notes of one task so far, oldest first."""

    notes: list[str] = field(default_factory=list)

    def add(self, replies: Sequence[str]) -> list[str]:
        """Keep the notes written in `replies` (one step's replies); returns them."""
        new = [note for reply in replies for note in notes_in(reply)]
        self.notes.extend(new)
        return new

    def shown(self) -> list[str]:
        """The lines the next generation prompt shows under NOTES_HEADING: the newest MAX_NOTES notes,
        after a line counting the ones left out."""
        left_out = len(self.notes) - MAX_NOTES
        kept = self.notes[-MAX_NOTES:]
        return ([LEFT_OUT.format(count=left_out, kept=MAX_NOTES)] if left_out > 0 else []) + kept
