"""The MCP server's tools (`build_server`): an MCP client can have the agent do a task (`run_task`), or
drive the browser itself (`observe`, then `act`), or list the sandbox's checked tasks.

Safety: `act` and the agent's actions in `run_task` pass the same confirm gate as `webvoyager run`
(agent/gate.py: buying, sending, deleting, passwords, payment details, secrets). Such an action is done
only when the client's user approves it through MCP elicitation; a client without elicitation gets a
refusal, never a silent approval.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, AsyncIterator, Iterator

from mcp.server.mcpserver import Context, Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from webvoyager import __version__
from webvoyager.agent.gate import consequence
from webvoyager.api import check_model_ready, create_model, default_model_spec, execute_task, new_run_dir
from webvoyager.api.rundir import write_run_json
from webvoyager.api.settings import RunSettings
from webvoyager.browser.action_set import MCP, spec_of
from webvoyager.browser.types import Observation, action_text, target_element
from webvoyager.errors import ActionError, ConfigError, WebVoyagerError
from webvoyager.mcpserver.desk import Desk, ServerOptions
from webvoyager.mcpserver.gate import ElicitingGate
from webvoyager.tasks import Task
from webvoyager.trajectory import safe_dirname
from webvoyager.voyager.parser import parse_reply

INSTRUCTIONS = (
    "webvoyager: a multimodal web agent and a browser. Call run_task to have the agent do a whole task "
    "(question + start URL, or a sandbox task id from list_sandbox_tasks). To drive the browser yourself, "
    "call observe (optionally with a URL) to get the page's labelled elements and a screenshot with the "
    "labels drawn, then act with one action such as 'Click [3]', 'Type [2]; [text]', 'Scroll [WINDOW]; [down]', "
    "'Select [4]; [option]', 'GoBack', 'PressKey [Enter]'. Labels change after every observation. "
    "Consequential actions (buying, sending, deleting, passwords, payment) need your user's approval.")

ACT_DESCRIPTION = (
    "Do one action on the page of the last observation, written in one of these formats (N is a label of the "
    "last observation): " + " | ".join(spec.grammar.format for spec in MCP) + "; returns what happened and "
    "the new observation. Consequential actions need the user's approval.")
"""The `act` tool's description: the formats of the MCP action set (browser/action_set.py)."""


@contextlib.contextmanager
def _tool_errors() -> Iterator[None]:
    """Our exceptions reach the client as the tool's error text (the SDK hides other exceptions' text)."""
    try:
        yield
    except WebVoyagerError as exc:
        raise ToolError(str(exc)) from exc


def _observation_content(observation: Observation, header: str = "") -> list[Any]:
    lines = [header] if header else []
    lines += [f"URL: {observation.url}", f"Title: {observation.title}", *[f"Note: {n}" for n in observation.notes],
              "Elements:", observation.text or "(no interactive elements)"]
    return ["\n".join(lines), Image(data=observation.marked_screenshot or observation.screenshot, format="png")]


