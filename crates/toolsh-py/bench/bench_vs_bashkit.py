"""toolsh vs bashkit (PyPI), from Python: the cost of a Python callback
called from a script, and of executing a one-call script.

    python crates/toolsh-py/bench/bench_vs_bashkit.py [--quick]

Both packages get the same tool (``echo.one``, a callback returning a
short string, no schema beyond an object), the same scripts and the same
measurement, in one process, interleaved: every round measures each
figure for both packages back to back (the order alternating between
rounds), so a change in machine load reaches both alike. A figure is the
median over the rounds.

* per-callback overhead (µs per call): ``(t(N calls) - t(0 calls)) / N``
  for one execution of ``for ((i=0;i<N;i++)); do echo.one >/dev/null;
  done`` against the same loop running ``:`` (the loop itself cancels
  out). Measured for a plain function under ``execute_sync`` and for an
  ``async def`` under ``await execute`` (on the caller's loop, both
  packages' documented path for async callbacks).
* one-call execute (µs): ``execute_sync("echo.one")`` and ``await
  execute("echo.one")`` end to end, averaged over a batch of calls.

It prints a table and exits 1 when toolsh is slower than bashkit on any
figure (the issue's acceptance line is the sync callback and the
one-call execute; the async rows hold the same bar). Record it in
docs/benchmarks.md with the machine load (``uptime``) of the run.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time

import toolsh

try:
    from bashkit.scripted import ScriptedTool as BashkitTool
except ImportError:  # pragma: no cover
    print("0 passed, 0 failed, 1 skipped: bench: bashkit is not installed")
    sys.exit(0)

QUICK = "--quick" in sys.argv
ROUNDS = 5 if QUICK else 15
N = 200 if QUICK else 1000
ONE_CALL_REPS = 200 if QUICK else 1000
LOOP = f"for ((i=0;i<{N};i++)); do echo.one >/dev/null; done"
EMPTY = f"for ((i=0;i<{N};i++)); do : >/dev/null; done"


def cb(params, stdin=None):
    return "x\n"


async def acb(params, stdin=None):
    return "x\n"


def toolsh_tool(fn):
    return (
        toolsh.ScriptedTool.builder("bench")
        .limits(max_loop_iterations=10**7, max_total_loop_iterations=10**7, max_commands=10**8)
        .tool(toolsh.ToolDef("echo.one", "Return x."), fn)
        .build()
    )


def bashkit_tool(fn):
    t = BashkitTool("bench", max_commands=10**8, max_loop_iterations=10**7)
    t.add_tool("echo.one", "Return x.", callback=fn)
    return t


class Figure:
    """One measured quantity: a sampler per package, samples per package."""

    def __init__(self, name, samplers):
        self.name = name
        self.samplers = samplers  # package -> callable returning µs
        self.samples = {p: [] for p in samplers}

    def round(self, order):
        for p in order:
            self.samples[p].append(self.samplers[p]())

    def median(self, p):
        return statistics.median(self.samples[p])


def sync_samplers(tool):
    run = tool.execute_sync

    def check():
        r = run("echo.one")
        assert (r.exit_code, r.stdout) == (0, "x\n"), (r.stdout, r.stderr)
        r = run(LOOP)
        assert r.exit_code == 0, (r.stdout, r.stderr)

    def per_callback():
        t0 = time.perf_counter()
        run(LOOP)
        t1 = time.perf_counter()
        run(EMPTY)
        t2 = time.perf_counter()
        return ((t1 - t0) - (t2 - t1)) / N * 1e6

    def one_call():
        t0 = time.perf_counter()
        for _ in range(ONE_CALL_REPS):
            run("echo.one")
        return (time.perf_counter() - t0) / ONE_CALL_REPS * 1e6

    check()
    return per_callback, one_call


def async_samplers(tool, loop):
    async def timed(script, reps):
        t0 = time.perf_counter()
        for _ in range(reps):
            r = await tool.execute(script)
        return time.perf_counter() - t0, r

    def run(script, reps=1):
        return loop.run_until_complete(timed(script, reps))

    _, r = run("echo.one")
    assert (r.exit_code, r.stdout) == (0, "x\n"), (r.stdout, r.stderr)
    _, r = run(LOOP)
    assert r.exit_code == 0, (r.stdout, r.stderr)

    def per_callback():
        with_calls, _ = run(LOOP)
        without, _ = run(EMPTY)
        return (with_calls - without) / N * 1e6

    def one_call():
        return run("echo.one", ONE_CALL_REPS)[0] / ONE_CALL_REPS * 1e6

    return per_callback, one_call


def main() -> int:
    loop = asyncio.new_event_loop()
    packages = ("toolsh", "bashkit")
    sync = {"toolsh": sync_samplers(toolsh_tool(cb)), "bashkit": sync_samplers(bashkit_tool(cb))}
    asy = {"toolsh": async_samplers(toolsh_tool(acb), loop),
           "bashkit": async_samplers(bashkit_tool(acb), loop)}
    figures = [
        Figure("per-callback µs, sync fn, execute_sync", {p: sync[p][0] for p in packages}),
        Figure("per-callback µs, async def, await execute", {p: asy[p][0] for p in packages}),
        Figure("one-call script µs, execute_sync", {p: sync[p][1] for p in packages}),
        Figure("one-call script µs, await execute", {p: asy[p][1] for p in packages}),
    ]
    before = os.getloadavg()
    for i in range(ROUNDS):
        order = packages if i % 2 == 0 else packages[::-1]
        for f in figures:
            f.round(order)
    after = os.getloadavg()
    loop.close()
    print(f"python {sys.version.split()[0]}, toolsh {toolsh.__version__}, rounds {ROUNDS}, N {N}, "
          f"one-call batch {ONE_CALL_REPS}, load (1 min) {before[0]:.2f} -> {after[0]:.2f}")
    width = max(len(f.name) for f in figures)
    print(f"{'':{width}}  {'toolsh':>10}  {'bashkit':>10}")
    ok = True
    for f in figures:
        t, b = f.median("toolsh"), f.median("bashkit")
        ok &= t <= b
        print(f"{f.name:{width}}  {t:>10.2f}  {b:>10.2f}{'' if t <= b else '  <- toolsh slower'}")
    print("toolsh <= bashkit on every figure" if ok else "toolsh is SLOWER than bashkit on at least one figure")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
