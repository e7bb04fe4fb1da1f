"""The asyncio half of the callback engine (the Rust half is ``_native``).

Rules (issue 28, README "Python"):

* Each ``execute()`` / ``execute_sync()`` snapshots the caller's
  ``contextvars`` context (``copy_context()``) when it is called; every
  callback of that execution runs in a copy of that snapshot, so a value a
  callback sets never reaches another call, another execution or the
  caller.
* ``execute()`` captures the caller's running loop; async callbacks run
  on it as tasks; cancelling the awaiting task cancels the script and that
  execution's callback tasks, no others.
* Sync callbacks run as ``ctx.run(fn, params, stdin)`` on the thread that
  runs the script, with the GIL taken only for the call.
* ``execute_sync()`` runs async callbacks on one private event loop per
  tool (started on first use in a daemon thread, then cached). Never call
  it from a coroutine on a running loop: it would block that loop, so it
  raises ``RuntimeError`` there (await ``execute()`` instead).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import json
import threading
from typing import Any, Callable

from . import _native

_dumps = json.dumps


def is_async(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` is an ``async def`` (or an object whose ``__call__`` is)."""
    if inspect.iscoroutinefunction(fn):
        return True
    call = getattr(fn, "__call__", None)
    return call is not None and inspect.iscoroutinefunction(call)


def _text(value: Any) -> str:
    if type(value) is str:
        return value
    if inspect.isawaitable(value):
        if inspect.iscoroutine(value):
            value.close()
        raise TypeError("a sync callback returned an awaitable: define it with async def")
    return _dumps(value)


def _describe(exc: BaseException) -> str:
    msg = str(exc)
    return f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__


