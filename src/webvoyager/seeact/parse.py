"""Tolerant parsers for SeeAct's grounding replies and the SELECT option matcher.

Models answer `ELEMENT: X / ACTION: OP / VALUE: v` in many shapes: one field per line or all on one
line, in markdown bold, lower case, with quotes, with the letter followed by the option text, and
sometimes after echoing the answer format from the prompt ("ELEMENT: The uppercase letter of your
choice."). The parser reads every `KEY: value` field, discards values that cannot be answers, and takes
the last answer block, because echoed instructions and reasoning come before the final answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from webvoyager.browser.action_set import SEEACT

OPERATIONS: tuple[str, ...] = tuple(op for spec in SEEACT for op in spec.seeact)
"""Operations SeeAct's policy understands, in canonical spelling (declared with the actions)."""

_KEY = re.compile(
    r"(?<![A-Za-z])(element[ _]+type|element[ _]+text|element|action|operation|value|label|coordinates?|point)"
    r"[\s*_`]*[:：=][\s*_`]*",
    re.IGNORECASE,
)
_NONE_WORDS = {"", "none", "n/a", "na", "null", "nil", "-", "no value", "empty", "nothing"}
# Other words models use for an operation; every operation also stands for itself.
_OP_ALIASES = {
    "TAP": "CLICK", "PRESS": "PRESS ENTER", "ENTER": "PRESS ENTER", "PRESSENTER": "PRESS ENTER", "INPUT": "TYPE",
    "FILL": "TYPE", "STOP": "TERMINATE", "ANSWER": "TERMINATE", "DONE": "TERMINATE", "FINISH": "TERMINATE",
    "SCROLL": "SCROLL DOWN", "GOBACK": "GO BACK", "BACK": "GO BACK", "NONE": "NONE",
    **{op: op for op in OPERATIONS},
}


@dataclass(frozen=True)
class Field:
    key: str      # lower-case, single-spaced key name ("element", "element type", "action", ...)
    value: str    # raw text after the colon up to the next key or the end of the line
    pos: int      # offset in the reply, for ordering


@dataclass(frozen=True)
class GroundingReply:
    """What a stage-2 reply says. `element` is an upper-case letter, "NONE", or None when missing."""

    element: str | None = None
    operation: str | None = None       # one of OPERATIONS, "NONE", or None when missing
    value: str = ""
    element_type: str = ""             # attributes mode
    element_text: str = ""             # attributes mode
    point: tuple[float, float] | None = None   # coordinates mode


def _clean(value: str) -> str:
    """Strip markdown emphasis, quotes, brackets and trailing separators around a field value."""
    value = value.strip()
    value = re.sub(r"[\s/|,;]+$", "", value)
    value = value.strip(" \t*`_")
    while len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'`":
        value = value[1:-1].strip()
    if len(value) >= 2 and value[0] in "“‘«" and value[-1] in "”’»":
        value = value[1:-1].strip()
    return value


def fields(text: str) -> list[Field]:
    """Every `KEY: value` field of a reply, in order; a value ends at the next key or line end."""
    out: list[Field] = []
    for line_start, line in _lines_with_offsets(text):
        matches = list(_KEY.finditer(line))
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(line)
            key = re.sub(r"[\s_]+", " ", m.group(1).lower())
            out.append(Field(key=key, value=line[m.end():end], pos=line_start + m.start()))
    return out


def _lines_with_offsets(text: str) -> list[tuple[int, str]]:
    lines, pos = [], 0
    for line in text.splitlines(keepends=True):
        lines.append((pos, line.rstrip("\r\n")))
        pos += len(line)
    return lines


_LETTER = re.compile(r"^(?i:option|choice)?\s*[\[(<\"'`*]*\s*([A-Za-z]{1,2})(?![A-Za-z])\s*[\])>\"'`*]*\s*[.:)\-]?")


def parse_letter(value: str) -> str | None:
    """An option letter from an ELEMENT value: 'H', 'h', '"B."', '[C]', 'H. <button ...>'.

    Returns "NONE" for an explicit none ("None", "None of the above") and None for text that is not
    an answer, such as an echoed instruction ("The uppercase letter of your choice.").
    """
    value = _clean(value)
    lowered = value.lower()
    if lowered in _NONE_WORDS or lowered.startswith("none of"):
        return "NONE"
    m = _LETTER.match(value)
    if not m:
        return None
    token = m.group(1)
    rest = value[m.end():].strip()
    # A lower-case or mixed-case word counts only when it stands alone ("b"), so that words such as
    # "The" in an echoed instruction are never read as a letter.
    if token.isupper() or not rest:
        if token.isupper() or len(token) == 1:
            return token.upper()
    return None


