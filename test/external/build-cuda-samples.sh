#!/usr/bin/env bash
# Builds a set of NVIDIA cuda-samples (code not written for Headroom) for an
# accuracy check on the GPU machine (test/external/run-gpu.sh): each sample
# plain (what Nsight Compute profiles) and through `headroom nvcc` (what the
# Headroom runtime profiles), sm_90, -O3 -lineinfo. Writes .external/ at the
# repository root (ignored by git: carry it).
#
# usage: test/external/build-cuda-samples.sh CUDA_SAMPLES_DIR [BUILD_DIR]
#   CUDA_SAMPLES_DIR: a checkout of https://github.com/NVIDIA/cuda-samples
#   (its Samples/ and Common/); docs/perf/external.md names the commit used
#   (CUDA_SAMPLES_COMMIT names it where the directory is not a git checkout).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
samples=$(cd "${1:?usage: $0 CUDA_SAMPLES_DIR [BUILD_DIR]}" && pwd)
build=$(cd "${2:-$root/build}" && pwd)
headroom=$build/tool/headroom
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
out=$root/.external
[[ -x $headroom ]] || { echo "error: $headroom not found: build Headroom first" >&2; exit 1; }
[[ -d $samples/Samples && -d $samples/Common ]] ||
  { echo "error: $samples has no Samples/ and Common/: not a cuda-samples checkout" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/plain" "$out/headroom" "$out/lib" "$out/logs"
cp -P "$build"/runtime/libheadroom_rt.so* "$out/lib/"
strip --strip-debug "$out"/lib/libheadroom_rt.so.*.*

# Self-checking samples of plain CUDA (no graphics, libraries or data files),
# chosen for kinds of kernels: dense and tensor-core GEMM, streaming, stencil,
# reductions and scans, histograms, sorts, transposes, option pricing.
list=(0_Introduction/matrixMul 0_Introduction/vectorAdd 0_Introduction/mergeSort
      2_Concepts_and_Techniques/convolutionSeparable 2_Concepts_and_Techniques/histogram
      2_Concepts_and_Techniques/reduction 2_Concepts_and_Techniques/scan
      2_Concepts_and_Techniques/scalarProd 2_Concepts_and_Techniques/sortingNetworks
      2_Concepts_and_Techniques/shfl_scan 2_Concepts_and_Techniques/threadFenceReduction
      5_Domain_Specific/fastWalshTransform 5_Domain_Specific/BlackScholes
      5_Domain_Specific/binomialOptions 5_Domain_Specific/quasirandomGenerator
      6_Performance/transpose 3_CUDA_Features/cudaTensorCoreGemm
      3_CUDA_Features/globalToShmemAsyncCopy)

# shellcheck source=test/external/build-sample.sh
source "$(dirname "$0")/build-sample.sh"
build_one() { # sample path under Samples/
  local name
  name=$(basename "$1")
  build_sample "$samples/Samples/$1" "$out/plain/$name" "$out/headroom/$name" \
    "$out/logs/$name" "$name" && echo "built $name"
}
export -f build_one build_sample
export samples out nvcc headroom
failed=0
printf '%s\n' "${list[@]}" | xargs -P "$(nproc)" -I{} bash -c 'build_one {}' || failed=1
{
  echo "headroom $(git -C "$root" rev-parse --short HEAD)"
  echo "cuda-samples $(git -C "$samples" rev-parse --short HEAD 2>/dev/null || echo "${CUDA_SAMPLES_COMMIT:-unknown}")"
  echo "date $(date -u +%F)"
  "$nvcc" --version | tail -n 2 | head -n 1
} >"$out/build.txt"
ls "$out/headroom" >"$out/samples.txt"
echo "$(wc -l <"$out/samples.txt") samples -> $out"
exit $failed
