#!/usr/bin/env bash
# Instruments sampled.cu for test/gpu/stalls/sampled.sh on a machine with
# Clang (GPU machines here have none): writes .gpu-stalls/sampled.cu at the
# repository root (ignored by git: carry it to the GPU machine).
#
# usage: test/gpu/stalls/prepare.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$root/.gpu-stalls
rm -rf "$out"
mkdir -p "$out"
cd "$root"
"$build/tool/headroom" instrument test/gpu/stalls/sampled.cu \
  -o "$out/sampled.cu" --list-sites -- nvcc -std=c++17 | tee "$out/sites.txt"
echo "instrumented test/gpu/stalls/sampled.cu into $out"
"$build/tool/headroom" instrument examples/quickstart/quickstart.cu \
  -o "$out/quickstart.cu" >/dev/null
echo "instrumented examples/quickstart/quickstart.cu into $out"
