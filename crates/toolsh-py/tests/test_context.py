"""The ContextVar, event-loop, GIL and re-entrancy rules (engine docstring,
README "Python")."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time

import pytest

from toolsh import ScriptedTool, ToolDef

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="unset")


def _tool(sync_fn=None, async_fn=None):
    b = ScriptedTool.builder("s")
    if sync_fn:
        b = b.tool(ToolDef("ctx.sync", "d"), sync_fn)
    if async_fn:
        b = b.tool(ToolDef("ctx.async", "d"), async_fn)
    return b.sanitize_errors(False).build()


def test_contextvar_seen_by_sync_and_async_callbacks_in_execute():
    async def a(params, stdin):
        return request_id.get()

    tool = _tool(lambda p, s: request_id.get(), a)

    async def main():
        request_id.set("req-1")
        return await tool.execute("ctx.sync; ctx.async")

    assert asyncio.run(main()).stdout == "req-1\nreq-1\n"


def test_contextvar_seen_by_sync_and_async_callbacks_in_execute_sync():
    async def a(params, stdin):
        return request_id.get()

    tool = _tool(lambda p, s: request_id.get(), a)
    token = request_id.set("req-sync")
    try:
        assert tool.execute_sync("ctx.sync; ctx.async").stdout == "req-sync\nreq-sync\n"
    finally:
        request_id.reset(token)


def test_context_is_snapshotted_when_execute_is_called():
    async def a(params, stdin):
        await asyncio.sleep(0.05)
        return request_id.get()

    tool = _tool(async_fn=a)

    async def main():
        request_id.set("before")
        coro = tool.execute("ctx.async")
        task = asyncio.ensure_future(coro)
        await asyncio.sleep(0)  # execute() has started and taken its snapshot
        request_id.set("after")
        return (await task).stdout

    assert asyncio.run(main()) == "before\n"


def test_request_scoped_values_never_leak_between_concurrent_executions():
    async def a(params, stdin):
        mine = request_id.get()
        await asyncio.sleep(0.02)  # interleave with the other executions
        request_id.set("overwritten-by-callback")
        await asyncio.sleep(0.02)
        return mine

    def s(params, stdin):
        v = request_id.get()
        request_id.set("leak?")
        return v

    tool = _tool(s, a)

    async def one(i):
        request_id.set(f"req-{i}")
        r = await tool.execute("ctx.async; ctx.sync; ctx.async")
        return r.stdout, request_id.get()

    async def main():
        return await asyncio.gather(*(asyncio.create_task(one(i)) for i in range(8)))

    for i, (out, after) in enumerate(asyncio.run(main())):
        assert out == f"req-{i}\nreq-{i}\nreq-{i}\n"
        assert after == f"req-{i}", "a callback's set() never reaches the caller"


def test_async_callbacks_run_on_the_callers_loop():
    loops = []

    async def a(params, stdin):
        loops.append(asyncio.get_running_loop())
        return "x"

    tool = _tool(async_fn=a)

    async def main2():
        await tool.execute("ctx.async")
        return loops[-1] is asyncio.get_running_loop()

    assert asyncio.run(main2())


def test_cancelling_the_awaiting_task_cancels_only_its_callbacks():
    events = {"a_cancelled": False, "b_done": False}
    started = {}

    async def slow(params, stdin):
        who = params["who"]
        started[who] = True
        try:
            await asyncio.sleep(0.3)
        except asyncio.CancelledError:
            events[f"{who}_cancelled"] = True
            raise
        events[f"{who}_done"] = True
        return who

    marks = []
    tool = (
        ScriptedTool.builder("s")
        .tool(ToolDef("x.slow", "d", {"type": "object", "properties": {"who": {"type": "string"}}}), slow)
        .tool(ToolDef("x.mark", "d", {"type": "object", "properties": {"who": {"type": "string"}}}),
              lambda p, s: marks.append(p["who"]))
        .build()
    )

    async def main():
        ta = asyncio.create_task(tool.execute("x.slow --who a; x.mark --who a; echo after-a"))
        tb = asyncio.create_task(tool.execute("x.slow --who b; x.mark --who b; echo after-b"))
        while not ("a" in started and "b" in started):
            await asyncio.sleep(0.01)
        ta.cancel()
        with pytest.raises(asyncio.CancelledError):
            await ta
        rb = await tb
        await asyncio.sleep(0.05)
        return rb

    rb = asyncio.run(main())
    assert events["a_cancelled"] is True
    assert "a_done" not in events
    assert events["b_done"] is True
    assert rb.stdout == "b\nnull\nafter-b\n"
    assert marks == ["b"], "the cancelled script ran no further command"


def test_gil_is_released_while_a_script_runs():
    tool = ScriptedTool.builder("s").limits(max_loop_iterations=10_000_000, max_total_loop_iterations=10_000_000).build()
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        r = tool.execute_sync("i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo $i")
    finally:
        stop.set()
        t.join()
    assert r.stdout == "20000\n"
    assert len(ticks) > 5, "another Python thread ran while the script did"


def test_sync_callback_reentering_execute_sync_does_not_deadlock():
    inner = ScriptedTool.builder("inner").tool(ToolDef("in.val", "d"), lambda p, s: request_id.get()).build()

    def outer_cb(params, stdin):
        return inner.execute_sync("in.val | tr a-z A-Z").stdout.strip()

    outer = ScriptedTool.builder("outer").tool(ToolDef("out.call", "d"), outer_cb).build()
    token = request_id.set("nested")
    try:
        assert outer.execute_sync("out.call; out.call").stdout == "NESTED\nNESTED\n"
    finally:
        request_id.reset(token)


def test_sync_callback_reentering_the_same_tool_does_not_deadlock():
    holder = {}

    def again(params, stdin):
        depth = params.get("depth", 0)
        if depth >= 3:
            return "bottom"
        return holder["t"].execute_sync(f"x.again --depth {depth + 1}").stdout.strip() + f"<{depth}"

    holder["t"] = ScriptedTool.builder("s").tool(
        ToolDef("x.again", "d", {"type": "object", "properties": {"depth": {"type": "integer"}}}), again
    ).build()
    assert holder["t"].execute_sync("x.again").stdout == "bottom<2<1<0\n"


def test_async_callback_reentering_execute_does_not_deadlock():
    inner = ScriptedTool.builder("inner").tool(ToolDef("in.val", "d"), lambda p, s: request_id.get()).build()

    async def outer_cb(params, stdin):
        r = await inner.execute("in.val")
        return r.stdout.strip() + "!"

    outer = ScriptedTool.builder("outer").tool(ToolDef("out.call", "d"), outer_cb).build()

    async def main():
        request_id.set("deep")
        return (await outer.execute("out.call")).stdout

    assert asyncio.run(main()) == "deep!\n"


def test_sync_callback_in_execute_reentering_execute_sync():
    inner = ScriptedTool.builder("inner").tool(ToolDef("in.val", "d"), lambda p, s: "v").build()
    outer = ScriptedTool.builder("outer").tool(
        ToolDef("out.call", "d"), lambda p, s: inner.execute_sync("in.val").stdout
    ).build()

    async def main():
        return (await outer.execute("out.call")).stdout

    assert asyncio.run(main()) == "v\n"


def test_execute_sync_from_a_coroutine_is_refused():
    tool = _tool(lambda p, s: "x")

    async def main():
        tool.execute_sync("ctx.sync")

    with pytest.raises(RuntimeError, match="await execute"):
        asyncio.run(main())


def test_execute_sync_from_many_threads():
    tool = _tool(lambda p, s: request_id.get())
    out = {}

    def worker(i):
        request_id.set(f"t{i}")
        out[i] = tool.execute_sync("ctx.sync").stdout

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {i: f"t{i}\n" for i in range(6)}
