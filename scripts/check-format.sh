#!/usr/bin/env bash
# Fails when a file of scripts/format-files.sh is not as clang-format-22 and
# scripts/fix-banners.py would write it, naming each such file and how to fix
# it. CI runs it through ctest (test/style); scripts/install-deps.sh installs
# the pinned clang-format-22.
set -euo pipefail
cd "$(dirname "$0")/.."
format=${CLANG_FORMAT:-clang-format-22}
if ! command -v "$format" >/dev/null; then
  echo "check-format: $format not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
status=0
mapfile -t files < <(scripts/format-files.sh)
if ! banners=$(python3 scripts/fix-banners.py --check "${files[@]}" 2>/dev/null); then
  echo "$banners" | sed 's/^/check-format: banner not 80 columns: /'
  status=1
fi
if ! "$format" --dry-run -Werror "${files[@]}" 2>/tmp/check-format.$$; then
  grep -oE '^[^:]+:[0-9]+:[0-9]+: (error|warning)' /tmp/check-format.$$ | cut -d: -f1 |
    sort -u | sed 's/^/check-format: not clang-formatted: /'
  status=1
fi
rm -f /tmp/check-format.$$
if ((status)); then
  echo "check-format: fix with: scripts/format-files.sh | xargs $format -i; python3 scripts/fix-banners.py" >&2
fi
exit $status
