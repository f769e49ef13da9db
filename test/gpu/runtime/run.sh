#!/usr/bin/env bash
# GPU test of libheadroom_rt: builds the runtime (CMake) and test/gpu/runtime/
# app.cu (nvcc), runs the app without profiling (HEADROOM_MODE=off) and with it
# (counters, time, time through external correlation, CUPTI missing, under
# Nsight Compute), checks that the program's output and exit status never
# change and that each run prints at most one `headroom:` line, validates the
# profiles, and copies them with a log to $OUT (default build-gpu/out).
#
# usage: test/gpu/runtime/run.sh
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/runtime needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
# A build directory of its own, configured explicitly: a shared GPU machine may
# keep other configurations in build-gpu.
build=$root/build-gpu-runtime
out=${OUT:-$build/out}
work=$build/runtime-test
mkdir -p "$out" "$work"
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
log=$out/runtime-log.txt
: >"$log"
say() { echo "$@" | tee -a "$log"; }
fail=0
check() { # check CONDITION-DESCRIPTION COMMAND...
  local what=$1
  shift
  if "$@"; then say "PASS: $what"; else say "FAIL: $what"; fail=1; fi
}

nvidia-smi --query-gpu=name,driver_version,uuid --format=csv,noheader | tee -a "$log"
say "commit: ${HEADROOM_TEST_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
if cmake -S "$root" -B "$build" -G Ninja -DHEADROOM_ENABLE_CLANG=OFF \
  -DHEADROOM_ENABLE_TESTS=OFF -DHEADROOM_ENABLE_RUNTIME=ON \
  -DHEADROOM_ENABLE_MICROBENCH=OFF >"$work/cmake.log" 2>&1 &&
  cmake --build "$build" -j 16 --target headroom_rt >>"$work/cmake.log" 2>&1; then
  libdir=$build/runtime
