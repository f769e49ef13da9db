#!/usr/bin/env bash
# The load-to-use latency of one dependent global load from L1, L2 and DRAM,
# for the device files' load_latency_l1, load_latency_l2 and
# load_latency_dram (the Hopper model's load rounds, docs/model.md "Load
# rounds"). The load_latency benchmark chases a cycle with one thread (REPS
# runs, medians); Nsight Compute profiles its launches (--quick,
# --cache-control none) and the last launch of each chase gives the share of
# its sectors L1 and L2 hit, which says the chase measured the level it
# names.
# Writes $OUT/load-latency-<gpu>.txt (the benchmark's lines and the summary)
# and $OUT/load-latency-<gpu>.csv (Nsight Compute's raw page).
#
# usage: test/gpu/calibrate/load-latency.sh [REPS]   (default 3)
set -uo pipefail
reps=${1:-3}
source "$(dirname "$0")/side-measurement.sh" "$0" load-latency
for ((r = 0; r < reps; ++r)); do
  "$bench" --only load_latency 2>&1 | grep -E '^load_latency' >>"$txt"
done
metrics=l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_op_read.sum
metrics+=,dram__sectors_read.sum,gpu__time_duration.sum
"$ncu" --clock-control none --cache-control none --metrics "$metrics" --kernel-name-base demangled \
  --kernel-name 'regex:chaseKernel' \
  --csv --page raw --print-units base "$bench" --only load_latency --quick \
  >"$out/load-latency-$gpu.csv" 2>"$out/load-latency-$gpu.err"
python3 - "$txt" "$out/load-latency-$gpu.csv" <<'PY' | tee -a "$txt"
import csv, re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f and re.fullmatch(r"load_latency_\w+", f[0]):
        runs.setdefault(f[0], []).append(float(f[1]))
rows = list(csv.reader(open(sys.argv[2])))
heads = [i for i, r in enumerate(rows) if "Kernel Name" in r]
profiled = []
if heads:
    head = heads[0]
    for row in rows[head + 2:]:
        d = dict(zip(rows[head], row))
        if "chaseKernel" in d.get("Kernel Name", ""):
            profiled.append({k: float(v.replace(",", "")) for k, v in d.items()
                             if k.startswith(("l1tex__", "lts__", "dram__", "gpu__"))})
# --quick runs each chase's launches in the benchmark's order, a third of
# them each: the last of each third is the warmest.
order = ["load_latency_l1", "load_latency_l2", "load_latency_dram"]
per = len(profiled) // 3 if len(profiled) >= 3 else 0
for i, name in enumerate(order):
    values = runs.get(name, [])
    if not values:
        print(f"{name}: no runs")
        continue
    line = f"{name}: {statistics.median(values):.1f} ns (runs {', '.join(f'{v:.1f}' for v in values)})"
    if per:
        n = profiled[(i + 1) * per - 1]
        line += (f"; profiled last launch: L1 hit {n['l1tex__t_sector_hit_rate.pct']:.1f}%,"
                 f" L2 hit {n['lts__t_sector_hit_rate.pct']:.1f}%, L1 load sectors"
                 f" {n['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum']:.0f}, L2 read sectors"
                 f" {n['lts__t_sectors_op_read.sum']:.0f}, DRAM read sectors {n['dram__sectors_read.sum']:.0f}")
    print(line)
PY
