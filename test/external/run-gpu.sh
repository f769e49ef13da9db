#!/usr/bin/env bash
# Runs the samples test/external/build-cuda-samples.sh built (carry .external/)
# on a GPU machine, twice each:
#   headroom  the instrumented build under the Headroom runtime (counters mode,
#             its default metrics and sampling): one profile per sample
#   ncu       the plain build under Nsight Compute (--clock-control none, its
#             default cache flush, Speed of Light section), the first
#             --launches launches, exported as CSV (raw page, base units)
# Results go to $OUT (or .external/out) as external-<gpu>.tar.gz.
#
# usage: test/external/run-gpu.sh [--launches N] [--deadline SECONDS]
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/external/run-gpu.sh needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
ext=$root/.external
launches=40 deadline=480
while [[ $# -gt 0 ]]; do
  case $1 in
  --launches) launches=$2; shift 2 ;;
  --deadline) deadline=$2; shift 2 ;;
  *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ -f $ext/samples.txt ]] || { echo "FAIL: $ext/samples.txt missing: run test/external/build-cuda-samples.sh and carry .external" >&2; exit 1; }
out=${OUT:-$ext/out}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
work=$(mktemp -d)/external-$gpu
mkdir -p "$out" "$work/profiles" "$work/ncu" "$work/logs"
summary=$work/summary.txt
say() { echo "$@" | tee -a "$summary"; }
start=$SECONDS
late() { (( SECONDS - start > deadline )); }
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
say "external samples on $gpu, $(date -u '+%F %T') UTC; $(tr '\n' ' ' <"$ext/build.txt")"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,ecc.mode.current,temperature.gpu \
  --format=csv >"$work/gpu.csv"
"$ncu" --version | head -n1 >"$work/ncu-version.txt"
cp "$ext/build.txt" "$work/"
export LD_LIBRARY_PATH=$ext/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for name in $(cat "$ext/samples.txt"); do
  if late; then say "SKIPPED (deadline) $name"; continue; fi
  t0=$SECONDS
  (cd "$work/logs" && HEADROOM_PROFILE=$work/profiles/$name.json timeout 120 "$ext/headroom/$name" \
    >"$name.headroom.out" 2>"$name.headroom.err")
  rc=$?
  t1=$SECONDS
  (cd "$work/logs" && timeout 240 "$ncu" --clock-control none --section SpeedOfLight -c "$launches" \
    -f -o "$work/ncu/$name" "$ext/plain/$name" >"$name.ncu.out" 2>&1)
  nrc=$?
  "$ncu" --import "$work/ncu/$name.ncu-rep" --csv --page raw --print-units base \
    >"$work/ncu/$name.csv" 2>>"$work/logs/$name.ncu.out"
  rm -f "$work/ncu/$name.ncu-rep"
  say "$(printf '%-24s headroom rc %-3s %4s s   ncu rc %-3s %4s s   %s' "$name" "$rc" "$((t1 - t0))" "$nrc" \
    "$((SECONDS - t1))" "$(grep -m1 -iE 'pass|fail|result|error' "$work/logs/$name.headroom.out" | head -c 80)")"
done
say "done in $((SECONDS - start)) s"
tar -C "$(dirname "$work")" -czf "$out/external-$gpu.tar.gz" "$(basename "$work")"
cp "$summary" "$out/summary-external-$gpu.txt"
ls -la "$out"
