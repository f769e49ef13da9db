#!/usr/bin/env bash
# Instruments a few programs of NVIDIA's cuda-samples (a public code base
# Headroom was not written for) for test/gpu/stalls/external.sh, on a
# machine with Clang: each program's files go to .gpu-stalls/external/NAME/
# (its .cu files instrumented, the originals as NAME.cu.orig),
# cuda-samples' Common/ headers beside them
# (ignored by git: carry .gpu-stalls to the GPU machine).
#
# usage: test/gpu/stalls/external-prepare.sh CUDA_SAMPLES_DIR [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
samples=$(cd "$1" && pwd)
build=$(cd "${2:-$root/build}" && pwd)
out=$root/.gpu-stalls/external
rm -rf "$out"
mkdir -p "$out"
cp -r "$samples/Common" "$out/Common"
programs=(
  0_Introduction/matrixMul
  6_Performance/transpose
  5_Domain_Specific/fastWalshTransform
  2_Concepts_and_Techniques/scalarProd
  5_Domain_Specific/BlackScholes
  2_Concepts_and_Techniques/convolutionSeparable
  5_Domain_Specific/dwtHaar1D
  2_Concepts_and_Techniques/histogram
)
for program in "${programs[@]}"; do
  name=$(basename "$program")
  mkdir -p "$out/$name"
  for file in "$samples/Samples/$program"/*; do
    case $file in
    *.cu)
      cp "$file" "$out/$name/$(basename "$file").orig"
      "$build/tool/headroom" instrument "$file" -o "$out/$name/$(basename "$file")" \
        -- nvcc -std=c++17 -I"$samples/Common" -I"$samples/Samples/$program" ;;
    *.cpp | *.cuh | *.h) cp "$file" "$out/$name/" ;;
    esac
  done
  echo "$name" >>"$out/programs.txt"
done
echo "instrumented ${#programs[@]} cuda-samples programs into $out"
