#!/usr/bin/env bash
# Times `headroom check` on one translation unit against clang-22's
# `-fsyntax-only` of the same unit with the same flags (both sides, as
# `clang++ -x cuda -fsyntax-only` compiles them), the median of N runs each
# (docs/perf/checks.md; target: headroom check <= 1.5x).
#
# usage: scripts/bench-check.sh HEADROOM FILE.cu [RUNS] [-- FLAGS...]
set -euo pipefail
headroom=$1 file=$2 runs=${3:-5}
shift 2; [[ $# -gt 0 && $1 != -- ]] && shift
[[ $# -gt 0 && $1 == -- ]] && shift
flags=("$@")
cuda=${CUDA_HOME:-/usr/local/cuda}
clang=${CLANGXX:-clang++-22}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_runs() {
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}

check=$(time_runs "$headroom" check "$file" -- "${flags[@]}")
syntax=$(time_runs "$clang" -fsyntax-only -x cuda --cuda-path="$cuda" \
  --cuda-gpu-arch=sm_90 -isystem "$cuda/include/cccl" \
  -Wno-unknown-cuda-version "${flags[@]}" "$file")
device=$(time_runs "$clang" -fsyntax-only -x cuda --cuda-device-only \
  --cuda-path="$cuda" --cuda-gpu-arch=sm_90 -isystem "$cuda/include/cccl" \
  -Wno-unknown-cuda-version "${flags[@]}" "$file")
printf '%s: headroom check %.3f s, clang -fsyntax-only %.3f s (device side only %.3f s): %.2fx\n' \
  "$file" "$check" "$syntax" "$device" "$(echo "$check / $syntax" | bc -l)"
