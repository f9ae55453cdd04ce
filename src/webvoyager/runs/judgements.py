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
class StageCall:
    """One model call of a staged judge (webjudge), as recorded in the judgement: what was sent (the system
    text, the user turn's text, the screenshots by file name, never their bytes) and the reply. A
    screenshot-stage call also has the score read from its reply (None: no readable score, so not kept)
    and whether the screenshot was kept for the outcome stage."""

    stage: str                    # key_points | screenshot | outcome
    system: str = ""
    text: str = ""
    screenshots: list[str] = field(default_factory=list)
    reply: str = ""
    score: int | None = None
    kept: bool | None = None


@dataclass
class Judgement:
    """A judge's decision on one task.

    `verdict` is SUCCESS or NOT SUCCESS, or None when the judge's reply could not be read (then
    `error` says why and the task counts as not judged). `model_called` is False when the verdict was
    reached without a model (no answer means failure). `method` is webvoyager, keypoints or webjudge,
    `protocol` default or paper (files written before protocols existed say `"protocol": "<method>"`).
    Files written before webjudge have no `key_points`, `threshold` or `stages`; they load empty.
    """

    task_id: str
    method: str
    model: str
    verdict: str | None
    reasoning: str = ""
    usage: Usage = field(default_factory=Usage)
    images: int = 0
    model_called: bool = True
    error: str | None = None
    requirements: list[Requirement] = field(default_factory=list)
    protocol: str = "default"
    key_points: list[str] = field(default_factory=list)      # webjudge: stage 1's list
    threshold: int | None = None                             # webjudge: the score a screenshot needs to be kept
    stages: list[StageCall] = field(default_factory=list)    # webjudge: every call, in order
    judged_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))

    @property
    def judge(self) -> str:
        """The judge's name: its method, with `-paper` under the paper protocol (e.g. webvoyager-paper)."""
        return judge_name(self.method, self.protocol)

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
        if "method" not in data:   # written before protocols: "protocol" named the method
            data["method"], data["protocol"] = data.get("protocol", "webvoyager"), "default"
        data["usage"] = Usage.from_dict(data.get("usage") or {})
        data["requirements"] = [Requirement(**r) for r in data.get("requirements") or []]
        data["stages"] = [StageCall(**{k: v for k, v in c.items() if k in StageCall.__dataclass_fields__})
                          for c in data.get("stages") or []]
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_dict())


def judge_name(method: str, protocol: str = "default") -> str:
    """A judge's name: `webvoyager`, `keypoints`, or `webvoyager-paper` under the paper protocol."""
    return method if protocol == "default" else f"{method}-{protocol}"


def judge_set_name(judge: str, model: str) -> str:
    """File-name-safe name of a (judge, model) pair, e.g. 'keypoints--openai_gpt-4o'."""
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in model)
    return f"{judge}--{safe}"


def archive_path(task_folder: Path, judge: str, model: str) -> Path:
    """Where every judge's own copy of its judgement of a task is kept (judgement.json is the latest);
    `judge` is a judge name (`judge_name`)."""
    return task_folder / "judgements" / f"{judge_set_name(judge, model)}.json"


def load_judgement(path: Path) -> Judgement | None:
    """The judgement stored at `path`, or None when there is none (or it is unreadable)."""
    if not path.is_file():
        return None
    try:
        return Judgement.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, TypeError):
        return None
