#!/usr/bin/env python3
"""Compares the runtime's warp-stall samples with Nsight Compute's.

Reads what test/gpu/stalls/sampled.sh wrote into OUT_DIR: the runtime's
profile (profile.json) and Nsight Compute's source view of the same kernels
(ncu-source-cuda.csv: `ncu --page source --csv --print-source cuda`, one
table per profiled launch). For each kernel of sampled.cu: the runtime's
samples, its hottest line and that line's share, Nsight Compute's hottest
line by warp-stall samples, whether the two agree, and whether the
runtime's line is among Nsight Compute's top 3. Then the cost lines of the
summary, as ratios to the plain run.

Exit status: 1 when the profile has no stall samples for a kernel that ran
long enough to have them, or when the hottest lines disagree for a kernel
with at least 1,000 samples; 0 otherwise.

usage: check.py OUT_DIR
"""

import csv
import json
import os
import re
import sys
from collections import defaultdict

KERNELS = ["findIndex", "serialSum", "streamCopy", "bankConflict",
           "barrierWait", "pointerChase"]
ENOUGH = 1000


def demangled_kernel(name):
    """The kernel of sampled.cu a (mangled) name is, or None."""
    for k in KERNELS:
        if re.search(r"\b_?Z?\d*" + k + r"\b", name) or k in name:
            return k
    return None


def runtime_lines(profile):
    """kernel -> (samples, {line: samples}, {reason: samples})."""
    out = {}
    for entry in profile["kernels"]:
        k = demangled_kernel(entry.get("demangled") or entry["name"])
        stalls = entry.get("stall_samples")
        if not k or not stalls:
            continue
        total, lines, reasons = out.get(k, (0, defaultdict(int),
                                            defaultdict(int)))
        for pc in stalls["pcs"]:
            n = sum(pc["stalls"].values())
            total += n
            if "line" in pc:
                lines[pc["line"]] += n
            for r, c in pc["stalls"].items():
                reasons[r] += c
        out[k] = (total, lines, reasons)
    return out


def ncu_lines(path):
    """kernel -> {line: warp-stall samples} from ncu's source CSV, summed
    over the kernel's launches; {} when the file holds no such table."""
    out = {}
    if not os.path.exists(path):
        return out
    rows = list(csv.reader(open(path, encoding="utf-8", errors="replace")))
    kernel = None
    header = None
    for row in rows:
        if not row:
            continue
        joined = ",".join(row)
        named = demangled_kernel(joined) if len(row) <= 2 else None
        if named and header is None or (named and len(row) <= 2):
            kernel = named
            header = None
            continue
        if "Warp Stall Sampling (All Samples)" in row and any(
                c in ("#", "Line", "# Line") for c in row):
            header = row
            continue
        if header and kernel and len(row) == len(header):
            line_col = next(i for i, c in enumerate(header)
                            if c in ("#", "Line", "# Line"))
            samp_col = header.index("Warp Stall Sampling (All Samples)")
            try:
                line = int(row[line_col])
                samples = float(row[samp_col] or 0)
            except ValueError:
                continue
            if samples > 0:
                lines = out.setdefault(kernel, defaultdict(float))
                lines[line] += samples
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out_dir = sys.argv[1]
    profile = json.load(open(os.path.join(out_dir, "profile.json")))
    mode = profile["collection"].get("stall_sampling", {})
    print(f"stall sampling: {mode.get('mode')} "
          f"(period {mode.get('period')}, note {mode.get('note', '')!r})")
    mine = runtime_lines(profile)
    theirs = ncu_lines(os.path.join(out_dir, "ncu-source-cuda.csv"))
    status = 0
    agree = top3 = compared = 0
    for k in KERNELS:
        if k not in mine:
            print(f"FAIL {k}: no stall samples in the profile")
            status = 1
            continue
        total, lines, reasons = mine[k]
        hot = max(lines, key=lines.get) if lines else None
        share = lines[hot] / total if hot else 0
        top_reasons = sorted(reasons.items(), key=lambda x: -x[1])[:3]
        text = (f"{k}: {total} samples, hottest line {hot} ({share:.0%}); "
                + ", ".join(f"{r} {c}" for r, c in top_reasons))
        if k in theirs:
            ranked = sorted(theirs[k], key=lambda l: -theirs[k][l])
            ncu_total = sum(theirs[k].values())
            same = ranked[0] == hot
            in3 = hot in ranked[:3]
            text += (f"; ncu hottest line {ranked[0]} "
                     f"({theirs[k][ranked[0]] / ncu_total:.0%})"
                     f" {'same' if same else 'differs'}")
            if total >= ENOUGH:
                compared += 1
                agree += same
                top3 += in3
                if not same:
                    status = 1
        else:
            text += "; ncu: no source table"
        print(("PASS " if status == 0 else "") + text)
    if compared:
        print(f"hottest line as ncu's: {agree} of {compared} kernels with "
              f">= {ENOUGH} samples; among ncu's top 3: {top3} of {compared}")
    summary = os.path.join(out_dir, "summary.txt")
    if os.path.exists(summary):
        costs = defaultdict(list)
        for line in open(summary):
            m = re.match(r"cost (\w+)-\d+: ([\d.]+) s", line)
            if m:
                costs[m.group(1)].append(float(m.group(2)))
        if costs.get("plain"):
            base = min(costs["plain"])
            for label in ("off", "on"):
                if costs.get(label):
                    print(f"cost {label}: {min(costs[label]):.3f} s, "
                          f"{min(costs[label]) / base:.3f}x plain "
                          f"({base:.3f} s)")
    return status


if __name__ == "__main__":
    sys.exit(main())
