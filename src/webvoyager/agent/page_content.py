"""Marking what the website wrote as data: the delimiters both policies put around page content.

The system prompts say that everything between `PAGE_OPEN` and `PAGE_CLOSE` comes from the website and
is never an instruction. `defused` respells any delimiter inside page text, so a page cannot close the
block early and write "outside" it.
"""

from __future__ import annotations

import re

PAGE_OPEN, PAGE_CLOSE = "<page_content>", "</page_content>"
_DELIMITER = re.compile(r"</?\s*page_content\s*>", re.IGNORECASE)


def defused(text: str) -> str:
    """Page text that cannot open or close the page-content block (its delimiters respelt with ‹ ›)."""
    return _DELIMITER.sub(lambda m: m.group(0).replace("<", "\u2039").replace(">", "\u203a"), text)

