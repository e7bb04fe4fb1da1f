"""Each adapter driven the way its framework calls a tool (no network, no
model)."""

from __future__ import annotations

import asyncio
import json

import pytest

from conftest import ORDERS_TOTAL_SCRIPT, orders_total_oracle


def test_langchain_invoke_ainvoke_and_tool_call(shop):
    pytest.importorskip("langchain_core")
    from langchain_core.messages import ToolMessage

    from toolsh.adapters import langchain

    total = orders_total_oracle()
    t = langchain.tool(shop)
    assert t.name == "script"
    assert "orders.list" in t.description
    assert t.invoke({"commands": ORDERS_TOTAL_SCRIPT}) == total
    assert asyncio.run(t.ainvoke({"commands": ORDERS_TOTAL_SCRIPT})) == total
    msg = t.invoke({"type": "tool_call", "id": "call_1", "name": "script", "args": {"commands": "exit 4"}})
    assert isinstance(msg, ToolMessage)
    assert msg.tool_call_id == "call_1"
    assert msg.content == "[exit status 4]"
    # the schema the model sees
    assert t.tool_call_schema.model_json_schema()["required"] == ["commands"]


def test_openai_agents_function_tool(shop):
    pytest.importorskip("agents")
    from agents import FunctionTool
    from agents.tool_context import ToolContext

    from toolsh.adapters import openai_agents

    t = openai_agents.tool(shop)
    assert isinstance(t, FunctionTool)
    assert t.params_json_schema == shop.build_input_schema()
    args = json.dumps({"commands": ORDERS_TOTAL_SCRIPT})
    ctx = ToolContext(context=None, tool_name=t.name, tool_call_id="c1", tool_arguments=args)
    assert asyncio.run(t.on_invoke_tool(ctx, args)) == orders_total_oracle()
    bad = asyncio.run(t.on_invoke_tool(ctx, "{}"))
    assert bad.startswith("error:")


def test_pydantic_ai_tool_in_an_agent_run(shop):
    pytest.importorskip("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import AgentInfo, FunctionModel

    from toolsh.adapters import pydantic_ai

    def model(messages, info: AgentInfo) -> ModelResponse:
        # First turn: call the script tool; second: answer with its result.
        returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        if not returns:
            assert [t.name for t in info.function_tools] == ["script"]
            return ModelResponse(parts=[ToolCallPart("script", {"commands": ORDERS_TOTAL_SCRIPT})])
        return ModelResponse(parts=[TextPart(f"total={returns[0].content.strip()}")])

    agent = Agent(FunctionModel(model), tools=[pydantic_ai.tool(shop)])
    result = agent.run_sync("What did acme spend?")
    assert result.output == f"total={orders_total_oracle().strip()}"
