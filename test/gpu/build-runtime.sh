#!/usr/bin/env bash
# Builds libheadroom_rt alone (no Clang, no tests) for the GPU tests, into
# BUILD_DIR/cmake (the library in BUILD_DIR/cmake/runtime), the log into
# LOG. GPU machines here have CUDA but no Clang.
#
# usage: test/gpu/build-runtime.sh BUILD_DIR LOG
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
log=$2
cmake -S "$root" -B "$build/cmake" -G Ninja -DHEADROOM_ENABLE_CLANG=OFF \
  -DHEADROOM_ENABLE_TESTS=OFF -DHEADROOM_ENABLE_RUNTIME=ON \
  -DHEADROOM_ENABLE_MICROBENCH=OFF >"$log" 2>&1 &&
  cmake --build "$build/cmake" -j "$(nproc)" --target headroom_rt >>"$log" 2>&1
