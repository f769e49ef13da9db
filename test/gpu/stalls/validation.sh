#!/usr/bin/env bash
# The runtime's warp-stall samples on the validation corpus (test/validation/
# kernels, built by test/validation/build.sh on a machine with Clang; carry
# .validation): every case of FAMILIES runs in its own process under the
# runtime's defaults (counters and stall samples), then each family's plain
# binary runs each case under Nsight Compute's source counters, on the
# launch the runtime samples (each kernel's second) and as the runtime runs
# it (clocks and caches left alone: ncu's defaults lock the clocks to base
# and flush the caches before each pass, which changed BlackScholes' hot
# line, docs/perf/lines.md), and compare.py compares the hottest line of
# every kernel, the samples of all its cases summed (each weighed by its
# sampling period), then of every case against ncu's launch of the same
# case, each sample of ncu's counted once (compare.py). Results go to $OUT
# (or .validation/stalls) as stalls-<gpu>.tar.gz: summary.txt,
# profiles/<case>.json and ncu/<family>-ncu-lines.csv (with a case column).
#
# The script stops starting cases at --deadline/2 seconds and families at
# --deadline, so that what it did comes back within a device call.
#
# usage: test/gpu/stalls/validation.sh [--families "a b"] [--reps N]
#                                      [--deadline SECONDS]
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/stalls needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
corpus=$root/.validation
families="" reps=5 deadline=300
while [[ $# -gt 0 ]]; do
  case $1 in
  --families) families=$2; shift 2 ;;
  --reps) reps=$2; shift 2 ;;
  --deadline) deadline=$2; shift 2 ;;
  *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ -f $corpus/cases.tsv ]] ||
  { echo "FAIL: $corpus/cases.tsv missing: run test/validation/build.sh and carry .validation" >&2; exit 1; }
[[ -n $families ]] || families=$(cut -f1 "$corpus/cases.tsv" | uniq | tr '\n' ' ')

out=${OUT:-$corpus/stalls}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
work=$(mktemp -d)/stalls-$gpu
mkdir -p "$out" "$work/profiles" "$work/logs" "$work/ncu"
summary=$work/summary.txt
say() { echo "$@" | tee -a "$summary"; }
start=$SECONDS
late() { (( SECONDS - start > $1 )); }
ncu=$(command -v ncu || echo "${CUDA_HOME:-/usr/local/cuda}/bin/ncu")

say "stall samples on $gpu, $(date -u '+%F %T') UTC, corpus $(head -n1 "$corpus/build.txt")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$work/gpu.txt"
cp "$corpus/build.txt" "$work/"
export LD_LIBRARY_PATH=$corpus/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# The binaries name their sources by the absolute path of the machine
# build.sh ran on: make that path lead here, for Nsight Compute's source page.
first=$(cut -f1 "$corpus/cases.tsv" | head -n1)
built=$(strings "$corpus/plain/$first" | grep -m1 -o "/[^ ]*/test/validation/kernels/$first.cu")
old_root=${built%/test/validation/kernels/*}
if [[ -n $old_root && ! -e $old_root ]]; then
  mkdir -p "$(dirname "$old_root")" && ln -s "$root" "$old_root"
fi

for family in $families; do
  mkdir -p "$work/profiles/$family"
  for name in $(awk -F'\t' -v f="$family" '$1 == f { print $2 }' "$corpus/cases.tsv"); do
    if late $((deadline / 2)); then say "SKIPPED (deadline) $name"; continue; fi
    t0=$SECONDS
    HEADROOM_PROFILE=$work/profiles/$family/$name.json \
      timeout 60 "$corpus/headroom/$family" --case "$name" --reps "$reps" \
      >"$work/logs/$name.out" 2>"$work/logs/$name.err"
    say "$(printf '%-48s rc %-3s %3s s' "$name" "$?" "$((SECONDS - t0))")"
  done
done

# Nsight Compute's options: the source counters of each kernel's second
# launch in the case's process (--kernel-id counts a kernel's launches by
# its mangled name), with clocks and caches as the runtime has them.
ncu_opts=(--clock-control none --cache-control none --section SourceCounters
  --import-source yes --kernel-name-base mangled --kernel-id ::regex:.:2)
for family in $families; do
  if late "$deadline"; then say "SKIPPED (deadline) ncu $family"; continue; fi
  t0=$SECONDS
  lines=$work/ncu/$family-ncu-lines.csv
  : >"$lines"
  for name in $(awk -F'\t' -v f="$family" '$1 == f { print $2 }' "$corpus/cases.tsv"); do
    [[ -f $work/profiles/$family/$name.json ]] || continue
    if late "$deadline"; then say "SKIPPED (deadline) ncu $name"; continue; fi
    rep=$work/ncu/$name
    timeout 60 "$ncu" "${ncu_opts[@]}" -f -o "$rep" "$corpus/plain/$family" \
      --case "$name" --reps 1 >"$rep.log" 2>&1
    "$ncu" -i "$rep.ncu-rep" --page source --csv --print-source cuda,sass \
      >"$rep-source.csv" 2>>"$rep.log"
    python3 "$root/test/gpu/stalls/compare.py" "$work/profiles/$family/$name.json" \
      "$rep-source.csv" "$name" --case "$name" --write-lines "$rep-lines.csv" >/dev/null
    if [[ -s $lines ]]; then tail -n +2 "$rep-lines.csv" >>"$lines"; else cat "$rep-lines.csv" >"$lines"; fi
    rm -f "$rep.ncu-rep" "$rep-source.csv" "$rep-lines.csv"
  done
  say "ncu $family $((SECONDS - t0)) s"
  python3 "$root/test/gpu/stalls/compare.py" "$work/profiles/$family" "$lines" "$family" |
    tee -a "$summary"
done

say "done in $((SECONDS - start)) s"
tar -C "$(dirname "$work")" -czf "$out/stalls-$gpu.tar.gz" "$(basename "$work")"
cp "$summary" "$out/summary-stalls-$gpu.txt"
