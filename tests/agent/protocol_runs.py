"""WebVoyager runs of both protocols, made once per test session and read by several test modules.

The model is a stand-in behind the real OpenAI SDK and a local OpenAI-protocol server, so the tests see
what really goes over the wire. On tests/pages/agent/index.html: [0] search box, [1] Search, [2] "Load
more ideas" (does nothing), [3] "Partner site".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tests.models.fake_providers import FakeOpenAI, RecordedRequest
from webvoyager.api import create_model
from webvoyager.api.execute import execute_task
from webvoyager.api.settings import RunSettings
from webvoyager.tasks import Task
from webvoyager.trajectory import Result

QUESTION = "Which soup does the Recipe Finder list?"


@dataclass
class ProtocolRun:
    """One finished run: its result, the requests the SDK sent, and its task folder."""

    protocol: str
    result: Result
    requests: list[RecordedRequest]
    folder: Path

    def user_texts(self, request: int) -> list[str]:
        """The text of every user message of request `request` (0-based)."""
        out = []
        for message in self.requests[request].body["messages"]:
            if message["role"] == "user":
                content = message["content"]
                out.append(content if isinstance(content, str) else
                           "\n".join(p.get("text", "") for p in content if p.get("type") == "text"))
        return out

    def images(self, request: int) -> int:
        return sum(1 for m in self.requests[request].body["messages"] if isinstance(m["content"], list)
                   for p in m["content"] if p.get("type") == "image_url")


def _replies(script: Callable[[int], str]) -> Callable[[RecordedRequest], str]:
    def respond(request: RecordedRequest) -> str:
        return script(sum(1 for m in request.body["messages"] if m["role"] == "assistant"))
    return respond


def stubborn(step: int) -> str:
    """Clicks a button that changes nothing, for ever."""
    return "Thought: I want more ideas.\nAction: Click [2]"


def answering(step: int) -> str:
    """Searches, then answers (with ANSWER in the thought and markdown, as models write)."""
    if step == 0:
        return "Thought: I search for soup.\nAction: Type [0]; [soup]"
    return "Thought: Tomato Soup is listed, so I can ANSWER now.\n**Action:** ANSWER; [Tomato Soup]"


async def run_protocol(browser: object, pages_url: str, out: Path, protocol: str,
                       script: Callable[[int], str], *, task_max_steps: int | None = None) -> ProtocolRun:
    task = Task(id=f"{protocol}-{script.__name__}", question=QUESTION, start_url=f"{pages_url}/agent/index.html",
                max_steps=task_max_steps)
    with FakeOpenAI(_replies(script)) as server:
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-local-test-key")
        folder = out / task.id
        result = await execute_task(task, browser=browser, model=model,  # type: ignore[arg-type]
                                    settings=RunSettings(protocol=protocol), task_dir=folder)
        return ProtocolRun(protocol, result, list(server.requests), folder)
