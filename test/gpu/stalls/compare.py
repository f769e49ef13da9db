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

usage: compare.py PROFILE NCU_LINES [LABEL] [--manifest JSONL | --case CASE]
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
samples, and case where known, and listed where the page had SASS rows)
that --write-lines writes from it (what test/gpu/stalls/recorded keeps).
--manifest names the page's launches by case: the validation harness's
manifest of the run ncu profiled (test/validation/harness/Main.cu,
--manifest, --profile-launches), each case's profiled launches in turn; a
manifest that does not match the page's launches, kernel by kernel, names
none. --case names them all by one case (a page of one case's process).

Each sample once: where the page has SASS rows (`--print-source
cuda,sass`), Nsight Compute's source view lists some instructions of
inlined code under two lines, their own and the line they were inlined at
(a call of a function of the same file, or of a CUDA header's atomicAdd),
so a line's samples as listed count them twice (the lines of sort.cu's
bitonicStepKernel sum to 1.86 times its samples; docs/perf/lines.md). The
comparison counts each instruction's samples once, at its own line (the
innermost, as the runtime and ncu's SASS view have it): of the lines that
list it, the one the profile gives its offset, or where the runtime did
not sample it, each an equal part. What ncu lists first is printed too
(`as listed`) where it differs.
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


def sampled_entries(profile):
    """(kernel, stall_samples) of each of profile's entries with samples."""
    for entry in profile["kernels"]:
        stalls = entry.get("stall_samples")
        if stalls:
            yield base_name(entry.get("demangled") or entry["name"]), stalls


def profile_lines(profile, out=None):
    """kernel -> Sampled, the samples of profile's entries added to out."""
    out = {} if out is None else out
    for k, stalls in sampled_entries(profile):
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


def profile_offsets(profile, out=None):
    """kernel -> {SASS offset: (file, line)}, the line the runtime gives
    each instruction it sampled, added to out."""
    out = {} if out is None else out
    for k, stalls in sampled_entries(profile):
        for pc in stalls["pcs"]:
            if "line" in pc:
                out.setdefault(k, {})[pc["offset"]] = (
                    source_file(pc["file"]), pc["line"])
    return out


class Launch:
    """One profiled launch of ncu's source page (or one kernel and case of
    a compact CSV): `listed`, {(file, line): samples} as the page lists
    them; `sass`, {offset: [samples, {(file, line), ...}]}, each SASS row's
    samples and the lines that list it (empty without SASS rows); `lines`,
    the samples counted once (resolve)."""

    def __init__(self, kernel, case=None):
        self.kernel = kernel
        self.case = case
        self.listed = defaultdict(float)
        self.sass = {}
        self.lines = None

    def resolve(self, offsets=None):
        """Sets `lines`: each SASS row's samples once, at the line the
        runtime gives its offset (offsets: {offset: (file, line)}) among
        the lines that list it, else an equal part at each; `listed` where
        the page has no SASS rows."""
        if not self.sass:
            self.lines = defaultdict(float, self.listed)
            return
        self.lines = defaultdict(float)
        for offset, (samples, keys) in self.sass.items():
            own = (offsets or {}).get(offset)
            if own in keys:
                self.lines[own] += samples
            else:
                for key in keys:
                    self.lines[key] += samples / len(keys)


def page_number(text):
    """A number of ncu's page: thousands separated by commas, "-" or
    nothing for none."""
    return float(text.replace(",", "")) if text not in ("", "-") else 0.0


def ncu_source_launches(path):
    """[Launch], one per profiled launch in the page's order, or per
    (kernel, case) of a compact CSV; case None where the file does not
    say. A launch of code from several files has one block per file on
    the page (`File Path`, `Function Name`, header, lines): a new launch
    starts where the function changes or a file comes again."""
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
                    out.append(Launch(key[0], case))
                    out[-1].lines = defaultdict(float)
                launch = out[index[key]]
                at = (source_file(file), int(line))
                launch.lines[at] += float(samples)
                launch.listed[at] += float(
                    row[5] if len(row) > 5 and row[5] else samples)
            return out
    file = function = None
    files = set()
    column = sass = None
    for row in csv.reader(open(path, encoding="utf-8", errors="replace")):
        if not row:
            continue
        if row[0] == "File Path" and len(row) > 1:
            file = source_file(row[1])
        elif row[0] == "Function Name" and len(row) > 1:
            if not out or row[1] != function or file in files:
                function = row[1]
                out.append(Launch(base_name(row[1])))
                files = set()
            files.add(file)
        elif row[0] == "Line No":
            column = row.index("Warp Stall Sampling (All Samples)")
            sass = row.index("Address") if "Address" in row else None
        elif out and column and row[0].isdigit() and len(row) > column:
            at = (file, int(row[0]))
            samples = page_number(row[column])
            if samples > 0:
                out[-1].listed[at] += samples
        elif (out and column and sass is not None and row[0] == ""
              and len(row) > column and row[sass].startswith("0x")):
            # A SASS row under the last line: its address, samples, and
            # that line lists it. Offsets are from the launch's lowest
            # address, the function's entry (every instruction is listed).
            address = int(row[sass], 16)
            samples = page_number(row[column])
            entry = out[-1].sass.setdefault(address, [samples, set()])
            entry[1].add(at)
    for launch in out:
        if launch.sass:
            base = min(launch.sass)
            launch.sass = {a - base: v for a, v in launch.sass.items()
                           if v[0] > 0}
    return out


def resolve_launches(launches, offsets):
    """Counts each launch's samples once (Launch.resolve) with the
    runtime's lines of its kernel (profile_offsets)."""
    for launch in launches:
        if launch.lines is None:
            launch.resolve(offsets.get(launch.kernel))
    return launches


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
        name in launch.kernel
        for launch, (_, name) in zip(launches, expected))
    if not matched:
        print(f"warning: the cases of {manifest} do not match ncu's "
              f"{len(launches)} launches: launches not named by case",
              file=sys.stderr)
        return launches
    for launch, (case, _) in zip(launches, expected):
        launch.case = case
    return launches