else
  # Other parts of the tree may be in flux: build the runtime by itself.
  tail -20 "$work/cmake.log" | tee -a "$log"
  say "CMake build failed; building libheadroom_rt directly"
  libdir=$work/lib
  mkdir -p "$libdir"
  ${CXX:-g++} -std=c++20 -O2 -g -fPIC -shared -fvisibility=hidden \
    -fvisibility-inlines-hidden -DHEADROOM_VERSION='"0.1.0"' \
    -DHEADROOM_CUPTI_BUILD_DIR="\"$cuda/lib64\"" \
    -I "$root/runtime/include" -I "$root/runtime/src" -I "$root/passes" \
    -I "$root/.deps/include" -isystem "$cuda/include" \
    "$root"/runtime/src/*.cpp "$root"/runtime/src/cupti/*.cpp \
    "$root/passes/model/CounterCatalog.cpp" -Wl,--exclude-libs,ALL \
    -o "$libdir/libheadroom_rt.so" -ldl -pthread 2>&1 | tee -a "$log"
fi
"$nvcc" -arch=sm_90 -O2 -I "$root/runtime/include" "$root/test/gpu/runtime/app.cu" \
  -o "$work/app" -L "$libdir" -lheadroom_rt \
  -Xlinker -rpath="$libdir" 2>&1 | tee -a "$log"

# run NAME ENV...: runs the app in $work with the given environment.
run() {
  local name=$1
  shift
  local t0=$(date +%s.%N)
  (cd "$work" && env APP_TIMING_FILE="$work/$name.timing" "$@" ./app \
    >"$work/$name.out" 2>"$work/$name.err")
  echo $? >"$work/$name.rc"
  local t1=$(date +%s.%N)
  say "run $name: exit $(cat "$work/$name.rc"), $(python3 -c "print(f'{$t1-$t0:.2f}')") s," \
    "tiny launches: $(cat "$work/$name.timing" 2>/dev/null), stderr:"
  sed 's/^/    /' "$work/$name.err" | tee -a "$log"
}
run off HEADROOM_MODE=off
run counters HEADROOM_PROFILE="$work/profile-counters.json"
run time HEADROOM_MODE=time HEADROOM_PROFILE="$work/profile-time.json"
run all HEADROOM_SAMPLE=all HEADROOM_PROFILE="$work/profile-all.json"
run external HEADROOM_MODE=time HEADROOM_CORRELATION=external \
  HEADROOM_PROFILE="$work/profile-external.json"
run nocupti HEADROOM_CUPTI_LIBRARY=/nonexistent/libcupti.so.13 \
  HEADROOM_PROFILE="$work/profile-nocupti.json"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || true)
if [[ -n $ncu ]]; then
  (cd "$work" && timeout 240 "$ncu" --metrics gpu__time_duration.sum \
    --launch-count 3 -o "$work/ncu-report" -f env \
    HEADROOM_PROFILE="$work/profile-ncu.json" ./app \
    >"$work/ncu.out" 2>"$work/ncu.err")
  echo $? >"$work/ncu.rc"
  say "run ncu: exit $(cat "$work/ncu.rc"); headroom lines:"
  grep '^headroom:' "$work/ncu.out" "$work/ncu.err" | sed 's/^/    /' | tee -a "$log"
fi

for name in off counters time all external nocupti; do
  check "$name: exit status 0" test "$(cat "$work/$name.rc")" = 0
  check "$name: output identical to HEADROOM_MODE=off" cmp -s "$work/off.out" "$work/$name.out"
  check "$name: at most one stderr line, prefixed headroom:" python3 - "$work/$name.err" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
sys.exit(0 if len(lines) <= 1 and all(l.startswith("headroom: ") for l in lines) else 1)
PY
done
check "off: no stderr at all" test ! -s "$work/off.err"
check "off: no profile written" test ! -e "$work/headroom-profile.json"
check "results correct" grep -q "RESULTS OK" "$work/off.out"
check "nocupti: exactly one warning line" test "$(wc -l <"$work/nocupti.err")" = 1
if [[ -n $ncu ]]; then
  check "ncu: program output unchanged" grep -q "RESULTS OK" "$work/ncu.out"
fi

python3 - "$work" <<'PY' | tee -a "$log"
import json, os, sys
work = sys.argv[1]
model = ["smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
         "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
         "smsp__sass_thread_inst_executed_op_memory_pred_on.sum",
         "smsp__inst_executed.sum",
         "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum",
         "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum",
         "smsp__sass_thread_inst_executed_op_integer_pred_on.sum",
         "dram__sectors_read.sum", "dram__sectors_write.sum",
         "gpu__time_duration.sum", "lts__t_bytes.sum",
         "sm__warps_active.avg.pct_of_peak_sustained_active"]
# Launches per site id (sites are listed in table order) and outside sites.
want_sites = {0: 10, 1: 5, 2: 3, 3: 4, 4: 2, 5: 2, 6: 1, 7: 5000}
ok = True
def fail(*a):
    global ok
    ok = False
    print("FAIL:", *a)

def check_profile(name, mode, counters, unsited_counters=False):
    path = os.path.join(work, f"profile-{name}.json")
    if not os.path.exists(path):
        return fail(name, "no profile")
    p = json.load(open(path))
    c = p["collection"]
    print(f"{name}: mode={c['mode']} passes={c.get('passes')} "
          f"warnings={c['warnings']} diagnostics={c['diagnostics']}")
    if p["schema"] != "headroom.profile/1": fail(name, "schema")
    if c["mode"] != mode: fail(name, "mode", c["mode"], "expected", mode)
    if len(p["sites"]) != 8: fail(name, "sites", len(p["sites"]))
    if mode == "sites":
        if p["kernels"]: fail(name, "kernels without timing")
        return p
    if not p["devices"] or not p["devices"][0].get("name"):
        fail(name, "device identity", p["devices"])
    seen = {}
    unsited = 0
    for k in p["kernels"]:
        if k["launches"] <= 0: fail(name, "entry without launches", k)
        if not (k["timing"] != "none" and k["total_ns"] > 0 and k["min_ns"] > 0):
            fail(name, "entry without a duration", k)
        if k["site"] is None:
            unsited += k["launches"]
            if ("counters" in k) != unsited_counters:
                fail(name, "unsited entry sampled" if "counters" in k else "unsited entry not sampled")
            continue
        seen[k["site"]] = seen.get(k["site"], 0) + k["launches"]
        if counters:
            missing = [m for m in model if m not in k.get("counters", {})]
            if missing: fail(name, "site", k["site"], "lacks", missing)
        elif "counters" in k:
            fail(name, "counters in a", mode, "profile")
    if seen != want_sites: fail(name, "launches per site", seen, "expected", want_sites)
    if unsited != 2: fail(name, "unsited launches", unsited, "expected 2")
    return p

p = check_profile("counters", "counters", True)
check_profile("time", "time", False)
check_profile("all", "counters", True, unsited_counters=True)
check_profile("external", "time", False)
check_profile("nocupti", "sites", False)
if p:
    print("devices:", json.dumps(p["devices"]))
    print("metrics:", len(p["collection"]["metrics"]), p["collection"]["metrics"])
    print("dropped:", p["collection"]["dropped_metrics"])
    for k in p["kernels"]:
        cnt = k.get("counters", {})
        print(f"  site={k['site']} {k['demangled']} grid={k['grid']} block={k['block']} "
              f"shm={k['dynamic_shared_bytes']} launches={k['launches']} timing={k['timing']} "
              f"timed={k['timed_launches']} untimed={k.get('untimed_launches', 0)} "
              f"min/max={k['min_ns']}/{k['max_ns']} ns profiled={k.get('profiled_ns')} "
              f"replays={k.get('replay_records', 0)} regs={k['registers_per_thread']} "
              f"ffma={cnt.get(model[0])} dfma={cnt.get(model[1])} inst={cnt.get(model[3])} "
              f"dram_r={cnt.get(model[7])} dram_w={cnt.get(model[8])} t={cnt.get(model[9])}")
ncu = os.path.join(work, "profile-ncu.json")
if os.path.exists(ncu):
    q = json.load(open(ncu))
    print("ncu:", q["collection"]["mode"], q["collection"]["warnings"])
print("profile checks:", "PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
[[ ${PIPESTATUS[0]} == 0 ]] || fail=1

for f in profile-counters.json profile-time.json profile-all.json \
  profile-external.json profile-nocupti.json profile-ncu.json; do
  [[ -e $work/$f ]] && cp "$work/$f" "$out/"
done
if [[ $fail == 0 ]]; then say "test/gpu/runtime: PASS"; else say "test/gpu/runtime: FAIL"; fi
exit $fail
