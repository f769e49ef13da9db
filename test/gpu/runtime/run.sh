#!/usr/bin/env bash
# GPU tests and benchmarks of libheadroom_rt (issue 5). Builds the runtime
# (CMake, own build directory) and every test app of test/gpu/runtime twice,
# instrumented (linked with libheadroom_rt) and uninstrumented
# (-DHEADROOM_UNINSTRUMENTED: the same source without the runtime); runs them
# under the runtime's modes and degraded conditions; check.py compares every
# run with the uninstrumented one (output bit for bit, exit status, at most
# one `headroom:` line) and checks the profiles. Results: $OUT/runtime-log.txt
# (summary), $OUT/runtime-results.tar.gz (every output, profile and timing).
#
# usage: test/gpu/runtime/run.sh            # tests and benchmarks (~4 min on an H100)
#        RUNTIME_TEST_SKIP_BENCH=1 test/gpu/runtime/run.sh   # tests only (~2 min)
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/runtime needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
src=$root/test/gpu/runtime
build=$root/build-gpu-runtime
out=${OUT:-$build/out}
work=$build/runtime-test
rm -rf "$work"
mkdir -p "$out" "$work"
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
log=$out/runtime-log.txt
: >"$log"
say() { echo "$@" | tee -a "$log"; }
t_start=$(date +%s)
ulimit -c 0

{
  nvidia-smi --query-gpu=name,driver_version,uuid --format=csv,noheader
  echo "commit: ${HEADROOM_TEST_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  "$nvcc" --version | tail -2
} | tee -a "$log" >"$work/machine.txt"

