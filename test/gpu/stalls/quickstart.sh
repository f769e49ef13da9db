#!/usr/bin/env bash
# Records the quick start's profile with warp-stall samples (issue 32): the
# instrumented examples/quickstart/quickstart.cu (made by
# test/gpu/stalls/prepare.sh on a machine with Clang) built with -lineinfo,
# as headroom nvcc builds, run under the runtime's defaults. The profile
# and the GPU's name go to $OUT (or build-gpu-stalls/quickstart).
#
# usage: test/gpu/stalls/quickstart.sh   (after prepare.sh; carry .gpu-stalls)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/stalls needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
instrumented=$root/.gpu-stalls/quickstart.cu
if [[ ! -f $instrumented ]]; then
  echo "FAIL: $instrumented is missing: run test/gpu/stalls/prepare.sh first"
  exit 1
fi
build=$root/build-gpu-stalls
out=${OUT:-$build/quickstart}
mkdir -p "$out"
rt=$build/cmake/runtime
if ! "$root/test/gpu/build-runtime.sh" "$build" "$out/cmake.log"; then
  echo "FAIL: building the runtime ($out/cmake.log)"
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
cd "$root" || exit 1
"${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" -arch=sm_90 -O2 -lineinfo \
  -I"$root/runtime/include" -Xcompiler=-iquote,"$root/examples/quickstart" \
  "$instrumented" -o "$build/quickstart" -L"$rt" -lheadroom_rt \
  -Xlinker -rpath="$rt" || { echo "FAIL: quickstart did not compile"; exit 1; }
HEADROOM_PROFILE=$out/profile.json "$build/quickstart" | tee "$out/output.txt"
