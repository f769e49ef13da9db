#!/usr/bin/env bash
# Builds everything with AddressSanitizer, UndefinedBehaviorSanitizer and
# LeakSanitizer (in build-sanitize, or $HEADROOM_BUILD_DIR) and runs every
# test through ctest: any memory error, undefined behaviour or leak fails the
# test that hit it. Slower than scripts/test.sh (a Debug build, every process
# instrumented); run it before changing memory-heavy code.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HEADROOM_BUILD_DIR:-$root/build-sanitize}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
  -DCMAKE_SHARED_LINKER_FLAGS="$flags"
cmake --build "$build" -j "$(nproc)"
# handle_segv=0: a runtime test raises SIGSEGV on purpose and checks that the
# process still dies of it.
export ASAN_OPTIONS=detect_leaks=1:handle_segv=0
export UBSAN_OPTIONS=print_stacktrace=1
if ! ctest --test-dir "$build" --output-on-failure -j "$(nproc)"; then
  "$root/scripts/summarize-failures.sh" "$build"
  exit 1
fi
