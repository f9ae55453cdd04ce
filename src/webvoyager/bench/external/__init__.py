"""Benchmarking agents that are not ours on our suites, checks, judges and reports.

`bench SUITE --agent cmd:"COMMAND"` (or `run_external` from Python) gives each task a Chromium of its own
with its DevTools port open; the agent gets the task as JSON (`protocol.task_payload`), drives the page
over CDP and returns `{"answer": ..., "steps": [...]}`; we record the screenshots, the URL trail and the
final page ourselves and run the task's checks, so the task folder is like our own agents' folders.

```python
from webvoyager.bench.external import CommandAgent, run_external
result = await run_external(task, CommandAgent("python my_agent.py"), Path("runs/mine/task-1"), timeout_s=120)
```
"""

from webvoyager.bench.external.command import AgentTimeoutError, CommandAgent, command_agent
from webvoyager.bench.external.protocol import (AgentReply, AgentStep, ExternalAgent, ExternalAgentError,
                                                parse_reply, task_payload)
from webvoyager.bench.external.run import EXTERNAL_FILE, POLICY_NAME, ExternalExecutor, run_external

__all__ = ["AgentReply", "AgentStep", "AgentTimeoutError", "CommandAgent", "EXTERNAL_FILE", "ExternalAgent",
           "ExternalAgentError", "ExternalExecutor", "POLICY_NAME", "command_agent", "parse_reply", "run_external",
           "task_payload"]
