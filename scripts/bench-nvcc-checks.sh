#!/usr/bin/env bash
# What the source checks add to a `headroom nvcc -c` compile: each
# translation unit compiled with the real nvcc through headroom nvcc with the
# checks on and off (HEADROOM_CHECKS=0), instrumented and not
# (--headroom-no-instrument), no instrumentation cache (HEADROOM_CACHE=0: every
# compile parses), the four variants interleaved in each round so that the
# machine's load falls on all alike; the median of N rounds each
# (docs/perf/checks.md, "In builds").
#
# usage: scripts/bench-nvcc-checks.sh HEADROOM RUNS FILE.cu... [-- NVCC FLAGS...]
set -euo pipefail
headroom=$1 runs=$2
shift 2
files=()
while [[ $# -gt 0 && $1 != -- ]]; do files+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
flags=("$@")
[[ ${#flags[@]} -eq 0 ]] && flags=(-arch=sm_90 -O3)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
one() { # label checks instrument file
  local start end
  start=$(date +%s.%N)
  env HEADROOM_CACHE=0 HEADROOM_CHECKS="$2" HEADROOM_INSTRUMENT="$3" \
    HEADROOM_DIAGNOSTICS=0 "$headroom" nvcc "${flags[@]}" -c "$4" \
    -o "$out/o.o" > /dev/null 2>&1 || echo "failed: $1 $4" >&2
  end=$(date +%s.%N)
  echo "$end - $start" | bc >> "$out/$1"
}

for file in "${files[@]}"; do
  rm -f "$out"/{ic,i,pc,p}
  for _ in $(seq "$runs"); do
    one ic 1 1 "$file"; one i 0 1 "$file"; one pc 1 0 "$file"; one p 0 0 "$file"
  done
  ic=$(median < "$out/ic") i=$(median < "$out/i")
  pc=$(median < "$out/pc") p=$(median < "$out/p")
  printf '%s: instrumented %.2f s with checks, %.2f s without (+%.1f%%); not instrumented %.2f s with checks, %.2f s without (+%.1f%%)\n' \
    "$file" "$ic" "$i" "$(echo "($ic - $i) / $i * 100" | bc -l)" \
    "$pc" "$p" "$(echo "($pc - $p) / $p * 100" | bc -l)"
done
