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

usage: compare.py PROFILE NCU_LINES [LABEL] [--manifest JSONL]
                  [--write-lines CSV]

The runtime's samples are weighed by their sampling period: a sample
taken every P cycles stands for P cycles, so a line's weight is its samples
x period, as Headroom's report weighs a kernel's entries sampled at
different periods (passes/analysis/StallLines.h). Shares are of those
cycles; the samples printed, and the 1,000 a kernel needs to count, are
samples.

PROFILE may be a directory: the kernels' samples of every profile in it
are summed, each weighed by its period (test/gpu/stalls/validation.sh, one
profile per case, the runtime choosing a period per case). Then each case
is also compared on its own: its hottest line against Nsight Compute's for
the same case where NCU_LINES has a case column, else against Nsight
Compute's lines of the kernel, all its cases summed (what the recorded
lines of test/gpu/stalls/recorded/validation hold).

NCU_LINES is ncu's source page, or the compact CSV (kernel, file, line,
samples, and case where known) that --write-lines writes from it (what
test/gpu/stalls/recorded keeps). --manifest names the page's launches by
case: the validation harness's manifest of the run ncu profiled
(test/validation/harness/Main.cu, --manifest, --profile-launches), each
case's profiled launches in turn; a manifest that does not match the
page's launches, kernel by kernel, names none.
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
    # ... and a bool's as a number: branchKernel<(bool)0> for c++filt's
    # branchKernel<false>.
    signature = re.sub(r"(?<=[<,])\s*false\s*(?=[,>])", "0", signature)
    signature = re.sub(r"(?<=[<,])\s*true\s*(?=[,>])", "1", signature)
    return signature.replace(" ", "")


def source_file(path):
    """The file name lines are compared by: test/gpu/stalls/external.sh's
    plain builds compile the originals as NAME.cu.orig."""
    name = os.path.basename(path)
    return name[:-len(".orig")] if name.endswith(".orig") else name


class Sampled:
    """A kernel's stall samples: `samples` as counted; `lines` ({(file,
    line): weight}), `reasons` ({reason: weight}) and `weight` (all its
    samples') weighed by period: samples x period, the cycles they stand
    for (stall_weight)."""

    def __init__(self):
        self.samples = 0
        self.weight = 0
        self.lines = defaultdict(int)
        self.reasons = defaultdict(int)


def stall_weight(stalls):
    """What one sample of `stall_samples` weighs: its period in cycles
    (1 where the profile gives none)."""
    return stalls.get("period") or 1


def profile_lines(profile, out=None):
    """kernel -> Sampled, the samples of profile's entries added to out."""
    out = {} if out is None else out
    for entry in profile["kernels"]:
        stalls = entry.get("stall_samples")
        if not stalls:
            continue
        k = base_name(entry.get("demangled") or entry["name"])
        sampled = out.setdefault(k, Sampled())
        weight = stall_weight(stalls)
        for pc in stalls["pcs"]:
            n = sum(pc["stalls"].values())
            sampled.samples += n
            sampled.weight += n * weight
            if "line" in pc:
                sampled.lines[(source_file(pc["file"]), pc["line"])] += (
                    n * weight)
            for r, c in pc["stalls"].items():
                sampled.reasons[r] += c * weight
    return out


def ncu_source_launches(path):
    """[(kernel, {(file, line): warp-stall samples}, case)], one per
    profiled launch in the page's order, or per (kernel, case) of a compact
    CSV; case is None where the file does not say."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline()
        if first.startswith("kernel,file,line,samples"):
            index = {}
            for row in csv.reader(f):
                kernel, file, line, samples = row[:4]
                case = row[4] if len(row) > 4 and row[4] else None
                key = (base_name(kernel), case)
                if key not in index:
                    index[key] = len(out)
                    out.append((key[0], defaultdict(float), case))
                out[index[key]][1][(source_file(file), int(line))] += float(
                    samples)
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
            out.append((kernel, defaultdict(float), None))
        elif row[0] == "Line No":
            column = row.index("Warp Stall Sampling (All Samples)")
        elif kernel and column and row[0].isdigit() and len(row) > column:
            value = row[column].replace(",", "")
            if value not in ("", "-") and float(value) > 0:
                out[-1][1][(file, int(row[0]))] += float(value)
    return out


def name_cases(launches, manifest):
    """The launches of ncu's page named by the cases of the harness's
    manifest (test/validation/harness/Main.cu, --manifest: one JSON line per
    case run, in order, with its kernels in launch order and how many of
    them were profiled): each case's launches in turn, each launch's kernel
    the one the manifest names there. Unchanged, with a warning, when the
    manifest is missing or the two do not match launch by launch."""
    expected = []
    if os.path.exists(manifest):
        with open(manifest) as f:
            for line in f:
                if line.strip():
                    run = json.loads(line)
                    profiled = int(run.get("profiled_launches", 0))
                    expected += [(run["case"], kernel)
                                 for kernel in run["kernels"][:profiled]]
    matched = len(expected) == len(launches) and all(
        name in kernel for (kernel, _, _), (_, name) in zip(launches, expected))
    if not matched:
        print(f"warning: the cases of {manifest} do not match ncu's "
              f"{len(launches)} launches: launches not named by case",
              file=sys.stderr)
        return launches
    return [(kernel, lines, case)
            for (kernel, lines, _), (case, _) in zip(launches, expected)]


def ncu_source_lines(path, launches=None):
    """kernel -> {(file, line): warp-stall samples}, summed over the
    kernel's profiled launches."""
    out = {}
    for kernel, lines, _ in (ncu_source_launches(path) if launches is None
                             else launches):
        per_kernel = out.setdefault(kernel, defaultdict(float))
        for key, samples in lines.items():
            if samples > 0:
                per_kernel[key] += samples
    return out