class Scope:
    """One execution's callback scope: its context snapshot and its loop."""

    __slots__ = ("ctx", "loop", "tasks", "cancelled")

    def __init__(self, loop: asyncio.AbstractEventLoop, ctx: contextvars.Context) -> None:
        self.ctx = ctx
        self.loop = loop
        self.tasks: set[asyncio.Future[Any]] = set()
        self.cancelled = False

    # Called by the Rust half, with the GIL, on the thread running the script.
    def call_sync(self, fn: Callable[..., Any], params: Any, stdin: str | None) -> str:
        return _text(self.ctx.copy().run(fn, params, stdin))

    # Called by the Rust half; the answer goes to ``reply`` from the loop.
    def call_async(self, fn: Callable[..., Any], params: Any, stdin: str | None, reply: Any) -> None:
        try:
            self.loop.call_soon_threadsafe(self._start, fn, params, stdin, reply)
        except RuntimeError as e:  # the loop is closed
            reply.fail(_describe(e))

    def _start(self, fn: Callable[..., Any], params: Any, stdin: str | None, reply: Any) -> None:
        if self.cancelled:
            reply.fail("CancelledError: the execution was cancelled")
            return
        ctx = self.ctx.copy()
        try:
            aw = ctx.run(fn, params, stdin)
            if not inspect.isawaitable(aw):
                reply.ok(_text(aw))
                return
            coro = aw if inspect.iscoroutine(aw) else _await(aw)
            task = self.loop.create_task(coro, context=ctx)
        except BaseException as e:  # noqa: BLE001 - a failed call, reported to the script
            reply.fail(_describe(e))
            return
        self.tasks.add(task)
        task.add_done_callback(functools.partial(self._done, reply))

    def _done(self, reply: Any, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if task.cancelled():
            reply.fail("CancelledError: the callback was cancelled")
            return
        exc = task.exception()
        if exc is not None:
            reply.fail(_describe(exc))
            return
        try:
            reply.ok(_text(task.result()))
        except BaseException as e:  # noqa: BLE001
            reply.fail(_describe(e))

    def cancel(self) -> None:
        """Cancel this execution's callback tasks (on the scope's loop)."""
        self.cancelled = True
        for t in list(self.tasks):
            t.cancel()


async def _await(aw: Any) -> Any:
    return await aw


def approval(fn: Callable[..., Any]) -> tuple[Callable[..., Any], bool]:
    """Wrap an approval callback: its answer becomes ``""`` (approve) or a
    denial reason, the form the Rust half reads."""

    def verdict(v: Any) -> str:
        if v is True:
            return ""
        if v is False or v is None:
            return "not approved"
        if isinstance(v, str) and v:
            return v
        raise TypeError("an approval callback returns True, False, None or a reason string")

    if is_async(fn):

        async def wrapped_async(request: dict[str, Any], _stdin: str | None) -> str:
            return verdict(await fn(request))

        return wrapped_async, True

    def wrapped(request: dict[str, Any], _stdin: str | None) -> str:
        return verdict(fn(request))

    return wrapped, False


class _PrivateLoop:
    """The event loop of ``execute_sync()``'s async callbacks: one per tool,
    run forever in a daemon thread, created on first use."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    def get(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                t = threading.Thread(target=loop.run_forever, name="toolsh-callbacks", daemon=True)
                t.start()
                self._loop = loop
            return self._loop


def _deliver(fut: asyncio.Future[Any], resp: Any) -> None:
    if not fut.done():
        fut.set_result(resp)


def _on_done(loop: asyncio.AbstractEventLoop, fut: asyncio.Future[Any], resp: Any) -> None:
    try:
        loop.call_soon_threadsafe(_deliver, fut, resp)
    except RuntimeError:
        pass  # the caller's loop closed: nobody is waiting


class ScriptedTool:
    """A tool set offered to an LLM as one "run a bash script" tool.

    Build it with ``ScriptedTool.builder(name)``. Each execution runs in a
    fresh sandboxed shell (no files, processes, network or host
    environment) under the builder's limits; tools are its commands.
    """

    __slots__ = ("_native", "_private")

    def __init__(self, native: Any) -> None:
        self._native = native
        self._private = _PrivateLoop()

    @staticmethod
    def builder(name: str) -> "_native.ScriptedToolBuilder":
        """A ``ScriptedToolBuilder`` for a tool named ``name``."""
        return _native.builder(name)

    @property
    def name(self) -> str:
        """The tool's name."""
        return self._native.name

    async def execute(self, script: str, timeout_ms: int | None = None) -> Any:
        """Run ``script``; returns a ``ToolResponse``. Async callbacks run on
        the running loop in the caller's context; cancelling the awaiting
        task cancels the script and its callbacks."""
        loop = asyncio.get_running_loop()
        scope = Scope(loop, contextvars.copy_context())
        fut: asyncio.Future[Any] = loop.create_future()
        handle = self._native.start(script, timeout_ms, scope, functools.partial(_on_done, loop, fut))
        try:
            return await fut
        except asyncio.CancelledError:
            handle.cancel()
            scope.cancel()
            raise

    def execute_sync(self, script: str, timeout_ms: int | None = None) -> Any:
        """Run ``script`` on this thread (the GIL released while it runs);
        returns a ``ToolResponse``. Async callbacks run on this tool's
        private loop. Raises ``RuntimeError`` when called from a coroutine
        on a running event loop (await ``execute()`` there)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            pass
        else:
            raise RuntimeError(
                "execute_sync() was called from a coroutine on a running event loop, "
                "which it would block; await execute() instead"
            )
        scope = Scope(self._private.get(), contextvars.copy_context())
        return self._native.run(script, timeout_ms, scope)

    def serve_stdio(self, discovery: bool = False) -> None:
        """Serve this tool over MCP on stdin/stdout until the client
        disconnects (blocks). Callbacks run in the context of this call and
        on the private loop."""
        scope = Scope(self._private.get(), contextvars.copy_context())
        self._native.serve_stdio(scope, discovery)

    def system_prompt(self) -> str:
        """The markdown system prompt (commands with their schemas)."""
        return self._native.system_prompt()

    def description(self) -> str:
        """The description used in tool definitions."""
        return self._native.description()

    def build_tool_definition(self) -> dict[str, Any]:
        """``{"openai": {...}, "anthropic": {...}}`` tool definitions."""
        return self._native.build_tool_definition()

    def build_input_schema(self) -> dict[str, Any]:
        """The JSON Schema of the input: ``commands`` and ``timeout_ms``."""
        return self._native.build_input_schema()

    def build_output_schema(self) -> dict[str, Any]:
        """The JSON Schema of a ``ToolResponse``."""
        return self._native.build_output_schema()

    def tool_names(self) -> list[str]:
        """The command names of the tools, sorted."""
        return self._native.tool_names()

    def last_execution_trace(self) -> list[dict[str, Any]]:
        """The trace of the last finished execution (emptied by reading)."""
        return self._native.last_execution_trace()

    def audit(self) -> list[dict[str, Any]]:
        """The capability audit log, oldest first (empty without grants or
        a mode)."""
        return self._native.audit()

    def __repr__(self) -> str:
        return f"ScriptedTool(name={self.name!r}, tools={self.tool_names()!r})"


class ScriptingToolSet:
    """How a ``ScriptedTool`` is offered to an LLM: one tool whose
    description carries every schema (``mode="exclusive"``), or a compact
    script tool plus ``<name>_discover`` (``mode="discovery"``; build the
    tool with ``.compact_prompt()``)."""

    __slots__ = ("tool", "mode")

    def __init__(self, tool: ScriptedTool, mode: str = "exclusive") -> None:
        if mode not in ("exclusive", "discovery"):
            raise ValueError(f"mode must be 'exclusive' or 'discovery', not {mode!r}")
        self.tool = tool
        self.mode = mode

    def tools(self) -> list[dict[str, Any]]:
        """The tools as ``{name, description, input_schema}`` dicts."""
        return self.tool._native.toolset_definitions(self.mode == "discovery")

    def discover(self, query: dict[str, Any]) -> str:
        """Answer a ``<name>_discover`` call (``{"search"|"category"|"tag"|"tool": ...}``)."""
        return self.tool._native.discover(query)

    async def execute(self, script: str, timeout_ms: int | None = None) -> Any:
        """``ScriptedTool.execute``."""
        return await self.tool.execute(script, timeout_ms)

    def execute_sync(self, script: str, timeout_ms: int | None = None) -> Any:
        """``ScriptedTool.execute_sync``."""
        return self.tool.execute_sync(script, timeout_ms)
