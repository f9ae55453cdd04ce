"""Split a query into tokens: numbers, words and symbols (the answer engine never evaluates text).

Numbers keep their exact value ("1,250.5" is 2501/2); words are lower-cased and may carry a degree
sign or a superscript (°f, km²); symbols are the arithmetic operators and brackets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d*|\.\d+|\d+)"
    r"|(?P<word>[a-zA-Z\u00c0-\u024f°][a-zA-Z\u00c0-\u024f²³'’]*)"
    r"|(?P<sym>\*\*|[-+*/^()%!×÷−·,√]))"
)


class LexError(ValueError):
    """A character the grammar does not know."""


@dataclass(frozen=True)
class Token:
    kind: str            # num, word, sym
    text: str            # as typed (words lower-cased, symbols normalised: × ÷ − · ** become * / - * ^)
    value: Fraction | None = None


_SYMBOLS = {"×": "*", "·": "*", "÷": "/", "−": "-", "**": "^"}


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise LexError(f"unexpected character {text[pos]!r}")
        pos = m.end()
        if m.group("num"):
            raw = m.group("num")
            out.append(Token("num", raw, Fraction(raw.replace(",", ""))))
        elif m.group("word"):
            out.append(Token("word", m.group("word").lower().replace("’", "'")))
        else:
            sym = m.group("sym")
            out.append(Token("sym", _SYMBOLS.get(sym, sym)))
    return out


def word_tuple(text: str) -> tuple[str, ...]:
    """The token texts of a phrase, e.g. "km/h" -> ("km", "/", "h")."""
    return tuple(t.text for t in tokenize(text))
