"""`scripted:PATH`: a model that replays replies from a JSONL file, one per call.

Each non-blank line of the file is one reply, either a JSON string or an object:

    "Thought: open the menu\\nAction: Click [3]"
    {"reply": "Thought: done\\nAction: ANSWER; 42", "usage": {"input_tokens": 900, "output_tokens": 20}}
    {"error": "rate_limit"}      # this call fails as if the provider's retries ran out (retryable)
    {"error": "fatal"}           # this call fails for good (like a bad request)

PATH may also be a recorded task folder (or its `trajectory.json`): the raw model output of each
recorded step is replayed in order, which re-runs a WebVoyager trajectory without a model (SeeAct
makes several calls per step and records only one, so its runs do not replay this way).

Every request is recorded in `.calls` (messages and settings) so tests can assert what was sent.
One instance serves one conversation at a time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from webvoyager.errors import ConfigError, ModelError
from webvoyager.fileio import read_text_file
from webvoyager.models.base import Completion, Message
from webvoyager.trajectory import TaskDir
from webvoyager.usage import Usage

_ERRORS = ("rate_limit", "fatal")


@dataclass(frozen=True)
class ScriptedReply:
    """One line of a script: a reply text, or a simulated error, with optional usage."""

    text: str = ""
    usage: Usage | None = None
    error: str | None = None


@dataclass(frozen=True)
class ScriptedCall:
    """One request the scripted model received."""

    messages: tuple[Message, ...]
    temperature: float | None    # None: the caller sends no temperature
    max_tokens: int
    seed: int | None

    @property
    def kwargs(self) -> dict[str, Any]:
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, "seed": self.seed}


def parse_script_line(line: str, where: str) -> ScriptedReply:
    """Parse one JSONL line of a script; `where` (file:line) goes into error messages."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{where}: not valid JSON ({exc.msg}); write a JSON string or "
                          '{"reply": "..."}') from None
    if isinstance(data, str):
        return ScriptedReply(text=data)
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a JSON string or object, got {type(data).__name__}")
    unknown = set(data) - {"reply", "usage", "error"}
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {sorted(unknown)}; use reply, usage, error")
    error = data.get("error")
    if error is not None and error not in _ERRORS:
        raise ConfigError(f"{where}: error must be one of {list(_ERRORS)}, got {error!r}")
    reply = data.get("reply", "")
    if not isinstance(reply, str):
        raise ConfigError(f"{where}: reply must be a string")
    if error is None and "reply" not in data:
        raise ConfigError(f"{where}: an object line needs a \"reply\" (or an \"error\")")
    usage_data = data.get("usage")
    if usage_data is not None and not isinstance(usage_data, dict):
        raise ConfigError(f"{where}: usage must be an object like {{\"input_tokens\": 10}}")
    usage = Usage.from_dict({"calls": 1, **usage_data}) if usage_data is not None else None
    return ScriptedReply(text=reply, usage=usage, error=error)


def load_recorded_replies(task_dir: Path) -> list[ScriptedReply]:
    """The raw outputs of a recorded task's steps (its trajectory.json), as replies."""
    try:
        steps = TaskDir(task_dir).load_steps()
    except (OSError, ValueError, TypeError) as exc:
        raise ConfigError(f"cannot replay {task_dir / 'trajectory.json'}: {exc}") from None
    replies = [ScriptedReply(text=step.raw_output) for step in steps if step.raw_output]
    if not replies:
        raise ConfigError(f"{task_dir / 'trajectory.json'} holds no recorded model output to replay")
    return replies


def load_script(path: str | Path) -> list[ScriptedReply]:
    """Read a script (JSONL, or a recorded task folder / trajectory.json to replay).

    Raises ConfigError naming the file and line when it cannot be used.
    """
    file = Path(path)
    if file.is_dir() and (file / "trajectory.json").is_file():
        return load_recorded_replies(file)
    if file.name == "trajectory.json" and file.is_file():
        return load_recorded_replies(file.parent)
    if file.is_dir():
        raise ConfigError(f"{file} is a folder without trajectory.json; pass scripted:PATH to a JSONL "
                          "file with one reply per line, or to a recorded task folder")
    if not file.is_file():
        raise ConfigError(f"scripted model file {file} does not exist; pass scripted:PATH to a "
                          "JSONL file with one reply per line")
    lines = read_text_file(file, ConfigError, what="scripted model file").splitlines()
    return [parse_script_line(line, f"{file}:{number}")
            for number, line in enumerate(lines, start=1) if line.strip()]


@dataclass
class ScriptedModel:
    """Replays `replies` in order; build it with `from_file(path)` or `from_replies([...])`."""

    replies: list[ScriptedReply]
    source: str = "<memory>"
    calls: list[ScriptedCall] = field(default_factory=list)

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedModel:
        return cls(replies=load_script(path), source=str(path))

    @classmethod
    def from_replies(cls, replies: Sequence[str | ScriptedReply]) -> ScriptedModel:
        """A model that answers with these texts (or ScriptedReply objects), in order."""
        items = [r if isinstance(r, ScriptedReply) else ScriptedReply(text=r) for r in replies]
        return cls(replies=items)

    @property
    def spec(self) -> str:
        return f"scripted:{self.source}"

    @property
    def remaining(self) -> int:
        """How many replies have not been used yet."""
        return max(0, len(self.replies) - len(self.calls))

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float | None = 1.0,
        max_tokens: int = 1024,
        seed: int | None = None,
    ) -> Completion:
        """Record the request and return the next scripted reply (or raise its simulated error)."""
        self.calls.append(ScriptedCall(tuple(messages), temperature, max_tokens, seed))
        number = len(self.calls)
        if number > len(self.replies):
            raise ModelError(f"scripted model has no reply #{number} in {self.source} "
                             f"(it holds {len(self.replies)}); add more lines to the script")
        reply = self.replies[number - 1]
        if reply.error == "rate_limit":
            raise ModelError(f"scripted model: simulated rate limit on reply #{number} "
                             f"in {self.source} (retries exhausted)", retryable=True)
        if reply.error == "fatal":
            raise ModelError(f"scripted model: simulated fatal error on reply #{number} in {self.source}")
        return Completion(text=reply.text, usage=reply.usage or Usage(calls=1), model=self.spec)
