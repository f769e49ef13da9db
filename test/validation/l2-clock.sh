#!/usr/bin/env bash
# The L2's clock and slice count under load, for the device files'
# l2_clock_under_load and l2_slices (the Hopper model's rate of the atomic
# unit of one L2 slice, docs/model.md): Nsight Compute's
# lts__cycles_elapsed.avg.per_second and lts__cycles_elapsed.sum / .avg, with
# the busiest slice's atomic input cycles, on the first launch of every case of
# the corpus' histogram and memlevels families (build them with
# VALIDATION_FAMILIES="histogram memlevels" test/validation/build.sh and carry
# .validation). Writes $OUT/l2-<gpu>-<family>.csv (Nsight Compute's raw page)
# and prints the median clock over launches of at least 50 us.
#
# usage: test/validation/l2-clock.sh
set -uo pipefail
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no GPU (nvidia-smi lists no device); test/validation/l2-clock.sh needs one"
  exit 0
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$root/.validation/out}
mkdir -p "$out"
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1 | tr -c 'A-Za-z0-9\n' '-' | sed 's/-*$//')
metrics=lts__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg,lts__cycles_elapsed.sum,lts__cycles_active.max
metrics+=,lts__d_atomic_input_cycles_active.max,lts__d_atomic_input_cycles_active.sum,gpu__time_duration.sum
for family in histogram memlevels; do
  "$ncu" --clock-control none --cache-control all --profile-from-start off --metrics "$metrics" \
    --csv --page raw --print-units base "$root/.validation/plain/$family" --reps 0 \
    --profile-launches 1 --manifest "$(mktemp)" >"$out/l2-$gpu-$family.csv" 2>"$out/l2-$gpu-$family.err"
done
python3 - "$out"/l2-"$gpu"-*.csv <<'PY'
import csv, statistics, sys
clocks, slices = [], set()
for path in sys.argv[1:]:
    rows = list(csv.reader(open(path)))
    head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
    for row in rows[head + 2:]:
        d = {k: float(v.replace(",", "")) for k, v in zip(rows[head], row) if k.startswith(("lts__", "gpu__"))}
        slices.add(round(d["lts__cycles_elapsed.sum"] / d["lts__cycles_elapsed.avg"]))
        if d["gpu__time_duration.sum"] >= 50e3:
            clocks.append(d["lts__cycles_elapsed.avg.per_second"])
print(f"L2 clock {statistics.median(clocks) / 1e6:.1f} MHz (median of {len(clocks)} launches, "
      f"range {min(clocks) / 1e6:.1f}..{max(clocks) / 1e6:.1f}), slices {sorted(slices)}")
PY
