#!/usr/bin/env bash
# Timing-only overhead of libheadroom_rt, measured with more repetitions than
# run.sh's benchmark: many.cu built uninstrumented and instrumented (by
# run.sh with RUNTIME_TEST_BUILD_ONLY=1), REPS runs of every variant per
# configuration in rotating order; medians of the whole process's wall time
# and of the app's own clock around its launch loop.
#
# Variants: plain (uninstrumented), time (HEADROOM_MODE=time, this tree's
# runtime), one per word "NAME:VAR=VALUE[,VAR=VALUE...]" of
# $OVERHEAD_VARIANTS (time mode plus those variables), and "baseline" where
# $OVERHEAD_BASELINE_LIB names a directory with another libheadroom_rt.so
# (the same app run against it through LD_LIBRARY_PATH).
#
# usage: test/gpu/runtime/overhead.sh [REPS] [CONFIG...]
#   CONFIG is "LAUNCHES:ITERS" for many.cu (default 10000:8000 20000:8000
#   20000:2000); results in $OUT/overhead.txt (or build-gpu-runtime/out).
set -uo pipefail
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/runtime/overhead.sh needs one"
  exit 0
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
reps=${1:-10}
shift || true
configs=("$@")
((${#configs[@]})) || configs=(10000:8000 20000:8000 20000:2000)
out=${OUT:-$root/build-gpu-runtime/out}
mkdir -p "$out"
RUNTIME_TEST_BUILD_ONLY=1 OUT="$out" "$here/run.sh" >"$out/overhead-build.txt" 2>&1 ||
  { tail -20 "$out/overhead-build.txt"; exit 1; }
work=$root/build-gpu-runtime/runtime-test
readelf -d "$work/many" | grep -E "RUNPATH|RPATH" >"$out/overhead-runpath.txt"

variants=(plain time)
declare -A extra=()
for v in ${OVERHEAD_VARIANTS:-}; do
  variants+=("${v%%:*}")
  extra[${v%%:*}]=${v#*:}
done
[[ -n ${OVERHEAD_BASELINE_LIB:-} ]] && variants+=(baseline)

results=$out/overhead-runs.txt
: >"$results"
for ((rep = 0; rep < reps; ++rep)); do
  for cfg in "${configs[@]}"; do
    n=${cfg%%:*} iters=${cfg#*:}
    for ((i = 0; i < ${#variants[@]}; ++i)); do
      v=${variants[$(((i + rep) % ${#variants[@]}))]}
      envs=(HEADROOM_MODE=time HEADROOM_FLUSH_S=0 "HEADROOM_PROFILE=$work/ovh.json")
      bin=many
      case $v in
      plain) bin=many_plain ;;
      time) ;;
      baseline) envs+=("LD_LIBRARY_PATH=$OVERHEAD_BASELINE_LIB") ;;
      *) IFS=, read -ra more <<<"${extra[$v]}"; envs+=("${more[@]}") ;;
      esac
      rm -f "$work/ovh.timing"
      t0=$(date +%s%N)
      (cd "$work" && env "${envs[@]}" APP_TIMING_FILE="$work/ovh.timing" \
        "./$bin" "$n" "$iters" >"$work/ovh.out" 2>"$work/ovh.err")
      rc=$?
      t1=$(date +%s%N)
      loop=$(sed -n 's/.*loop_s[ =:]*\([0-9.]*\).*/\1/p' "$work/ovh.timing" 2>/dev/null | head -1)
      echo "$v $n $iters $rc $(((t1 - t0) / 1000)) ${loop:-nan} $(md5sum <"$work/ovh.out" | cut -c1-8)" >>"$results"
    done
  done
done

python3 - "$results" <<'PY' | tee "$out/overhead.txt"
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
by = {}
for v, n, it, rc, us, loop, digest in rows:
    by.setdefault((int(n), int(it)), {}).setdefault(v, []).append((int(rc), int(us) / 1e6, float(loop), digest))
for key in sorted(by):
    runs = by[key]
    plain = runs.get("plain", [])
    pw = statistics.median(r[1] for r in plain)
    pl = statistics.median(r[2] for r in plain)
    digests = {r[3] for rs in runs.values() for r in rs}
    bad = sum(r[0] != 0 for rs in runs.values() for r in rs)
    print(f"{key[0]} launches, {key[1]} iterations: {len(plain)} runs each; "
          f"outputs {'identical' if len(digests) == 1 else 'DIFFER'}; {bad} failed runs")
    for v, rs in runs.items():
        w = [r[1] for r in rs]
        l = statistics.median(r[2] for r in rs)
        print(f"  {v:10s} process {statistics.median(w):.4f} s (min {min(w):.4f}, max {max(w):.4f}, "
              f"{100 * (statistics.median(w) / pw - 1):+.1f}%)  loop {l:.4f} s ({100 * (l / pl - 1):+.1f}%)")
PY
