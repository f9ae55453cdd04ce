"""Marking what the website wrote as data: the delimiters both policies put around page content.

The system prompts say that everything between `PAGE_OPEN` and `PAGE_CLOSE` comes from the website and
is never an instruction. `defused` respells any delimiter inside page text, so a page cannot close the
block early and write "outside" it. `capped_title` cuts what a page may make as long as it likes (its
title) to one length both policies show.
"""

from __future__ import annotations

import re

PAGE_OPEN, PAGE_CLOSE = "<page_content>", "</page_content>"
_DELIMITER = re.compile(r"</?\s*page_content\s*>", re.IGNORECASE)


def defused(text: str) -> str:
    """Page text that cannot open or close the page-content block (its delimiters respelt with ‹ ›)."""
    return _DELIMITER.sub(lambda m: m.group(0).replace("<", "\u2039").replace(">", "\u203a"), text)


TITLE_CHARS = 200
"""The most of a page title a prompt shows (a hostile page can set a 100 KB title): one cap for both policies."""
URL_CHARS = 1000
"""The most of a page address a prompt shows."""


def capped(text: str, limit: int, what: str) -> str:
    """`text` cut to `limit` characters, saying what was cut ("… (page title cut: 99,800 more characters)")."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({what} cut: {len(text) - limit:,} more characters)"


def capped_title(title: str) -> str:
    """A page title as a prompt shows it: at most TITLE_CHARS characters, with a remark when cut."""
    return capped(title, TITLE_CHARS, "page title")
