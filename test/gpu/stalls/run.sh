#!/usr/bin/env bash
# CUPTI PC sampling on this GPU (issue 32): builds test/gpu/stalls/probe.cu
# with -lineinfo and runs it at several sampling periods; the output (stall
# reasons, samples per launch, dropped samples, cost, lines) goes to
# $OUT/probe.txt (or build-gpu-stalls/probe.txt).
#
# usage: test/gpu/stalls/run.sh [PERIOD_EXPONENT...]   (default: 10 12 14)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/stalls needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
build=$root/build-gpu-stalls
out=${OUT:-$build}
mkdir -p "$build" "$out"
cupti=$cuda/extras/CUPTI/lib64
[[ -d $cupti ]] || cupti=$cuda/lib64
if ! "$cuda/bin/nvcc" -std=c++17 -O3 -arch=sm_90 -lineinfo \
  -I"$cuda/extras/CUPTI/include" "$root/test/gpu/stalls/probe.cu" \
  -o "$build/probe" -L"$cupti" -lcupti -lcuda -Xlinker -rpath="$cupti" \
  >"$out/build.txt" 2>&1; then
  echo "FAIL: probe.cu did not compile"
  cat "$out/build.txt"
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/probe.txt"
if [[ $# -eq 0 ]]; then set -- 10 12 14; fi
"$build/probe" "$@" 2>&1 | tee -a "$out/probe.txt"
exit "${PIPESTATUS[0]}"
