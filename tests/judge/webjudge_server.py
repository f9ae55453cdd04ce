"""A scripted WebJudge on the local OpenAI-protocol server: key points, a score per screenshot (chosen by
the screenshot's bytes), then the outcome reply; and readers of what each stage was sent."""

from __future__ import annotations

import base64
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.models.fake_providers import FakeOpenAI, RecordedRequest

KEY_POINTS_REPLY = "Key points:\n1. Find the blue kettle\n2. Results ordered by price, lowest first"
KEY_POINTS = ["Find the blue kettle", "Results ordered by price, lowest first"]


def images(body: dict[str, Any]) -> list[bytes]:
    """The decoded images of a request, in order."""
    out = []
    for msg in body["messages"]:
        if isinstance(msg["content"], list):
            out += [base64.b64decode(p["image_url"]["url"].split(",", 1)[1])
                    for p in msg["content"] if p.get("type") == "image_url"]
    return out


def texts(body: dict[str, Any]) -> str:
    """Every text of a request (system and user), joined."""
    out = []
    for msg in body["messages"]:
        content = msg["content"]
        out += [content] if isinstance(content, str) else [p["text"] for p in content if p.get("type") == "text"]
    return "\n".join(out)


@dataclass
class ScriptedWebJudge:
    """The responder of one task's judging: its first call gets the key points, the next ones (one per
    screenshot: `scores` by file name, an int or a str sent as is) a score, the one after them `outcome`."""

    folder: Path
    scores: dict[str, int | str]
    outcome: str = "Every key point is met.\nStatus: success"
    key_points: str = KEY_POINTS_REPLY
    calls: int = 0
    _by_bytes: dict[bytes, str] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self._by_bytes = {(self.folder / name).read_bytes(): name for name in self.scores}

    def __call__(self, request: RecordedRequest) -> str:
        with self._lock:
            self.calls += 1
            number = self.calls
        if number == 1:
            return self.key_points
        if number <= 1 + len(self.scores):
            (shot,) = images(request.body)
            score = self.scores[self._by_bytes[shot]]
            return score if isinstance(score, str) else f"The page shows part of what is needed.\nScore: {score}"
        return self.outcome


@dataclass
class Stages:
    """The bodies a judging pass sent, split by stage (call order: key points, screenshots, outcome)."""

    key_points: dict[str, Any]
    screenshots: list[dict[str, Any]]
    outcome: dict[str, Any]

    @classmethod
    def of(cls, server: FakeOpenAI, n_screenshots: int) -> Stages:
        bodies = server.bodies()
        assert len(bodies) == n_screenshots + 2, f"{len(bodies)} calls for {n_screenshots} screenshots"
        return cls(bodies[0], bodies[1:-1], bodies[-1])
