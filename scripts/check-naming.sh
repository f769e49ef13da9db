#!/usr/bin/env bash
# Fails when a name in the project's own C++ (passes/, runtime/, tool/,
# microbench/: .clang-tidy's HeaderFilterRegex) breaks .clang-tidy's
# readability-identifier-naming rule, printing each one. Tests are left out:
# gtest's macros make names of their own. Usage: check-naming.sh BUILD_DIR
# (a configured build with its compile_commands.json). CI runs it through
# ctest (test/style); scripts/install-deps.sh installs the pinned
# clang-tidy-22.
set -euo pipefail
build=${1:?usage: check-naming.sh BUILD_DIR}
cd "$(dirname "$0")/.."
tidy=${CLANG_TIDY:-clang-tidy-22}
if ! command -v "$tidy" >/dev/null; then
  echo "check-naming: $tidy not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
if [[ ! -f $build/compile_commands.json ]]; then
  echo "check-naming: $build/compile_commands.json not found: configure the build first" >&2
  exit 2
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
python3 - "$build/compile_commands.json" "$PWD" <<'PY' |
import json, sys
root = sys.argv[2] + "/"
for entry in json.load(open(sys.argv[1])):
    f = entry["file"]
    rel = f[len(root):] if f.startswith(root) else f
    if rel.split("/")[0] in ("passes", "runtime", "tool", "microbench") \
            and rel.endswith(".cpp"):
        print(f)
PY
  sort -u | xargs -P "$(nproc)" -n 8 "$tidy" -p "$build" --quiet \
    --checks='-*,readability-identifier-naming' --warnings-as-errors='' \
    >"$out" 2>/dev/null || true
names=$(grep -E 'warning: .*\[readability-identifier-naming\]' "$out" | sort -u || true)
if [[ -n $names ]]; then
  echo "$names" | sed 's/^/check-naming: /'
  echo "check-naming: rename to .clang-tidy's cases (classes and variables CamelCase, functions camelBack)" >&2
  exit 1
fi
echo "check-naming: every name as .clang-tidy says"
