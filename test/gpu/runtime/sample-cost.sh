#!/usr/bin/env bash
# What one counter sample costs, and what it depends on: shapes.cu run in
# counters mode with every configuration sampled up to HEADROOM_SAMPLES_PER_KERNEL
# samples per kernel, varying the program's device memory (problem size),
# the replay passes (all default metrics, or one metric) and the profiler's
# lifetime. Each line of $OUT/sample-cost.txt: the variant, samples taken,
# sampling time in all and per sample (from the profile's diagnostics).
#
# usage: test/gpu/runtime/sample-cost.sh [SAMPLES_PER_KERNEL]   (default 30)
set -uo pipefail
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/runtime/sample-cost.sh needs one"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cap=${1:-30}
dest=${OUT:-$root/build-gpu-runtime/out}
mkdir -p "$dest"
RUNTIME_TEST_BUILD_ONLY=1 OUT="$dest" "$here/run.sh" >"$dest/sample-cost-build.txt" 2>&1 ||
  { tail -20 "$dest/sample-cost-build.txt"; exit 1; }
work=$root/build-gpu-runtime/runtime-test
result=$dest/sample-cost.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$result"

# measure NAME ARGS ENV...: one run of shapes ARGS.
measure() {
  local name=$1 args=$2
  shift 2
  (cd "$work" && env HEADROOM_MODE=counters HEADROOM_FLUSH_S=0 \
    HEADROOM_PROFILE="$work/cost-$name.json" HEADROOM_SAMPLE_GROUPING=exact \
    HEADROOM_BUDGET_PCT=off HEADROOM_SAMPLES_PER_KERNEL="$cap" \
    HEADROOM_PROFILER_LIFETIME=process "$@" timeout 300 ./shapes $args \
    >/dev/null 2>"$work/cost-$name.err")
  python3 - "$name" "$args" "$work/cost-$name.json" <<'PY' | tee -a "$result"
import json, sys
name, args, path = sys.argv[1:4]
p = json.load(open(path))
d = p["collection"]["diagnostics"]
n = d.get("samples_taken", 0)
us = d.get("sample_us_total", 0)
print(f"{name}\tshapes {args}\tpasses={p['collection'].get('passes')}\t"
      f"samples={n}\ttotal_ms={us / 1000:.0f}\tper_sample_ms={us / 1000 / max(n, 1):.1f}\t" + " ".join(f"{k}={v // 1000}ms" for k, v in sorted(d.items()) if k.startswith("sample_") and k.endswith("_us")))
PY
}

measure large "8192 4096"
measure small "1024 512"
measure large-one-pass "8192 4096" HEADROOM_METRICS=only:smsp__inst_executed.sum

