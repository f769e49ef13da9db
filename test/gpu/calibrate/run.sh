#!/usr/bin/env bash
# End-to-end test of `headroom calibrate` on a machine with a GPU: builds the
# tool and the micro-benchmarks, runs a full calibration twice and a --quick
# one (into the user device directory, which `headroom devices` must then
# list), and checks the targets of docs/perf/calibrate.md:
#   fp32/fp64 FMA >= 95% and fp16 FMA >= 90% of theoretical at the measured
#   SM clock, DRAM copy >= 90% of theoretical bandwidth, a full run <= 90 s,
#   --quick <= 20 s, the two full runs within 2% on every thesis parameter.
# Prints a table and exits 1 if a target is missed. Where there is no GPU it
# prints 'SKIP: no GPU' and exits 0.
#
# With --smoke KEYS (comma-separated benchmark keys) each of those benchmarks
# first runs alone with --quick, in its own process, so that one failing
# benchmark still leaves the others' results (new benchmarks' first run).
# With --sass the micro-benchmarks' SASS is summarized into sass.txt.
#
# usage: test/gpu/calibrate/run.sh [--build-dir DIR] [--out DIR] [--no-build]
#                                  [--smoke KEYS] [--sass]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=$root/build-gpu
out=${OUT:-}
do_build=1
smoke=
sass=0
while (($#)); do
  case $1 in
    --build-dir) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --smoke) smoke=$2; shift 2 ;;
    --sass) sass=1; shift ;;
    *) echo "usage: $0 [--build-dir DIR] [--out DIR] [--no-build] [--smoke KEYS] [--sass]" >&2; exit 2 ;;
  esac
done

if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU"
  exit 0
fi
[[ -n $out ]] || out=$(mktemp -d)
mkdir -p "$out"
log=$out/calibrate-test.log
: >"$log"
say() { echo "$*" | tee -a "$log"; }

say "== GPU: $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,ecc.mode.current --format=csv,noheader)"
if ((do_build)); then
  say "== build in $build"
  extra=()
  [[ -n ${HEADROOM_GIT_COMMIT:-} ]] && extra+=(-DHEADROOM_GIT_COMMIT="$HEADROOM_GIT_COMMIT")
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DHEADROOM_ENABLE_CLANG=OFF -DHEADROOM_ENABLE_TESTS=OFF \
    -DHEADROOM_ENABLE_RUNTIME=OFF "${extra[@]}" >>"$log" 2>&1 ||
    { say "FAIL: configure (see $log)"; tail -30 "$log"; exit 1; }
  t0=$(date +%s)
  cmake --build "$build" --target headroom-microbench >>"$log" 2>&1 ||
    { say "FAIL: building headroom-microbench"; tail -40 "$log"; exit 1; }
  cmake --build "$build" --target headroom >>"$log" 2>&1 ||
    say "note: the headroom tool did not build; calibrating through headroom-microbench directly"
  say "   built in $(($(date +%s) - t0)) s"
fi
mb=$build/microbench/headroom-microbench
tool=$build/tool/headroom
if [[ -x $tool ]]; then
  calibrate=("$tool" calibrate)
else
  calibrate=("$mb")
fi

if ((sass)) && command -v cuobjdump >/dev/null 2>&1; then
  cuobjdump -sass "$mb" >"$out/sass-full.txt" 2>&1
  python3 "$here/sass_summary.py" <"$out/sass-full.txt" >"$out/sass.txt" 2>&1
  say "== SASS summary in $out/sass.txt"
fi

if [[ -n $smoke ]]; then
  IFS=, read -ra keys <<<"$smoke"
  for key in "${keys[@]}"; do
    say "== smoke: $mb --quick --only $key"
    "$mb" --quick --only "$key" --output-dir "$out/smoke" >>"$out/smoke.log" 2>&1
    say "   smoke $key: exit $?"
  done
  grep -E "error|skipped|GOP/s|GB/s|FLOP/s|IOP/s|warps/SM" "$out/smoke.log" | tee -a "$log"
fi

# Runs a calibration, records its wall time in $out/<tag>.seconds.
run_one() {
  local tag=$1
  shift
  say "== $tag: ${calibrate[*]} $*"
  local t0 t1 rc
  t0=$(date +%s.%N)
  "${calibrate[@]}" "$@" > >(tee -a "$log") 2>>"$log"
  rc=$?
  t1=$(date +%s.%N)
  python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 2))" "$t0" "$t1" >"$out/$tag.seconds"
  say "   $tag: exit $rc, $(cat "$out/$tag.seconds") s"
  return $rc
}

status=0
run_one full1 -o "$out/run1.json" || status=1
run_one full2 -o "$out/run2.json" || status=1
xdg=$(mktemp -d)
XDG_DATA_HOME=$xdg run_one quick --quick || status=1
quick_file=$(ls "$xdg"/headroom/devices/*.json 2>/dev/null | head -1)
if [[ -n $quick_file ]]; then
  cp "$quick_file" "$out/quick.json"
  if [[ -x $tool ]]; then
    name=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$quick_file")
    if XDG_DATA_HOME=$xdg "$tool" devices | grep -q -- "$name"; then
      say "   headroom devices lists '$name' from the user directory"
    else
      say "FAIL: headroom devices does not list '$name'"
      status=1
    fi
  fi
else
  say "FAIL: --quick wrote no file under $xdg/headroom/devices"
  status=1
fi

python3 "$here/check.py" "$out" 2>&1 | tee -a "$log"
((${PIPESTATUS[0]} == 0)) || status=1
exit $status
