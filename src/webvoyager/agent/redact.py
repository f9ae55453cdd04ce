"""Keeps secrets out of everything a run writes, prints or sends to the model.

Secrets are the values of environment variables whose name contains KEY, TOKEN, SECRET or PASSWORD,
plus any value the user marks secret. Every occurrence is replaced by "[REDACTED]" in every spelling
`text.secret_pattern` knows (URL-encoded by a form sent by GET or a script, HTML-escaped, JSON-escaped, in
any case), and the session blacks out every place the page shows one in its screenshots
(browser/mask.py; the fields whose value holds one are also blacked out here). A secret the agent must type (a password for a login) is named
in the task by a placeholder `{{NAME}}`; the model types the placeholder and `fill_placeholders`
swaps in the value only when the action is executed, so the model never sees it.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
from typing import Any, Iterable, Mapping, Protocol, TypeVar

from webvoyager.browser.mask import paint_boxes
from webvoyager.browser.action_set import TypeText
from webvoyager.browser.types import Action, Observation, Select, Type
from webvoyager.text import secret_pattern

REDACTED = "[REDACTED]"
SECRET_ENV_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD")
# Short env values ("1", "true", "en") are flags, not credentials; redacting them would shred the files.
MIN_ENV_SECRET_LEN = 8
MIN_SECRET_LEN = 3

R = TypeVar("R", bound="_Record")


class _Record(Protocol):
    """A run record that round-trips through JSON-ready data (Step, Result)."""

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls: type[R], data: dict[str, Any]) -> R: ...


class Redactor:
    """Replaces known secret values in strings and nested JSON-like data."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        values = {s for s in secrets if isinstance(s, str) and len(s) >= MIN_SECRET_LEN}
        # Longest first, so a secret that contains another is replaced whole.
        self.secrets: tuple[str, ...] = tuple(sorted(values, key=len, reverse=True))
        self._pattern = (re.compile("|".join(secret_pattern(v) for v in self.secrets), re.IGNORECASE)
                         if self.secrets else None)

    @classmethod
    def from_env(cls, extra: Iterable[str] = (), environ: Mapping[str, str] | None = None) -> Redactor:
        """Secrets from the environment (names with KEY/TOKEN/SECRET/PASSWORD) plus `extra`."""
        env = os.environ if environ is None else environ
        found = [v for k, v in env.items()
                 if any(w in k.upper() for w in SECRET_ENV_WORDS) and len(v) >= MIN_ENV_SECRET_LEN]
        return cls([*found, *extra])

    def text(self, value: str) -> str:
        """`value` with every spelling of every secret replaced."""
        return self._pattern.sub(REDACTED, value) if self._pattern is not None else value

    def contains_secret(self, value: str) -> bool:
        """True when `value` holds a secret in any of its spellings."""
        return self._pattern is not None and self._pattern.search(value) is not None

    def data(self, value: Any) -> Any:
        """A copy of nested dicts/lists/tuples with every string redacted (keys too)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {self.data(k): self.data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.data(v) for v in value]
        return value

    def record(self, record: R) -> R:
        """A copy of a run record (a Step, a Result) with every string redacted."""
        return type(record).from_dict(self.data(record.to_dict()))

    def observation(self, obs: Observation) -> Observation:
        """The observation with secrets removed from its text, notes, elements and screenshots."""
        if not self.secrets:
            return obs
        boxes = [e.bbox for e in obs.elements if self.contains_secret(e.value) or self.contains_secret(e.text)]
        elements = [dataclasses.replace(e, text=self.text(e.text), value=self.text(e.value),
                                        aria_label=self.text(e.aria_label), html=self.text(e.html))
                    for e in obs.elements]
        return dataclasses.replace(obs, url=self.text(obs.url), title=self.text(obs.title), text=self.text(obs.text),
                                   notes=[self.text(n) for n in obs.notes], elements=elements,
                                   screenshot=self.png(obs.screenshot, boxes),
                                   marked_screenshot=self.png(obs.marked_screenshot, boxes))

    def png(self, png: bytes, boxes: Iterable[tuple[float, float, float, float]]) -> bytes:
        """Black out `boxes` (x, y, w, h) in a PNG: fields whose value is a secret are never saved readable."""
        return paint_boxes(png, boxes)


class RedactingFilter(logging.Filter):
    """A logging filter that redacts secrets from the final message of every record it sees."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self.redactor.text(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and self.redactor.contains_secret(str(exc)):
            # a traceback would print the secret-bearing exception text: keep only the redacted message
            record.msg, record.args = f"{cleaned} ({type(exc).__name__}: {self.redactor.text(str(exc))})", ()
            record.exc_info, record.exc_text = None, None
        return True


_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def fill_placeholders(action: Action, values: Mapping[str, str]) -> Action:
    """`action` with `{{NAME}}` in typed text (a labelled Type or a computer-use model's TypeText) or
    chosen option replaced by `values[NAME]`.

    Unknown names are left as written (the page then shows the placeholder, which the model can see).
    """
    if not values or not isinstance(action, (Type, TypeText, Select)):
        return action

    def swap(text: str) -> str:
        return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)

    if isinstance(action, (Type, TypeText)):
        return dataclasses.replace(action, text=swap(action.text))
    return dataclasses.replace(action, option=swap(action.option))
