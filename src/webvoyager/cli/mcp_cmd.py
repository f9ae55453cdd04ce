"""CLI command: `webvoyager mcp [--headed] [--no-sandbox] [--out DIR] [--model SPEC]`: an MCP server on stdio."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
import typer

from webvoyager.cli import options as opt
from webvoyager.cli.common import PrintableFilter, friendly_errors
from webvoyager.errors import ConfigError


@friendly_errors
def mcp(
    headed: opt.Headed = False,
    sandbox: bool = typer.Option(True, "--sandbox/--no-sandbox", help="Serve the sandbox sites in-process "
                                 "(list_sandbox_tasks, run_task by task id)."),
    out: Path = typer.Option(Path("runs/mcp"), "--out", help="Folder for run_task's run directories."),
    model: opt.Model = None,
) -> None:
    """Serve the agent and the browser to MCP clients over stdio (tools: run_task, observe, act,
    list_sandbox_tasks). Consequential actions need the client user's approval via elicitation."""
    try:
        from webvoyager.mcpserver import ServerOptions, build_server
    except ImportError as exc:
        raise ConfigError(f"webvoyager mcp needs the MCP SDK ({exc}); install it with: "
                          "pip install 'webvoyager[mcp]'") from None
    # stdout carries the protocol: logs go to stderr only.
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    for handler in logging.getLogger().handlers:   # page text in a log line must not drive the terminal
        handler.addFilter(PrintableFilter())
    server = build_server(ServerOptions(headless=not headed, sandbox=sandbox, out=out, model=model))
    server.run("stdio")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("mcp")(mcp)
