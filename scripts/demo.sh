#!/usr/bin/env bash
# The main job: instrument the quick-start example, profile it on the GPU when
# there is one (otherwise use the profile recorded on an H100 and shipped with
# the example), and print Headroom's diagnostics for it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HEADROOM_BUILD_DIR:-$root/build}
example=$root/examples/quickstart
work=$build/demo
mkdir -p "$work"

if [[ ! -x $build/tool/headroom ]]; then
  "$root/scripts/install-deps.sh" >&2
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
fi
cmake --build "$build" --target headroom >&2
headroom=$build/tool/headroom

echo "== headroom instrument examples/quickstart/quickstart.cu" >&2
"$headroom" instrument "$example/quickstart.cu" -o "$work/quickstart.instrumented.cu"
grep -c "headroom_launch_begin(" "$work/quickstart.instrumented.cu" |
  sed 's/^/   launch sites instrumented: /' >&2

profile=$example/recorded/profile.json
device=$example/recorded/device.json
if nvidia-smi -L >/dev/null 2>&1 && [[ -d $build/runtime ]]; then
  echo "== GPU found: building and running the instrumented example" >&2
  cmake --build "$build" --target headroom_rt >&2
  nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
  "$nvcc" -arch=sm_90 -O2 -I "$root/runtime/include" "$work/quickstart.instrumented.cu" \
    -o "$work/quickstart" -L "$build/runtime" -lheadroom_rt -Xlinker -rpath="$build/runtime"
  HEADROOM_PROFILE=$work/profile.json "$work/quickstart"
  profile=$work/profile.json
else
  echo "== no GPU here: using the profile recorded on the GPU machine ($profile)" >&2
fi

echo "== headroom report" >&2
"$headroom" report --profile "$profile" --device "$device"
