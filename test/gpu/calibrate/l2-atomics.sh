#!/usr/bin/env bash
# How long the atomic unit of an L2 slice takes per input on one address,
# by kind (RED or ATOM, u32 or fp32), for the device files'
# l2_atomic_inputs_u32 and l2_atomic_inputs_f32 (the Hopper model's estimate
# of the busiest slice's atomic unit, docs/model.md "L2 atomics"). The
# l2_atomics benchmark times 2^24 adds to one word per launch (REPS runs,
# medians); Nsight Compute profiles its launches (--quick) and the first of
# each kernel gives the input cycles the busiest slice counted per add (the
# SM merges a warp's integer adds to one address into one input; fp32 adds
# it does not) and the L2's clock, so each rate is also printed in counted
# inputs per second and in L2 cycles per input. Also lists the chip's
# atomic-related metrics (for work that looks for a counter of the kind).
# Writes $OUT/l2-atomics-<gpu>.txt (the benchmark's output and the summary),
# $OUT/l2-atomics-<gpu>.csv (Nsight Compute's raw page) and
# $OUT/l2-atomics-metrics-<gpu>.txt.
#
# usage: test/gpu/calibrate/l2-atomics.sh [REPS]   (default 3)
set -uo pipefail
reps=${1:-3}
source "$(dirname "$0")/side-measurement.sh" "$0" l2-atomics
for ((r = 0; r < reps; ++r)); do
  "$bench" --only l2_atomics 2>&1 | grep -E '^atomic_same_address' >>"$txt"
done
"$ncu" --query-metrics --chip gh100 2>&1 | grep -i -E 'atom|red' >"$out/l2-atomics-metrics-$gpu.txt"
metrics=lts__d_atomic_input_cycles_active.max,lts__d_atomic_input_cycles_active.sum
metrics+=,lts__t_sectors_op_atom.sum,lts__t_sectors_op_red.sum,lts__cycles_elapsed.avg.per_second
metrics+=,gpu__time_duration.sum
"$ncu" --clock-control none --metrics "$metrics" --kernel-name-base demangled \
  --kernel-name 'regex:sameAddressKernel' \
  --csv --page raw --print-units base "$bench" --only l2_atomics --quick \
  >"$out/l2-atomics-$gpu.csv" 2>"$out/l2-atomics-$gpu.err"
python3 - "$txt" "$out/l2-atomics-$gpu.csv" <<'PY' | tee -a "$txt"
import csv, re, statistics, sys
rates = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f and re.fullmatch(r"atomic_same_address_\w+", f[0]):
        rates.setdefault(f[0], []).append(float(f[1]))
rows = list(csv.reader(open(sys.argv[2])))
head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
profiled = {}
for row in rows[head + 2:]:
    d = dict(zip(rows[head], row))
    m = re.search(r"sameAddressKernel<(unsigned int|float), (true|false|1|0)>", d["Kernel Name"])
    if not m:
        continue
    kind = ("atom" if m.group(2) in ("true", "1") else "red") + ("_f32" if m.group(1) == "float" else "_u32")
    n = {k: float(v.replace(",", "")) for k, v in d.items() if k.startswith(("lts__", "gpu__"))}
    profiled.setdefault("atomic_same_address_" + kind, n)
for name, values in sorted(rates.items()):
    med = statistics.median(values)
    n = profiled.get(name)
    line = f"{name}: {med:.1f} M atomics/s (runs {', '.join(f'{v:.1f}' for v in values)})"
    if n:
        adds = 1 << 24
        clock = n["lts__cycles_elapsed.avg.per_second"]
        inputs = n["lts__d_atomic_input_cycles_active.max"] / adds
        line += (f"; profiled: busiest slice {inputs:.5f} input cycles per add (all slices"
                 f" {n['lts__d_atomic_input_cycles_active.sum'] / adds:.5f}), atom sectors"
                 f" {n['lts__t_sectors_op_atom.sum']:.0f}, red sectors {n['lts__t_sectors_op_red.sum']:.0f},"
                 f" L2 clock {clock / 1e6:.1f} MHz, {n['gpu__time_duration.sum'] / 1e6:.3f} ms;"
                 f" {med * inputs / 1e3:.4f} G inputs/s counted, {clock / (med * 1e6 * inputs):.3f}"
                 f" L2 cycles per input")
    print(line)
PY
