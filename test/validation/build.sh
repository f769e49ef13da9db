#!/usr/bin/env bash
# Builds the validation corpus on a machine with Clang (GPU machines here have
# none), for test/validation/run-gpu.sh to run on a GPU machine. Writes
# .validation/ at the repository root (ignored by git: carry it):
#   plain/<family>      nvcc -O3 -lineinfo for sm_90 (sm_90a where the file
#                       asks for it): what Nsight Compute profiles
#   headroom/<family>   the same, built through `headroom nvcc` (instrumented,
#                       linked with libheadroom_rt): what Headroom profiles
#   lib/                libheadroom_rt.so, found through LD_LIBRARY_PATH there
#   cases.tsv           family, case, expected limit, description
#   build.txt           commit, date, compiler versions
#
# usage: test/validation/build.sh [BUILD_DIR]   (default: build)
#   VALIDATION_FAMILIES="stream gemm" builds only those families.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
headroom=$build/tool/headroom
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
out=$root/.validation
src=$root/test/validation
[[ -x $headroom ]] || { echo "error: $headroom not found: build Headroom first" >&2; exit 1; }
[[ -f $build/runtime/libheadroom_rt.so ]] ||
  { echo "error: $build/runtime/libheadroom_rt.so not found: Headroom was built without its runtime" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/plain" "$out/headroom" "$out/lib" "$out/logs"
cp -P "$build"/runtime/libheadroom_rt.so* "$out/lib/"
# Debug information is not needed there, and the carried tree is limited.
strip --strip-debug "$out"/lib/libheadroom_rt.so.*.*

families=()
if [[ -n ${VALIDATION_FAMILIES:-} ]]; then
  read -r -a families <<<"$VALIDATION_FAMILIES"
else
  for f in "$src"/kernels/*.cu; do families+=("$(basename "$f" .cu)"); done
fi

build_one() { # family
  local family=$1 file=$src/kernels/$1.cu arch=(-arch=sm_90)
  local custom
  custom=$(sed -n 's|^// VALIDATION-NVCC-FLAGS: ||p' "$file")
  # shellcheck disable=SC2206 # the flags line is words
  [[ -n $custom ]] && arch=($custom)
  local flags=(-O3 -lineinfo -std=c++17 "${arch[@]}" -I"$src")
  "$nvcc" "${flags[@]}" "$src/harness/Main.cu" "$file" -o "$out/plain/$family" \
    >"$out/logs/$family.plain.log" 2>&1 || { echo "FAIL plain $family"; return 1; }
  HEADROOM_NVCC=$nvcc "$headroom" nvcc "${flags[@]}" "$src/harness/Main.cu" "$file" \
    -o "$out/headroom/$family" >"$out/logs/$family.headroom.log" 2>&1 ||
    { echo "FAIL headroom $family"; return 1; }
  if grep -q "not instrumented" "$out/logs/$family.headroom.log"; then
    echo "FAIL headroom $family: not instrumented"; cat "$out/logs/$family.headroom.log"; return 1
  fi
  "$out/plain/$family" --list | sed "s|^|$family\t|" >"$out/logs/$family.cases"
  echo "built $family ($(wc -l <"$out/logs/$family.cases") cases)"
}
export -f build_one
export src out nvcc headroom
failed=0
printf '%s\n' "${families[@]}" | xargs -P "$(nproc)" -I{} bash -c 'build_one {}' || failed=1
cat "$out"/logs/*.cases >"$out/cases.tsv"
{
  echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "date $(date -u +%F)"
  "$nvcc" --version | tail -n 2 | head -n 1
  "$headroom" --version 2>/dev/null || true
} >"$out/build.txt"
echo "$(wc -l <"$out/cases.tsv") cases in ${#families[@]} families -> $out"
exit $failed
