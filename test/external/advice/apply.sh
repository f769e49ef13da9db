#!/usr/bin/env bash
# Applies Headroom's top advice by hand to some NVIDIA cuda-samples kernels
# (docs/perf/advice-external.md) and builds each sample twice, original and
# modified, plain nvcc and through `headroom nvcc` (sm_90, -O3 -lineinfo, as
# test/external/build-cuda-samples.sh). Writes test/external/advice/work/
# (ignored by git: carry it to the GPU machine for run-gpu.sh). Where this
# machine has a GPU, it also runs each plain build for its self-check.
#
# usage: test/external/advice/apply.sh CUDA_SAMPLES_DIR [BUILD_DIR]
#   CUDA_SAMPLES_DIR: a checkout of https://github.com/NVIDIA/cuda-samples
#   (commit c94ff366; CUDA_SAMPLES_COMMIT names it where it is not a git checkout)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
if [[ -z ${1:-} || ! -d $1/Samples || ! -d $1/Common ]]; then
  echo "SKIP: no cuda-samples sources (usage: $0 CUDA_SAMPLES_DIR [BUILD_DIR]; a checkout with Samples/ and Common/)"
  exit 0
fi
samples=$(cd "$1" && pwd)
build=$(cd "${2:-$root/build}" && pwd)
headroom=$build/tool/headroom
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
out=$here/work
[[ -x $headroom ]] || { echo "error: $headroom not found: build Headroom first" >&2; exit 1; }
[[ -x $nvcc ]] || { echo "SKIP: no nvcc at $nvcc (set CUDA_HOME)"; exit 0; }

list=(2_Concepts_and_Techniques/convolutionSeparable 5_Domain_Specific/fastWalshTransform
      2_Concepts_and_Techniques/histogram 2_Concepts_and_Techniques/sortingNetworks
      6_Performance/transpose 2_Concepts_and_Techniques/shfl_scan)
rm -rf "$out"
mkdir -p "$out/src/orig" "$out/src/mod" "$out/lib" "$out/logs"
for variant in orig mod; do mkdir -p "$out/plain-$variant" "$out/headroom-$variant"; done
cp -P "$build"/runtime/libheadroom_rt.so* "$out/lib/"
strip --strip-debug "$out"/lib/libheadroom_rt.so.*.*
for s in "${list[@]}"; do
  for variant in orig mod; do
    # sources only (no data or documents): the samples here need none at run time
    mkdir -p "$out/src/$variant/$(basename "$s")"
    find "$samples/Samples/$s" -maxdepth 1 -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.h' -o -name '*.cpp' \) \
      -exec cp {} "$out/src/$variant/$(basename "$s")/" \;
  done
done
python3 "$here/modify.py" "$out/src/mod"
diff -ru "$out/src/orig" "$out/src/mod" >"$out/modifications.diff" || true

# shellcheck source=test/external/build-sample.sh
source "$here/../build-sample.sh"
build_one() { # variant name
  build_sample "$out/src/$1/$2" "$out/plain-$1/$2" "$out/headroom-$1/$2" \
    "$out/logs/$2.$1" "$1 $2" && echo "built $1 $2"
}
export -f build_one build_sample
export samples out nvcc headroom
failed=0
for s in "${list[@]}"; do for variant in orig mod; do echo "$variant $(basename "$s")"; done; done |
  xargs -P "$(nproc)" -n 2 bash -c 'build_one "$0" "$1"' || failed=1
{
  echo "headroom $(git -C "$root" rev-parse --short HEAD)"
  echo "cuda-samples $(git -C "$samples" rev-parse --short HEAD 2>/dev/null || echo "${CUDA_SAMPLES_COMMIT:-unknown}")"
  echo "date $(date -u +%F)"
  "$nvcc" --version | tail -n 2 | head -n 1
} >"$out/build.txt"
ls "$out/headroom-mod" >"$out/samples.txt"
if nvidia-smi -L >/dev/null 2>&1; then
  for name in $(cat "$out/samples.txt"); do
    for variant in orig mod; do
      if (cd "$out/logs" && timeout 120 "$out/plain-$variant/$name" >"$name.$variant.check.log" 2>&1); then
        echo "self-check passed: $variant $name"
      else
        echo "FAIL self-check: $variant $name"; failed=1
      fi
    done
  done
else
  echo "no GPU here: the self-checks run in test/external/advice/run-gpu.sh"
fi
echo "$(wc -l <"$out/samples.txt") samples, original and modified -> $out ($(du -sh "$out" | cut -f1))"
exit $failed
