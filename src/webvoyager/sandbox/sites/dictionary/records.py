"""The dictionary's records (an entry and its senses) and its fixed settings: seed, levels, the word list."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from webvoyager.sandbox.kit import slugify

SEED = 1611
LEVELS = ("A1", "A2", "B1", "B2", "C1", "C2")
LEVEL_NAMES = {"A1": "Beginner", "A2": "Elementary", "B1": "Intermediate", "B2": "Upper intermediate",
               "C1": "Advanced", "C2": "Proficiency"}
LEVEL_NOTES = {
    "A1": "The first words a learner needs: everyday things, people and simple actions.",
    "A2": "Common words for familiar topics such as shopping, family, work and the weather.",
    "B1": "Words for talking about experiences, plans and opinions in straightforward language.",
    "B2": "Words for discussing a wide range of subjects in detail, including abstract ones.",
    "C1": "Less common words for expressing ideas fluently and precisely.",
    "C2": "Rare and nuanced words that distinguish fine shades of meaning.",
}
WORDS_FILE = Path(__file__).parent / "words.txt"


@dataclass(frozen=True)
class Sense:
    definition: str
    examples: tuple[str, ...]


@dataclass
class Entry:
    """One dictionary entry (a headword and part of speech)."""

    word: str
    pos: str
    level: str
    senses: list[Sense]
    uk: str
    us: str
    base: str                      # the word it is derived from (itself for base words)
    synonyms: list[str] = field(default_factory=list)
    opposites: list[str] = field(default_factory=list)
    family: list[str] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return slugify(self.word)
