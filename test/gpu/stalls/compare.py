#!/usr/bin/env python3
"""The runtime's hottest line per kernel against Nsight Compute's.

Reads a profile the runtime wrote (its kernels' stall_samples) and Nsight
Compute's source page of the same program (`ncu --page source --csv
--print-source cuda,sass`: per profiled launch a `File Path` and a
`Function Name` row, a header, then each CUDA line with its warp-stall
samples followed by its SASS rows), matches kernels by name, and prints per
kernel: the runtime's samples, its hottest line and share, Nsight Compute's
hottest line, and whether they agree, then how many kernels with at least
1,000 samples agree and how many have the runtime's line among Nsight
Compute's top 3. test/gpu/stalls/check.py uses its readers.

usage: compare.py PROFILE NCU_LINES [LABEL] [--write-lines CSV]

PROFILE may be a directory: the kernels' samples of every profile in it
are summed (test/gpu/stalls/validation.sh, one profile per case).

NCU_LINES is ncu's source page, or the compact CSV (kernel, file, line,
samples) that --write-lines writes from it (what test/gpu/stalls/recorded
keeps).
"""

import csv
import json
import os
import re
import sys
from collections import defaultdict

ENOUGH = 1000


def base_name(signature):
    """`void k<32>(float *, int)` and `k<32>(float*, int)` -> `k<32>`; the
    anonymous namespace, which c++filt and ncu spell differently, left out."""
    signature = signature.replace("(anonymous namespace)::", "")
    signature = signature.replace("<unnamed>::", "")
    depth = 0
    for i, c in enumerate(signature):
        if c in "<":
            depth += 1
        elif c in ">":
            depth -= 1
        elif c == "(" and depth == 0:
            signature = signature[:i]
            break
    signature = re.sub(r"^(void|static|__global__)\s+", "", signature.strip())
    # ncu spells template arguments with their type: MatrixMulCUDA<(int)32>.
    signature = re.sub(r"\((?:unsigned |signed |long |short )*"
                       r"(?:int|char|long|short|bool)\)", "", signature)
    return signature.replace(" ", "")


def source_file(path):
    """The file name lines are compared by: test/gpu/stalls/external.sh's
    plain builds compile the originals as NAME.cu.orig."""
    name = os.path.basename(path)
    return name[:-len(".orig")] if name.endswith(".orig") else name


def profile_lines(profile, out=None):
    """kernel -> (samples, {(file, line): samples}, {reason: samples}),
    added to out."""
    out = {} if out is None else out
    for entry in profile["kernels"]:
        stalls = entry.get("stall_samples")
        if not stalls:
            continue
        k = base_name(entry.get("demangled") or entry["name"])
        total, lines, reasons = out.get(
            k, (0, defaultdict(int), defaultdict(int)))
        for pc in stalls["pcs"]:
            n = sum(pc["stalls"].values())
            total += n
            if "line" in pc:
                lines[(source_file(pc["file"]), pc["line"])] += n
            for r, c in pc["stalls"].items():
                reasons[r] += c
        out[k] = (total, lines, reasons)
    return out


def ncu_source_lines(path):
    """kernel -> {(file, line): warp-stall samples}, summed over the
    kernel's profiled launches."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8", errors="replace") as f:
        if f.readline().startswith("kernel,file,line,samples"):
            for kernel, file, line, samples in csv.reader(f):
                lines = out.setdefault(base_name(kernel), defaultdict(float))
                lines[(source_file(file), int(line))] += float(samples)
            return out
    kernel = file = None
    column = None
    for row in csv.reader(open(path, encoding="utf-8", errors="replace")):
        if not row:
            continue
        if row[0] == "File Path" and len(row) > 1:
            file = source_file(row[1])
        elif row[0] == "Function Name" and len(row) > 1:
            kernel = base_name(row[1])
        elif row[0] == "Line No":
            column = row.index("Warp Stall Sampling (All Samples)")
        elif kernel and column and row[0].isdigit() and len(row) > column:
            value = row[column].replace(",", "")
            if value not in ("", "-") and float(value) > 0:
                lines = out.setdefault(kernel, defaultdict(float))
                lines[(file, int(row[0]))] += float(value)
    return out


def compare(mine, theirs, label=""):
    """Prints the comparison; returns (compared, same, in_top3)."""
    compared = same = top3 = 0
    for k in sorted(mine):
        total, lines, reasons = mine[k]
        if not lines:
            print(f"{label}{k}: {total} samples, none with a line")
            continue
        hot = max(lines, key=lines.get)
        text = (f"{label}{k}: {total} samples, hottest line "
                f"{hot[0]}:{hot[1]} ({lines[hot] / total:.0%})")
        if k in theirs:
            ranked = sorted(theirs[k], key=lambda l: -theirs[k][l])
            agree = ranked[0] == hot
            text += (f"; ncu {ranked[0][0]}:{ranked[0][1]} "
                     f"({theirs[k][ranked[0]] / sum(theirs[k].values()):.0%})"
                     f" {'same' if agree else 'differs'}")
            if total >= ENOUGH:
                compared += 1
                same += agree
                top3 += hot in ranked[:3]
        else:
            text += "; ncu did not profile it"
        print(text)
    return compared, same, top3


def write_lines(path, theirs):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "file", "line", "samples"])
        for kernel in sorted(theirs):
            for (file, line), samples in sorted(theirs[kernel].items()):
                w.writerow([kernel, file, line, f"{samples:g}"])


def main():
    args = sys.argv[1:]
    written = None
    if "--write-lines" in args:
        i = args.index("--write-lines")
        written = args[i + 1]
        del args[i:i + 2]
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    label = args[2] + ": " if len(args) == 3 else ""
    if not os.path.exists(args[0]):
        print(f"{label}no profile ({args[0]})")
        return 1
    if os.path.isdir(args[0]):
        mine = {}
        for name in sorted(os.listdir(args[0])):
            if name.endswith(".json"):
                with open(os.path.join(args[0], name)) as f:
                    profile_lines(json.load(f), mine)
    else:
        mine = profile_lines(json.load(open(args[0])))
    theirs = ncu_source_lines(args[1])
    if written:
        write_lines(written, theirs)
    compared, same, top3 = compare(mine, theirs, label)
    print(f"{label}hottest line as ncu's: {same} of {compared} kernels with "
          f">= {ENOUGH} samples; among ncu's top 3: {top3} of {compared}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
