"""The stand-ins as judges: offline replies to the `webvoyager` judging method's request.

`webvoyager judge RUN --method webvoyager --model reference|gullible` judges without a key, so that
judging and `judge calibrate` (judge/calibration.py) run end to end offline. They are two kinds of judge
whose errors calibration can measure against the code checks:

* `gullible` takes the agent at its word: any answer that does not admit failure is a SUCCESS.
* `reference` checks the answer against the screenshots it is shown (read with Tesseract): every number
  the answer states, and every capitalised name, must be on one of them. It never sees the task file, so
  it passes an answer that quotes the wrong row of the page, or names two values that are both shown.

Only the `webvoyager` method's request is understood (one call: our system prompt or the paper's wording);
the other methods' requests are refused with an error that says so.
"""

from __future__ import annotations

import re
from typing import Sequence

from webvoyager.errors import ConfigError
from webvoyager.models.base import Message
from webvoyager.standins.ocr import read_words
from webvoyager.tasks.mentions import normalize_answer, number_mentions

_VERDICT_ASKED = re.compile(r"NOT SUCCESS", re.IGNORECASE)
_ANSWER = re.compile(r"(?:final answer of the assistant|result response)\s*:\s*(.*?)(?:\n\s*\n|\Z)",
                     re.IGNORECASE | re.DOTALL)
_ADMITS_FAILURE = re.compile(r"\b(?:could not|couldn't|cannot|can't|unable|not able|failed to|did not load)\b|"
                             r"^\s*(?:n/?a|none|done\.?)\s*$", re.IGNORECASE)
_NAME = re.compile(r"\b[A-Z][\w'’.-]{2,}")
_NOT_NAMES = frozenset({"the", "its", "it's", "either", "there", "this", "that", "they", "then", "and", "with",
                        "from", "for", "after", "before", "both", "one", "yes", "not", "but", "answer"})


def is_judge_request(messages: Sequence[Message]) -> bool:
    """Whether `messages` ask for a verdict (a judge's request) rather than the agent's next step."""
    return any(_VERDICT_ASKED.search(m.text_content) for m in messages if m.role in ("system", "user")) and \
        any(_ANSWER.search(m.text_content) for m in messages if m.role == "user")


def _answer(messages: Sequence[Message]) -> str:
    for m in messages:
        found = _ANSWER.search(m.text_content) if m.role == "user" else None
        if found:
            return found.group(1).strip()
    raise ConfigError("the stand-in judges answer the webvoyager method's request only (task, final answer, "
                      "screenshots); judge with --method webvoyager")


def gullible_verdict(messages: Sequence[Message]) -> str:
    """The gullible judge's reply: the agent's claim is believed unless it admits failure."""
    answer = _answer(messages)
    if not answer or _ADMITS_FAILURE.search(answer):
        return f"The assistant says it did not finish ({answer[:80]!r}).\nVerdict: NOT SUCCESS"
    return f"The assistant answered {answer[:120]!r}, so the task is done.\nVerdict: SUCCESS"


def _screen_text(messages: Sequence[Message]) -> str:
    words = [w.text for m in messages if m.role == "user" for image in m.images for w in read_words(image.data)]
    return normalize_answer(" ".join(words))


def reference_verdict(messages: Sequence[Message]) -> str:
    """The reference judge's reply: SUCCESS when every number and name the answer states is on a
    screenshot it was shown (see the module docstring)."""
    answer = _answer(messages)
    if not answer or _ADMITS_FAILURE.search(answer):
        return f"The assistant says it did not finish ({answer[:80]!r}).\nVerdict: NOT SUCCESS"
    screen = _screen_text(messages)
    shown = {n.value for n in number_mentions(screen)}
    missing = [f"{n.value:g}" for n in number_mentions(answer) if n.value not in shown]
    names = {normalize_answer(m.group(0)).strip(".'’") for m in _NAME.finditer(answer)} - _NOT_NAMES
    missing += sorted(n for n in names if n and not re.search(r"(?<![0-9a-z])" + re.escape(n) + r"(?![0-9a-z])",
                                                                screen))
    if missing:
        return f"The screenshots do not show {', '.join(missing[:6])} from the answer.\nVerdict: NOT SUCCESS"
    return "Every value the answer states is on the screenshots.\nVerdict: SUCCESS"
