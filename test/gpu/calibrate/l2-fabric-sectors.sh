#!/usr/bin/env bash
# How the L2's sector counters count a line homed in the other half of the
# L2 (docs/model.md, "L2 sectors counted twice over the fabric"): one
# profiled launch of the l2_read benchmark's kernel (a buffer the L2 holds,
# read over and over) and one of the dram_copy benchmark's (every sector
# read from DRAM and written), with the L2's read and write sectors as
# counted, those that came from the SMs (srcunit_tex) and those that came
# over the fabric (srcunit_ltcfabric), and DRAM's sectors. The model takes
# the second count as half the sectors read from DRAM and a third of the
# written sectors; the summary prints both ratios.
# Writes $OUT/l2-fabric-sectors-<gpu>.txt (the metrics found and the
# summary) and $OUT/l2-fabric-sectors-<gpu>-<kernel>.csv (Nsight Compute's
# raw pages).
#
# usage: test/gpu/calibrate/l2-fabric-sectors.sh
set -uo pipefail
source "$(dirname "$0")/side-measurement.sh" "$0" l2-fabric-sectors
# The metrics this Nsight Compute knows, of those asked for.
wanted=(lts__t_sectors lts__t_sectors_op_read lts__t_sectors_op_write
  lts__t_sectors_srcunit_tex lts__t_sectors_srcunit_tex_op_read
  lts__t_sectors_srcunit_tex_op_write lts__t_sectors_srcunit_ltcfabric
  lts__t_sectors_srcunit_ltcfabric_op_read lts__t_sectors_srcunit_ltcfabric_op_write
  dram__sectors_read dram__sectors_write)
known=$("$ncu" --query-metrics 2>/dev/null | awk '{print $1}')
metrics=gpu__time_duration.sum
for m in "${wanted[@]}"; do
  if grep -qx "$m" <<<"$known"; then metrics+=,$m.sum; fi
done
echo "metrics: $metrics" >>"$txt"
# A warm launch of each kernel (the first ones size the benchmark), not
# flushed: the L2 holds what the launch before left, as in a program.
profile() { # NAME BENCHMARK KERNEL-REGEX SKIP
  "$ncu" --clock-control none --cache-control none --metrics "$metrics" \
    --kernel-name "regex:$3" --launch-skip "$4" --launch-count 1 \
    --csv --page raw --print-units base "$bench" --only "$2" \
    >"$out/l2-fabric-sectors-$gpu-$1.csv" 2>"$out/l2-fabric-sectors-$gpu-$1.err" ||
    echo "FAIL: ncu on $2 ($1), see l2-fabric-sectors-$gpu-$1.err" >>"$txt"
}
profile l2read l2_bandwidth l2ReadKernel 2
profile copy dram_bandwidth copyKernel 3
python3 - "$out/l2-fabric-sectors-$gpu-l2read.csv" "$out/l2-fabric-sectors-$gpu-copy.csv" <<'PY' | tee -a "$txt"
import csv, sys
for path in sys.argv[1:]:
    rows = list(csv.reader(open(path)))
    head = next((i for i, r in enumerate(rows) if "Kernel Name" in r), None)
    if head is None or len(rows) < head + 3:
        print(f"{path}: no profiled launch")
        continue
    d = dict(zip(rows[head], rows[head + 2]))
    n = {k[:-4]: float(v.replace(",", "")) for k, v in d.items()
         if k.endswith(".sum") and not k.startswith("profiler__")
         and v.replace(",", "").replace(".", "").isdigit()}
    g = lambda k: n.get(k, float("nan"))
    ratio = lambda a, b: a / b if b else float("nan")
    print(f"{d['Kernel Name'][:60]}: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(n.items())))
    rd, wr = g("lts__t_sectors_op_read"), g("lts__t_sectors_op_write")
    tex_rd, tex_wr = g("lts__t_sectors_srcunit_tex_op_read"), g("lts__t_sectors_srcunit_tex_op_write")
    fab = g("lts__t_sectors_srcunit_ltcfabric")
    fab_rd, fab_wr = g("lts__t_sectors_srcunit_ltcfabric_op_read"), g("lts__t_sectors_srcunit_ltcfabric_op_write")
    dram_rd = g("dram__sectors_read")
    print(f"  counted / from the SMs: reads {ratio(rd, tex_rd):.3f}, writes {ratio(wr, tex_wr):.3f}; "
          f"over the fabric: {fab:.0f} sectors, reads {fab_rd:.0f} ({ratio(fab_rd, dram_rd):.3f} per DRAM read sector), "
          f"writes {fab_wr:.0f} ({ratio(fab_wr, wr):.3f} of the counted writes); "
          f"the model's second count {min(0.5 * dram_rd, rd / 3) + wr / 3:.0f} against {fab:.0f}")
PY
