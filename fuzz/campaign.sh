#!/usr/bin/env bash
# Run a fuzzing campaign: every target in turn (one at a time, niced), each
# for SECONDS (default 600), continuing past crashes (fork mode) so one
# finding does not end the run. Crashes land in artifacts/<target>/, logs
# in logs/<target>.log; a summary line per target goes to logs/summary.txt.
# Usage: fuzz/campaign.sh [SECONDS] [TARGET...]   (run from anywhere)
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(script jq awk sed printf arith brace pattern flags parse roundtrip)
fi
# FUZZ_NO_BUILD=1 reuses the binaries already built (e.g. while the
# sources change under a long campaign).
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  cargo fuzz build -s none
fi
bin_dir="${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release"
mkdir -p logs
# One target's run; its summary line goes to logs/summary.txt.
run_target() {
  local t="$1" start last found
  mkdir -p "corpus/$t" "artifacts/$t"
  [ "$t" = roundtrip ] && [ -d corpus/parse ] && cp -n corpus/parse/* corpus/roundtrip/ 2>/dev/null || true
  start=$(date -u +%FT%TZ)
  # Fork mode can overrun -max_total_time while a job finishes: bound it.
  timeout -k 30 $((secs + 60)) nice -n 10 "$bin_dir/$t" "corpus/$t" -artifact_prefix="artifacts/$t/" \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    > "logs/$t.log" 2>&1 || true
  last=$(grep -E '^#[0-9]+' "logs/$t.log" | tail -1)
  found=$(find "artifacts/$t" -type f | wc -l)
  echo "$t start=$start secs=$secs artifacts=$found last: $last" >> logs/summary.txt
}
# FUZZ_PARALLEL=1 runs every target at once (each still for SECONDS of
# wall time, sharing the cores: fewer executions per target, one SECONDS
# for the whole campaign); the default is one target after the other.
if [ -n "${FUZZ_PARALLEL:-}" ]; then
  for t in "${targets[@]}"; do run_target "$t" & done
  wait
else
  for t in "${targets[@]}"; do run_target "$t"; done
fi
