#!/usr/bin/env bash
# Instruments libraries.cu for test/gpu/libraries/run.sh on a machine with
# Clang (GPU machines here have none): writes .gpu-libraries/libraries.cu at
# the repository root (ignored by git: carry it to the GPU machine).
#
# usage: test/gpu/libraries/prepare.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$root/.gpu-libraries
rm -rf "$out"
mkdir -p "$out"
cd "$root"
"$build/tool/headroom" instrument test/gpu/libraries/libraries.cu \
  -o "$out/libraries.cu" --list-sites -- nvcc -std=c++17 | tee "$out/sites.txt"
echo "instrumented test/gpu/libraries/libraries.cu into $out"