class _Tools:
    """The tools' bodies, on the server's `Desk` and the driven tab's last observation."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.desk: Desk | None = None
        self.last: Observation | None = None

    def the_desk(self) -> Desk:
        if self.desk is None:  # started by the lifespan; lazily only for tools called in-process
            self.desk = Desk(self.options)
        return self.desk

    async def list_sandbox_tasks(self, site: str | None, limit: int) -> str:
        d = self.the_desk()
        if d.sandbox is None:
            raise ConfigError("the sandbox is off in this server; start it without --no-sandbox")
        from webvoyager.bench.suites import filter_tasks
        from webvoyager.sandbox.catalog import load_sandbox_tasks

        tasks = filter_tasks(load_sandbox_tasks(d.sandbox.port), sites=[site] if site else [], limit=limit)
        return json.dumps([{"id": t.id, "site": t.site, "question": t.question, "start_url": t.start_url}
                           for t in tasks], indent=1)

    async def observe(self, url: str | None) -> list[Any]:
        session = await self.the_desk().session()
        if url:
            await session.goto(url)
        self.last = observation = await session.observe()
        return _observation_content(observation)

    async def act(self, action: str, ctx: Any) -> list[Any]:
        last = self.last
        if last is None:
            raise ConfigError("observe the page first: labels come from an observation")
        parsed = parse_reply(f"Action: {action}")
        if parsed.action is None:
            raise ActionError(parsed.error or f"not an action: {action!r}")
        if spec_of(parsed.action) not in MCP:
            raise ActionError("act does browser actions; to have a task answered, use run_task")
        line = action_text(parsed.action)
        reason = consequence(parsed.action, target_element(parsed.action, last.elements))
        if reason is not None:
            verdict = await ElicitingGate(ctx).review(line, reason, last.url)
            if verdict.choice != "approve":
                raise ActionError(f"Not done: {line} is consequential ({reason}) and was not approved"
                                  f"{f' ({verdict.note})' if verdict.note else ''}.")
        session = await self.the_desk().session()
        outcome = await session.execute(parsed.action)
        self.last = observation = await session.observe()
        done = f"Done: {line}" + ("; the page navigated" if outcome.navigated else "")
        return _observation_content(observation, "\n".join([done, *[f"Note: {n}" for n in outcome.notes]]))

    async def run_task(self, ctx: Any, question: str | None, url: str | None, task_id: str | None,
                       model: str | None, max_steps: int) -> str:
        d = self.the_desk()
        task = _task(d, question, url, task_id)
        spec = model or self.options.model or default_model_spec()
        check_model_ready(spec)
        settings = RunSettings(max_steps=max_steps, headless=self.options.headless).validate()
        run_dir = new_run_dir(self.options.out, prefix="mcp")
        run_dir.mkdir(parents=True, exist_ok=True)
        write_run_json(run_dir, settings, spec, command="mcp run_task", extra={"task_id": task.id})
        chat_model = create_model(spec, settings=settings)
        try:
            result = await execute_task(task, browser=await d.browser(), model=chat_model, settings=settings,
                                        task_dir=run_dir / safe_dirname(task.id), gate=ElicitingGate(ctx))
        finally:
            close = getattr(chat_model, "aclose", None)
            if close is not None:
                await close()
        return json.dumps({"task_id": result.task_id, "status": result.status, "answer": result.answer,
                           "success": result.success, "steps": result.steps, "error": result.error,
                           "final_url": result.final_url, "run_dir": str(run_dir)}, indent=1)


def build_server(options: ServerOptions | None = None) -> MCPServer:
    """The MCP server with its tools; the browser starts at the first tool call that needs it."""
    tools = _Tools(options or ServerOptions())

    @contextlib.asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[None]:
        tools.desk = Desk(tools.options)
        try:
            yield None
        finally:
            await tools.desk.close()
            tools.desk = None

    server: MCPServer = MCPServer("webvoyager", instructions=INSTRUCTIONS, version=__version__, lifespan=lifespan)

    @server.tool(structured_output=False)
    async def list_sandbox_tasks(site: str | None = None, limit: int = 50) -> str:
        """The sandbox's checked tasks (id, site, question, start_url), optionally of one site."""
        with _tool_errors():
            return await tools.list_sandbox_tasks(site, limit)

    @server.tool(structured_output=False)
    async def observe(url: str | None = None) -> list[Any]:
        """Open `url` (if given) in the driven browser tab, then return its labelled elements and the
        screenshot with the labels drawn."""
        with _tool_errors():
            return await tools.observe(url)

    @server.tool(structured_output=False, description=ACT_DESCRIPTION)
    async def act(action: str, ctx: Context) -> list[Any]:
        with _tool_errors():
            return await tools.act(action, ctx)

    @server.tool(structured_output=False)
    async def run_task(ctx: Context, question: str | None = None, url: str | None = None,
                       task_id: str | None = None, model: str | None = None, max_steps: int = 15) -> str:
        """Have the web agent do a task: `question` with its start `url`, or a sandbox `task_id` (see
        list_sandbox_tasks). `model` is a spec such as openai:gpt-4o, anthropic:MODEL or reference.
        Returns the result (status, answer, success by the task's check, steps) and the run folder."""
        with _tool_errors():
            return await tools.run_task(ctx, question, url, task_id, model, max_steps)

    return server


def _task(desk: Desk, question: str | None, url: str | None, task_id: str | None) -> Task:
    if task_id:
        if desk.sandbox is None:
            raise ConfigError("task ids name sandbox tasks, and the sandbox is off in this server")
        from webvoyager.sandbox.catalog import load_sandbox_tasks

        found = [t for t in load_sandbox_tasks(desk.sandbox.port) if t.id == task_id]
        if not found:
            raise ConfigError(f"no sandbox task {task_id!r}; list_sandbox_tasks gives the ids")
        return found[0]
    if not question or not url:
        raise ConfigError("give a question and its start url, or a sandbox task_id")
    return Task(id="task", question=question, start_url=url)
