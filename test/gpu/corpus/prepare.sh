#!/usr/bin/env bash
# Instruments the corpus programs for test/gpu/corpus/run.sh, on a machine
# with Clang (GPU machines here have none). Writes .gpu-corpus/ at the
# repository root (ignored by git: carry it to the GPU machine):
#   manifest.tsv  name, source, nvcc flags, extra words (link flags and
#                 further sources) of every corpus program that runs
#                 (`// CORPUS-PROGRAM: runs ...` in test/corpus/*.cu)
#   <name>/       the instrumented source(s), and header copies
#   root.txt      this repository's path (header copies name it)
#
# usage: test/gpu/corpus/prepare.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
headroom=$build/tool/headroom
out=$root/.gpu-corpus
rm -rf "$out"
mkdir -p "$out"
cd "$root"
printf '%s\n' "$root" >"$out/root.txt"
count=0
for src in test/corpus/*.cu test/corpus/*.cpp; do
  line=$(grep -m1 '^// CORPUS-PROGRAM:' "$src" || true)
  [[ $line =~ ^//\ CORPUS-PROGRAM:\ runs(.*)$ ]] || continue
  extra=${BASH_REMATCH[1]# }
  flags=$(sed -n 's|^// DEFINE: %{flags} = ||p' "$src" | sed 's|%S|test/corpus|g')
  filter=$(sed -n 's|^// CORPUS-HEADER-FILTER: ||p' "$src")
  name=$(basename "$src")
  name=${name%.*}
  mkdir -p "$out/$name"
  args=()
  [[ -n $filter ]] && args+=("--header-filter=$filter")
  # shellcheck disable=SC2086 # flags are words
  "$headroom" instrument "$src" -o "$out/$name/$(basename "$src")" "${args[@]}" \
    -- nvcc $flags -Itest/corpus/Inputs 2>>"$out/instrument.log"
  for word in $extra; do
    if [[ $word == *.cu ]]; then
      # shellcheck disable=SC2086
      "$headroom" instrument "test/corpus/$word" \
        -o "$out/$name/$(basename "$word")" -- nvcc $flags -Itest/corpus/Inputs \
        2>>"$out/instrument.log"
    fi
  done
  printf '%s\t%s\t%s\t%s\n' "$name" "$src" "$flags" "$extra" >>"$out/manifest.tsv"
  count=$((count + 1))
done
echo "instrumented $count corpus programs into $out"
