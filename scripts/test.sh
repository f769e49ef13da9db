#!/usr/bin/env bash
# Installs what is missing, builds everything that can be built here, and runs
# every test (GoogleTest suites and the lit suite, through ctest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HEADROOM_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j "$(nproc)"
if ! ctest --test-dir "$build" --output-on-failure -j "$(nproc)"; then
  "$root/scripts/summarize-failures.sh" "$build"
  exit 1
fi
# Every reader's fuzz target for a short time (docs/reliability.md), in a
# sanitizer build of its own; HEADROOM_FUZZ_SECONDS=0 skips them.
fuzz_seconds=${HEADROOM_FUZZ_SECONDS:-15}
if ((fuzz_seconds > 0)); then
  HEADROOM_FUZZ_BUILD=${HEADROOM_FUZZ_BUILD:-$build-fuzzers} \
    HEADROOM_FUZZ_JOBS=$(nproc) "$root/scripts/fuzz.sh" "$fuzz_seconds"
fi
