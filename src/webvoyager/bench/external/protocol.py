"""What an external agent is given and what it gives back.

The task goes to the agent as one JSON object (`task_payload`): the question, the start URL (already
loaded in the page), where to reach the browser over CDP (`cdp_url` for Playwright's connect_over_cdp
or any CDP client, `browser_ws` and `page_ws` for raw websockets), the DevTools target id of the page to
drive, the viewport and the step and time limits. The agent answers with one JSON object
(`parse_reply`): `{"answer": "...", "steps": [{"thought": "...", "action": "..."}]}`, `steps` optional.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from webvoyager.errors import WebVoyagerError
from webvoyager.tasks import Task


class ExternalAgentError(WebVoyagerError):
    """The external agent failed: it crashed, printed no usable result, or ran out of time. The message
    says which, with the tail of what it wrote on stderr."""


@dataclass(frozen=True)
class AgentStep:
    """One step as the agent reports it (its own words; we did not see it happen)."""

    thought: str = ""
    action: str = ""


@dataclass(frozen=True)
class AgentReply:
    """An external agent's result: its final answer (None: it gave up) and the steps it says it took."""

    answer: str | None
    steps: tuple[AgentStep, ...] = field(default_factory=tuple)


class ExternalAgent(Protocol):
    """An agent that is not ours: it gets the task dict (`task_payload`) and drives the page over CDP.

    `name` goes into result.json's `model`. `run` returns an AgentReply or the same JSON object a command
    prints (a dict); it raises ExternalAgentError (or anything else) when it fails, and must stop when
    cancelled (the time limit)."""

    name: str

    async def run(self, task: dict[str, Any]) -> AgentReply | dict[str, Any]: ...


def task_payload(task: Task, *, cdp_url: str, browser_ws: str, target_id: str, page_ws: str,
                 viewport: tuple[int, int], max_steps: int, time_limit_s: float | None) -> dict[str, Any]:
    """The JSON object an external agent receives for `task`."""
    return {"task_id": task.id, "question": task.question, "start_url": task.start_url, "cdp_url": cdp_url,
            "browser_ws": browser_ws, "target_id": target_id, "page_ws": page_ws,
            "viewport": {"width": viewport[0], "height": viewport[1]}, "max_steps": max_steps,
            "time_limit_s": time_limit_s}


def reply_from(data: Any) -> AgentReply:
    """An AgentReply from the agent's JSON object; ExternalAgentError says what is wrong with it."""
    if isinstance(data, AgentReply):
        return data
    if not isinstance(data, dict):
        raise ExternalAgentError(f"the agent's result is a JSON {type(data).__name__}, not an object "
                                 '{"answer": ..., "steps": [...]}')
    answer = data.get("answer")
    if answer is not None and not isinstance(answer, (str, int, float)):
        raise ExternalAgentError(f"the agent's \"answer\" is a {type(answer).__name__}; give a string (or null)")
    raw_steps = data.get("steps") or []
    if not isinstance(raw_steps, list):
        raise ExternalAgentError("the agent's \"steps\" is not a list of {\"thought\", \"action\"} objects")
    steps = []
    for i, raw in enumerate(raw_steps, 1):
        if isinstance(raw, str):
            raw = {"action": raw}
        if not isinstance(raw, dict):
            raise ExternalAgentError(f"step {i} of the agent's \"steps\" is not an object")
        steps.append(AgentStep(thought=str(raw.get("thought") or ""), action=str(raw.get("action") or "")))
    return AgentReply(answer=None if answer is None else str(answer), steps=tuple(steps))


def parse_reply(stdout: str) -> AgentReply:
    """The agent's result from what it printed: the whole output as one JSON object, else its last line
    that is one (so an agent may log to stdout before its result)."""
    text = stdout.strip()
    if not text:
        raise ExternalAgentError("the agent printed nothing on stdout; it must print its result as a JSON "
                                 'object {"answer": ...}')
    candidates = [text, *reversed([line.strip() for line in text.splitlines() if line.strip()])]
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict):
            return reply_from(data)
    raise ExternalAgentError(f"the agent's output holds no JSON object (it ended with {text[-200:]!r}); print "
                             'the result as one JSON object {"answer": ...} on the last line of stdout')
