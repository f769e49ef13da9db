#!/usr/bin/env bash
# The L2's request rate while it serves stores, as Nsight Compute counts
# requests, for the device files' l2_write_requests_counted and
# l2_write_requests_full_counted (the Hopper model's rate of write requests,
# docs/model.md "L2 requests"). The l2_requests benchmark times one-sector
# loads, partial-sector stores and full-sector stores in requests the kernel
# issues; a store to a line homed in the other half of the L2 is forwarded
# over the L2 fabric and counted again by lts__t_requests, which the model's
# work is counted in. So: the benchmark's rates (REPS runs, medians), then
# one profiled launch of each of its three kernels with Nsight Compute
# (requests counted, requests issued by the SMs, write sectors), and each
# rate in counted requests = counted / issued x the benchmark's rate.
# Writes $OUT/l2-write-requests-<gpu>.txt (the benchmark's output and the
# summary) and $OUT/l2-write-requests-<gpu>.csv (Nsight Compute's raw page).
#
# usage: test/gpu/calibrate/l2-write-requests.sh [REPS]   (default 3)
set -uo pipefail
reps=${1:-3}
source "$(dirname "$0")/side-measurement.sh" "$0" l2-write-requests
for ((r = 0; r < reps; ++r)); do
  "$bench" --only l2_requests 2>&1 | grep -E '^l2_(write_)?requests' >>"$txt"
done
metrics=lts__t_requests.sum,lts__t_requests_srcunit_tex.sum,lts__t_requests_srcunit_ltcfabric.sum
metrics+=,lts__t_sectors.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,gpu__time_duration.sum
# Every launch of the three kernels (one pass each); the largest is used.
"$ncu" --clock-control none --metrics "$metrics" --kernel-name-base demangled \
  --kernel-name 'regex:l2RequestKernel|l2WriteRequestKernel' \
  --csv --page raw --print-units base "$bench" --only l2_requests \
  >"$out/l2-write-requests-$gpu.csv" 2>"$out/l2-write-requests-$gpu.err"
python3 - "$txt" "$out/l2-write-requests-$gpu.csv" <<'PY' | tee -a "$txt"
import csv, re, statistics, sys
rates = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f and re.fullmatch(r"l2_\w+", f[0]):
        rates.setdefault(f[0], []).append(float(f[1]))
rows = list(csv.reader(open(sys.argv[2])))
head = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
def measurement(kernel):
    """The benchmark a demangled kernel name belongs to ("<1>" or "<(int)1>")."""
    m = re.search(r"l2WriteRequestKernel<(?:\(int\))?([12])>", kernel)
    if m:
        return "l2_write_requests" if m.group(1) == "1" else "l2_write_requests_full"
    return "l2_requests" if "l2RequestKernel" in kernel else None
ratio = {}
for row in rows[head + 2:]:
    d = dict(zip(rows[head], row))
    kernel = measurement(d["Kernel Name"])
    if kernel is None:
        continue
    n = {k: float(v.replace(",", "")) for k, v in d.items() if k.startswith(("lts__", "gpu__"))}
    # The largest launch of each kernel: sizeIterations' trials are shorter.
    if kernel not in ratio or n["lts__t_requests_srcunit_tex.sum"] > ratio[kernel][1]:
        ratio[kernel] = (n["lts__t_requests.sum"] / n["lts__t_requests_srcunit_tex.sum"],
                         n["lts__t_requests_srcunit_tex.sum"], n)
for name, values in sorted(rates.items()):
    med = statistics.median(values)
    r = ratio.get(name)
    if r is None:
        print(f"{name}: {med:.2f} G requests/s issued (no profiled launch)")
        continue
    n = r[2]
    print(f"{name}: {med:.2f} G requests/s issued (runs {', '.join(f'{v:.2f}' for v in values)}); "
          f"counted/issued {r[0]:.4f} (lts__t_requests {n['lts__t_requests.sum']:.0f}, from the SMs "
          f"{n['lts__t_requests_srcunit_tex.sum']:.0f}, over the fabric "
          f"{n['lts__t_requests_srcunit_ltcfabric.sum']:.0f}, write sectors "
          f"{n['lts__t_sectors_op_write.sum']:.0f}, all sectors {n['lts__t_sectors.sum']:.0f}); "
          f"{med * r[0]:.2f} G requests/s counted")
PY
