#!/usr/bin/env bash
# The accuracy tables of docs/perf/accuracy.md, from the recorded ground truth
# (test/validation/recorded), without a GPU: `headroom validate` on each GPU
# with the Headroom runtime's counters and with Nsight Compute's, and the
# projections from each GPU onto the other. Writes the tables between the
# markers of docs/perf/accuracy.md and the picture of the Hopper model's errors,
# docs/images/accuracy-hopper.svg (test/validation/accuracy_plot.py), or with
# --check compares both with what the repository holds and fails on any
# difference (the lit suite runs this: a model change that moves a number must
# update the doc).
#
# usage: test/validation/accuracy.sh [--check] [HEADROOM]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
check=0
if [[ ${1:-} == --check ]]; then check=1; shift; fi
headroom=${1:-$root/build/tool/headroom}
recorded=$root/test/validation/recorded
doc=$root/docs/perf/accuracy.md
cd "$root"
# shellcheck source=test/validation/doc-block.sh
source "$root/test/validation/doc-block.sh"
# The corpus' SASS (one sm_90 build serves both GPUs), for what the counters
# cannot show (validate --sass).
sass=$(mktemp)
gzip -dc "$recorded/sass-sm90.txt.gz" >"$sass"

tables() {
  for gpu in h100-sxm:H100-SXM:h200:H200 h200:H200:h100-sxm:H100-SXM; do
    IFS=: read -r dir device other other_device <<<"$gpu"
    for counters in headroom ncu; do
      echo "#### $device, counters from $([[ $counters == headroom ]] && echo "the Headroom runtime" || echo "Nsight Compute")"
      echo
      "$headroom" validate "test/validation/recorded/$dir" --device "$device" \
        --counters "$counters" --from "test/validation/recorded/$other" \
        --from-device "$other_device" --sass "$sass" --format markdown
      echo
    done
  done
}

# The picture of the Hopper model's errors (docs/images/accuracy-hopper.svg).
plot() {
  local h100 h200
  h100=$(mktemp) h200=$(mktemp)
  "$headroom" validate test/validation/recorded/h100-sxm --device H100-SXM --sass "$sass" --kernels --format json >"$h100"
  "$headroom" validate test/validation/recorded/h200 --device H200 --sass "$sass" --kernels --format json >"$h200"
  python3 "$root/test/validation/accuracy_plot.py" "$h100" "$h200"
  rm -f "$h100" "$h200"
}

new=$(mktemp)
current=$(mktemp)
picture=$(mktemp)
trap 'rm -f "$new" "$current" "$picture" "$sass"' EXIT
tables >"$new"
plot >"$picture"
image=$root/docs/images/accuracy-hopper.svg
begin='<!-- accuracy:begin (test/validation/accuracy.sh writes this part) -->'
end='<!-- accuracy:end -->'
doc_block_read "$doc" "$begin" "$end" >"$current"
if [[ $check == 1 ]]; then
  if ! diff "$current" "$new"; then
    echo "FAIL: docs/perf/accuracy.md differs from what 'headroom validate' prints now;" \
      "run test/validation/accuracy.sh to update it" >&2
    exit 1
  fi
  if ! cmp -s "$picture" "$image"; then
    echo "FAIL: docs/images/accuracy-hopper.svg differs from what 'headroom validate' gives now;" \
      "run test/validation/accuracy.sh to update it" >&2
    exit 1
  fi
  echo "docs/perf/accuracy.md and docs/images/accuracy-hopper.svg match 'headroom validate'"
  exit 0
fi
cp "$picture" "$image"
doc_block_write "$doc" "$begin" "$end" "$new"
echo "updated $doc"