def ncu_source_lines(path, launches=None, listed=False):
    """kernel -> {(file, line): warp-stall samples}, summed over the
    kernel's profiled launches: each sample once (Launch.resolve; evenly
    split where no profile resolves it), or as the page lists them."""
    out = {}
    if launches is None:
        launches = resolve_launches(ncu_source_launches(path), {})
    for launch in launches:
        per_kernel = out.setdefault(launch.kernel, defaultdict(float))
        for key, samples in (launch.listed if listed
                             else launch.lines).items():
            if samples > 0:
                per_kernel[key] += samples
    return out


def ncu_case_lines(launches):
    """(case, kernel) -> {(file, line): samples once}, for launches named
    by case."""
    out = {}
    for launch in launches:
        if launch.case is None:
            continue
        per_case = out.setdefault((launch.case, launch.kernel),
                                  defaultdict(float))
        for key, samples in launch.lines.items():
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


def compare(mine, theirs, label="", listed=None):
    """Prints the comparison; returns (compared, same, in_top3,
    same_as_listed): ncu's lines with each sample once (theirs), and as its
    page lists them (listed, where given)."""
    compared = same = top3 = as_listed = 0
    listed = listed or {}
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
            listed_first = ranked(listed[k])[0] if listed.get(k) else order[0]
            if listed_first != order[0]:
                share = listed[k][listed_first] / sum(listed[k].values())
                text += (f" (as listed: {listed_first[0]}:{listed_first[1]}"
                         f" {share:.0%})")
            if m.samples >= ENOUGH:
                compared += 1
                same += agree
                top3 += hot in order[:3]
                as_listed += listed_first == hot
        else:
            text += "; ncu did not profile it"
        print(text)
    return compared, same, top3, as_listed


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
    """The compact CSV: kernel, file, line, samples (each once), case (empty
    where the launches are not named by case) and listed (as ncu's page
    lists them), summed per kernel and case."""
    table = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for launch in launches:
        for key in set(launch.lines) | set(launch.listed):
            once, listed = launch.lines.get(key, 0), launch.listed.get(key, 0)
            if once > 0 or listed > 0:
                row = table[(launch.kernel, launch.case or "")][key]
                row[0] += once
                row[1] += listed
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "file", "line", "samples", "case", "listed"])
        for (kernel, case) in sorted(table):
            for (file, line), (once, listed) in sorted(
                    table[(kernel, case)].items()):
                w.writerow([kernel, file, line, f"{once:g}", case,
                            f"{listed:g}"])


def main():
    args = sys.argv[1:]
    written = manifest = case = None
    if "--write-lines" in args:
        i = args.index("--write-lines")
        written = args[i + 1]
        del args[i:i + 2]
    if "--manifest" in args:
        i = args.index("--manifest")
        manifest = args[i + 1]
        del args[i:i + 2]
    if "--case" in args:
        i = args.index("--case")
        case = args[i + 1]
        del args[i:i + 2]
    if len(args) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    label = args[2] + ": " if len(args) == 3 else ""
    if not os.path.exists(args[0]):
        print(f"{label}no profile ({args[0]})")
        return 1
    cases = []
    offsets = {}
    if os.path.isdir(args[0]):
        mine = {}
        for name in sorted(os.listdir(args[0])):
            if name.endswith(".json"):
                with open(os.path.join(args[0], name)) as f:
                    profile = json.load(f)
                profile_lines(profile, mine)
                profile_offsets(profile, offsets)
                cases.append((name[:-len(".json")], profile_lines(profile)))
    else:
        profile = json.load(open(args[0]))
        mine = profile_lines(profile)
        profile_offsets(profile, offsets)
    launches = resolve_launches(ncu_source_launches(args[1]), offsets)
    if manifest:
        launches = name_cases(launches, manifest)
    if case:
        for launch in launches:
            launch.case = case
    theirs = ncu_source_lines(args[1], launches)
    if written:
        write_lines(written, launches)
    compared, same, top3, as_listed = compare(
        mine, theirs, label, ncu_source_lines(args[1], launches, listed=True))
    print(f"{label}hottest line as ncu's: {same} of {compared} kernels with "
          f">= {ENOUGH} samples; among ncu's top 3: {top3} of {compared}; "
          f"as ncu lists its lines: {as_listed} of {compared}")
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
