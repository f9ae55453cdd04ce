"""Golden answers: reading `reference_answer.json` and matching an agent's answer against one.

The golden signal is deliberately simple and stated in the report: after normalisation (lower case,
punctuation to spaces, thousands separators dropped), the golden answer must occur in the agent's answer
as whole words. It is a separate signal from the task's own check and the judge's verdict.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from webvoyager.errors import TaskFileError
from webvoyager.text import normalize_text


def normalize_answer(text: str) -> str:
    """Lower-case words and numbers separated by single spaces, for whole-word containment."""
    text = normalize_text(text)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)          # 1,234 -> 1234
    text = re.sub(r"(?<=\d)\.(?=\d)", "\u0000", text)         # keep decimal points
    text = re.sub(r"[^\w\u0000]+", " ", text)
    return re.sub(r"\s+", " ", text.replace("\u0000", ".")).strip()


def golden_match(answer: str | None, golden: str | None) -> bool | None:
    """True/False when there is a golden answer (no answer never matches); None when there is none."""
    if golden is None or not golden.strip():
        return None
    if answer is None:
        return False
    want = normalize_answer(golden)
    if not want:
        return None
    return f" {want} " in f" {normalize_answer(answer)} "


def load_reference_answers(path: Path) -> dict[str, tuple[str, str]]:
    """Map task id ("Site--n") to (type, answer) from a WebVoyager `reference_answer.json`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TaskFileError(f"cannot read reference answers {path}: {exc}; pass the reference_answer.json "
                            "from the WebVoyager repository or remove it") from None
    out: dict[str, tuple[str, str]] = {}
    if not isinstance(data, dict):
        raise TaskFileError(f"{path}: expected an object keyed by site name")
    for site, block in data.items():
        for entry in (block or {}).get("answers", []):
            try:
                out[f"{site}--{int(entry['id'])}"] = (str(entry["type"]), str(entry["ans"]))
            except (KeyError, TypeError, ValueError):
                raise TaskFileError(f"{path}: site {site!r} has an answer without id/type/ans: {entry!r}") from None
    return out
