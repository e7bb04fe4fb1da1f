"""toolsh: code mode for Python agents.

Register Python functions as tools; each becomes a shell command with
schema-validated ``--flags``. The model writes one bash script that pipes,
loops, branches and reshapes JSON with ``jq``; it runs in-process in a
sandbox (no host files, processes or network) under hard limits, and only
its final output goes back into the model's context.

    from toolsh import ScriptedTool, ToolDef

    def get_user(params, stdin):
        return {"id": params["id"], "name": "Ada"}

    tool = (ScriptedTool.builder("script")
            .tool(ToolDef("users.get", "Get a user.",
                          {"type": "object", "properties": {"id": {"type": "integer"}}}),
                  get_user)
            .build())
    tool.execute_sync("users.get --id 1 | jq -r .name").stdout  # 'Ada\\n'
"""

from ._engine import ScriptedTool, ScriptingToolSet
from ._native import LIMITS, McpServer, ScriptedToolBuilder, ToolDef, ToolResponse, __version__

__all__ = [
    "LIMITS",
    "McpServer",
    "ScriptedTool",
    "ScriptedToolBuilder",
    "ScriptingToolSet",
    "ToolDef",
    "ToolResponse",
    "__version__",
]
