"""The core binding: ToolDef, callbacks, the builder, execute, schemas,
prompts, traces, errors."""

from __future__ import annotations

import asyncio
import json

import pytest

from conftest import ORDER_SCHEMA, oracle, orders
from toolsh import LIMITS, ScriptedTool, ScriptingToolSet, ToolDef, ToolResponse

ORDERS_JSON = json.dumps(orders({"customer": "acme"}, None))


def test_sync_callback_through_jq_matches_bash(shop):
    script = "orders.list --customer acme | jq '[.[].total] | add'"
    r = shop.execute_sync(script)
    assert isinstance(r, ToolResponse)
    assert r.stdout == oracle(f"echo '{ORDERS_JSON}' | jq '[.[].total] | add'")
    assert (r.exit_code, r.stderr, r.error) == (0, "", None)


def test_async_execute_and_async_callback():
    async def slow(params, stdin):
        await asyncio.sleep(0.01)
        return {"n": params["n"] * 2, "stdin": stdin}

    tool = ScriptedTool.builder("s").tool(
        ToolDef("calc.double", "Double n.", {"type": "object", "properties": {"n": {"type": "integer"}}}), slow
    ).build()

    async def main():
        return await tool.execute("echo hi | calc.double --n 21 | jq -c .")

    r = asyncio.run(main())
    assert r.stdout == oracle("""echo '{"n": 42, "stdin": "hi\\n"}' | jq -c .""")
    assert r.exit_code == 0


def test_async_callback_from_execute_sync_runs_on_private_loop():
    seen = []

    async def where(params, stdin):
        seen.append(asyncio.get_running_loop())
        return "ok"

    tool = ScriptedTool.builder("s").tool(ToolDef("x.where", "d"), where).build()
    assert tool.execute_sync("x.where; x.where").stdout == "ok\nok\n"
    assert len(seen) == 2 and seen[0] is seen[1], "one cached private loop"


def test_return_values_str_and_json():
    tool = (
        ScriptedTool.builder("s")
        .tool(ToolDef("v.str", "d"), lambda p, s: "plain text")
        .tool(ToolDef("v.num", "d"), lambda p, s: 3.5)
        .tool(ToolDef("v.none", "d"), lambda p, s: None)
        .tool(ToolDef("v.list", "d"), lambda p, s: [1, "a", {"b": True}])
        .build()
    )
    r = tool.execute_sync("v.str; v.num; v.none; v.list")
    assert r.stdout == 'plain text\n3.5\nnull\n[1, "a", {"b": true}]\n'


def test_exception_is_sanitized_by_default():
    def boom(params, stdin):
        raise KeyError("secret-token-123")

    tool = ScriptedTool.builder("s").tool(ToolDef("x.boom", "d"), boom).build()
    r = tool.execute_sync("x.boom; echo status=$?")
    assert r.stdout == "status=1\n"
    assert r.stderr == "x.boom: callback failed\n"
    assert "secret" not in r.stderr


def test_exception_message_shown_when_sanitization_is_off():
    def boom(params, stdin):
        raise ValueError("no such user")

    tool = ScriptedTool.builder("s").tool(ToolDef("x.boom", "d"), boom).sanitize_errors(False).build()
    r = tool.execute_sync("x.boom")
    assert r.stderr == "x.boom: ValueError: no such user\n"
    assert r.exit_code == 1


def test_unserialisable_result_is_a_failed_call():
    tool = (
        ScriptedTool.builder("s").tool(ToolDef("x.bad", "d"), lambda p, s: object()).sanitize_errors(False).build()
    )
    r = tool.execute_sync("x.bad")
    assert r.exit_code == 1
    assert r.stderr.startswith("x.bad: TypeError: Object of type object is not JSON serializable")


def test_sync_callback_returning_a_coroutine_is_refused():
    async def coro():
        return 1

    tool = ScriptedTool.builder("s").tool(ToolDef("x.c", "d"), lambda p, s: coro()).sanitize_errors(False).build()
    r = tool.execute_sync("x.c")
    assert r.exit_code == 1
    assert "define it with async def" in r.stderr


