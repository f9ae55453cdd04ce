"""`judgement.json`: what a judge decided about one task, and why."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from webvoyager.fileio import write_json_atomic
from webvoyager.usage import Usage

SUCCESS = "SUCCESS"
NOT_SUCCESS = "NOT SUCCESS"


@dataclass
class Requirement:
    """One key requirement of a task (keypoints protocol) and whether the judge found it met."""

    text: str
    met: bool | None = None
    reason: str = ""


@dataclass
class Judgement:
    """A judge's decision on one task.

    `verdict` is SUCCESS or NOT SUCCESS, or None when the judge's reply could not be read (then
    `error` says why and the task counts as not judged). `model_called` is False when the verdict was
    reached without a model (no answer means failure).
    """

    task_id: str
    protocol: str
    model: str
    verdict: str | None
    reasoning: str = ""
    usage: Usage = field(default_factory=Usage)
    images: int = 0
    model_called: bool = True
    error: str | None = None
    requirements: list[Requirement] = field(default_factory=list)
    judged_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))

    @property
    def success(self) -> bool | None:
        """True/False from the verdict; None when there is no verdict."""
        return None if self.verdict is None else self.verdict == SUCCESS

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["usage"] = self.usage.to_dict()
        data["success"] = self.success
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Judgement:
        data = dict(data)
        data["usage"] = Usage.from_dict(data.get("usage") or {})
        data["requirements"] = [Requirement(**r) for r in data.get("requirements") or []]
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_dict())


def judge_set_name(protocol: str, model: str) -> str:
    """File-name-safe name of a (protocol, model) judge, e.g. 'keypoints--openai_gpt-4o'."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in model)
    return f"{protocol}--{safe}"


def archive_path(task_folder: Path, protocol: str, model: str) -> Path:
    """Where every judge's own copy of its judgement of a task is kept (judgement.json is the latest)."""
    return task_folder / "judgements" / f"{judge_set_name(protocol, model)}.json"


def load_judgement(path: Path) -> Judgement | None:
    """The judgement stored at `path`, or None when there is none (or it is unreadable)."""
    if not path.is_file():
        return None
    try:
        return Judgement.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, TypeError):
        return None
