#!/usr/bin/env bash
# The runtime's warp-stall samples on code Headroom was not written for:
# the cuda-samples programs test/gpu/stalls/external-prepare.sh instrumented
# (on a machine with Clang), each built plain and instrumented with
# -lineinfo, run both ways (outputs compared), and the plain build profiled
# by Nsight Compute's source counters on the launch the runtime samples
# (each kernel's second), with clocks and caches as the runtime has them
# (ncu's defaults lock the clocks to base and flush the caches, which
# changed BlackScholes' hot line: docs/perf/lines.md); compare.py then
# compares the hottest lines, each of ncu's samples once. Results go to $OUT (or
# build-gpu-stalls/external): summary.txt, and per program its profile and
# ncu's per-line samples (NAME.json, NAME-ncu-lines.csv).
#
# usage: test/gpu/stalls/external.sh   (after external-prepare.sh; carry
#        .gpu-stalls; NCU_LAUNCHES=0 compares outputs only)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/stalls needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
here=$root/test/gpu/stalls
external=$root/.gpu-stalls/external
if [[ ! -f $external/programs.txt ]]; then
  echo "FAIL: $external/programs.txt is missing: run test/gpu/stalls/external-prepare.sh first"
  exit 1
fi
build=$root/build-gpu-stalls
out=${OUT:-$build/external}
mkdir -p "$out" "$build/external"
cuda=${CUDA_HOME:-/usr/local/cuda}
ncu=$(command -v ncu || echo "$cuda/bin/ncu")
summary=$out/summary.txt
say() { echo "$@" | tee -a "$summary"; }
: >"$summary"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
"$root/test/gpu/build-runtime.sh" "$build" "$build/cmake.log" ||
  { say "FAIL: building the runtime"; exit 1; }
rt=$build/cmake/runtime
flags=(-std=c++17 -O3 -arch=sm_90 -lineinfo -I"$external/Common")
status=0
while read -r name; do
  src=$external/$name
  work=$build/external/$name
  mkdir -p "$work"
  # The instrumented sources are the .cu files; the plain build compiles
  # the originals, which prepare.sh left beside them as NAME.cu.orig.
  plain=() instrumented=()
  for f in "$src"/*.cu.orig "$src"/*.cpp; do [[ -f $f ]] && plain+=("$f"); done
  for f in "$src"/*.cu "$src"/*.cpp; do [[ -f $f ]] && instrumented+=("$f"); done
  (cd "$src" && "$cuda/bin/nvcc" "${flags[@]}" -x cu "${plain[@]}" -o "$work/plain") \
    >"$work/plain.build" 2>&1 || { say "FAIL $name: plain build"; status=1; continue; }
  (cd "$root" && "$cuda/bin/nvcc" "${flags[@]}" -I"$src" -I"$root/runtime/include" \
    "${instrumented[@]}" -L"$rt" -lheadroom_rt -Xlinker -rpath="$rt" -o "$work/instrumented") \
    >"$work/instrumented.build" 2>&1 || { say "FAIL $name: instrumented build"; status=1; continue; }
  (cd "$src" && "$work/plain" >"$work/plain.out" 2>"$work/plain.err")
  echo "exit $?" >>"$work/plain.out"
  (cd "$src" && HEADROOM_PROFILE=$out/$name.json "$work/instrumented" \
    >"$work/instrumented.out" 2>"$work/instrumented.err")
  echo "exit $?" >>"$work/instrumented.out"
  # Standard output, but the lines that print times and rates, and the
  # program's own path (the samples print argv[0]).
  timings='[Tt]ime|GB/s|[GM]Flop|MOPS|Throughput|[Pp]erformance|per second|msec|MPixels'
  grep -Ev "$timings" "$work/plain.out" | sed "s|$work/plain|PROGRAM|g" >"$work/plain.cmp"
  grep -Ev "$timings" "$work/instrumented.out" |
    sed "s|$work/instrumented|PROGRAM|g" >"$work/instrumented.cmp"
  if cmp -s "$work/plain.cmp" "$work/instrumented.cmp"; then
    say "$name: outputs same (timings aside)"
  else
    say "FAIL $name: outputs differ (timings aside)"
    diff "$work/plain.cmp" "$work/instrumented.cmp" | head -20 >"$out/$name.diff"
    status=1
  fi
  [[ ${NCU_LAUNCHES:-40} == 0 ]] && continue
  (cd "$src" && "$ncu" --clock-control none --cache-control none --section SourceCounters \
    --import-source yes --kernel-name-base mangled --kernel-id ::regex:.:2 \
    -f -o "$work/ncu" "$work/plain" >"$work/ncu.log" 2>&1)
  "$ncu" -i "$work/ncu.ncu-rep" --page source --csv --print-source cuda,sass \
    >"$work/ncu-source.csv" 2>&1
  python3 "$here/compare.py" "$out/$name.json" "$work/ncu-source.csv" "$name" \
    --write-lines "$out/$name-ncu-lines.csv" | tee -a "$summary"
done <"$external/programs.txt"
exit "$status"
