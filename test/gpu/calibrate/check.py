#!/usr/bin/env python3
"""Checks calibration results against the targets (see run.sh) and prints a
table: measured vs theoretical for every measurement of the first full run,
then each target with PASS/MISS. Usage: check.py OUTDIR (holding run1.json,
run2.json, quick.json and <tag>.seconds files). Exits 1 on a missed target."""
import json
import os
import sys

out = sys.argv[1]


def load(name):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def seconds(tag):
    try:
        with open(os.path.join(out, tag + ".seconds")) as f:
            return float(f.read().strip())
    except (OSError, ValueError):
        return None


run1, run2, quick = load("run1.json"), load("run2.json"), load("quick.json")
failures = []
if run1 is None:
    print("FAIL: no device file from the first full run")
    sys.exit(1)

print("\n%-22s %12s %12s %-9s %8s %8s" % ("measurement", "measured", "theoretical", "unit", "%peak", "spread"))
print("-" * 76)
ms = {m["name"]: m for m in run1.get("measurements", [])}
for m in run1.get("measurements", []):
    theo = m.get("theoretical")
    pct = "%.1f%%" % (100 * m["value"] / theo) if theo else "-"
    print("%-22s %12.1f %12s %-9s %8s %8s" % (
        m["name"], m["value"], "%.1f" % theo if theo else "-", m["unit"], pct,
        "%.2f%%" % m["spread_pct"] if "spread_pct" in m else "-"))

print("\ntargets:")


def target(desc, ok, detail):
    print("  %-4s %-44s %s" % ("PASS" if ok else "MISS", desc, detail))
    if not ok:
        failures.append(desc)


def pct_of(name):
    m = ms.get(name)
    if not m or not m.get("theoretical"):
        return None
    return 100 * m["value"] / m["theoretical"]


for name, floor in [("fp32_fma", 95), ("fp64_fma", 95), ("fp16_fma", 90), ("dram_copy", 90)]:
    p = pct_of(name)
    target("%s >= %d%% of theoretical" % (name, floor), p is not None and p >= floor,
           "%.1f%%" % p if p is not None else "missing")
for tag, limit in [("full1", 90), ("full2", 90), ("quick", 20)]:
    s = seconds(tag)
    target("%s run <= %d s" % (tag, limit), s is not None and s <= limit,
           "%.1f s" % s if s is not None else "missing")
# The clock of record: NVML's SM clock after each timed run (commit 3c1149b).
m = ms.get("fp32_fma")
target("fp32_fma's clock of record is NVML's", m is not None and "NVML SM clock" in m.get("method", ""),
       "method: ..." + m.get("method", "")[-160:] if m else "missing")

# Every benchmark of issue 4 is there (wgmma only on compute capability 9.0),
# every curve reaches 64 resident warps per SM, every sweep has its 9 points.
cc = run1.get("compute_capability", "")
required = ["tensor_fp16_mma", "tensor_bf16_mma", "l1_read", "tex_read",
            "const_broadcast", "const_divergent"]
if cc == "9.0":
    required += ["tensor_fp16_wgmma", "tensor_bf16_wgmma"]
for name in required:
    target("%s measured" % name, name in ms, "%.1f %s" % (ms[name]["value"], ms[name]["unit"]) if name in ms else "missing")
for name in ["fp32_fma_vs_warps", "shared_ldst32_vs_warps", "dram_read_vs_warps", "dram_copy_vs_warps"]:
    pts = ms.get(name, {}).get("points", [])
    top = max((p[0] for p in pts), default=0)
    target("%s reaches 64 warps/SM" % name, top >= 64, "%d points, up to %g warps/SM" % (len(pts), top))
for name in ["oi_sweep_fp32", "oi_sweep_fp64", "oi_sweep_fp16", "oi_sweep_int32"]:
    pts = ms.get(name, {}).get("points", [])
    target("%s has 9 points" % name, len(pts) == 9, "%d points" % len(pts))

print("\ncurves and sweeps (run 1):")
for m in run1.get("measurements", []):
    if m.get("points"):
        print("  %-24s %s" % (m["name"], ", ".join("(%g, %.4g)" % (x, y) for x, y in m["points"])))

print("\nDRAM copy, all full runs: " + ", ".join(
    "%.1f GB/s (%.2f%%)" % (r["value"], 100 * r["value"] / r["theoretical"])
    for r in (next((m for m in run.get("measurements", []) if m["name"] == "dram_copy"), None)
              for run in (run1, run2) if run) if r))

if run2 is None:
    target("second full run", False, "missing")
else:
    for key, p1 in run1["parameters"].items():
        p2 = run2["parameters"].get(key)
        if p2 is None:
            target("%s in both runs" % key, False, "missing in run 2")
            continue
        diff = 100 * abs(p1["value"] - p2["value"]) / p1["value"]
        target("two full runs agree on %s within 2%%" % key, diff <= 2.0,
               "%.1f vs %.1f %s (%.2f%%)" % (p1["value"], p2["value"], p1["unit"], diff))
if quick is not None:
    print("\nquick vs full (thesis parameters):")
    for key, p1 in run1["parameters"].items():
        q = quick["parameters"].get(key, {}).get("value")
        if q:
            print("  %-7s full %10.1f  quick %10.1f  (%+.2f%%)" % (key, p1["value"], q, 100 * (q - p1["value"]) / p1["value"]))

print("\n%d target(s) missed" % len(failures) if failures else "\nall targets met")
sys.exit(1 if failures else 0)
