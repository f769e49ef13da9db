#!/usr/bin/env bash
# Library kernels on a GPU: libraries.cu (cuBLAS, cuSPARSE, cuFFT, Thrust,
# CUB) built plain and instrumented (by test/gpu/libraries/prepare.sh on a
# machine with Clang), both run, outputs compared; check.py then checks that
# every library kernel is attributed to the line that called it and that
# each was sampled under the runtime's defaults. Results (summary.txt,
# profile.json, outputs) go to $OUT (or build-gpu-libraries/out).
#
# usage: test/gpu/libraries/run.sh      (after prepare.sh; carry .gpu-libraries)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/libraries needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
here=$root/test/gpu/libraries
instrumented=$root/.gpu-libraries/libraries.cu
if [[ ! -f $instrumented ]]; then
  echo "FAIL: $instrumented is missing: run test/gpu/libraries/prepare.sh first"
  exit 1
fi
build=$root/build-gpu-libraries
out=${OUT:-$build/out}
mkdir -p "$out" "$build"
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
summary=$out/summary.txt
say() { echo "$@" | tee -a "$summary"; }
: >"$summary"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
say "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), $(date -u +%F)"
if ! "$root/test/gpu/build-runtime.sh" "$build" "$build/cmake.log"; then
  say "FAIL: building the runtime"
  cp "$build/cmake.log" "$out/"
  exit 1
fi
rt=$build/cmake/runtime
libs=(-lcublas -lcusparse -lcufft)
flags=(-std=c++17 -O2 -arch=sm_90 -lineinfo)
"$nvcc" "${flags[@]}" "$here/libraries.cu" "${libs[@]}" -o "$build/plain" \
  >"$out/plain.build" 2>&1 &
# The instrumented copy names its file as the original (#line), compiled
# from the repository root as prepare.sh instrumented it.
(cd "$root" && "$nvcc" "${flags[@]}" -I"$root/runtime/include" \
  -Xcompiler=-iquote,"$here" "$instrumented" "${libs[@]}" -L"$rt" \
  -lheadroom_rt -Xlinker -rpath="$rt" -o "$build/instrumented" \
  >"$out/instrumented.build" 2>&1) &
wait
for kind in plain instrumented; do
  [[ -x $build/$kind ]] || { say "FAIL: $kind did not compile"; cat "$out/$kind.build"; exit 1; }
done
start=$SECONDS
"$build/plain" >"$out/plain.out" 2>"$out/plain.err"
say "plain: exit $?, $((SECONDS - start)) s"
start=$SECONDS
(cd "$root" && HEADROOM_PROFILE=$out/profile.json "$build/instrumented" \
  >"$out/instrumented.out" 2>"$out/instrumented.err")
say "instrumented: exit $?, $((SECONDS - start)) s"
python3 "$here/check.py" "$out" | tee -a "$summary"
status=${PIPESTATUS[0]}
# The bracket's cost: a million calls that launch nothing, timed in the
# plain and the instrumented build in turn.
for round in 1 2 3 4 5; do
  say "round $round plain: $("$build/plain" --time-brackets)"
  say "round $round instrumented: $(cd "$root" && HEADROOM_PROFILE=$build/brackets.json \
    "$build/instrumented" --time-brackets)"
done
exit "$status"
