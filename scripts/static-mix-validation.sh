#!/usr/bin/env bash
# Validates `headroom static-mix` (issue 14 part 2, docs/static-mix.md):
# compiles each family of the validation corpus for sm_90 as nvcc does for
# test/validation/build.sh, dumps its SASS and resource usage with cuobjdump,
# runs headroom static-mix on it, and compares the static D_ops and D_ldst
# with the counters recorded on the H100 (test/validation/recorded/h100-sxm).
# Needs nvcc and cuobjdump (the full CUDA toolkit), no GPU. Writes the table
# to stdout; docs/perf/static-mix.md records it with the date and commit.
#
# usage: scripts/static-mix-validation.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-$root/.static-mix}
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
cuobjdump=${HEADROOM_CUOBJDUMP:-$(command -v cuobjdump || echo "$cuda/bin/cuobjdump")}
[[ -x $cuobjdump ]] || { echo "error: cuobjdump not found (full CUDA toolkit needed)" >&2; exit 1; }
src=$root/test/validation
mkdir -p "$out/notes"
for file in "$src"/kernels/*.cu; do
  family=$(basename "$file" .cu)
  arch=(-arch=sm_90)
  custom=$(sed -n 's|^// VALIDATION-NVCC-FLAGS: ||p' "$file")
  # shellcheck disable=SC2206 # the flags line is words
  [[ -n $custom ]] && arch=($custom)
  "$nvcc" -O3 -lineinfo -std=c++17 "${arch[@]}" -I"$src" -cubin "$file" -o "$out/$family.cubin"
  "$cuobjdump" -sass "$out/$family.cubin" >"$out/$family.sass"
  "$cuobjdump" -res-usage "$out/$family.cubin" >"$out/$family.res-usage"
  "$build/tool/headroom" static-mix -d H100-SXM --sass "$out/$family.sass" \
    --res-usage "$out/$family.res-usage" --source "$file" >"$out/notes/$family.txt"
done
echo "commit $(git -C "$root" rev-parse --short HEAD), $(date -u +%F), $("$nvcc" --version | tail -1)"
python3 "$src/static_mix.py" "$out/notes" "$src/recorded/h100-sxm"
