"""Grammar guide pages of the dictionary site: short articles on word formation, with examples
taken from the dictionary's own entries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from webvoyager.sandbox.sites.dictionary import data


@dataclass(frozen=True)
class Topic:
    slug: str
    title: str
    summary: str
    paragraphs: tuple[str, ...]
    rules: tuple[tuple[str, str], ...]          # (rule, example) rows of the table
    pick: Callable[[data.Entry], bool]          # which entries illustrate the topic

    def examples(self, limit: int = 12) -> list[data.Entry]:
        return [e for e in data.entries().values() if self.pick(e)][:limit]


TOPICS = (
    Topic("adverbs-with-ly", "Forming adverbs with -ly",
          "How adjectives become adverbs of manner, and the spelling changes on the way.",
          ("Most adverbs of manner are made by adding -ly to an adjective: quiet becomes quietly, careful "
           "becomes carefully. The adverb describes how something is done.",
           "Adverbs of manner usually come after the verb, or after the object if there is one: She spoke "
           "quietly. He closed the door gently."),
          (("Most adjectives: add -ly", "quiet → quietly"), ("Consonant + -y: change y to i, add -ly", "happy → happily"),
           ("Adjectives ending in -le: change -le to -ly", "gentle → gently"),
           ("Adjectives ending in -ful: add -ly (double l)", "careful → carefully")),
          lambda e: e.pos == "adverb"),
    Topic("nouns-with-ness", "Nouns ending in -ness",
          "Turning adjectives into nouns that name a quality.",
          ("The suffix -ness turns an adjective into an uncountable noun that names a quality or state: "
           "kind → kindness, aware → awareness.",
           "Nouns ending in -ness are usually uncountable, so we do not use a or an with them: "
           "Thank you for your kindness."),
          (("Most adjectives: add -ness", "kind → kindness"), ("Consonant + -y: change y to i", "lonely → loneliness"),
           ("Adjectives ending in -n keep the n", "sudden → suddenness")),
          lambda e: e.word.endswith("ness")),
    Topic("negative-prefixes", "Negative prefixes: un-, dis-, in-, im-, ir-",
          "Prefixes that give a word the opposite meaning.",
          ("We can make many adjectives negative with a prefix. The most common one is un-: unkind, unhappy, unclear.",
           "Use im- before adjectives beginning with p, b or m (impolite, impatient, immodest), ir- before r "
           "(irreparable) and in- before many words of Latin origin (insecure, insincere). Dis- is used with some "
           "adjectives and many verbs (dishonest, disobey).",
           "There is no reliable rule for choosing between un- and in-: check the dictionary entry."),
          (("un-: the most common prefix", "kind → unkind"), ("im-: before p, b or m", "polite → impolite"),
           ("ir-: before r", "reparable → irreparable"), ("in-: many Latin-origin words", "secure → insecure"),
           ("dis-: some adjectives and verbs", "honest → dishonest")),
          lambda e: e.pos == "adjective" and e.base != e.word and e.word.startswith(("un", "im", "in", "ir", "dis"))),
    Topic("prefix-re", "The prefix re-",
          "Verbs that mean doing something again.",
          ("The prefix re- means 'again': reread means 'read again', rebuild means 'build again'.",
           "Most verbs with re- are written as one word. Use a hyphen when the verb without it would be "
           "confused with another word, or when the base starts with e: re-enter."),
          (("re- + verb", "read → reread"), ("re- + verb starting with e: hyphen", "enter → re-enter")),
          lambda e: e.pos == "verb" and e.base != e.word and e.word.startswith("re")),
    Topic("ful-and-less", "Adjectives with -ful and -less",
          "Two suffixes with opposite meanings.",
          ("The suffix -ful means 'full of' or 'having': hopeful, painful, powerful. The suffix -less means "
           "'without': hopeless, painless, powerless.",
           "Many nouns take both suffixes, but not all: useful and useless both exist, while there is no "
           "'jobful'. Note the single l in -ful."),
          (("-ful: full of, having", "hope → hopeful"), ("-less: without", "hope → hopeless")),
          lambda e: e.pos == "adjective" and e.base != e.word and (e.word.endswith("ful") or e.word.endswith("less"))),
    Topic("agent-nouns", "Agent nouns: -er and -or",
          "Nouns for the person or thing that does an action.",
          ("Add -er to a verb to name the person or thing that does the action: teach → teacher, print → printer.",
           "Some verbs, mostly of Latin origin, take -or instead: visit → visitor, translate → translator. "
           "If the verb ends in -e, just add -r: bake → baker."),
          (("Most verbs: add -er", "teach → teacher"), ("Verbs ending in -e: add -r", "bake → baker"),
           ("Latin-origin verbs: often -or", "invent → inventor")),
          lambda e: e.pos == "noun" and e.base != e.word and e.word.endswith(("er", "or")) and e.base in data.entries()
          and data.entries()[e.base].pos == "verb"),
)


def topic(slug: str) -> Topic | None:
    return next((t for t in TOPICS if t.slug == slug), None)
