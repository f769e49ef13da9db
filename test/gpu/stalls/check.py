#!/usr/bin/env python3
"""Compares the runtime's warp-stall samples with Nsight Compute's.

Reads what test/gpu/stalls/sampled.sh wrote into OUT_DIR: the runtime's
profile (profile.json) and Nsight Compute's export of the same kernels
(ncu-source.csv, its source page with warp-stall samples per line;
ncu-raw.csv, its PC sampling's counters per reason). For each kernel of
sampled.cu: the runtime's samples, its hottest line and that line's share,
Nsight Compute's hottest line, whether the two agree, both main stall
reasons and how far apart the two reason distributions are (total
variation: half the sum of the shares' differences, 0 the same, 1
disjoint). Then the cost lines of the summary, as ratios to the plain
run.

Exit status: 1 when the profile has no stall samples for a kernel that ran
long enough to have them, or when the hottest lines disagree for a kernel
with at least 1,000 samples; 0 otherwise.

usage: check.py OUT_DIR [--write-compact]

With --write-compact, Nsight Compute's numbers are also written into
OUT_DIR as ncu-lines.csv (kernel, line, samples) and ncu-reasons.csv
(kernel, reason, samples), which later runs read instead of the full
exports (test/gpu/stalls/recorded/ keeps those, a few kB).
"""

import csv
import json
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import ncu_source_lines, stall_weight  # noqa: E402

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
    """kernel -> (samples, {line: weight}, {reason: weight}, weight): the
    samples as counted, and weighed by their period as compare.py weighs
    them (samples x period, the cycles they stand for), summed over the
    kernel's entries."""
    out = {}
    for entry in profile["kernels"]:
        k = demangled_kernel(entry.get("demangled") or entry["name"])
        stalls = entry.get("stall_samples")
        if not k or not stalls:
            continue
        total, lines, reasons, weight = out.get(
            k, (0, defaultdict(int), defaultdict(int), 0))
        w = stall_weight(stalls)
        for pc in stalls["pcs"]:
            n = sum(pc["stalls"].values())
            total += n
            weight += n * w
            if "line" in pc:
                lines[pc["line"]] += n * w
            for r, c in pc["stalls"].items():
                reasons[r] += c * w
        out[k] = (total, lines, reasons, weight)
    return out


def read_compact(path):
    """kernel -> {key: samples} from a compact CSV, or None if absent."""
    if not os.path.exists(path):
        return None
    out = {}
    for kernel, key, samples in csv.reader(open(path)):
        if kernel == "kernel":
            continue
        k = out.setdefault(kernel, defaultdict(float))
        k[int(key) if key.isdigit() else key] += float(samples)
    return out


def write_compact(path, table):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "key", "samples"])
        for kernel in sorted(table):
            for key in sorted(table[kernel], key=str):
                w.writerow([kernel, key, f"{table[kernel][key]:g}"])


def ncu_lines(path):
    """kernel -> {line: warp-stall samples} from ncu's source page, summed
    over the kernel's launches (compare.py reads the page)."""
    out = {}
    for kernel, lines in ncu_source_lines(path).items():
        k = demangled_kernel(kernel)
        if k:
            per_line = out.setdefault(k, defaultdict(float))
            for (_, line), samples in lines.items():
                per_line[line] += samples
    return out


def ncu_reasons(path):
    """kernel -> {reason: samples} from ncu's raw page (its own PC
    sampling's smsp__pcsamp_warps_issue_stalled_* counters), summed over the
    kernel's launches."""
    out = {}
    if not os.path.exists(path):
        return out
    rows = list(csv.reader(open(path, encoding="utf-8", errors="replace")))
    if len(rows) < 3 or "Kernel Name" not in rows[0]:
        return out
    header = rows[0]
    name = header.index("Kernel Name")
    prefix = "smsp__pcsamp_warps_issue_stalled_"
    columns = [(i, c[len(prefix):]) for i, c in enumerate(header)
               if c.startswith(prefix) and not c.endswith("_not_issued")]
    for row in rows[2:]:
        kernel = demangled_kernel(row[name].split("(")[0])
        if not kernel:
            continue
        reasons = out.setdefault(kernel, defaultdict(float))
        for i, reason in columns:
            value = row[i].replace(",", "")
            if value:
                reasons[reason] += float(value)
    return out


def distance(a, b):
    """Total-variation distance between two reason distributions."""
    ta, tb = sum(a.values()), sum(b.values())
    if not ta or not tb:
        return None
    keys = set(a) | set(b)
    return 0.5 * sum(abs(a.get(k, 0) / ta - b.get(k, 0) / tb) for k in keys)


def main():
    args = sys.argv[1:]
    compact = "--write-compact" in args
    args = [a for a in args if a != "--write-compact"]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out_dir = args[0]
    profile = json.load(open(os.path.join(out_dir, "profile.json")))
    mode = profile["collection"].get("stall_sampling", {})
    print(f"stall sampling: {mode.get('mode')} "
          f"(period {mode.get('period')}, note {mode.get('note', '')!r})")
    mine = runtime_lines(profile)
    theirs = read_compact(os.path.join(out_dir, "ncu-lines.csv"))
    if theirs is None:
        theirs = ncu_lines(os.path.join(out_dir, "ncu-source.csv"))
    their_reasons = read_compact(os.path.join(out_dir, "ncu-reasons.csv"))
    if their_reasons is None:
        their_reasons = ncu_reasons(os.path.join(out_dir, "ncu-raw.csv"))
    if compact:
        write_compact(os.path.join(out_dir, "ncu-lines.csv"), theirs)
        write_compact(os.path.join(out_dir, "ncu-reasons.csv"), their_reasons)
    status = 0
    agree = top3 = compared = 0
    for k in KERNELS:
        if k not in mine:
            print(f"FAIL {k}: no stall samples in the profile")
            status = 1
            continue
        total, lines, reasons, weight = mine[k]
        hot = max(lines, key=lines.get) if lines else None
        share = lines[hot] / weight if hot else 0
        top_reasons = sorted(reasons.items(), key=lambda x: -x[1])[:3]
        text = (f"{k}: {total} samples, hottest line {hot} ({share:.0%}); "
                + ", ".join(f"{r} {c / weight:.0%}" for r, c in top_reasons))
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
        if k in their_reasons:
            ncu_top = max(their_reasons[k], key=their_reasons[k].get)
            tv = distance(reasons, their_reasons[k])
            text += (f"; ncu's main reason {ncu_top}"
                     f" ({their_reasons[k][ncu_top] / sum(their_reasons[k].values()):.0%})"
                     + (f", reason shares {tv:.2f} apart" if tv is not None
                        else ""))
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
