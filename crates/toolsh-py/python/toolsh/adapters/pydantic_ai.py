"""A ``ScriptedTool`` as a PydanticAI ``Tool``."""

from __future__ import annotations

from typing import Any

from pydantic_ai import Tool

from . import render


def tool(scripted: Any) -> Tool[Any]:
    """``scripted`` as a PydanticAI ``Tool`` whose schema is the script
    tool's input schema; the agent awaits it on its own loop."""

    async def run_script(commands: str, timeout_ms: int | None = None) -> str:
        return render(await scripted.execute(commands, timeout_ms))

    return Tool.from_schema(
        run_script,
        name=scripted.name,
        description=scripted.system_prompt(),
        json_schema=scripted.build_input_schema(),
    )
