"""Framework adapters: a built ``ScriptedTool`` as one tool of an agent
framework. Each imports its framework only when called (optional extras:
``pip install toolsh[langchain]``, ``[openai-agents]``, ``[pydantic-ai]``).

* ``toolsh.adapters.langchain.tool(t)`` -> a ``langchain_core`` ``BaseTool``
* ``toolsh.adapters.openai_agents.tool(t)`` -> an Agents SDK ``FunctionTool``
* ``toolsh.adapters.pydantic_ai.tool(t)`` -> a PydanticAI ``Tool``

All three give the model the tool's description (its commands), the input
schema ``{"commands": str, "timeout_ms"?: int}``, and return the script's
result as text (``render``).
"""

from __future__ import annotations

from typing import Any


def render(resp: Any) -> str:
    """The text a model receives for a ``ToolResponse``: stdout, then
    stderr and the exit status when the script failed or wrote to stderr."""
    out = resp.stdout
    if resp.stderr:
        out += ("" if not out or out.endswith("\n") else "\n") + "[stderr]\n" + resp.stderr
    if resp.exit_code != 0:
        out += ("" if not out or out.endswith("\n") else "\n") + f"[exit status {resp.exit_code}]"
        if resp.error:
            out += f" {resp.error}"
    return out
