"""Entries of the dictionary site: hand-written base words (words.txt) plus derived forms.

Each base word in `words.txt` lists the derived forms the site builds from it (kindness, kindly,
unkind...), so about 600 entries read naturally. Pronunciations (UK and US) are derived from the
spelling by simple rules; levels, word families and the word of the day are fixed by a seed and
the sandbox's fixed TODAY, so task answers computed in tests match the pages.

This module gathers them from `records` (entries, senses, levels), `forms` (derived forms),
`pronunciation` and `lookup` (the built dictionary and its lookups).
"""

from __future__ import annotations

from webvoyager.sandbox.kit import slugify
from webvoyager.sandbox.sites.dictionary.records import SEED, LEVELS, LEVEL_NAMES, LEVEL_NOTES, WORDS_FILE, Sense, Entry
from webvoyager.sandbox.sites.dictionary.forms import OVERRIDES, PREFIX_SOUNDS, SUFFIX_SOUNDS
from webvoyager.sandbox.sites.dictionary.pronunciation import PRONUNCIATIONS, pronounce, pronounce_derived
from webvoyager.sandbox.sites.dictionary.lookup import (
    entries, level_rank, lookup, letters, by_letter, suggestions, search, word_of_the_day,
)

__all__ = [
    "slugify", "SEED", "LEVELS", "LEVEL_NAMES", "LEVEL_NOTES", "WORDS_FILE", "Sense", "Entry", "OVERRIDES",
    "PREFIX_SOUNDS", "SUFFIX_SOUNDS", "PRONUNCIATIONS", "pronounce", "pronounce_derived", "entries", "level_rank",
    "lookup", "letters", "by_letter", "suggestions", "search", "word_of_the_day",
]
