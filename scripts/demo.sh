#!/usr/bin/env bash
# The main job: instrument the quick-start example, profile it on the GPU when
# there is one (otherwise use the profile recorded on an H200, with its
# warp-stall samples, and shipped with the example), and print Headroom's
# diagnostics for it, the hot lines inside each kernel included.
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

profile=$example/recorded/h200/profile.json
device=H200
if nvidia-smi -L >/dev/null 2>&1 && [[ -d $build/runtime ]]; then
  echo "== GPU found: building and running the instrumented example" >&2
  cmake --build "$build" --target headroom_rt >&2
  device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
  if ! "$headroom" devices --format json | grep -qF "\"$device\""; then
    echo "== no device file for $device yet: headroom calibrate --quick" >&2
    "$headroom" calibrate --quick -o "$work/device.json"
    device=$work/device.json
  fi
  nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
  # -lineinfo, as headroom nvcc builds: the warp-stall samples' lines.
  "$nvcc" -arch=sm_90 -O2 -lineinfo -I "$root/runtime/include" "$work/quickstart.instrumented.cu" \
    -o "$work/quickstart" -L "$build/runtime" -lheadroom_rt -Xlinker -rpath="$build/runtime"
  HEADROOM_PROFILE=$work/profile.json "$work/quickstart"
  profile=$work/profile.json
else
  echo "== no GPU here: using the profile recorded on an H200 ($profile)" >&2
fi

echo "== headroom report" >&2
# From the top of the source tree, which the profile's paths are relative to
# (examples/quickstart/recorded/h200/report.txt is this output).
cd "$root"
"$headroom" report --profile "$profile" --device "$device" --source-root "$root"
