"""The action cache on disk: one JSON file per task (`--cache DIR`), written whole (temp file, rename).

A file is keyed by the task id and its start URL (`<task id>-<hash>.json`); its steps are in order, the
step index being the position in the list. Each bench task has its own file, so concurrent workers never
write the same one; two runs of the same task write whole files and the last one wins.
Sandbox URLs (`<site>.localhost:<port>`) are kept without their port: each sandbox run picks a new one.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from webvoyager.cache.locator import AnswerLocator, ElementLocator
from webvoyager.errors import ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.trajectory import safe_dirname

FORMAT = 1
_SANDBOX_HOST = re.compile(r"^[a-z0-9-]+\.localhost$")


def portable_url(url: str) -> str:
    """`url` as the cache keeps and compares it: a sandbox host without its port, no trailing slash."""
    parts = urlsplit(url)
    if parts.hostname and _SANDBOX_HOST.match(parts.hostname):
        parts = parts._replace(netloc=parts.hostname)
    return urlunsplit(parts).rstrip("/")


@dataclass
class CachedStep:
    """One step that worked: where it was, what it did, on which element; an answer's locator.

    `action` is the action as `action_to_dict` writes it, without the label of its target (the element is
    found again by `element`). `thought` is the model's text before its action line, kept for the model's
    history when it takes over after this step."""

    url: str
    action: dict[str, Any]
    thought: str = ""
    element: ElementLocator | None = None
    answer: AnswerLocator | None = None     # an answer step: where its values stand in the page text
    answer_text: str = ""                   # an answer step: the answer given when it was cached

    def to_dict(self) -> dict[str, Any]:
        return {"url": self.url, "action": self.action, "thought": self.thought,
                "element": self.element.to_dict() if self.element else None,
                "answer": self.answer.to_dict() if self.answer else None, "answer_text": self.answer_text}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CachedStep:
        element, answer = data.get("element"), data.get("answer")
        return cls(url=data["url"], action=dict(data["action"]), thought=data.get("thought", ""),
                   element=ElementLocator.from_dict(element) if element else None,
                   answer=AnswerLocator.from_dict(answer) if answer else None,
                   answer_text=data.get("answer_text", ""))


@dataclass
class CacheEntry:
    """The cached steps of one task (by id and start URL)."""

    task_id: str
    start_url: str
    steps: list[CachedStep] = field(default_factory=list)
    runs: int = 1      # successful runs that wrote this entry

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "task_id": self.task_id, "start_url": self.start_url, "runs": self.runs,
                "steps": [s.to_dict() for s in self.steps]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CacheEntry:
        return cls(task_id=data["task_id"], start_url=data["start_url"], runs=int(data.get("runs", 1)),
                   steps=[CachedStep.from_dict(s) for s in data.get("steps", [])])


class ActionCache:
    """The folder of cached tasks."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)

    def path(self, task_id: str, start_url: str) -> Path:
        digest = hashlib.sha256(f"{task_id}\n{portable_url(start_url)}".encode()).hexdigest()[:12]
        return self.folder / f"{safe_dirname(task_id)}-{digest}.json"

    def load(self, task_id: str, start_url: str) -> CacheEntry | None:
        """The entry of a task, or None (none cached, or a file another version wrote that cannot be read)."""
        path = self.path(task_id, start_url)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigError(f"the action cache file {path} cannot be read ({exc}); delete it and run again") from exc
        if data.get("format") != FORMAT or data.get("task_id") != task_id:
            return None
        return CacheEntry.from_dict(data)

    def save(self, entry: CacheEntry) -> Path:
        """Write `entry` whole (atomically), replacing the task's previous one."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(entry.task_id, entry.start_url)
        write_json_atomic(path, entry.to_dict())
        return path
