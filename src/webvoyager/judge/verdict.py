"""Reading a judge's reply: the verdict token and (keypoints protocol) the per-requirement lines."""

from __future__ import annotations

import re

from webvoyager.runs.judgements import NOT_SUCCESS, SUCCESS, Requirement

_VERDICT = re.compile(r"\b(not[\s_-]+success|success)\b", re.IGNORECASE)
_REQUIREMENT = re.compile(
    r"^\W*(?:requirement\s*)?(\d+)\s*[:.)\]-]\s*\**\s*(not\s+met|met|unclear)\b\**\s*[-\u2013\u2014:]?\s*(.*)$",
    re.IGNORECASE | re.MULTILINE,
)
_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[-*\u2022])\s+(.+?)\s*$", re.MULTILINE)


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
