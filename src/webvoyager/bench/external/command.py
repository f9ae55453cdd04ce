"""`cmd:COMMAND` agents: a shell command that reads the task JSON on stdin and prints its result.

The command runs in a process group of its own, so that at the time limit (or when the bench is
interrupted) the whole group is killed: the agent, and whatever it started (a model server, a helper
browser). A non-zero exit status, a result that is not JSON, or the limit each raise ExternalAgentError
with the tail of the agent's stderr, which is this task's error, never the bench's.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from dataclasses import dataclass, field
from typing import Any

from webvoyager.bench.external.protocol import AgentReply, ExternalAgentError, parse_reply
from webvoyager.errors import ConfigError

COMMAND_PREFIX = "cmd:"
STDERR_TAIL = 1500
"""Characters of the agent's stderr quoted in its task's error."""


class AgentTimeoutError(ExternalAgentError):
    """The agent did not finish within its time limit (its process group was killed)."""


def stderr_tail(data: bytes) -> str:
    """The end of what an agent wrote on stderr, for an error message ('' when it wrote nothing)."""
    text = data.decode("utf-8", errors="replace").strip()
    return ("..." + text[-STDERR_TAIL:]) if len(text) > STDERR_TAIL else text


def _with_stderr(message: str, stderr: bytes) -> str:
    tail = stderr_tail(stderr)
    return f"{message}; its stderr ends with:\n{tail}" if tail else f"{message} (nothing on stderr)"


@dataclass
class CommandAgent:
    """An ExternalAgent that runs `command` in a shell for each task (`env`: extra environment)."""

    command: str
    cwd: str | None = None
    env: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{COMMAND_PREFIX}{self.command}"

    async def run(self, task: dict[str, Any]) -> AgentReply:
        """Run the command with `task` on stdin, within the task's `time_limit_s` (None: no limit)."""
        process = await asyncio.create_subprocess_shell(
            self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, start_new_session=True, cwd=self.cwd,
            env={**os.environ, **self.env} if self.env else None)
        out, err = bytearray(), bytearray()
        readers = [asyncio.ensure_future(_drain(process.stdout, out)),
                   asyncio.ensure_future(_drain(process.stderr, err))]
        limit = task.get("time_limit_s")
        try:
            assert process.stdin is not None
            try:
                process.stdin.write(json.dumps(task).encode() + b"\n")
                await process.stdin.drain()
                process.stdin.close()
            except (BrokenPipeError, ConnectionResetError):
                pass   # an agent that does not read its stdin: its exit status and output tell the rest
            try:
                status = await asyncio.wait_for(process.wait(), limit)
            except asyncio.TimeoutError:
                _kill_group(process)
                await asyncio.gather(*readers)
                raise AgentTimeoutError(_with_stderr(f"the agent did not finish within its {limit:g} s limit "
                                                     "and was killed", bytes(err))) from None
        finally:
            _kill_group(process)   # cancelled, timed out or done: nothing the agent started outlives the task
            await process.wait()
            await asyncio.gather(*readers, return_exceptions=True)
        if status != 0:
            how = f"was killed by signal {-status}" if status < 0 else f"exited with status {status}"
            raise ExternalAgentError(_with_stderr(f"the agent {how}", bytes(err)))
        try:
            return parse_reply(out.decode("utf-8", errors="replace"))
        except ExternalAgentError as exc:
            raise ExternalAgentError(_with_stderr(str(exc), bytes(err))) from None


async def _drain(stream: asyncio.StreamReader | None, into: bytearray) -> None:
    while stream is not None and (chunk := await stream.read(65536)):
        into.extend(chunk)


def _kill_group(process: asyncio.subprocess.Process) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def command_agent(spec: str) -> CommandAgent:
    """The agent of `--agent cmd:COMMAND` (ConfigError for any other form)."""
    if not spec.startswith(COMMAND_PREFIX) or not spec[len(COMMAND_PREFIX):].strip():
        raise ConfigError(f"--agent {spec!r}: give a shell command as cmd:\"COMMAND\" (it gets the task JSON on "
                          "stdin and prints {\"answer\": ...} on stdout)")
    return CommandAgent(spec[len(COMMAND_PREFIX):].strip())
