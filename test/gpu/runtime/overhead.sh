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

# field NAME: NAME's value in the last run's timing file, -1 if absent.
field() {
  local x
  x=$(sed -n "s/.*$1=\([-0-9.]*\).*/\1/p" "$work/ovh.timing" 2>/dev/null | head -1)
  echo "${x:--1}"
}

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
      (cd "$work" && env "${envs[@]}" APP_TIMING_FILE="$work/ovh.timing" APP_T0_NS="$t0" \
        "./$bin" "$n" "$iters" >"$work/ovh.out" 2>"$work/ovh.err")
      rc=$?
      t1=$(date +%s%N)
      echo "$v $n $iters $rc $(((t1 - t0) / 1000)) $(field loop_s) $(md5sum <"$work/ovh.out" | cut -c1-8)" \
        "$(field main_ms) $(field ready_ms) $(field end_ms)" >>"$results"
    done
  done
done

python3 - "$results" <<'PY' | tee "$out/overhead.txt"
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
by = {}
phases = {}
for v, n, it, rc, us, loop, digest, main_ms, ready_ms, end_ms in rows:
    by.setdefault((int(n), int(it)), {}).setdefault(v, []).append((int(rc), int(us) / 1e6, float(loop), digest))
    # Phases in ms: to main() (loader, static constructors: the runtime's
    # start-up), main() to the context ready, ready to the end of main()
    # (the loop and the copy back), and after main() (exit handlers: the
    # runtime's last flush and write, CUPTI's and the driver's teardown).
    m, r, e = float(main_ms), float(ready_ms), float(end_ms)
    phases.setdefault((int(n), int(it)), {}).setdefault(v, []).append(
        (m, r - m, e - r, int(us) / 1e3 - e))
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
        ph = phases[key][v]
        if all(p[0] >= 0 for p in ph):
            med = [statistics.median(p[i] for p in ph) for i in range(4)]
            print(f"  {'':10s} phases (ms): to main {med[0]:.1f}, context {med[1]:.1f}, "
                  f"main {med[2]:.1f}, after main {med[3]:.1f}")
PY
