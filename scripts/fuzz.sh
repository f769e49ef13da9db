#!/usr/bin/env bash
# Builds the fuzz targets of Headroom's readers and parsers (test/fuzz/) with
# clang-22, libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer, and
# runs each for SECONDS (default 20) on a copy of its seed corpus
# (test/fuzz/<target>/). A crash, a sanitizer report, a leak, an input that
# runs longer than 10 s or needs more than 2 GB stops the target, leaves the
# input in the work directory and makes the script exit 1.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# HEADROOM_FUZZ_BUILD: the build directory (default: build-fuzzers);
# HEADROOM_FUZZ_WORK: where corpora grow and findings land (default:
# $HEADROOM_FUZZ_BUILD/work); HEADROOM_FUZZ_RUNS: a number of executions
# per target instead of a time; HEADROOM_FUZZ_JOBS: build jobs (default 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-20}
shift || true
build=${HEADROOM_FUZZ_BUILD:-$root/build-fuzzers}
work=${HEADROOM_FUZZ_WORK:-$build/work}
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(counters device profile baseline lint_options nvcc_command
           dependency_file runtime_env sass ncu_csv cuda_text)
fi

compiler=$(command -v clang++-22 || true)
if [[ -z $compiler ]]; then
  echo "fuzz.sh: clang++-22 not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
if [[ ! -e /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a ]]; then
  echo "fuzz.sh: libFuzzer not found: install libclang-rt-22-dev (scripts/install-deps.sh)" >&2
  exit 2
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$root/test/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$compiler" \
  "${launcher[@]}" >/dev/null
ninja -C "$build" -j "${HEADROOM_FUZZ_JOBS:-2}" "${targets[@]/#/fuzz_}"

status=0
for t in "${targets[@]}"; do
  corpus=$work/$t/corpus
  artifacts=$work/$t/findings/
  mkdir -p "$corpus" "$artifacts"
  cp -n "$root/test/fuzz/$t/"* "$corpus/" 2>/dev/null || true
  limit=(-max_total_time="$seconds")
  if [[ -n ${HEADROOM_FUZZ_RUNS:-} ]]; then limit=(-runs="$HEADROOM_FUZZ_RUNS"); fi
  dict=()
  case $t in
    counters | device | profile | baseline) dict=(-dict="$root/test/fuzz/json.dict") ;;
  esac
  echo "fuzz.sh: $t (${limit[*]})"
  log=$work/$t/fuzz.log
  if "$build/fuzz_$t" "${limit[@]}" "${dict[@]}" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts" \
      "$corpus" >"$log" 2>&1; then
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" |
      sed "s/^/fuzz.sh: $t: /"
    grep -E '#[0-9]+.*DONE' "$log" | tail -1 | sed "s/^/fuzz.sh: $t: /" || true
  else
    echo "fuzz.sh: $t FAILED; the input is in $artifacts, the log in $log:" >&2
    tail -40 "$log" >&2
    status=1
  fi
done
exit $status
