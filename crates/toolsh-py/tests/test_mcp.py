"""MCP from Python: import a real upstream server's tools over stdio (the
npm reference server-memory), and serve a tool set over stdio to the real
Python MCP SDK client."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

import toolsh.mcp
from toolsh import ScriptedTool

NPM = os.path.expanduser("~/.cache/toolsh-npm/node_modules/@modelcontextprotocol")
MEMORY = os.path.join(NPM, "server-memory", "dist", "index.js")


def _memory_server():
    node = shutil.which("node")
    if node is None or not os.path.exists(MEMORY):
        pytest.skip("server-memory or node missing: run scripts/install-test-servers.sh")
    return node


def test_import_upstream_tools_and_call_them(tmp_path):
    node = _memory_server()
    server = toolsh.mcp.stdio(
        "memory", node, [MEMORY], env={"MEMORY_FILE_PATH": str(tmp_path / "mem.jsonl")}
    )
    try:
        assert "memory.create_entities" in server.tool_names()
        tool = ScriptedTool.builder("script").mcp(server).build()
        script = textwrap.dedent(
            """
            memory.create_entities --entities '[{"name":"ada","entityType":"person","observations":["math"]}]' >/dev/null
            memory.read_graph | jq -r '.entities[].name'
            """
        )
        r = tool.execute_sync(script)
        assert (r.stdout, r.exit_code) == ("ada\n", 0), r.stderr
        assert "memory.read_graph" in tool.system_prompt()
    finally:
        server.close()
    with pytest.raises(RuntimeError, match="closed"):
        server.tool_names()


def test_bad_upstream_is_a_clear_error():
    with pytest.raises(OSError):
        toolsh.mcp.stdio("nothing", "/nonexistent/toolsh-no-such-server")
    with pytest.raises(ValueError, match="invalid MCP server name"):
        toolsh.mcp.stdio("a.b", "true")


SERVER = textwrap.dedent(
    """
    import contextvars, sys
    import toolsh.mcp
    from toolsh import ScriptedTool, ToolDef
    tenant = contextvars.ContextVar("tenant", default="unset")
    tenant.set("served")
    async def greet(params, stdin):
        return {"hello": params["name"], "tenant": tenant.get()}
    tool = (ScriptedTool.builder("script")
            .tool(ToolDef("people.greet", "Greet someone.",
                          {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}),
                  greet)
            .build())
    toolsh.mcp.serve_stdio(tool, discovery=len(sys.argv) > 1)
    """
)


def test_serve_over_stdio_to_the_python_sdk_client(tmp_path):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    path = tmp_path / "server.py"
    path.write_text(SERVER)

    async def main():
        params = StdioServerParameters(command=sys.executable, args=[str(path), "discovery"])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                names = sorted(t.name for t in (await session.list_tools()).tools)
                result = await session.call_tool("script", {"commands": "people.greet --name ada | jq -c ."})
                return names, result

    names, result = asyncio.run(asyncio.wait_for(main(), 60))
    assert names == ["script", "script_discover"]
    text = "".join(c.text for c in result.content if getattr(c, "type", "") == "text")
    expected = subprocess.run(
        ["jq", "-c", "."], input=json.dumps({"hello": "ada", "tenant": "served"}),
        capture_output=True, text=True, env={**os.environ, "PATH": os.path.expanduser("~/.cache/toolsh-oracles/bin") + os.pathsep + os.environ["PATH"]},
    ).stdout
    assert expected in text, text
