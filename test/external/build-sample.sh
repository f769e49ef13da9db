# shellcheck shell=bash disable=SC2154 # $nvcc, $headroom, $samples: the sourcing script sets them
# One cuda-samples directory built twice, with nvcc (-O3 -lineinfo, sm_90)
# and through `headroom nvcc` (its own headers rewritten too: some samples
# launch from them, docs/instrument.md "Headers"), for
# test/external/build-cuda-samples.sh and test/external/advice/apply.sh.
# Sourced, not run; needs $nvcc, $headroom and $samples.

# build_sample DIR PLAIN INSTRUMENTED LOG LABEL: the binaries PLAIN and
# INSTRUMENTED from DIR's sources, their output in LOG.plain.log and
# LOG.headroom.log; says "FAIL ... LABEL" and fails where either fails or
# nothing was instrumented.
build_sample() {
  local dir=$1 plain=$2 instrumented=$3 log=$4 label=$5
  local sources=("$dir"/*.cu)
  compgen -G "$dir/*.cpp" >/dev/null && sources+=("$dir"/*.cpp)
  local flags=(-O3 -lineinfo -std=c++17 -arch=sm_90 -I"$samples/Common" -I"$dir")
  "$nvcc" "${flags[@]}" "${sources[@]}" -o "$plain" >"$log.plain.log" 2>&1 ||
    { echo "FAIL plain $label"; return 1; }
  HEADROOM_NVCC=$nvcc HEADROOM_HEADER_FILTER="^$dir/" \
    "$headroom" nvcc "${flags[@]}" "${sources[@]}" -o "$instrumented" \
    >"$log.headroom.log" 2>&1 || { echo "FAIL headroom $label"; return 1; }
  if grep -q "not instrumented" "$log.headroom.log"; then
    echo "FAIL headroom $label: not instrumented"; return 1
  fi
}
