#!/usr/bin/env bash
# Bounded counter sampling (docs/runtime.md, "Counters") on the two shapes
# of shapes.cu whose grid changes at every launch: a wavefront (16,383
# launches, 512 grid sizes) and an LU decomposition (8,190 launches, about
# 1,000 grid shapes). Built by run.sh (RUNTIME_TEST_BUILD_ONLY=1), then run
# REPS times each in rotating order as
#   plain      the uninstrumented build
#   time       HEADROOM_MODE=time
#   bounded    counters mode with the default sampling bounds
# and, with SAMPLING_FLOOR=1, a variant that shows how much of the bounded
# mode's cost any counter collection through CUPTI's range profiler pays:
#   floor      one metric (gpu__time_duration.sum: one replay pass) and no
#              sample beyond those the estimate needs (each kernel's first,
#              a full wave, a smaller grid): the least counter mode collects
# and once (unless SAMPLING_UNBOUNDED=0) as
#   unbounded  counters mode sampling every configuration (the reference the
#              estimated counters are compared with)
# Every run's stdout must equal the plain build's; the bounded profile must
# record its bounds and estimated entries. Results in $OUT:
# sampling-runs.tsv (variant, repetition, exit status, wall seconds),
# sampling-check.txt (PASS/FAIL lines) and sampling-results.tar.gz (both,
# and each variant's last profile, gzip, stdout and stderr).
# test/gpu/runtime/sampling_summary.py turns them into docs/perf/runtime.md's
# table (on any machine: it runs `headroom report` on the profiles).
#
# usage: test/gpu/runtime/sampling.sh [REPS [SIZE...]]
#   SIZE is "N:LU_N" for shapes.cu (default 8192:4096); the unbounded
#   reference runs at the first size only (about 200 s at the default).
#   Default: 3 repetitions, about 5 min on an H100.
set -uo pipefail
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/runtime/sampling.sh needs one"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
reps=${1:-3}
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(8192:4096)
dest=${OUT:-$root/build-gpu-runtime/out}
mkdir -p "$dest"
build_log=$dest/sampling-build.txt
RUNTIME_TEST_BUILD_ONLY=1 OUT="$dest" "$here/run.sh" >"$build_log" 2>&1 ||
  { tail -20 "$build_log"; exit 1; }
work=$root/build-gpu-runtime/runtime-test
out=$work/sampling
mkdir -p "$out"
[[ -x $work/shapes && -x $work/shapes_plain ]] || { echo "FAIL: shapes did not build"; tail -20 "$build_log"; exit 1; }
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  echo "commit: ${HEADROOM_TEST_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$out/machine.txt"

# run VARIANT REP SIZE: one run, its wall time appended to runs.tsv; its
# profile, stdout and stderr as VARIANT-SIZE.*.
run() {
  local variant=$1 rep=$2 size=$3 bin=shapes envs=()
  local name=$variant-${size/:/x}
  case $variant in
    plain) bin=shapes_plain ;;
    time) envs=(HEADROOM_MODE=time) ;;
    bounded) envs=(HEADROOM_MODE=counters) ;;
    floor) envs=(HEADROOM_MODE=counters HEADROOM_SAMPLES_PER_KERNEL=1
                 HEADROOM_METRICS=only:gpu__time_duration.sum) ;;
    unbounded) envs=(HEADROOM_MODE=counters HEADROOM_SAMPLE_GROUPING=exact
                     HEADROOM_BUDGET_PCT=off HEADROOM_SAMPLES_PER_KERNEL=off
                     HEADROOM_PROFILER_LIFETIME=process) ;;
  esac
  local t0 t1 rc
  t0=$(date +%s.%N)
  (cd "$work" && env HEADROOM_FLUSH_S=0 HEADROOM_PROFILE="$work/$name.json" \
    APP_TIMING_FILE="$work/$name.timing" "${envs[@]+"${envs[@]}"}" \
    timeout 400 "./$bin" ${size/:/ } >"$work/$name.out" 2>"$work/$name.err")
  rc=$?
  t1=$(date +%s.%N)
  printf '%s\t%s\t%s\t%s\t%s\n' "$variant" "$size" "$rep" "$rc" \
    "$(python3 -c "print(f'{$t1-$t0:.4f}')")" >>"$out/runs.tsv"
  cp "$work/$name.out" "$work/$name.err" "$out/"
  [[ -s $work/$name.json ]] && gzip -c "$work/$name.json" >"$out/$name.json.gz"
}

printf 'variant\tsize\trep\texit\twall_s\n' >"$out/runs.tsv"
variants=(plain time bounded)
[[ ${SAMPLING_FLOOR:-0} == 1 ]] && variants+=(floor)
for size in "${sizes[@]}"; do
  for ((r = 0; r < reps; ++r)); do
    for ((i = 0; i < ${#variants[@]}; ++i)); do
      run "${variants[(i + r) % ${#variants[@]}]}" "$r" "$size"
    done
  done
done
[[ ${SAMPLING_UNBOUNDED:-1} == 0 ]] || run unbounded 0 "${sizes[0]}"
first=${sizes[0]/:/x}

check=$out/check.txt
: >"$check"
verdict() { echo "$1: $2" | tee -a "$check"; }
for size in "${sizes[@]}"; do
  s=${size/:/x}
  for v in time bounded floor unbounded; do
    [[ -e $out/$v-$s.out ]] || continue
    if cmp -s "$out/plain-$s.out" "$out/$v-$s.out"; then
      verdict PASS "$v $size output equals the uninstrumented build's"
    else
      verdict FAIL "$v $size output differs from the uninstrumented build's"
    fi
  done
done
python3 - "$work/bounded-$first.json" "$work/unbounded-$first.json" <<'PY' | tee -a "$check"
import json, os, sys
b = json.load(open(sys.argv[1]))
u = json.load(open(sys.argv[2])) if os.path.exists(sys.argv[2]) else None
def estimated(p):
    return sum(1 for k in p["kernels"] if "counters_estimated" in k)
lim = b["collection"].get("sampling_limits")
print(("PASS" if lim and lim["grouping"] == "size" else "FAIL") +
      f": bounded profile records its sampling limits ({lim})")
print(("PASS" if estimated(b) > 0 else "FAIL") +
      f": bounded profile estimates {estimated(b)} of {len(b['kernels'])} entries")
diag = b["collection"].get("diagnostics", {})
if diag.get("metric_choice_cached"):
    print(("PASS" if diag.get("availability_skipped") == 1 else "FAIL") +
          ": with the metric choice cached, the counter availability query is skipped")
if u:
    sampled = sum(1 for k in u["kernels"] if k.get("counters") and "counters_estimated" not in k)
    print(("PASS" if sampled >= 0.99 * len(u["kernels"]) else "FAIL") +
          f": unbounded profile sampled {sampled} of {len(u['kernels'])} entries")
PY
cp "$out/runs.tsv" "$dest/sampling-runs.tsv"
cp "$check" "$dest/sampling-check.txt"
tar czf "$dest/sampling-results.tar.gz" -C "$work" sampling
cat "$out/machine.txt" "$check"
! grep -q '^FAIL' "$check"
