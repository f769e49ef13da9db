#!/usr/bin/env bash
# The advice validation of docs/perf/advice.md, from the recorded ground truth
# (test/validation/recorded), without a GPU: `headroom validate --advice` on
# the pairs of test/validation/advice-pairs.tsv, on each GPU with the
# recordings it has (the advice family's recording first, then the corpus').
# Writes the tables between the markers of docs/perf/advice.md and the
# picture docs/images/advice-validation.svg (test/validation/advice_plot.py),
# or with --check compares both with what the repository holds and fails on
# any difference (the lit suite runs this: a what-if change that moves a
# number must update the doc).
#
# usage: test/validation/advice.sh [--check] [HEADROOM]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
check=0
if [[ ${1:-} == --check ]]; then check=1; shift; fi
headroom=${1:-$root/build/tool/headroom}
recorded=test/validation/recorded
pairs=test/validation/advice-pairs.tsv
doc=$root/docs/perf/advice.md
image=$root/docs/images/advice-validation.svg
cd "$root"
# shellcheck source=test/validation/doc-block.sh
source "$root/test/validation/doc-block.sh"
# The SASS of the corpus and of the advice family's recording (validate
# --sass), for the loads a warp keeps in flight.
sass=$(mktemp)
gzip -dc "$recorded/sass-sm90.txt.gz" "$recorded/advice-h200/sass-advice-sm90.txt.gz" >"$sass"
new=$(mktemp) current=$(mktemp) picture=$(mktemp) json_dir=$(mktemp -d)
trap 'rm -rf "$new" "$current" "$picture" "$json_dir" "$sass"' EXIT

# GPU, device name and its recordings, the latest first.
runs=("H200:H200:$recorded/advice-h200 $recorded/h200"
      "H100:H100-SXM:$recorded/h100-sxm")
plot_args=()
for run in "${runs[@]}"; do
  IFS=: read -r gpu device dirs <<<"$run"
  read -r -a dirs <<<"$dirs"
  {
    echo "#### $gpu"
    echo
    "$headroom" validate "${dirs[@]}" --device "$device" --advice "$pairs" \
      --sass "$sass" --format markdown
    echo
  } >>"$new"
  "$headroom" validate "${dirs[@]}" --device "$device" --advice "$pairs" \
    --sass "$sass" --format json >"$json_dir/$gpu.json"
  plot_args+=("$gpu=$json_dir/$gpu.json")
done
python3 "$root/test/validation/advice_plot.py" "${plot_args[@]}" >"$picture"

begin='<!-- advice:begin (test/validation/advice.sh writes this part) -->'
end='<!-- advice:end -->'
doc_block_read "$doc" "$begin" "$end" >"$current"
if [[ $check == 1 ]]; then
  if ! diff "$current" "$new"; then
    echo "FAIL: docs/perf/advice.md differs from what 'headroom validate --advice' prints now;" \
      "run test/validation/advice.sh to update it" >&2
    exit 1
  fi
  if ! cmp -s "$picture" "$image"; then
    echo "FAIL: docs/images/advice-validation.svg differs from what 'headroom validate --advice' gives now;" \
      "run test/validation/advice.sh to update it" >&2
    exit 1
  fi
  echo "docs/perf/advice.md and docs/images/advice-validation.svg match 'headroom validate --advice'"
  exit 0
fi
cp "$picture" "$image"
doc_block_write "$doc" "$begin" "$end" "$new"
echo "updated $doc"
