"""A ``ScriptedTool`` as a LangChain tool (``langchain_core.tools.BaseTool``)."""

from __future__ import annotations

from typing import Any

from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field

from . import render


class ScriptInput(BaseModel):
    """The input of the script tool."""

    commands: str = Field(description="The bash script to run.")
    timeout_ms: int | None = Field(default=None, ge=1, description="Wall-clock limit in milliseconds.")


class ToolshTool(BaseTool):
    """Runs a bash script over the tool set; ``invoke``/``ainvoke`` and tool
    calls (``{"type": "tool_call", ...}``) as for any LangChain tool."""

    name: str
    description: str
    args_schema: type[BaseModel] = ScriptInput
    scripted: Any = Field(exclude=True)

    def _run(self, commands: str, timeout_ms: int | None = None, run_manager: Any = None) -> str:
        return render(self.scripted.execute_sync(commands, timeout_ms))

    async def _arun(self, commands: str, timeout_ms: int | None = None, run_manager: Any = None) -> str:
        return render(await self.scripted.execute(commands, timeout_ms))


def tool(scripted: Any) -> ToolshTool:
    """``scripted`` (a built ``ScriptedTool``) as a LangChain ``BaseTool``."""
    return ToolshTool(name=scripted.name, description=scripted.system_prompt(), scripted=scripted)
