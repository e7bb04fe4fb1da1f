"""Capabilities: grants with call counts, permission modes, approvals
(sync and async), the audit log."""

from __future__ import annotations

import asyncio
import contextvars

import pytest

from toolsh import ScriptedTool, ToolDef

who: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


def _builder():
    return (
        ScriptedTool.builder("s")
        .tool(ToolDef("db.read", "Read.", tags=["read"]), lambda p, s: "row")
        .tool(ToolDef("db.write", "Write.", tags=["write"]), lambda p, s: "written")
        .tool(ToolDef("mail.send", "Send.", tags=["external"]), lambda p, s: "sent")
    )


def test_grant_with_call_count():
    tool = _builder().grant("db.read", max_calls=2).build()
    r = tool.execute_sync("db.read; db.read; db.read; echo $?")
    assert r.stdout == "row\nrow\n1\n"
    assert "db.read" in r.stderr
    # per execution: the next one has its budget again
    assert tool.execute_sync("db.read").stdout == "row\n"


def test_ungranted_tool_is_hidden_and_denied():
    tool = _builder().grant("db.read").build()
    assert "db.write" not in tool.system_prompt()
    r = tool.execute_sync("db.write; echo $?")
    assert r.stdout == "1\n"
    assert r.stderr.startswith("db.write: denied")


def test_grant_of_unknown_tool_is_refused():
    with pytest.raises(ValueError, match="no tool 'db.nope'"):
        _builder().grant("db.nope").build()


def test_read_only_mode():
    tool = _builder().mode("read-only").build()
    r = tool.execute_sync("db.read; db.write")
    assert r.stdout == "row\n"
    assert "db.write: denied: read-only mode" in r.stderr


def test_full_mode_runs_everything():
    tool = _builder().mode("full").build()
    assert tool.execute_sync("db.read; db.write; mail.send").stdout == "row\nwritten\nsent\n"


def test_bad_mode():
    with pytest.raises(ValueError, match="read-only"):
        _builder().mode("yolo")


def test_auto_mode_sync_approval_sees_request_and_context():
    asked = []

    def approve(req):
        asked.append((req["tool"], req["params"], req["risk"], who.get()))
        return req["tool"] == "db.write" or "mail is off today"

    tool = _builder().mode("auto", approve=approve).build()
    token = who.set("alice")
    try:
        r = tool.execute_sync("db.read; db.write; mail.send; echo $?")
    finally:
        who.reset(token)
    assert r.stdout == "row\nwritten\n1\n"
    assert "mail.send: denied: mail is off today" in r.stderr
    assert asked == [("db.write", {}, "write", "alice"), ("mail.send", {}, "external", "alice")]


def test_auto_mode_async_approval_on_callers_loop():
    async def approve(req):
        await asyncio.sleep(0.01)
        return who.get() == "bob"

    tool = _builder().mode("auto", approve=approve).build()

    async def main(name):
        who.set(name)
        return await tool.execute("db.write")

    assert asyncio.run(main("bob")).stdout == "written\n"
    r = asyncio.run(main("eve"))
    assert r.exit_code == 1 and "db.write: denied: not approved" in r.stderr


def test_auto_mode_without_approval_denies_writes():
    tool = _builder().mode("auto").build()
    r = tool.execute_sync("db.read; db.write")
    assert r.stdout == "row\n"
    assert "db.write: denied" in r.stderr


def test_approval_exception_denies():
    def approve(req):
        raise RuntimeError("boom")

    r = _builder().mode("auto", approve=approve).build().execute_sync("db.write")
    assert r.exit_code == 1
    assert "denied: approval callback failed" in r.stderr


def test_audit_log_as_dicts():
    tool = _builder().grant("db.read", max_calls=1).grant("db.write").mode("read-only").build()
    tool.execute_sync("db.read; db.read; db.write; mail.send")
    entries = tool.audit()
    outcomes = [(e["label"], e["outcome"]) for e in entries]
    assert outcomes[0] == ("db.read", "granted")
    assert entries[0]["exit_code"] == 0
    assert outcomes[1] == ("db.read", "limit")
    assert [o for _, o in outcomes[2:]] == ["denied", "denied"]
    assert all(isinstance(e["seq"], int) for e in entries)
    assert ScriptedTool.builder("s").build().audit() == []


def test_output_schema_is_checked_under_grants_too():
    # With capabilities on, a tool with an output schema is registered as a
    # validated JSON tool (as the CLI registers it), and its callback still
    # runs in the caller's context and gets its stdin.
    out = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    tool = (
        ScriptedTool.builder("s")
        .tool(ToolDef("u.good", "d", output_schema=out), lambda p, s: {"id": int(s or "1")})
        .tool(ToolDef("u.bad", "d", output_schema=out), lambda p, s: {"id": "one"})
        .grant("u.good")
        .grant("u.bad")
        .build()
    )
    assert tool.execute_sync("u.good | jq .id; echo 5 | u.good | jq .id").stdout == "1\n5\n"
    r = tool.execute_sync("u.bad; echo status=$?")
    assert r.stdout == "status=1\n"
    assert "output does not match the output schema" in r.stderr, r.stderr
