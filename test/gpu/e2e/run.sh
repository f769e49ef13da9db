#!/usr/bin/env bash
# End to end on a GPU machine: build the runtime, the tool and the
# micro-benchmarks; calibrate the GPU; build the quick-start example plain and
# instrumented; run both and compare their output; validate the profile; run
# the report. Results go to $OUT (or build-gpu/out).
#
# usage: test/gpu/e2e/run.sh INSTRUMENTED.cu
#   INSTRUMENTED.cu is `headroom instrument examples/quickstart/quickstart.cu`
#   made on a machine with Clang (GPU machines here have none).
set -euo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/e2e needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
instrumented=$(realpath "$1")
build=$root/build-gpu-e2e
out=${OUT:-$build/out}
mkdir -p "$out"
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,ecc.mode.current --format=csv | tee "$out/gpu.txt"
cmake -S "$root" -B "$build" -G Ninja -DHEADROOM_ENABLE_CLANG=OFF -DHEADROOM_ENABLE_TESTS=OFF -DHEADROOM_ENABLE_RUNTIME=ON -DHEADROOM_ENABLE_MICROBENCH=ON >"$out/cmake.log"
cmake --build "$build" -j 16 --target headroom headroom_rt headroom-microbench >>"$out/cmake.log"
headroom=$build/tool/headroom

if [[ ${HEADROOM_E2E_CALIBRATE:-1} == 1 ]]; then
  "$headroom" calibrate --quick -o "$out/device.json"
fi
device=${HEADROOM_E2E_DEVICE:-$out/device.json}

example=$root/examples/quickstart
"$nvcc" -arch=sm_90 -O2 "$example/quickstart.cu" -o "$build/quickstart-plain"
"$nvcc" -arch=sm_90 -O2 -I "$root/runtime/include" "$instrumented" -o "$build/quickstart-headroom" \
  -L "$build/runtime" -lheadroom_rt -Xlinker -rpath="$build/runtime"

"$build/quickstart-plain" >"$out/plain.txt"
HEADROOM_PROFILE=$out/profile.json "$build/quickstart-headroom" >"$out/instrumented.txt" 2>"$out/instrumented.stderr"
cat "$out/instrumented.stderr"
if ! diff "$out/plain.txt" "$out/instrumented.txt"; then
  echo "FAIL: instrumented output differs from the plain build"
  exit 1
fi
echo "PASS: instrumented output identical to the plain build"
cat "$out/plain.txt"

python3 - "$out/profile.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
need = ["smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
        "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
        "smsp__sass_thread_inst_executed_op_memory_pred_on.sum",
        "smsp__inst_executed.sum",
        "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum",
        "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum",
        "smsp__sass_thread_inst_executed_op_integer_pred_on.sum",
        "dram__sectors_read.sum", "dram__sectors_write.sum",
        "gpu__time_duration.sum", "lts__t_bytes.sum",
        "sm__warps_active.avg.pct_of_peak_sustained_active"]
launches = {"saxpy": 21, "sgemm": 3}
seen = {}
ok = True
for k in p["kernels"]:
    site = p["sites"][k["site"]] if k.get("site") is not None else None
    name = site["kernel"] if site else k["name"]
    seen[name] = seen.get(name, 0) + k["launches"]
    if k["launches"] > 0 and not (k["total_ns"] > 0 and k["min_ns"] > 0):
        print("FAIL: no duration for", name, k); ok = False
    missing = [m for m in need if m not in k.get("counters", {})]
    if missing:
        print("FAIL: entry of", name, "lacks counters", missing); ok = False
for name, n in launches.items():
    if seen.get(name) != n:
        print("FAIL: expected", n, "launches of", name, "got", seen.get(name)); ok = False
print("profile check:", "PASS" if ok else "FAIL", seen)
sys.exit(0 if ok else 1)
PY

"$headroom" report --profile "$out/profile.json" --device "$device" --no-color | tee "$out/report.txt"
