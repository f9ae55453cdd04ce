"""Reading a judge's reply: the verdict token, (keypoints) the per-requirement lines, and (webjudge) a
screenshot's score and the outcome's status line."""

from __future__ import annotations

import re

from webvoyager.runs.judgements import NOT_SUCCESS, SUCCESS, Requirement

_VERDICT = re.compile(r"\b(not[\s_-]+success|success)\b", re.IGNORECASE)
_REQUIREMENT = re.compile(
    r"^\W*(?:requirement\s*)?(\d+)\s*[:.)\]-]\s*\**\s*(not\s+met|met|unclear)\b\**\s*[-\u2013\u2014:]?\s*(.*)$",
    re.IGNORECASE | re.MULTILINE,
)
_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[-*\u2022])\s+(.+?)\s*$", re.MULTILINE)
_SCORE_WORD = re.compile(r"\bscore\b", re.IGNORECASE)
# A stated scale ("(1-5)", "1 to 5") and a denominator ("4/5") are not the score.
_SCALE = re.compile(r"\(?\b1\s*(?:-|\u2013|to)\s*5\b\)?|/\s*5\b", re.IGNORECASE)
_NUMBER = re.compile(r"\b(\d+)\b")
_STATUS = re.compile(r"\bstatus\b\W{0,8}(success|failure|failed|fail)\b", re.IGNORECASE)


def parse_verdict(text: str) -> str | None:
    """SUCCESS or NOT SUCCESS from the LAST such token in `text` (case-insensitive); None if absent."""
    matches = list(_VERDICT.finditer(text or ""))
    if not matches:
        return None
    return NOT_SUCCESS if matches[-1].group(1).lower().startswith("not") else SUCCESS


def original_verdict(text: str) -> str | None:
    """The original WebVoyager evaluator's rule (paper protocol): a reply holding `NOT SUCCESS` anywhere
    fails, else one holding `SUCCESS` succeeds, else no verdict (case-sensitive, as there)."""
    text = text or ""
    if "SUCCESS" not in text:
        return None
    return NOT_SUCCESS if "NOT SUCCESS" in text else SUCCESS


def parse_requirement_list(text: str) -> list[str]:
    """Numbered or bulleted lines of the extraction reply; a reply without any gives one line per line."""
    items = [m.group(1) for m in _NUMBERED.finditer(text or "")]
    if not items:
        items = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return items


def parse_requirement_verdicts(text: str, requirements: list[str]) -> list[Requirement]:
    """One Requirement per extracted requirement, with met True/False/None (not mentioned or unclear)."""
    found: dict[int, tuple[bool | None, str]] = {}
    for m in _REQUIREMENT.finditer(text or ""):
        word = m.group(2).lower()
        met = None if word == "unclear" else not word.startswith("not")
        found[int(m.group(1))] = (met, m.group(3).strip())
    return [Requirement(text=req, met=found.get(i, (None, ""))[0], reason=found.get(i, (None, ""))[1])
            for i, req in enumerate(requirements, start=1)]


def parse_score(text: str) -> int | None:
    """A screenshot's score (webjudge stage 2): on the LAST line that names a score and holds a number, the
    first number after the word, once a stated scale ("(1-5)") or denominator ("/5") is dropped; None
    when there is no such line or the number is not 1 to 5 (the caller does not keep the screenshot)."""
    for line in reversed((text or "").splitlines()):
        word = _SCORE_WORD.search(line)
        if word is None:
            continue
        found = _NUMBER.search(_SCALE.sub(" ", line[word.end():]))
        if found is None:
            continue
        score = int(found.group(1))
        return score if 1 <= score <= 5 else None
    return None


def parse_status(text: str) -> str | None:
    """The outcome (webjudge stage 3) from the LAST `Status: success|failure` in `text` (any case, with
    markdown or quotes around the word; "fail"/"failed" count as failure): SUCCESS, NOT SUCCESS, or None."""
    matches = list(_STATUS.finditer(text or ""))
    if not matches:
        return None
    return SUCCESS if matches[-1].group(1).lower() == "success" else NOT_SUCCESS


def screenshot_reason(text: str) -> str:
    """The judge's reason for a screenshot's score: its reply without the score line(s) and a leading
    "Reasoning" label, first paragraph only, on one line (the original layout lists these reasons)."""
    lines = [line for line in (text or "").splitlines() if not _SCORE_WORD.search(line)]
    body = re.sub(r"^[\W\d]*reason(?:ing)?\W*", "", "\n".join(lines).strip(), flags=re.IGNORECASE)
    return " ".join(body.split("\n\n")[0].split())
