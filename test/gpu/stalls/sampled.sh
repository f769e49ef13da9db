#!/usr/bin/env bash
# The runtime's warp-stall samples on a GPU (issue 32): sampled.cu built
# plain and instrumented (by test/gpu/stalls/prepare.sh on a machine with
# Clang), with -lineinfo as headroom nvcc builds; both run and their outputs
# compared; Nsight Compute's Source Counters and warp-state statistics of
# the plain build recorded for the same kernels; and the cost: a longer run
# (ROUNDS rounds) plain, instrumented with PC sampling off, and on.
# Results (summary.txt, profiles, ncu exports) go to $OUT (or
# build-gpu-stalls/out); test/gpu/stalls/check.py compares them.
#
# usage: test/gpu/stalls/sampled.sh [ROUNDS]   (default 500; after
#        prepare.sh, carrying .gpu-stalls)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/stalls needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
here=$root/test/gpu/stalls
instrumented=$root/.gpu-stalls/sampled.cu
if [[ ! -f $instrumented ]]; then
  echo "FAIL: $instrumented is missing: run test/gpu/stalls/prepare.sh first"
  exit 1
fi
rounds=${1:-500}
build=$root/build-gpu-stalls
out=${OUT:-$build/out}
mkdir -p "$out" "$build"
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
ncu=$(command -v ncu || echo "$cuda/bin/ncu")
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
flags=(-std=c++17 -O3 -arch=sm_90 -lineinfo)
"$nvcc" "${flags[@]}" "$here/sampled.cu" -o "$build/plain" >"$out/plain.build" 2>&1 &
# The instrumented copy names its file as the original (#line), compiled
# from the repository root as prepare.sh instrumented it.
(cd "$root" && "$nvcc" "${flags[@]}" -I"$root/runtime/include" \
  -Xcompiler=-iquote,"$here" "$instrumented" -L"$rt" -lheadroom_rt \
  -Xlinker -rpath="$rt" -o "$build/instrumented" >"$out/instrumented.build" 2>&1) &
wait
for kind in plain instrumented; do
  [[ -x $build/$kind ]] || { say "FAIL: $kind did not compile"; cat "$out/$kind.build"; exit 1; }
done

status=0
"$build/plain" >"$out/plain.out" 2>&1 || status=1
(cd "$root" && HEADROOM_PROFILE=$out/profile.json "$build/instrumented" \
  >"$out/instrumented.out" 2>"$out/instrumented.err") || status=1
if cmp -s "$out/plain.out" "$out/instrumented.out"; then
  say "outputs: same"
else
  say "FAIL: outputs differ"
  status=1
fi

# Nsight Compute on the plain build: every launch of the short run, with
# the source counters (warp-stall samples per line) and warp states.
"$ncu" --section SourceCounters --section WarpStateStats --import-source yes \
  -f -o "$build/ncu" "$build/plain" >"$out/ncu.log" 2>&1 || say "ncu failed (ncu.log)"
if [[ -f $build/ncu.ncu-rep ]]; then
  # Metrics per line come only with the SASS (ncu --help).
  "$ncu" -i "$build/ncu.ncu-rep" --page source --csv --print-source cuda,sass \
    >"$out/ncu-source.csv" 2>&1
  "$ncu" -i "$build/ncu.ncu-rep" --page source --csv --print-source sass \
    >"$out/ncu-source-sass.csv" 2>&1
  "$ncu" -i "$build/ncu.ncu-rep" --page details --csv >"$out/ncu-details.csv" 2>&1
  "$ncu" -i "$build/ncu.ncu-rep" --page raw --csv >"$out/ncu-raw.csv" 2>&1
fi

# The cost, longest run first: plain, PC sampling off, on (the default).
run() { # label command...
  local label=$1 start end
  shift
  start=$EPOCHREALTIME
  "$@" >"$out/cost-$label.out" 2>&1
  end=$EPOCHREALTIME
  say "cost $label: $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') s"
}
for round in 1 2; do
  run "plain-$round" "$build/plain" "$rounds"
  run "off-$round" env HEADROOM_PROFILE="$build/off.json" HEADROOM_PC_SAMPLING=off \
    "$build/instrumented" "$rounds"
  run "on-$round" env HEADROOM_PROFILE="$out/cost-on.json" "$build/instrumented" "$rounds"
done
python3 "$here/check.py" "$out" --write-compact | tee -a "$summary" || status=1
exit "$status"
