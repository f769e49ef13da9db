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
