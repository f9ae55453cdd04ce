"""Small text helpers every layer shares: normalising for comparisons, first lines, option matching."""

from __future__ import annotations

import difflib
import re
from html.entities import codepoint2name
from typing import Sequence

OPTION_CUTOFF = 0.6
"""Least difflib similarity for a fuzzy option match (a typo'd option name still counts)."""


def normalize_text(text: str) -> str:
    """Lower-case, unify quotes and dashes, and collapse whitespace, for lenient comparisons."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", text).strip().lower()


def norm_words(text: str) -> str:
    """Lower-case words with punctuation and runs of spaces folded to single spaces (for matching)."""
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text.lower())).strip()


def first_line(text: object) -> str:
    """The first non-empty line of `text`, stripped; for an exception with no message, its type name."""
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()
    return type(text).__name__ if isinstance(text, BaseException) else ""


def match_option(options: Sequence[str], wanted: str, *, cutoff: float = OPTION_CUTOFF) -> int | None:
    """Index of the option of a list (a `<select>`) that best matches `wanted`, or None.

    In order: the exact text; the same words ignoring case and punctuation; an option that contains
    the wanted words (the shortest such: "Economy" picks "Economy", not "Premium Economy"); an option
    whose words are inside the wanted text (the longest such); else the most similar by difflib ratio
    at or above `cutoff`. The browser's Select and SeeAct's grounding both use this one rule.
    """
    target = norm_words(wanted)
    if not options or not target:
        return None
    for i, option in enumerate(options):
        if option == wanted:
            return i
    normed = [norm_words(o) for o in options]
    for i, n in enumerate(normed):
        if n == target:
            return i
    containing = [i for i, n in enumerate(normed) if n and target in n]
    if containing:
        return min(containing, key=lambda i: (len(normed[i]), i))
    inside = [i for i, n in enumerate(normed) if n and n in target]
    if inside:
        return min(inside, key=lambda i: (-len(normed[i]), i))
    scores = [difflib.SequenceMatcher(None, n, target).ratio() for n in normed]
    best = max(range(len(options)), key=lambda i: (scores[i], -i))
    return best if scores[best] >= cutoff else None


def format_pattern(template: str) -> re.Pattern[str]:
    """A regex matching what `template.format(...)` writes, one named group per `{field}`, for code that
    reads back a sentence it (or a lower layer) wrote. Fields match lazily and across lines; use
    `fullmatch`."""
    pattern, pos = [], 0
    for found in re.finditer(r"\{(\w+)\}", template):
        pattern += [re.escape(template[pos:found.start()]), f"(?P<{found.group(1)}>.*?)"]
        pos = found.end()
    pattern.append(re.escape(template[pos:]))
    return re.compile("".join(pattern), re.DOTALL)


def bullets(lines: Sequence[str]) -> list[str]:
    """The items of a `- ` list: each `- ` line with the lines after it up to the next one (text before
    the first item is ignored)."""
    items: list[str] = []
    for line in lines:
        if line.startswith("- "):
            items.append(line[2:])
        elif items:
            items[-1] += "\n" + line
    return items


# ----- the spellings of a secret -------------------------------------------------------------------
# A secret is written in many ways on its way through a page and a run: as typed; URL-encoded by a form
# sent by GET (`quote_plus`, the browser's form encoding) or by a script (`quote`, encodeURIComponent),
# in either case of hex, once or twice (an address inside an address); HTML-escaped by a page's template
# (`&amp;`, `&#38;`, `&#x26;`); JSON-escaped (`\u0026`, `\"`); with its spaces as `+`, runs of spaces or
# non-breaking spaces. `secret_pattern` matches all of them, in any mix, as one regular expression whose
# source is valid in Python and in a page's JavaScript (where screenshots are masked).

_JS_SPECIAL = set("\\^$.|?*+()[]{}/-")
_JSON_SHORT = {'"': '\\\\"', "\\": "\\\\\\\\", "/": "\\\\/"}


def _literal(char: str) -> str:
    return "\\" + char if char in _JS_SPECIAL else char


def _char_spellings(char: str) -> list[str]:
    """Regex alternatives for one character of a secret (matched case-insensitively)."""
    code = ord(char)
    percent = "".join(f"%(?:25)?{byte:02X}" for byte in char.encode("utf-8"))
    forms = [_literal(char), percent, f"&#0*{code};", f"&#x0*{code:X};"]
    if code in codepoint2name:   # &amp; &lt; &eacute; ... (HTML 4's names; &apos; is XML's)
        forms.append(f"&{codepoint2name[code]};")
    if char == "'":
        forms.append("&apos;")
    if char in _JSON_SHORT:
        forms.append(_JSON_SHORT[char])
    if code <= 0xFFFF:
        forms.append(f"\\\\u{code:04X}")
    if char.isspace():
        forms = ["\\s+", "\\+", "&nbsp;", "&#0*160;", "&#x0*A0;", "%(?:25)?C2%(?:25)?A0", *forms]
    return forms


def secret_pattern(secret: str) -> str:
    """The source of a regular expression (to be used case-insensitively) matching every spelling of
    `secret` listed above, in Python (`re.IGNORECASE`) and JavaScript (`new RegExp(src, "gi")`)."""
    return "".join("(?:" + "|".join(_char_spellings(c)) + ")" for c in secret)


# Terminal control in text that came from a page or a model: escape sequences (CSI such as colours and
# clear-screen, OSC such as a window title or a hyperlink, DCS/SOS/PM/APC strings, two-byte escapes, and
# their one-byte C1 forms), then lone C0 controls other than newline and tab, DEL, the C1 range and the
# bidirectional overrides and isolates that reorder what a person reads ("Trojan source").
_TERMINAL_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"                   # CSI ... final byte
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC ... BEL or ST
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"     # DCS, SOS, PM, APC ... ST
    r"|\x1b[ -/]*[0-~]?"                          # any other escape (charset, keypad, reset)
    r"|\x9b[0-?]*[ -/]*[@-~]?"                    # C1 CSI
    r"|[\x90\x98\x9d-\x9f][^\x07\x1b\x9c]*(?:\x07|\x9c)?"  # C1 DCS, SOS, OSC, PM, APC strings
)
_TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` safe to print on a terminal: no escape sequences, no control characters but newline and
    tab, no bidirectional overrides. Every printer of the CLI passes what it prints through this
    (cli/common.SafeConsole), as do the `human` model and the confirm gate, which print page text."""
    if text.isprintable():
        return text
    return _TERMINAL_CONTROLS.sub("", _TERMINAL_ESCAPES.sub("", text))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")


def csv_cell(value: object) -> object:
    """A CSV cell that a spreadsheet will not run as a formula: text starting with = + - @ tab or CR gets
    a leading apostrophe (OWASP's rule for CSV injection); a plain number ("-1", a reward) is left as it
    is. Every CSV the project writes (report.csv, judge agreement) passes its cells through this."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_row(values: Sequence[object]) -> list[object]:
    """`csv_cell` of every value of a row."""
    return [csv_cell(v) for v in values]
