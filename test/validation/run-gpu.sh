#!/usr/bin/env bash
# Records the validation corpus' ground truth on a GPU machine, from the
# binaries test/validation/build.sh made (carry .validation/):
#
#   headroom  every case in its own process, built through `headroom nvcc`,
#             under the Headroom runtime (HEADROOM_MODE=counters, the default
#             sampling of the first launch, exactly the metrics of
#             test/validation/headroom-metrics.txt): one profile per case,
#             with the duration of every launch
#   ncu       every family's plain binary under Nsight Compute (--reps 0: the
#             checked run only; of each case, the first --profile-launches
#             launches, 3 by default: sorts launch hundreds of stages),
#             --clock-control none, its Speed-of-Light, compute, memory,
#             occupancy, launch and warp-state sections (--sections) plus
#             test/validation/ncu-metrics.txt; exported as CSV (raw page,
#             base units). Caches are flushed before each profiled launch
#             (Nsight Compute's default); --cache-control none profiles the
#             launches in the cache state the program left, as the Headroom
#             runtime's sampled launch runs (docs/perf/accuracy.md)
#
# Results go to $OUT (or .validation/out) as <phase>-<gpu>.tar.gz with a
# summary; the script stops starting new work after --deadline seconds, so
# that what it did comes back within a device call, and says what it skipped.
#
# usage: test/validation/run-gpu.sh --phase headroom|ncu [--families "a b"]
#                                   [--deadline SECONDS] [--reps N]
#                                   [--profile-launches K] [--sections "A B"]
#                                   [--cache-control all|none] [--no-metrics]
#                                   [--cases REGEX]  (headroom phase: only the
#                                                     cases whose names match)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/validation/run-gpu.sh needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/.validation
phase="" families="" cases="" deadline=540 reps=20 profile_launches=3
cache_control=all extra_metrics=1
sections="SpeedOfLight ComputeWorkloadAnalysis MemoryWorkloadAnalysis Occupancy LaunchStats WarpStateStats"
while [[ $# -gt 0 ]]; do
  case $1 in
  --phase) phase=$2; shift 2 ;;
  --families) families=$2; shift 2 ;;
  --cases) cases=$2; shift 2 ;;
  --deadline) deadline=$2; shift 2 ;;
  --reps) reps=$2; shift 2 ;;
  --profile-launches) profile_launches=$2; shift 2 ;;
  --sections) sections=$2; shift 2 ;;
  --cache-control) cache_control=$2; shift 2 ;;
  --no-metrics) extra_metrics=0; shift ;;
  *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ $phase == headroom || $phase == ncu ]] || { echo "error: --phase headroom|ncu" >&2; exit 2; }
[[ $cache_control == all || $cache_control == none ]] || { echo "error: --cache-control all|none" >&2; exit 2; }
[[ -f $corpus/cases.tsv ]] || { echo "FAIL: $corpus/cases.tsv missing: run test/validation/build.sh and carry .validation" >&2; exit 1; }
[[ -n $families ]] || families=$(cut -f1 "$corpus/cases.tsv" | uniq | tr '\n' ' ')

out=${OUT:-$corpus/out}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
name=$phase-$gpu
[[ $cache_control == none ]] && name=$phase-warm-$gpu
work=$(mktemp -d)/$name
mkdir -p "$out" "$work"
summary=$work/summary.txt
say() { echo "$@" | tee -a "$summary"; }
start=$SECONDS
late() { (( SECONDS - start > deadline )); }

say "phase $phase on $gpu, $(date -u '+%F %T') UTC, corpus $(head -n1 "$corpus/build.txt"), cache control $cache_control"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,ecc.mode.current,temperature.gpu,power.draw \
  --format=csv >"$work/gpu.csv"
cp "$corpus/build.txt" "$corpus/cases.tsv" "$work/"
export LD_LIBRARY_PATH=$corpus/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

if [[ $phase == headroom ]]; then
  metrics=only:$(grep -v "^#" "$root/test/validation/headroom-metrics.txt" | grep . | paste -sd, -)
  mkdir -p "$work/profiles" "$work/logs"
  for family in $families; do
    for case_name in $(awk -F'\t' -v f="$family" -v c="$cases" '$1 == f && $2 ~ c { print $2 }' "$corpus/cases.tsv"); do
      if late; then say "SKIPPED (deadline) $case_name"; continue; fi
      t0=$SECONDS
      HEADROOM_PROFILE=$work/profiles/$case_name.json HEADROOM_METRICS=$metrics \
        timeout 120 "$corpus/headroom/$family" --case "$case_name" --reps "$reps" \
        --manifest "$work/manifest.jsonl" >"$work/logs/$case_name.out" 2>"$work/logs/$case_name.err"
      rc=$?
      say "$(printf '%-48s rc %-3s %4s s  %s' "$case_name" "$rc" "$((SECONDS - t0))" "$(head -c 160 "$work/logs/$case_name.out" | head -n1 | cut -c46-)")"
    done
  done
else
  ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  "$ncu" --version >"$work/ncu-version.txt" 2>&1
  # Keep the metrics this GPU knows (the query lists base names).
  "$ncu" --query-metrics >"$work/query-metrics.txt" 2>&1
  known=$(awk 'NR > 1 { print $1 }' "$work/query-metrics.txt" | sort -u)
  wanted=()
  : >"$work/unknown-metrics.txt"
  while read -r m; do
    [[ -z $m || $m == \#* ]] && continue
    base=${m%%.*}
    if grep -qxF "$base" <<<"$known"; then wanted+=("$m"); else echo "$m" >>"$work/unknown-metrics.txt"; fi
  done <"$root/test/validation/ncu-metrics.txt"
  say "ncu: $(head -n1 "$work/ncu-version.txt"); ${#wanted[@]} extra metrics known, $(wc -l <"$work/unknown-metrics.txt") unknown"
  section_args=()
  for section in $sections; do section_args+=(--section "$section"); done
  ((extra_metrics)) && section_args+=(--metrics "$(IFS=,; echo "${wanted[*]}")")
  mkdir -p "$work/ncu"
  for family in $families; do
    if late; then say "SKIPPED (deadline) family $family"; continue; fi
    t0=$SECONDS
    timeout $((deadline - (SECONDS - start) + 5)) "$ncu" --clock-control none --cache-control "$cache_control" \
      --profile-from-start off \
      "${section_args[@]}" \
      -f -o "$work/ncu/$family" "$corpus/plain/$family" --reps 0 \
      --profile-launches "$profile_launches" \
      --manifest "$work/manifest.jsonl" >"$work/ncu/$family.log" 2>&1
    rc=$?
    "$ncu" --import "$work/ncu/$family.ncu-rep" --csv --page raw --print-units base \
      >"$work/ncu/$family.csv" 2>"$work/ncu/$family.import.log"
    say "$(printf '%-14s rc %-3s %4s s  %s launches profiled' "$family" "$rc" "$((SECONDS - t0))" "$(($(wc -l <"$work/ncu/$family.csv") - 2))")"
  done
  # The reports are large: keep the CSVs and logs only.
  rm -f "$work"/ncu/*.ncu-rep
fi

say "done in $((SECONDS - start)) s"
tar -C "$(dirname "$work")" -czf "$out/$name.tar.gz" "$(basename "$work")"
cp "$summary" "$out/summary-$name.txt"
ls -la "$out"
