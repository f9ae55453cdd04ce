"""browser-use's Agent as a `cmd:` agent: run it with the Python of a venv that has browser-use
(`bash scripts/setup_browser_use.sh` makes `.venv-browser-use`), by path, so it needs nothing of ours:

    webvoyager bench sandbox --agent cmd:".venv-browser-use/bin/python src/webvoyager/bench/external/browser_use_agent.py"

It reads the task JSON on stdin, connects browser-use's BrowserSession to the task's `cdp_url` (the only
tab is the task's, already on its start page), runs the Agent for at most the task's `max_steps`, and
prints `{"answer": final_result, "steps": [...]}`. The model is OpenAI-compatible: $BROWSER_USE_MODEL
(default gpt-4o) at $OPENAI_BASE_URL with $OPENAI_API_KEY. browser-use's telemetry and cloud sync are
turned off, and its own judge, planner and message compaction too (each would be an extra model call).
Only the standard library and browser-use are imported: this file runs outside our venv.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

os.environ.setdefault("ANONYMIZED_TELEMETRY", "false")
os.environ.setdefault("BROWSER_USE_CLOUD_SYNC", "false")


def _step(output: Any) -> dict[str, str]:
    """One model output of browser-use's history as our {thought, action}."""
    thought = output.thinking or output.next_goal or output.evaluation_previous_goal or ""
    actions = [a.model_dump(exclude_none=True, exclude_unset=True) for a in output.action]
    return {"thought": thought, "action": json.dumps(actions)}


async def run(task: dict[str, Any]) -> dict[str, Any]:
    """Run browser-use's Agent on `task` in the browser at its cdp_url; its answer and steps."""
    from browser_use import Agent, BrowserSession
    from browser_use.llm import ChatOpenAI

    llm = ChatOpenAI(model=os.environ.get("BROWSER_USE_MODEL", "gpt-4o"), base_url=os.environ.get("OPENAI_BASE_URL"),
                     api_key=os.environ.get("OPENAI_API_KEY"), max_retries=0)
    session = BrowserSession(cdp_url=task["cdp_url"], keep_alive=True)   # the browser is the bench's to close
    agent = Agent(task=f"{task['question']}\n(The page {task['start_url']} is open in the browser.)", llm=llm,
                  browser_session=session, use_judge=False, enable_planning=False, message_compaction=False,
                  enable_signal_handler=False, directly_open_url=False, calculate_cost=False)
    history = await agent.run(max_steps=int(task.get("max_steps") or 15))
    return {"answer": history.final_result(), "steps": [_step(o) for o in history.model_outputs()]}


def main() -> None:
    result = asyncio.run(run(json.loads(sys.stdin.read())))
    sys.stdout.write("\n" + json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
