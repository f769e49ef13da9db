#!/usr/bin/env bash
# Installs what Headroom needs from Debian's apt, skipping what is present.
# CUDA is not an apt package here: it is expected at $CUDA_HOME or /usr/local/cuda.
set -euo pipefail

# chromium and python3-jsonschema: the report tests render the HTML report
# in headless Chromium and validate SARIF against its JSON schema.
# clang-format-22 and clang-tidy-22: the style tests (test/style) pin them.
# libclang-rt-22-dev: libFuzzer and the sanitizer runtimes of clang-22, which
# the fuzz targets of every reader link (scripts/fuzz.sh, docs/reliability.md).
packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clangd-22
          nlohmann-json3-dev libgtest-dev libgmock-dev cmake ninja-build
          chromium python3-jsonschema libclang-rt-22-dev
          clang-format-22 clang-tidy-22)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "headroom: installing ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "headroom: all apt dependencies present"
fi

cuda=${CUDA_HOME:-/usr/local/cuda}
if [[ -x $cuda/bin/nvcc ]]; then
  echo "headroom: CUDA at $cuda ($("$cuda/bin/nvcc" --version | tail -1))"
else
  echo "headroom: no CUDA toolkit at $cuda (set CUDA_HOME): the runtime and micro-benchmarks will not be built" >&2
fi
