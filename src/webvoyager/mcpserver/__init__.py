"""`webvoyager mcp`: an MCP server over stdio (the official `mcp` SDK, pip install 'webvoyager[mcp]')."""

from webvoyager.mcpserver.server import ServerOptions, build_server

__all__ = ["ServerOptions", "build_server"]