def test_schema_validation_error_exit_2(shop):
    r = shop.execute_sync("orders.list --limit 3")
    assert r.exit_code == 2
    assert "customer" in r.stderr


def test_invalid_schema_and_name_are_refused_at_build():
    with pytest.raises(ValueError, match="invalid tool name"):
        ToolDef("bad name", "d")
    with pytest.raises(ValueError, match="input_schema: a JSON Schema must be an object"):
        ToolDef("a.b", "d", input_schema=[1])
    with pytest.raises(ValueError):
        ScriptedTool.builder("s").tool(
            ToolDef("a.b", "d", {"type": "object", "properties": {"x": {"$ref": "#/nope"}}}), orders
        ).build()
    with pytest.raises(ValueError, match="not valid JSON|Out of range|NaN"):
        ToolDef("a.b", "d", {"type": "object", "x": float("nan")})


def test_duplicate_tool_is_refused():
    b = ScriptedTool.builder("s").tool(ToolDef("a.b", "d"), orders).tool(ToolDef("a.b", "d"), orders)
    with pytest.raises(ValueError):
        b.build()
    with pytest.raises(RuntimeError, match="already built"):
        b.build()


def test_from_model_uses_pydantic_schema():
    from pydantic import BaseModel

    class Lookup(BaseModel):
        """Look a user up."""

        id: int
        verbose: bool = False

    d = ToolDef.from_model(Lookup, name="users.lookup")
    assert d.input_schema == Lookup.model_json_schema()
    assert d.description == "Look a user up."
    tool = ScriptedTool.builder("s").tool(d, lambda p, s: Lookup(**p).model_dump()).build()
    r = tool.execute_sync("users.lookup --id 7 | jq -c .")
    assert r.stdout == oracle("""echo '{"id": 7, "verbose": false}' | jq -c .""")
    assert tool.execute_sync("users.lookup --id x").exit_code == 2


def test_limits_env_and_errors():
    tool = ScriptedTool.builder("s").limits(max_loop_iterations=5).env("GREETING", "hi").build()
    r = tool.execute_sync("echo $GREETING; while true; do :; done")
    assert r.stdout == "hi\n"
    assert r.exit_code == 124
    assert r.error == "loop iterations exceeded" or "exceeded" in r.error
    with pytest.raises(TypeError, match="unknown limit 'max_bogus'"):
        ScriptedTool.builder("s").limits(max_bogus=1)
    with pytest.raises(ValueError, match="whole number"):
        ScriptedTool.builder("s").limits(max_commands=-1)
    assert "timeout_ms" in LIMITS


def test_timeout_ms_per_execution():
    async def forever(params, stdin):
        await asyncio.sleep(60)

    tool = ScriptedTool.builder("s").tool(ToolDef("x.wait", "d"), forever).build()
    r = tool.execute_sync("x.wait", timeout_ms=200)
    assert r.exit_code == 124
    assert r.error is not None and "exceeded" in r.error


def test_prompt_schemas_and_definitions(shop):
    p = shop.system_prompt()
    assert "orders.list" in p and "customer" in p
    assert shop.build_input_schema()["required"] == ["commands"]
    assert set(shop.build_output_schema()["required"]) == {"stdout", "stderr", "exit_code"}
    d = shop.build_tool_definition()
    assert d["openai"]["function"]["name"] == "script"
    assert d["anthropic"]["input_schema"] == shop.build_input_schema()
    assert shop.tool_names() == ["orders.list"]
    compact = (
        ScriptedTool.builder("s").tool(ToolDef("orders.list", "List.", ORDER_SCHEMA), orders).compact_prompt().build()
    )
    assert len(compact.system_prompt()) < len(p)


def test_trace_of_last_execution(shop):
    shop.execute_sync("orders.list --customer acme >/dev/null; help >/dev/null")
    t = shop.last_execution_trace()
    assert [(e["name"], e["kind"], e["exit_code"]) for e in t] == [("orders.list", "tool", 0), ("help", "help", 0)]
    assert t[0]["params"] == {"customer": "acme"}
    assert t[0]["output"][0]["total"] == 30
    assert shop.last_execution_trace() == []


