#!/usr/bin/env bash
# The load-to-use latency of one dependent global load from L1, L2 and DRAM,
# for the device files' load_latency_l1, load_latency_l2 and
# load_latency_dram, and a warp's round of 1, 2, 4 or 8 loads from DRAM,
# load_latency_dram_rounds (the Hopper model's load rounds, docs/model.md
# "Load rounds"). The load_latency benchmark chases a cycle with one thread,
# and with warps for the rounds (REPS runs, medians). Nsight Compute is not
# used: its replay of a one-thread chase ran it 20-40 times slower and its
# hit rates counted the profiler's own traffic (tried on the H100 and the
# H200, 2026-11-25).
# Writes $OUT/load-latency-<gpu>.txt (the benchmark's lines and the summary;
# the rounds' points from the benchmark's progress lines).
#
# usage: test/gpu/calibrate/load-latency.sh [REPS]   (default 3)
set -uo pipefail
reps=${1:-3}
# shellcheck source=test/gpu/calibrate/side-measurement.sh
source "$(dirname "$0")/side-measurement.sh" "$0" load-latency
for ((r = 0; r < reps; ++r)); do
  "$bench" --only load_latency 2>&1 |
    grep -E '^load_latency|load_latency_dram_rounds: ' >>"$txt"
done
python3 - "$txt" <<'PY' | tee -a "$txt"
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f and re.fullmatch(r"load_latency_\w+", f[0]):
        runs.setdefault(f[0], []).append(float(f[1]))
order = ["load_latency_l1", "load_latency_l2", "load_latency_dram"]
for name in order:
    values = runs.get(name, [])
    if not values:
        print(f"{name}: no runs")
        continue
    print(f"{name}: {statistics.median(values):.1f} ns (runs {', '.join(f'{v:.1f}' for v in values)})")
rounds = {}
for line in open(sys.argv[1]):
    m = re.search(r"load_latency_dram_rounds: (\d+) loads ([\d.]+) ns", line)
    if m:
        rounds.setdefault(int(m.group(1)), []).append(float(m.group(2)))
for k in sorted(rounds):
    values = rounds[k]
    print(f"load_latency_dram_rounds {k:g} loads: {statistics.median(values):.1f} ns per round "
          f"(runs {', '.join(f'{v:.1f}' for v in values)})")
PY
