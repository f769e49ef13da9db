#!/usr/bin/env bash
# Runs what test/external/advice/apply.sh built (carry test/external/advice/work)
# on a GPU machine: each sample's original and modified build through the
# Headroom runtime, twice each:
#   time      HEADROOM_MODE=time: the duration of every launch, no replay (the
#             achieved speedup: test/external/advice/compare.py)
#   counters  the runtime's defaults (counters of sampled launches: the advice)
# and each plain build once for its self-check. Profiles and a summary go to
# $OUT (or test/external/advice/work/out) as advice-<gpu>.tar.gz.
#
# usage: test/external/advice/run-gpu.sh [--deadline SECONDS] [--repeat N] [--metrics LIST]
#   --repeat N      time each build N times (times/<sample>.<variant>[.I].json)
#   --metrics LIST  HEADROOM_METRICS for the counters runs (the bank-conflicts
#                   advice needs the shared-instruction counters, which the
#                   default set drops on Hopper: docs/perf/advice-external.md)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/external/advice/run-gpu.sh needs one"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
ext=$here/work
deadline=420 repeat=1 metrics=
while [[ $# -gt 0 ]]; do
  case $1 in
  --deadline) deadline=$2; shift 2 ;;
  --repeat) repeat=$2; shift 2 ;;
  --metrics) metrics=$2; shift 2 ;;
  *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [[ ! -f $ext/samples.txt ]]; then
  echo "SKIP: $ext/samples.txt missing: run test/external/advice/apply.sh CUDA_SAMPLES_DIR and carry test/external/advice/work"
  exit 0
fi
out=${OUT:-$ext/out}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
work=$(mktemp -d)/advice-$gpu
mkdir -p "$out" "$work/profiles" "$work/times" "$work/logs"
summary=$work/summary.txt
say() { echo "$@" | tee -a "$summary"; }
start=$SECONDS
late() { (( SECONDS - start > deadline )); }
say "advice check on $gpu, $(date -u '+%F %T') UTC; $(tr '\n' ' ' <"$ext/build.txt")"
say "time runs per build: $repeat; counters runs: HEADROOM_METRICS=${metrics:-(default set)}"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,ecc.mode.current,temperature.gpu \
  --format=csv >"$work/gpu.csv"
cp "$ext/build.txt" "$work/"
export LD_LIBRARY_PATH=$ext/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# The SASS, for `headroom report --sass` (loads in flight): it comes back apart
# from the record (sass-<gpu>.tar.gz), as it is the samples' compiled code.
cuobjdump=$(command -v cuobjdump || echo "${CUDA_HOME:-/usr/local/cuda}/bin/cuobjdump")
mkdir -p "$work-sass"
for name in $(cat "$ext/samples.txt"); do
  for variant in orig mod; do
    "$cuobjdump" -sass "$ext/plain-$variant/$name" >"$work-sass/$name.$variant.sass" 2>/dev/null ||
      echo "no SASS for $variant $name ($cuobjdump)"
  done
done
tar -C "$(dirname "$work")" -czf "$out/sass-$gpu.tar.gz" "$(basename "$work")-sass"
failed=0
for name in $(cat "$ext/samples.txt"); do
  for variant in orig mod; do
    if late; then say "SKIPPED (deadline) $variant $name"; failed=1; continue; fi
    t0=$SECONDS
    (cd "$work/logs" && timeout 120 "$ext/plain-$variant/$name" >"$name.$variant.plain.out" 2>&1)
    prc=$?
    trc=0
    for ((i = 1; i <= repeat; i++)); do
      suffix=$([[ $i == 1 ]] || echo ".$i")
      (cd "$work/logs" && HEADROOM_MODE=time HEADROOM_PROFILE=$work/times/$name.$variant$suffix.json \
        timeout 120 "$ext/headroom-$variant/$name" >"$name.$variant.time.out" 2>&1) || trc=$?
    done
    (cd "$work/logs" && if [[ -n $metrics ]]; then export HEADROOM_METRICS=$metrics; fi &&
      HEADROOM_PROFILE=$work/profiles/$name.$variant.json timeout 180 "$ext/headroom-$variant/$name" >"$name.$variant.counters.out" 2>&1)
    crc=$?
    # the sample's own verdict: its exit status and its last line naming a result
    check=$(grep -iE 'pass|fail|result|error|checksum|diff' "$work/logs/$name.$variant.plain.out" | tail -n 1 | head -c 80)
    if (( prc != 0 || trc != 0 || crc != 0 )); then
      failed=1
      for f in plain time counters; do tail -n 4 "$work/logs/$name.$variant.$f.out" | sed "s/^/  $f: /" >>"$summary"; done
    fi
    say "$(printf '%-22s %-4s plain rc %-3s time rc %-3s counters rc %-3s %4s s  %s' "$name" "$variant" "$prc" "$trc" "$crc" \
      "$((SECONDS - t0))" "$check")"
  done
done
say "done in $((SECONDS - start)) s"
# the samples' own output stays out of the record: only Headroom's profiles and the summary
rm -rf "$work/logs"
tar -C "$(dirname "$work")" -czf "$out/advice-$gpu.tar.gz" "$(basename "$work")"
cp "$summary" "$out/summary-advice-$gpu.txt"
ls -la "$out"
exit $failed