def parse_operation(value: str) -> str | None:
    """Canonical operation of an ACTION value ('click', '**TYPE**', 'Press Enter', 'scroll_down')."""
    cleaned = re.sub(r"[^A-Za-z ]+", " ", _clean(value)).upper()
    words = cleaned.split()
    if not words:
        return None
    for n in (2, 1):
        key = " ".join(words[:n])
        if key in _OP_ALIASES:
            return _OP_ALIASES[key]
    return None


def parse_value(value: str) -> str:
    """A VALUE field's text; "", when the model wrote None / N/A / nothing."""
    cleaned = _clean(value)
    return "" if cleaned.lower() in _NONE_WORDS else cleaned


_POINT = re.compile(r"\(?\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*\)?")


def parse_point(value: str) -> tuple[float, float] | None:
    """A point from '(512, 300)', '512,300', 'x=512, y=300' or '[512 300]'."""
    value = re.sub(r"[xy]\s*[:=]", "", value, flags=re.IGNORECASE)
    m = _POINT.search(value)
    if not m:
        return None
    return float(m.group(1)), float(m.group(2))


def parse_grounding(text: str) -> GroundingReply:
    """Read the final answer block of a stage-2 reply (any grounding mode).

    The answer block is anchored at the last field that holds a real answer for the mode's main key
    (element letter, element type, or point); ACTION and VALUE are the first valid ones after it, or
    the last valid ones before it when the model put them first.
    """
    all_fields = fields(text)
    anchor: Field | None = None
    for f in all_fields:
        if _is_answer(f):
            anchor = f
    reply: dict[str, object] = {}
    if anchor is None:
        op_fields = [f for f in all_fields if f.key in ("action", "operation") and parse_operation(f.value)]
        if not op_fields:
            return GroundingReply()
        anchor = op_fields[-1]
    block = _block_around(all_fields, anchor)
    for f in block:
        if f.key == "element" and "element" not in reply and parse_letter(f.value) is not None:
            reply["element"] = parse_letter(f.value)
        elif f.key in ("label",) and "element" not in reply and parse_letter(f.value) is not None:
            reply["element"] = parse_letter(f.value)
        elif f.key == "element type" and "element_type" not in reply and _clean(f.value):
            reply["element_type"] = _clean(f.value).upper()
        elif f.key == "element text" and "element_text" not in reply:
            reply["element_text"] = parse_value(f.value)
        elif f.key in ("coordinates", "coordinate", "point") and "point" not in reply and parse_point(f.value):
            reply["point"] = parse_point(f.value)
        elif f.key in ("action", "operation") and "operation" not in reply and parse_operation(f.value):
            reply["operation"] = parse_operation(f.value)
        elif f.key == "value" and "value" not in reply:
            reply["value"] = parse_value(f.value)
    return GroundingReply(
        element=reply.get("element"),  # type: ignore[arg-type]
        operation=reply.get("operation"),  # type: ignore[arg-type]
        value=str(reply.get("value", "")),
        element_type=str(reply.get("element_type", "")),
        element_text=str(reply.get("element_text", "")),
        point=reply.get("point"),  # type: ignore[arg-type]
    )


def _is_answer(f: Field) -> bool:
    if f.key in ("element", "label"):
        return parse_letter(f.value) is not None
    if f.key == "element type":
        return bool(re.fullmatch(r"[A-Za-z ]{2,20}", _clean(f.value))) and _clean(f.value).isupper()
    if f.key in ("coordinates", "coordinate", "point"):
        return parse_point(f.value) is not None
    return False


def _block_around(all_fields: list[Field], anchor: Field) -> list[Field]:
    """The anchor, then the fields after it, then (as fallback) the fields before it, nearest first."""
    i = all_fields.index(anchor)
    after = all_fields[i:]
    before = list(reversed(all_fields[:i]))
    # Fields before the anchor only fill what the block after it lacks (order matters in the loop).
    return after + [f for f in before if f.key in ("action", "operation", "value")]
