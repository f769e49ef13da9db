#!/usr/bin/env bash
# The quick-start example on a GPU machine from binaries built elsewhere:
# GPU machines here have no Clang, so `headroom nvcc` builds
# DIR/quickstart-plain (plain nvcc) and DIR/quickstart-headroom (instrumented,
# linked with DIR/lib/libheadroom_rt.so) on a machine that has it. Runs both,
# compares their output, and keeps the profile: examples/quickstart/recorded/
# is made of $OUT/profile.json and $OUT/gpu.txt.
#
# usage: test/gpu/e2e/run-prebuilt.sh DIR
set -euo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/e2e needs one"
  exit 0
fi
dir=$(realpath "$1")
out=${OUT:-$dir/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,ecc.mode.current --format=csv | tee "$out/gpu.txt"
"$dir/quickstart-plain" >"$out/plain.txt"
LD_LIBRARY_PATH=$dir/lib HEADROOM_PROFILE=$out/profile.json \
  "$dir/quickstart-headroom" >"$out/instrumented.txt" 2>"$out/instrumented.stderr"
cat "$out/instrumented.stderr"
if ! diff "$out/plain.txt" "$out/instrumented.txt"; then
  echo "FAIL: instrumented output differs from the plain build"
  exit 1
fi
echo "PASS: instrumented output identical to the plain build"
python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(len(p["collection"]["metrics"]), "metrics;", p["collection"].get("passes"), "passes;", [(k["name"][:40], k["launches"], len(k.get("counters", {}))) for k in p["kernels"]])' "$out/profile.json"