# --- Build: the runtime (CMake) and the apps' objects in parallel ----------
(
  if cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DHEADROOM_ENABLE_CLANG=OFF -DHEADROOM_ENABLE_TESTS=OFF \
    -DHEADROOM_ENABLE_RUNTIME=ON -DHEADROOM_ENABLE_MICROBENCH=OFF \
    >"$work/cmake.log" 2>&1 &&
    cmake --build "$build" -j 16 --target headroom_rt >>"$work/cmake.log" 2>&1; then
    echo "$build/runtime" >"$work/libdir"
  else
    # Other parts of the tree may be in flux: build the runtime by itself.
    lib=$work/lib
    mkdir -p "$lib"
    ${CXX:-g++} -std=c++20 -O2 -g -fPIC -shared -fvisibility=hidden \
      -fvisibility-inlines-hidden -DHEADROOM_VERSION='"0.1.0"' \
      -DHEADROOM_CUPTI_BUILD_DIR="\"$cuda/lib64\"" \
      -I "$root/runtime/include" -I "$root/runtime/src" -I "$root/passes" \
      -I "$root/.deps/include" -isystem "$cuda/include" \
      "$root"/runtime/src/*.cpp "$root"/runtime/src/cupti/*.cpp \
      "$root"/passes/schema/*.cpp "$root"/passes/support/*.cpp -Wl,--exclude-libs,ALL \
      -o "$lib/libheadroom_rt.so" -ldl -pthread >>"$work/cmake.log" 2>&1 &&
      echo "$lib" >"$work/libdir"
  fi
) &
apps="app launches concurrency graph many signals shapes fusion"
for a in $apps; do
  "$nvcc" -arch=sm_90 -O2 -std=c++17 -I "$root/runtime/include" -c "$src/$a.cu" \
    -o "$work/$a.o" >"$work/$a.build.log" 2>&1 &
  "$nvcc" -arch=sm_90 -O2 -std=c++17 -DHEADROOM_UNINSTRUMENTED \
    -I "$root/runtime/include" -c "$src/$a.cu" -o "$work/${a}_plain.o" \
    >"$work/${a}_plain.build.log" 2>&1 &
done
wait
if [[ ! -s $work/libdir ]]; then
  tail -30 "$work/cmake.log" | tee -a "$log"
  say "FAIL: libheadroom_rt did not build"
  exit 1
fi
libdir=$(cat "$work/libdir")
for a in $apps; do
  libs="-lcuda"
  [[ $a == launches ]] && libs="-lcublas -lcuda"
  "$nvcc" -arch=sm_90 "$work/$a.o" -o "$work/$a" -L "$libdir" -lheadroom_rt \
    -Xlinker -rpath="$libdir" $libs >>"$work/$a.build.log" 2>&1 ||
    { say "FAIL: $a did not build"; cat "$work/$a.build.log" | tail -20 | tee -a "$log"; }
  "$nvcc" -arch=sm_90 "$work/${a}_plain.o" -o "$work/${a}_plain" $libs \
    >>"$work/${a}_plain.build.log" 2>&1 ||
    { say "FAIL: ${a}_plain did not build"; tail -20 "$work/${a}_plain.build.log" | tee -a "$log"; }
done
say "built in $(($(date +%s) - t_start)) s (runtime from $libdir)"
# RUNTIME_TEST_BUILD_ONLY=1: stop here (test/gpu/runtime/overhead.sh runs
# the built apps itself).
[[ -n ${RUNTIME_TEST_BUILD_ONLY:-} ]] && exit 0

# --- Runs ---------------------------------------------------------------
# run NAME BINARY [VAR=VALUE...] [-- ARGS...]: runs BINARY in $work with the
# profile at NAME.json, stdout/stderr/status/wall time in NAME.{out,err,rc,wall}.
run() {
  local name=$1 bin=$2
  shift 2
  local envs=()
  while [[ $# -gt 0 && $1 != -- ]]; do envs+=("$1"); shift; done
  [[ ${1:-} == -- ]] && shift
  local t0 t1
  t0=$(date +%s.%N)
  (cd "$work" && env APP_TIMING_FILE="$work/$name.timing" \
    HEADROOM_PROFILE="$work/$name.json" "${envs[@]+"${envs[@]}"}" timeout 120 "./$bin" "$@" \
    >"$work/$name.out" 2>"$work/$name.err")
  echo $? >"$work/$name.rc"
  t1=$(date +%s.%N)
  python3 -c "print(f'{$t1-$t0:.4f}')" >"$work/$name.wall"
  echo "$name: exit $(cat "$work/$name.rc"), $(cat "$work/$name.wall") s" >>"$log"
}

# signal_run NAME BINARY SIGNAL [VAR=VALUE...] -- ARGS: starts the app, waits
# for its marker (phase 1 done), sends SIGNAL 0.5 s later.
signal_run() {
  local name=$1 bin=$2 sig=$3
  shift 3
  local envs=()
  while [[ $# -gt 0 && $1 != -- ]]; do envs+=("$1"); shift; done
  [[ ${1:-} == -- ]] && shift
  rm -f "$work/$name.marker"
  (cd "$work" && exec env APP_TIMING_FILE="$work/$name.timing" \
    APP_MARKER="$work/$name.marker" HEADROOM_PROFILE="$work/$name.json" \
    "${envs[@]+"${envs[@]}"}" "./$bin" "$@" >"$work/$name.out" 2>"$work/$name.err") &
  local pid=$! i
  for ((i = 0; i < 600; ++i)); do
    [[ -e $work/$name.marker ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  sleep "${SIGNAL_DELAY:-0.5}"
  [[ $sig != none ]] && kill -s "$sig" "$pid" 2>/dev/null
  for ((i = 0; i < 300; ++i)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null
  wait "$pid"
  echo $? >"$work/$name.rc"
  echo "$name: exit $(cat "$work/$name.rc") after $sig" >>"$log"
}

# app.cu: modes, sampling rules, degraded conditions.
run app_plain app_plain
run app_off app HEADROOM_MODE=off
run app_counters app
run app_time app HEADROOM_MODE=time
run app_scope_all app HEADROOM_SAMPLE_SCOPE=all
run app_every app HEADROOM_SAMPLE=every:2000
run app_sample_off app HEADROOM_SAMPLE=off
run app_metrics app HEADROOM_METRICS=l1tex__t_bytes.sum
run app_external app HEADROOM_MODE=time HEADROOM_CORRELATION=external
run app_runtime_ids app HEADROOM_MODE=time HEADROOM_CORRELATION=callback-runtime
run app_nocupti app HEADROOM_CUPTI_LIBRARY=/nonexistent/libcupti.so.13
run app_nogpu_plain app_plain CUDA_VISIBLE_DEVICES=
run app_nogpu app CUDA_VISIBLE_DEVICES=
# launches.cu: every launch API, libraries in scopes, an unreplayable kernel.
run launches_plain launches_plain
run launches_counters launches
run launches_time launches HEADROOM_MODE=time
run launches_sites launches HEADROOM_SAMPLE_SCOPE=sites
# concurrency.cu: streams, threads, two contexts.
run concurrency_plain concurrency_plain
run concurrency_time concurrency HEADROOM_MODE=time
run concurrency_counters concurrency
# graph.cu
run graph_plain graph_plain
run graph_counters graph
run graph_time graph HEADROOM_MODE=time
# fusion.cu: consecutive launches on the same buffers.
run fusion_plain fusion_plain
run fusion_time fusion HEADROOM_MODE=time
run fusion_counters fusion
# many.cu: 100,000 launches.
run many_plain many_plain
run many_time many HEADROOM_MODE=time
run many_counters many
# What costs host time per launch in counters mode once the samples are
# taken: the profiler kept initialized, or no profiling at all (the kernel's
# name is skipped, so only the runtime's own per-launch logic runs).
run many_counters_persist many HEADROOM_PROFILER_LIFETIME=process
run many_counters_skip many HEADROOM_SAMPLE_SKIP=work
# ... only metrics that need no SASS patching;
run many_counters_nosass many "HEADROOM_METRICS=only:gpu__time_duration.sum,smsp__inst_executed.sum,dram__sectors_read.sum,dram__sectors_write.sum,lts__t_bytes.sum,sm__warps_active.avg.pct_of_peak_sustained_active"
# ... another kernel sampled, the loop's kernel never.
run many_counters_other many APP_WARM_KERNEL=1 HEADROOM_SAMPLE_SKIP=work
run many_plain_other many_plain APP_WARM_KERNEL=1
# Every launch sampled.
run many_all_plain many_plain -- 200 0 1
run many_all many HEADROOM_SAMPLE=all -- 200 0 1
# signals.cu: killed, own handler, abort, killed hard with periodic writes.
signal_run sig_term_plain signals_plain TERM -- term
signal_run sig_term signals TERM HEADROOM_FLUSH_S=0 -- term
signal_run sig_int_plain signals_plain INT -- term
signal_run sig_int signals INT HEADROOM_FLUSH_S=0 -- term
signal_run sig_handler_plain signals_plain TERM -- handler
signal_run sig_handler signals TERM HEADROOM_FLUSH_S=0 -- handler
signal_run sig_abort_plain signals_plain none -- abort
signal_run sig_abort signals none HEADROOM_FLUSH_S=0 -- abort
SIGNAL_DELAY=1.5 signal_run sig_kill9 signals KILL HEADROOM_FLUSH_S=0.25 -- term
# Another CUPTI client attached: Nsight Compute.
ncu=$(command -v ncu || ls "$cuda"/bin/ncu 2>/dev/null || true)
if [[ -n $ncu ]]; then
  run app_ncu_plain app_plain
  t0=$(date +%s.%N)
  (cd "$work" && timeout 120 "$ncu" --metrics gpu__time_duration.sum \
    --launch-count 3 -o "$work/ncu-app" -f env HEADROOM_PROFILE="$work/app_ncu.json" \
    APP_TIMING_FILE="$work/app_ncu.timing" ./app >"$work/app_ncu.out" 2>"$work/app_ncu.err")
  echo $? >"$work/app_ncu.rc"
fi
say "tests ran in $(($(date +%s) - t_start)) s"

# --- Benchmarks -----------------------------------------------------------
if [[ -z ${RUNTIME_TEST_SKIP_BENCH:-} ]]; then
  # Timing-only overhead: short launches, whole process and loop. The order
  # of the three builds rotates between repetitions.
  for rep in 1 2 3 4 5; do
    for cfg in "20000 0" "20000 2000" "20000 8000" "100000 2000" "100000 8000"; do
      set -- $cfg
      tag="n$1_i$2_r$rep"
      variants=(plain time off)
      for ((v = 0; v < 3; ++v)); do
        case ${variants[$(((v + rep) % 3))]} in
        plain) run "bench_plain_$tag" many_plain -- "$1" "$2" ;;
        time) run "bench_time_$tag" many HEADROOM_MODE=time HEADROOM_FLUSH_S=0 -- "$1" "$2" ;;
        off) run "bench_off_$tag" many HEADROOM_MODE=off -- "$1" "$2" ;;
        esac
      done
    done
  done
  # Counters end to end versus Nsight Compute with the same metrics, on an
  # app with many repeated launches (4 configurations x 50 launches).
  run bench_counters many -- 200 2000 4
  if [[ -n $ncu ]]; then
    metrics=$(python3 -c "import json;print(','.join(json.load(open('$work/bench_counters.json'))['collection']['metrics']))" 2>/dev/null)
    echo "$metrics" >"$work/bench_ncu.metrics"
    t0=$(date +%s.%N)
    (cd "$work" && timeout 120 "$ncu" --metrics "$metrics" --clock-control none \
      -o "$work/ncu-bench" -f ./many_plain 200 2000 4 >"$work/bench_ncu.out" 2>"$work/bench_ncu.err")
    echo $? >"$work/bench_ncu.rc"
    t1=$(date +%s.%N)
    python3 -c "print(f'{$t1-$t0:.4f}')" >"$work/bench_ncu.wall"
    run bench_counters_plain many_plain -- 200 2000 4
  fi
  say "benchmarks done at $(($(date +%s) - t_start)) s"
fi

python3 "$src/check.py" "$work" 2>&1 | tee -a "$log"
status=${PIPESTATUS[0]}
(cd "$work" && tar czf "$out/runtime-results.tar.gz" --exclude='*.o' \
  --exclude='*.ncu-rep' --exclude=app --exclude='*_plain' --exclude=lib \
  --exclude=launches --exclude=concurrency --exclude=graph --exclude=many \
  --exclude=signals --exclude=fusion . 2>/dev/null)
say "total $(($(date +%s) - t_start)) s"
if [[ $status == 0 ]]; then say "test/gpu/runtime: PASS"; else say "test/gpu/runtime: FAIL"; fi
exit "$status"
