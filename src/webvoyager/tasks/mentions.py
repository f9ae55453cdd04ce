"""Reading an answer the way a strict grader does: which phrases it mentions, which numbers it states.

A phrase is *mentioned* when it occurs in the normalised answer as whole words: "v1.1.0" is not
mentioned by "v11.1.0", "133" not by "1330" or "133.5", "im-" not by "impolite". A *number mention*
is a number in the answer with what stands around it: a currency sign before it, the words after it
(its unit) and the word before it ("serves 6"). Number words (one to twenty, the tens) and scale
suffixes (12.4k, 3 million) are read as numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.text import normalize_text

_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def normalize_answer(text: str) -> str:
    """normalize_text, with thousands separators dropped ("1,390" reads as "1390")."""
    return _THOUSANDS.sub("", normalize_text(text))


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    norm = normalize_answer(phrase)
    # A hyphen joins words into one name: "fast-cache" is not mentioned by "fast-cache-rs" (but a dash
    # between numbers is a range: "12 pm-11:30 pm" mentions "11:30 pm").
    before = r"(?<![0-9a-z])" + (r"(?<![a-z]-)" if norm[:1].isalpha() else "") if norm[:1].isalnum() else ""
    after = r"(?![0-9a-z])" + (r"(?!-[a-z])" if norm[-1:].isalpha() else "") if norm[-1:].isalnum() else ""
    if norm[:1].isdigit():
        before += r"(?<!\d[.,])"
    if norm[-1:].isdigit():
        after += r"(?![.,]\d)"
    return re.compile(before + re.escape(norm) + after)


def mention_spans(text: str, phrase: str) -> list[tuple[int, int]]:
    """Where `phrase` is mentioned in `text` (both normalised), as spans of the normalised text."""
    if not normalize_answer(phrase):
        return []
    return [m.span() for m in _phrase_pattern(phrase).finditer(normalize_answer(text))]


def mentions(text: str, phrase: str) -> bool:
    """True when `text` mentions `phrase` as whole words (see the module docstring)."""
    return bool(mention_spans(text, phrase))


# An answer that offers alternatives for what was asked ("Either v1.1.0 or v2.10.0", "12, or possibly 13",
# "not sure whether A or B") has not answered: a grader gives no credit for the value it happens to include.
_HEDGE = re.compile(r"\beither\b.*\bor\b|\bor (?:possibly|perhaps|maybe|probably)\b|"
                    r"\b(?:not sure|unsure|uncertain) (?:whether|if)\b", re.DOTALL)


def hedges(text: str) -> bool:
    """True when the answer hedges between values (either/or, "or possibly", "not sure whether")."""
    return bool(_HEDGE.search(normalize_answer(text)))


# ----- numbers ---------------------------------------------------------------------------------

_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90})
_SCALES = {"k": 1e3, "thousand": 1e3, "million": 1e6, "mn": 1e6, "bn": 1e9, "billion": 1e9}
_CURRENCY = r"(?:us\$|usd\s?|\$|€|eur\s?|£|gbp\s?|¥|jpy\s?|₹|chf\s?)"
_NUMBER = re.compile(
    r"(?P<currency>" + _CURRENCY + r")?\s?"
    r"(?P<sign>(?<![0-9a-z.])[-−](?=\d))?"
    r"(?<![0-9a-z.])(?P<digits>\d+(?:\.\d+)?|(?:" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r"))"
    r"(?P<scale>(?<=\d)(?:k|mn|bn)|\s(?:thousand|million|billion))?"
    r"(?![0-9a-z])(?P<joined>-(?=[a-z]))?")
_TOKEN = re.compile(r"[a-z%°²³µ$€£]+[a-z%°²³]*")

KNOWN_UNITS = frozenset(
    "% percent percentage points pp point g gram grams kg kilogram kilograms mg lb lbs pound pounds oz ounce ounces "
    "km kilometre kilometres kilometer kilometers m metre metres meter meters cm mm mi mile miles ft foot feet in "
    "inch inches yd yard yards l litre litres liter liters ml gal gallon gallons cup cups tbsp tsp "
    "s sec second seconds min mins minute minutes h hr hrs hour hours day days week weeks month months year years "
    "kcal cal calorie calories kj °c °f c f degree degrees mph kmh kph w kw watt watts mah wh v volt volts gb tb mb "
    "kb ghz mhz hz px star stars review reviews rating ratings vote votes serving servings people person "
    "night nights room rooms adult adults guest guests stop stops seat seats item items unit units piece pieces "
    "word words page pages paper papers issue issues commit commits star-rating epochs epoch gpus gpu "
    "download downloads like likes follower followers point points goal goals assist assists game games "
    "run runs lesson lessons module modules video videos course courses hour-long minute-long m² sq ft² "
    "km² mi² ha hectare hectares acre acres sq km sqkm".split())


@dataclass(frozen=True)
class NumberMention:
    """One number in an answer and its surroundings (normalised, lower-case)."""

    value: float
    currency: str    # "$", "€", "usd", ... written before it, or ""
    following: str   # the text right after it (up to 40 characters)
    preceding: str   # the text right before it (up to 30 characters)
    joined: bool = False   # hyphen-joined to the word after it ("five-star", "3-day")

    @property
    def unit(self) -> str:
        """The first word after the number ("" when none)."""
        found = _TOKEN.match(self.following)
        return found.group(0) if found else ""


_BIG = re.compile(r"(\d)\s?([MB])(?![A-Za-z])")
_GLUED = re.compile(r"(?<![A-Za-z])(\d+(?:[.,]\d+)?)([A-Za-z°µ²³]+)(?![A-Za-z])")
_FUNCTION_WORDS = frozenset("in on of at for per from to and or the a an so as by with total overall altogether "
                            "exactly about around approximately roughly is are was were".split())


def _prepared(text: str) -> str:
    """Capital M/B after a number are millions and billions ("2.5M"); a unit glued to its number is cut
    off it ("617g" -> "617 g"), but not an ordinal or a code ("5th", "mp3")."""
    text = _BIG.sub(lambda m: f"{m.group(1)} {'million' if m.group(2) == 'M' else 'billion'}", text)
    return _GLUED.sub(lambda m: f"{m.group(1)} {m.group(2)}" if m.group(2).lower() in KNOWN_UNITS else m.group(0),
                      text)


def number_mentions(text: str) -> list[NumberMention]:
    """Every number mentioned in `text`, in order."""
    norm = normalize_answer(_prepared(text))
    found = []
    for m in _NUMBER.finditer(norm):
        raw = m.group("digits")
        value = float(raw) if raw[0].isdigit() else float(_WORDS[raw])
        if m.group("scale"):
            value *= _SCALES[m.group("scale").strip()]
        if m.group("sign"):
            value = -value
        found.append(NumberMention(value=value, currency=(m.group("currency") or "").strip(),
                                   following=norm[m.end():m.end() + 40].lstrip(),
                                   preceding=norm[max(0, m.start() - 30):m.start()].rstrip(),
                                   joined=bool(m.group("joined"))))
    return found


def _starts_with_unit(mention: NumberMention, unit: str) -> bool:
    """The text right after a number starts with the unit, maybe after one word ("two such courses",
    "3249 training examples"), unless the number is joined to that word ("five-star ratings")."""
    pattern = re.escape(unit) + r"(?:s|es)?(?![0-9a-z])"
    text = mention.following
    return bool(re.match(pattern, text) or (not mention.joined and re.match(r"[a-z][a-z-]*\s+" + pattern, text)))


def _ends_with_unit(text: str, unit: str) -> bool:
    return bool(re.search(r"(?<![0-9a-z])" + re.escape(unit) + r"$", text))


def stated_numbers(text: str, *, units: tuple[str, ...] = (), currency: str | None = None) -> list[float]:
    """The numbers `text` states as the quantity asked for.

    With `units` (phrases, e.g. "servings", "five-star ratings"): the numbers the text follows with one
    of them (or puts one right before: "serves 6"); when no number has one, the numbers that carry no
    unit or currency at all (a bare "6" answers "how many servings"). With `currency`: the amounts in
    that currency, else the bare numbers. Otherwise every number.
    """
    found = number_mentions(text)
    # A bare number stands alone ("It makes 6.", "6 in total"); one followed by a word of its own ("575
    # forks", "6 oz") states some other quantity.
    bare = [n for n in found if not n.currency and (not n.unit or n.unit in _FUNCTION_WORDS)]
    if currency is not None:
        group = _currency_group(normalize_answer(currency))
        marked = [n for n in found if (n.currency and _currency_group(n.currency) == group) or
                  (n.unit in _CURRENCY_WORDS and _currency_group(n.unit) == group)]
        return [n.value for n in _with_listed(found, marked or bare)]
    if units:
        wanted = tuple(normalize_answer(u) for u in units)
        with_unit = [n for n in found if any(_starts_with_unit(n, u) or
                                              _ends_with_unit(n.preceding, u) for u in wanted)]
        return [n.value for n in _with_listed(found, with_unit or bare)]
    return [n.value for n in found]


_CURRENCIES = (frozenset({"$", "us$", "usd", "dollars", "dollar"}), frozenset({"€", "eur", "euros", "euro"}),
               frozenset({"£", "gbp", "pounds", "pound"}), frozenset({"¥", "jpy", "yen"}))
_CURRENCY_WORDS = frozenset(w for group in _CURRENCIES for w in group if w.isalpha())
_LISTED = re.compile(r"^(?:-|–|to|and|or)\s*(?:\$|€|£)?\s*\d")


def _currency_group(written: str) -> frozenset[str] | None:
    """The currency a sign, code or word names ("$", "us$", "usd" and "dollars" are one)."""
    written = written.strip()
    return next((group for group in _CURRENCIES if written in group), None)


def _with_listed(found: list[NumberMention], chosen: list[NumberMention]) -> list[NumberMention]:
    """`chosen` plus the numbers joined to one of them by a range or an alternative ("40 and 50 hours",
    "$40-50", "5 or 6 stars"): each of them is a candidate too. Commas do not join ("TN 1584, $195")."""
    picked = set(map(id, chosen))
    for _ in range(len(found)):
        grew = False
        for i, n in enumerate(found):
            if id(n) in picked:
                continue
            after = found[i + 1] if i + 1 < len(found) else None
            before = found[i - 1] if i > 0 else None
            if (after is not None and id(after) in picked and _LISTED.match(n.following)) or \
               (before is not None and id(before) in picked and _LISTED.match(before.following)):
                picked.add(id(n))
                grew = True
        if not grew:
            break
    return [n for n in found if id(n) in picked]