def test_toolset_discovery_mode(shop):
    tool = (
        ScriptedTool.builder("script")
        .tool(ToolDef("orders.list", "List a customer's orders.", ORDER_SCHEMA, category="orders"), orders)
        .compact_prompt()
        .build()
    )
    set_ = ScriptingToolSet(tool, mode="discovery")
    names = [t["name"] for t in set_.tools()]
    assert names == ["script", "script_discover"]
    assert "orders.list" in set_.discover({"search": "orders"})
    assert "customer" in set_.discover({"tool": "orders.list"})
    with pytest.raises(ValueError, match="unknown tool"):
        set_.discover({"tool": "nope"})
    assert [t["name"] for t in ScriptingToolSet(shop).tools()] == ["script"]
    with pytest.raises(ValueError):
        ScriptingToolSet(shop, mode="other")
    assert set_.execute_sync("orders.list --customer a | jq length").stdout == "2\n"


def test_response_to_dict(shop):
    r = shop.execute_sync("echo out; echo err >&2; exit 3")
    assert r.to_dict() == {"stdout": "out\n", "stderr": "err\n", "exit_code": 3}


def test_async_exception_is_sanitized_by_default():
    async def boom(params, stdin):
        await asyncio.sleep(0)
        raise PermissionError("token=secret-456")

    tool = ScriptedTool.builder("s").tool(ToolDef("x.boom", "d"), boom).build()

    async def main():
        return await tool.execute("x.boom; echo status=$?")

    r = asyncio.run(main())
    assert (r.stdout, r.stderr) == ("status=1\n", "x.boom: callback failed\n")
    r = tool.execute_sync("x.boom")
    assert (r.exit_code, r.stderr) == (1, "x.boom: callback failed\n")


def test_output_schema_is_checked():
    out = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    tool = (
        ScriptedTool.builder("s")
        .tool(ToolDef("u.good", "d", output_schema=out), lambda p, s: {"id": 1})
        .tool(ToolDef("u.bad", "d", output_schema=out), lambda p, s: {"id": "one"})
        .tool(ToolDef("u.text", "d", output_schema=out), lambda p, s: "not json")
        .build()
    )
    assert tool.execute_sync("u.good | jq .id").stdout == "1\n"
    for name, why in (("u.bad", "output does not match the output schema"), ("u.text", "output is not JSON")):
        r = tool.execute_sync(f"{name}; echo status=$?")
        assert r.stdout == "status=1\n"
        assert r.stderr.startswith(f"{name}: output does not match the output schema") and why in r.stderr, r.stderr


def test_private_loop_is_cached_across_executions():
    seen = []

    async def where(params, stdin):
        seen.append(asyncio.get_running_loop())
        return "ok"

    tool = ScriptedTool.builder("s").tool(ToolDef("x.where", "d"), where).build()
    for _ in range(3):
        assert tool.execute_sync("x.where").stdout == "ok\n"
    assert len(seen) == 3 and seen[0] is seen[1] is seen[2]


def test_params_arrive_as_json_loads_gives_them():
    schema = {
        "type": "object",
        "properties": {
            "n": {"type": "integer"}, "big": {"type": "integer"}, "f": {"type": "number"},
            "b": {"type": "boolean"}, "a": {"type": "array"}, "o": {"type": "object"}, "s": {"type": "string"},
        },
    }
    seen = []
    tool = ScriptedTool.builder("s").tool(ToolDef("x.echo", "d", schema), lambda p, s: seen.append(p)).build()
    r = tool.execute_sync(
        """x.echo --s 'héllo "q"' --n -3 --big 9223372036854775807 --f 1.5 --b """
        """--a '[1, "x", [null]]' --o '{"z": 1, "a": {"k": false}}'"""
    )
    assert r.exit_code == 0, r.stderr
    expected = json.loads(
        '{"s": "h\\u00e9llo \\"q\\"", "n": -3, "big": 9223372036854775807, "f": 1.5, "b": true,'
        ' "a": [1, "x", [null]], "o": {"z": 1, "a": {"k": false}}}'
    )
    assert seen == [expected]
    assert list(seen[0]["o"]) == ["z", "a"], "keys keep their order"
    assert type(seen[0]["big"]) is int and type(seen[0]["f"]) is float
