"""Checks and the summary of the serve load run (scripts/load-run.sh).

    report.py check PHASE.json [--redis N] [--killed NAME] [--survivors A,B]
    report.py summary DIR

`check` reads one phase's report (the load generator's --json) and exits
1, printing why, when a request was lost or stuck or answered wrongly,
when a session could not be opened, or when Redis's quota counter is
not the calls admitted (a JSON-RPC error answer fails it too):
  - without --killed: the counter equals the executions every replica's
    /metrics counted as admitted (ok, error, busy: toolsh counts a call
    before it looks for a slot) and the calls the clients saw admitted;
  - with --killed NAME: the survivors failed no attempt and their
    /metrics equal what the clients saw them admit; every retried call
    was answered; and the killed replica's share of the counter (the
    counter less the survivors') lies between the calls it answered and
    those plus its attempts that failed (the ones in flight when it died,
    which it may or may not have counted before dying).
`summary` prints every phase of DIR as a Markdown table.
"""

import json
import pathlib
import sys

ADMITTED = ("ok", "error", "busy")


def metric_admitted(m):
    delta = m.get("executions_delta")
    if delta is None:
        return None
    return round(sum(v for k, v in delta.items() if k in ADMITTED))


def check(argv):
    path = pathlib.Path(argv[0])
    opts = dict(zip(argv[1::2], argv[2::2]))
    r = json.loads(path.read_text())
    label = r["label"]
    problems = []
    for k in ("lost", "stuck", "wrong"):
        if r[k]:
            problems.append(f"{r[k]} calls {k}")
    if r["open_failed"]:
        problems.append(f"{len(r['open_failed'])} sessions not opened: {r['open_failed'][0]}")
    if r["rpc_errors"]:
        problems.append(f"JSON-RPC errors {r['rpc_errors']}")
    if r["ok"] == 0:
        problems.append("no call answered")
    if r["retried"] != r["retried_answered"]:
        problems.append(f"{r['retried'] - r['retried_answered']} retried calls never answered")
    replicas = r["replicas"]
    if "--redis" in opts:
        redis = int(opts["--redis"])
        killed = opts.get("--killed")
        counted = {name: metric_admitted(m) for name, m in r["metrics"].items()}
        if killed is None:
            seen = sum(v["admitted"] for v in replicas.values())
            total = None if None in counted.values() else sum(counted.values())
            if total != redis or seen != redis:
                problems.append(
                    f"Redis counted {redis}, the replicas' /metrics {total}, the clients saw {seen} admitted"
                )
        else:
            survivors = [s for s in opts["--survivors"].split(",") if s]
            for s in survivors:
                got = replicas.get(s, {"answered": 0, "admitted": 0, "failed": 0})
                if got["failed"]:
                    problems.append(f"survivor {s} failed {got['failed']} attempts")
                if counted.get(s) != got["admitted"]:
                    problems.append(
                        f"survivor {s}: /metrics admitted {counted.get(s)}, the clients saw {got['admitted']}"
                    )
            if r.get("kill") is None or r["kill"].get("error"):
                problems.append(f"the kill did not happen: {r.get('kill')}")
            share = redis - sum(counted.get(s) or 0 for s in survivors)
            k = replicas.get(killed, {"answered": 0, "admitted": 0, "failed": 0})
            # Attempts that failed without any replica named (a connection
            # the balancer dropped) count as possibly the killed one's.
            unnamed = replicas.get("-", {"failed": 0})["failed"]
            low, high = k["admitted"], k["admitted"] + k["failed"] + unnamed
            if not low <= share <= high:
                problems.append(
                    f"the killed {killed}'s share of Redis's count is {share}, outside [{low}, {high}]"
                )
            print(
                f"{label}: Redis {redis} = survivors' /metrics {redis - share} + {killed}'s {share} "
                f"(it answered {low} and had {k['failed'] + unnamed} attempts fail in flight)"
            )
    for p in problems:
        print(f"{label}: FAIL: {p}")
    if not problems:
        print(f"{label}: ok: nothing lost, stuck or wrong; quota count matches")
    return 1 if problems else 0


def summary(argv):
    d = pathlib.Path(argv[0])
    print("| phase | clients | s | exec/s | p50 ms | p95 ms | p99 ms | lost | stuck | wrong | failed attempts | retried (answered) | server RSS MB before → max (last) | server CPU | load gen CPU |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for f in sorted(d.glob("*.json")):
        r = json.loads(f.read_text())
        lat = r["latency_ms"]
        rss = "; ".join(
            f"{n} {v.get('rss_mb_before', 0):.1f} → {v.get('rss_mb_max', 0):.1f} ({v.get('rss_mb_last', 0):.1f})"
            for n, v in r["servers"].items()
        )
        cpu = "; ".join(f"{n} {100 * v.get('cpu_share_of_one_core', 0):.0f}%" for n, v in r["servers"].items())
        failed = ", ".join(f"{k}: {v}" for k, v in r["failed_attempts"].items()) or "0"
        gen = r["load_generator_cpu"]
        print(
            f"| {r['label']} | {r['clients']} | {r['seconds']:.1f} | {r['executions_per_second']:.0f} | "
            f"{lat['p50']:.2f} | {lat['p95']:.2f} | {lat['p99']:.2f} | {r['lost']} | {r['stuck']} | {r['wrong']} | "
            f"{failed} | {r['retried']} ({r['retried_answered']}) | {rss} | {cpu} | "
            f"{gen['seconds']:.1f} s ({100 * gen['share_of_one_core']:.0f}%) |"
        )
    return 0


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    sys.exit({"check": check, "summary": summary}[cmd](rest))
