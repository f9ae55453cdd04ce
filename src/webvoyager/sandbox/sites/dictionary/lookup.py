"""The dictionary itself: every entry built from words.txt, and the lookups, letters, suggestions, search
and word of the day the pages use."""

from __future__ import annotations

import random
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.kit import slugify
from webvoyager.sandbox.sites.dictionary.forms import _base_lines, _derived, _senses
from webvoyager.sandbox.sites.dictionary.pronunciation import pronounce, pronounce_derived
from webvoyager.sandbox.sites.dictionary.records import LEVELS, SEED, Entry

# ----- the dictionary --------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def entries() -> dict[str, Entry]:
    """Every entry by slug, in alphabetical order (built once per process)."""
    rng = random.Random(SEED)
    found: dict[str, Entry] = {}
    for word, pos, level, senses, derivations, thesaurus in _base_lines():
        syn, _, opp = thesaurus.partition("/")
        uk, us = pronounce(word)
        base = Entry(word, pos, level, _senses(senses, word), uk, us, word,
                     [s for s in syn.split(",") if s], [o for o in opp.split(",") if o])
        found.setdefault(base.slug, base)
        family = [word]
        for token in [t for t in derivations.split(",") if t]:
            dword, dpos, sense = _derived(word, pos, token, rng)
            if slugify(dword) in found:
                continue
            duk, dus = pronounce_derived(dword, word, token.partition("=")[0])
            step = min(len(LEVELS) - 1, LEVELS.index(level) + rng.choice((0, 1, 1, 2)))
            found[slugify(dword)] = Entry(dword, dpos, LEVELS[step], [sense], duk, dus, word)
            family.append(dword)
        for member in family:
            found[slugify(member)].family = family
    return dict(sorted(found.items()))


def level_rank(level: str) -> int:
    """The position of a CEFR level on the scale, 1 (A1) to 6 (C2), as the entry page shows it."""
    return LEVELS.index(level) + 1


def lookup(word: str) -> Entry | None:
    return entries().get(slugify(word))


def letters() -> list[str]:
    return sorted({slug[0] for slug in entries()})


def by_letter(letter: str) -> list[Entry]:
    return [e for slug, e in entries().items() if slug.startswith(letter.lower())]


def suggestions(q: str, limit: int = 8) -> list[str]:
    """Headwords starting with the typed text, shortest first (how the search box suggests)."""
    prefix = q.strip().lower()
    if not prefix:
        return []
    hits = [e.word for e in entries().values() if e.word.lower().startswith(prefix)]
    return sorted(hits, key=lambda w: (len(w), w))[:limit]


def search(q: str) -> list[Entry]:
    """Entries whose headword contains the query, headwords starting with it first."""
    needle = q.strip().lower()
    if not needle:
        return []
    hits = [e for e in entries().values() if needle in e.word.lower()]
    return sorted(hits, key=lambda e: (not e.word.lower().startswith(needle), e.word))


def word_of_the_day() -> Entry:
    """The featured word for the sandbox's fixed TODAY."""
    pool = [e for e in entries().values() if e.base == e.word and e.level in ("B2", "C1")]
    return pool[TODAY.toordinal() % len(pool)]
