"""Checks on the final page state: the URL the browser ends on, a stored value, the visible text.

* `url`: the host is the site's own (the port is ignored), the path is the one asked, and each named
  query parameter has exactly the value asked (`adults=30` is not `adults=3`; repeated parameters are
  compared as a set of values); `absent` parameters are unset, and with `only_params` no other
  parameter is set.
* `storage`: a cookie or localStorage value of the final page; `items` compares a JSON list of records
  with the expected records on their keys (a cart with qty 30 is not a cart with qty 3; an extra item
  fails), `equals` compares the whole JSON value.
* `page_text`: the visible text of the final page holds every `contains` phrase and no `forbid` one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union
from urllib.parse import parse_qsl, urlparse

from pydantic import BaseModel, ConfigDict, Field

from webvoyager.tasks.mentions import mentions, normalize_answer


@dataclass(frozen=True)
class PageState:
    """What the browser shows at the end of a task, for final-state checks."""

    url: str = ""
    title: str = ""
    text: str = ""
    cookies: dict[str, str] = field(default_factory=dict)
    local_storage: dict[str, str] = field(default_factory=dict)


class _Check(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UrlCheck(_Check):
    """The final URL: the site's own host, the path asked, exactly the parameter values asked."""

    type: Literal["url"]
    host: str = Field(min_length=1)
    path: str | None = None
    path_regex: str | None = None
    params: dict[str, Union[str, list[str]]] = {}
    absent: list[str] = []
    only_params: bool = False

    def passes(self, state: PageState) -> bool:
        parsed = urlparse(state.url)
        if (parsed.hostname or "").lower() != self.host.lower():
            return False
        path = parsed.path.rstrip("/") or "/"
        if self.path is not None and path != (self.path.rstrip("/") or "/"):
            return False
        if self.path_regex is not None and not re.fullmatch(self.path_regex, path):
            return False
        got: dict[str, list[str]] = {}
        for key, value in parse_qsl(parsed.query, keep_blank_values=True):
            if value.strip():
                got.setdefault(key, []).append(value)
        for key, want in self.params.items():
            wanted = [want] if isinstance(want, str) else want
            if Counter(v.strip().lower() for v in got.get(key, [])) != Counter(v.strip().lower() for v in wanted):
                return False
        if any(key in got for key in self.absent):
            return False
        return not (self.only_params and set(got) - set(self.params))

    def values(self) -> list[object]:
        return [self.host, self.path, *[f"{k}={v}" for k, v in sorted(self.params.items())]]


def _project(record: Any, keys: list[str]) -> tuple[tuple[str, str], ...] | None:
    if not isinstance(record, dict):
        return None
    return tuple((k, json.dumps(record.get(k), sort_keys=True).lower()) for k in keys)


class StorageCheck(_Check):
    """A cookie or localStorage value of the final page (see the module docstring)."""

    type: Literal["storage"]
    key: str = Field(min_length=1)
    items: list[dict[str, Any]] | None = None
    equals: Any = None

    def passes(self, state: PageState) -> bool:
        raw = state.local_storage.get(self.key, state.cookies.get(self.key))
        if raw is None:
            return False
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        if self.equals is not None and value != self.equals:
            return False
        if self.items is not None:
            if not isinstance(value, list):
                return False
            keys = sorted({k for item in self.items for k in item})
            stored = Counter(_project(v, keys) for v in value)
            return stored == Counter(_project(item, keys) for item in self.items)
        return True

    def values(self) -> list[object]:
        return [self.key, json.dumps(self.items if self.items is not None else self.equals, sort_keys=True)]


class PageTextCheck(_Check):
    """The final page's visible text mentions every `contains` phrase and no `forbid` phrase."""

    type: Literal["page_text"]
    contains: list[str] = Field(min_length=1)
    forbid: list[str] = []

    def passes(self, state: PageState) -> bool:
        text = normalize_answer(state.text)
        return all(mentions(text, c) for c in self.contains) and not any(mentions(text, f) for f in self.forbid)

    def values(self) -> list[object]:
        return [*self.contains, *self.forbid]


StateCheck = Annotated[Union[UrlCheck, StorageCheck, PageTextCheck], Field(discriminator="type")]
