"""MCP from Python: import an upstream server's tools, serve a tool set.

* ``toolsh.mcp.stdio(name, command, args=[], env=None)`` starts an MCP
  server as a child process and lists its tools; add them to a builder with
  ``.mcp(server)``: they become ``<name>.<tool>`` commands.
* ``toolsh.mcp.http(name, url, headers=None)`` does the same for a server
  at a URL (streamable HTTP, or the older HTTP+SSE transport).
* ``tool.serve_stdio()`` (or ``toolsh.mcp.serve_stdio(tool)``) serves a
  built tool to an MCP client over this process's stdin/stdout.
"""

from __future__ import annotations

from ._engine import ScriptedTool
from ._native import McpServer, http, stdio

__all__ = ["McpServer", "http", "serve_stdio", "stdio"]


def serve_stdio(tool: ScriptedTool, discovery: bool = False) -> None:
    """Serve ``tool`` over MCP on stdio until the client disconnects."""
    tool.serve_stdio(discovery)
