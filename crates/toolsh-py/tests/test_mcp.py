"""MCP from Python: import a real upstream server's tools over stdio (the
npm reference server-memory) and over streamable HTTP and HTTP+SSE (the
npm reference server-everything on a loopback port), and serve a tool set
over stdio to the real Python MCP SDK client."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import toolsh.mcp
from toolsh import ScriptedTool

NPM = os.path.expanduser("~/.cache/toolsh-npm/node_modules/@modelcontextprotocol")
MEMORY = os.path.join(NPM, "server-memory", "dist", "index.js")
EVERYTHING = os.path.join(NPM, "server-everything", "dist", "index.js")


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


class _EverythingOverHttp:
    """server-everything serving ``mode`` on a free loopback port."""

    def __init__(self, mode: str):
        node = shutil.which("node")
        if node is None or not os.path.exists(EVERYTHING):
            pytest.skip("server-everything or node missing: run scripts/install-test-servers.sh")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen(
            [node, EVERYTHING, mode], env={**os.environ, "PORT": str(self.port)},
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        deadline = time.monotonic() + 30
        for line in self.proc.stderr:  # it says which port it listens on
            if str(self.port) in line or time.monotonic() > deadline:
                break
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


# Recorded from the real server through the MCP inspector CLI
# (`--method tools/call --tool-name echo --tool-arg message=hi`, and
# `get-sum --tool-arg a=2 --tool-arg b=40`).
EVERYTHING_SCRIPT = "everything.echo --message hi; everything.get-sum --a 2 --b 40"
EVERYTHING_OUTPUT = "Echo: hi\nThe sum of 2 and 40 is 42.\n"


@pytest.mark.parametrize("mode,path", [("streamableHttp", "/mcp"), ("sse", "/sse")])
def test_import_upstream_tools_over_http(mode, path):
    server = _EverythingOverHttp(mode)
    try:
        up = toolsh.mcp.http("everything", server.url(path), headers={"Authorization": "Bearer t0ken"})
        assert "everything.get-sum" in up.tool_names()
        tool = ScriptedTool.builder("script").mcp(up).build()
        r = tool.execute_sync(EVERYTHING_SCRIPT)
        assert (r.stdout, r.exit_code) == (EVERYTHING_OUTPUT, 0), r.stderr

        async def main():
            return await tool.execute("everything.get-sum --a 1 --b 2")

        assert asyncio.run(main()).stdout == "The sum of 1 and 2 is 3.\n"
        up.close()
    finally:
        server.close()


def test_unreachable_http_upstream_is_a_clear_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(OSError) as e:
        toolsh.mcp.http("gone", f"http://127.0.0.1:{port}/mcp?key=s3cret", connect_timeout_ms=5000)
    assert "s3cret" not in str(e.value)


def test_bad_upstream_is_a_clear_error():
    with pytest.raises(OSError):
        toolsh.mcp.stdio("nothing", "/nonexistent/toolsh-no-such-server")
    with pytest.raises(ValueError, match="invalid MCP server name"):
        toolsh.mcp.stdio("a.b", "true")
    with pytest.raises(ValueError, match="invalid MCP server name"):
        toolsh.mcp.http("a.b", "http://127.0.0.1:1/mcp")


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