def ncu_case_lines(launches):
    """(case, kernel) -> {(file, line): samples}, for launches named by
    case."""
    out = {}
    for kernel, lines, case in launches:
        if case is None:
            continue
        per_case = out.setdefault((case, kernel), defaultdict(float))
        for key, samples in lines.items():
            per_case[key] += samples
    return out


def hottest(sampled):
    """The line with the most weight, ties by file and line; None when no
    sample has a line."""
    if not sampled.lines:
        return None
    return min(sampled.lines, key=lambda l: (-sampled.lines[l], l))


def ranked(lines):
    """ncu's lines, most samples first, ties by file and line."""
    return sorted(lines, key=lambda l: (-lines[l], l))


def compare(mine, theirs, label=""):
    """Prints the comparison; returns (compared, same, in_top3)."""
    compared = same = top3 = 0
    for k in sorted(mine):
        m = mine[k]
        hot = hottest(m)
        if hot is None:
            print(f"{label}{k}: {m.samples} samples, none with a line")
            continue
        text = (f"{label}{k}: {m.samples} samples, hottest line "
                f"{hot[0]}:{hot[1]} ({m.lines[hot] / m.weight:.0%})")
        if k in theirs:
            order = ranked(theirs[k])
            agree = order[0] == hot
            text += (f"; ncu {order[0][0]}:{order[0][1]} "
                     f"({theirs[k][order[0]] / sum(theirs[k].values()):.0%})"
                     f" {'same' if agree else 'differs'}")
            if m.samples >= ENOUGH:
                compared += 1
                same += agree
                top3 += hot in order[:3]
        else:
            text += "; ncu did not profile it"
        print(text)
    return compared, same, top3


def compare_cases(cases, theirs, their_cases, label=""):
    """Prints each case's hottest line per kernel against ncu's for the
    same case where their_cases has it, else against ncu's for the kernel
    (all cases summed); returns (compared, same, in_top3, against_cases)."""
    compared = same = top3 = by_case = 0
    for case, mine in cases:
        for k in sorted(mine):
            m = mine[k]
            hot = hottest(m)
            if hot is None or m.samples < ENOUGH:
                continue
            lines = their_cases.get((case, k))
            whose = "ncu's case"
            if lines is None:
                lines, whose = theirs.get(k), "ncu's kernel"
            if not lines:
                continue
            order = ranked(lines)
            agree = order[0] == hot
            compared += 1
            same += agree
            top3 += hot in order[:3]
            by_case += whose == "ncu's case"
            print(f"{label}case {case}: {k}: {m.samples} samples, hottest "
                  f"line {hot[0]}:{hot[1]} ({m.lines[hot] / m.weight:.0%}); "
                  f"{whose} {order[0][0]}:{order[0][1]} "
                  f"({lines[order[0]] / sum(lines.values()):.0%}) "
                  f"{'same' if agree else 'differs'}")
    return compared, same, top3, by_case


def write_lines(path, launches):
    """The compact CSV: kernel, file, line, samples, case (empty where the
    launches are not named by case), summed per kernel and case."""
    table = defaultdict(lambda: defaultdict(float))
    for kernel, lines, case in launches:
        for key, samples in lines.items():
            if samples > 0:
                table[(kernel, case or "")][key] += samples
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "file", "line", "samples", "case"])
        for (kernel, case) in sorted(table):
            for (file, line), samples in sorted(table[(kernel, case)].items()):
                w.writerow([kernel, file, line, f"{samples:g}", case])


def main():
    args = sys.argv[1:]
    written = manifest = None
    if "--write-lines" in args:
        i = args.index("--write-lines")
        written = args[i + 1]
        del args[i:i + 2]
    if "--manifest" in args:
        i = args.index("--manifest")
        manifest = args[i + 1]
        del args[i:i + 2]
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    label = args[2] + ": " if len(args) == 3 else ""
    if not os.path.exists(args[0]):
        print(f"{label}no profile ({args[0]})")
        return 1
    cases = []
    if os.path.isdir(args[0]):
        mine = {}
        for name in sorted(os.listdir(args[0])):
            if name.endswith(".json"):
                with open(os.path.join(args[0], name)) as f:
                    profile = json.load(f)
                profile_lines(profile, mine)
                cases.append((name[:-len(".json")], profile_lines(profile)))
    else:
        mine = profile_lines(json.load(open(args[0])))
    launches = ncu_source_launches(args[1])
    if manifest:
        launches = name_cases(launches, manifest)
    theirs = ncu_source_lines(args[1], launches)
    if written:
        write_lines(written, launches)
    compared, same, top3 = compare(mine, theirs, label)
    print(f"{label}hottest line as ncu's: {same} of {compared} kernels with "
          f">= {ENOUGH} samples; among ncu's top 3: {top3} of {compared}")
    if cases:
        compared, same, top3, by_case = compare_cases(
            cases, theirs, ncu_case_lines(launches), label)
        print(f"{label}per case: hottest line as ncu's: {same} of {compared} "
              f"cases with >= {ENOUGH} samples; among ncu's top 3: {top3} of "
              f"{compared}; against ncu's same case {by_case}, ncu's kernel "
              f"{compared - by_case}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
