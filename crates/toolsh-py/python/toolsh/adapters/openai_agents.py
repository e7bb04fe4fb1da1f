"""A ``ScriptedTool`` as an OpenAI Agents SDK ``FunctionTool``."""

from __future__ import annotations

import json
from typing import Any

from agents import FunctionTool
from agents.tool_context import ToolContext

from . import render


def tool(scripted: Any) -> FunctionTool:
    """``scripted`` as a ``FunctionTool``: the SDK calls
    ``on_invoke_tool(ctx, args_json)`` with the model's arguments as JSON
    text; the result is the script's output as text. Bad arguments give an
    error text the model can act on (the SDK's convention)."""

    async def invoke(ctx: ToolContext[Any], args_json: str) -> str:
        try:
            args = json.loads(args_json or "{}")
            commands = args["commands"]
        except (ValueError, KeyError, TypeError):
            return 'error: the arguments must be a JSON object with a string "commands"'
        if not isinstance(commands, str):
            return 'error: "commands" must be a string'
        return render(await scripted.execute(commands, args.get("timeout_ms")))

    return FunctionTool(
        name=scripted.name,
        description=scripted.system_prompt(),
        params_json_schema=scripted.build_input_schema(),
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )
