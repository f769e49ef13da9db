# The set-up the calibration side-measurements share (l2-write-requests.sh,
# l2-atomics.sh, l2-fabric-sectors.sh): sourced by them, with their path and
# the base name of their files. Where there is no GPU it prints SKIP and
# exits the script with 0.
# Else it sets root, out ($OUT, or build-gpu/out), build (build-gpu), ncu,
# gpu (the GPU's name for file names), bench (the micro-benchmark binary,
# built there when missing) and txt ($out/<base>-<gpu>.txt), and writes the
# GPU, commit and date at the top of $txt.
#
# usage (in a script): source "$(dirname "$0")/side-measurement.sh" "$0" BASE
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); $1 needs one"
  exit 0
fi
root=$(cd "$(dirname "$1")/../../.." && pwd)
out=${OUT:-$root/build-gpu/out}
build=$root/build-gpu
mkdir -p "$out"
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
txt=$out/$2-$gpu.txt
if [[ ! -x $build/microbench/headroom-microbench ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DHEADROOM_ENABLE_CLANG=OFF -DHEADROOM_ENABLE_TESTS=OFF \
    -DHEADROOM_ENABLE_RUNTIME=OFF >/dev/null &&
    cmake --build "$build" --target headroom-microbench >/dev/null ||
    { echo "FAIL: building headroom-microbench"; exit 1; }
fi
bench=$build/microbench/headroom-microbench
{
  nvidia-smi --query-gpu=name,driver_version,ecc.mode.current --format=csv,noheader
  echo "commit: ${HEADROOM_TEST_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$txt"
