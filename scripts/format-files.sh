#!/usr/bin/env bash
# The C++ and CUDA files that clang-format keeps in LLVM style (.clang-format):
# the libraries, the tool, the runtime, the micro-benchmarks and the unit and
# fuzz tests. Left out: sources whose line numbers recorded profiles and lit
# tests pin (examples/, test/lit/, test/corpus/, test/gpu/, test/validation/).
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -- 'passes/*' 'tool/*' 'runtime/*' 'microbench/*' 'test/unit/*' 'test/fuzz/*' |
  grep -E '\.(h|cpp|cuh|cu)$'
