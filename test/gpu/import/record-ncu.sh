#!/usr/bin/env bash
# Records what `headroom import` reads: the quick-start example built plain
# with -lineinfo and profiled by Nsight Compute with the metrics the Headroom
# runtime collects (test/validation/headroom-metrics.txt), its launch and
# occupancy sections and the source it was built from, exported as CSV (raw
# page, base units; source page; details page). Results go to $OUT.
#
# usage: test/gpu/import/record-ncu.sh
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/gpu/import/record-ncu.sh needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
final=${OUT:-$root/.import-out}
out=$(mktemp -d)/ncu-import
mkdir -p "$out" "$final"
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
work=$(mktemp -d)
cd "$work" || exit 1
{
  date -u '+%F %T UTC'
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
  "$ncu" --version | tail -n1
  git -C "$root" rev-parse HEAD 2>/dev/null || true
} >"$out/run.txt"
"$ncu" --help >"$out/ncu-help.txt" 2>&1
cp "$root/examples/quickstart/quickstart.cu" .
nvcc -O3 -arch=sm_90 -lineinfo -o quickstart quickstart.cu 2>"$out/nvcc.log" || { echo "FAIL: nvcc"; cat "$out/nvcc.log"; exit 1; }
metrics=$(grep -v '^#' "$root/test/validation/headroom-metrics.txt" | grep -v '^$' | paste -sd, -)
"$ncu" --query-metrics >"$work/query.txt" 2>&1
known=$(tr ',' '\n' <<<"$metrics" | while read -r m; do grep -q "^${m%%.*} " "$work/query.txt" && echo "$m"; done | paste -sd, -)
echo "metrics asked: $(tr ',' '\n' <<<"$metrics" | wc -l), known: $(tr ',' '\n' <<<"$known" | wc -l)" | tee -a "$out/run.txt"
timeout 300 "$ncu" --clock-control none --section LaunchStats --section Occupancy --section SpeedOfLight \
  --metrics "$known" --import-source yes --call-stack -c 30 -f -o quickstart ./quickstart \
  >"$out/ncu-profile.log" 2>&1
echo "ncu rc $?" | tee -a "$out/run.txt"
"$ncu" --import quickstart.ncu-rep --csv --page raw --print-units base >"$out/quickstart-raw.csv" 2>"$out/export-raw.log"
"$ncu" --import quickstart.ncu-rep --csv --page raw >"$out/quickstart-raw-units.csv" 2>"$out/export-raw-units.log"
"$ncu" --import quickstart.ncu-rep --csv --page details --print-details all >"$out/quickstart-details.csv" 2>"$out/export-details.log"
"$ncu" --import quickstart.ncu-rep --page details --print-details all >"$out/quickstart-details.txt" 2>>"$out/export-details.log"
"$ncu" --import quickstart.ncu-rep --csv --page session >"$out/quickstart-session.csv" 2>"$out/export-session.log"
for k in saxpy sgemm; do
  "$ncu" --import quickstart.ncu-rep --csv --page source --print-source cuda -k "$k" -c 1 \
    >"$out/quickstart-source-cuda-$k.csv" 2>"$out/export-source-$k.log"
  "$ncu" --import quickstart.ncu-rep --csv --page source --print-source sass,cuda -k "$k" -c 1 \
    >"$out/quickstart-source-sass-cuda-$k.csv" 2>>"$out/export-source-$k.log"
done
cp quickstart.ncu-rep "$out/" 2>/dev/null
ls -la "$out"
# One archive: the device tool brings back few files.
tar -C "$(dirname "$out")" -czf "$final/ncu-import.tar.gz" ncu-import
head -c 3000 "$out/quickstart-raw.csv"; echo
head -c 2000 "$out/quickstart-details.txt"; echo
for f in "$out"/*.log; do echo "== $f"; head -c 600 "$f"; done
