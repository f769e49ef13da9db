#!/usr/bin/env python3
"""Headroom's estimated speedup against the speedup achieved with the advice applied.

usage: test/external/advice/compare.py HEADROOM RESULTS.tar.gz [--device NAME]
                                        [--write DOC | --check DOC] [--block NAME]

RESULTS.tar.gz is what test/external/advice/run-gpu.sh wrote: for each sample the
original and the modified build's profiles, times/<sample>.<orig|mod>.json (every
launch timed, HEADROOM_MODE=time) and profiles/<sample>.<orig|mod>.json (the runtime's
defaults, with counters). For each kernel the advice was applied to, the estimate is the
top advice of `headroom report --format json` on the original's counters profile (key,
speedup, estimated time); the achieved speedup is the kernel's time in the original over
its time in the modified build, each the sum over its launch configurations of the
median launch times the launches (the time profiles; a kernel the change added, such as
a carry pass, counts in the modified build's time); with repeated runs
(times/<sample>.<variant>.I.json) the median over the runs, and in parentheses the
range of the ratio over all pairs of runs. Prints a Markdown table, the
geomean of the achieved speedups and the mean absolute error of the estimates, and which
advice the modified kernel still gets. --write DOC puts it between DOC's
`<!-- NAME:begin -->` and `<!-- NAME:end -->` lines (NAME: --block, default
"advice-external"); --check DOC fails where they differ.
"""
import argparse
import json
import math
import statistics
import os
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from evaluate import base_name, write_or_check  # noqa: E402

# (sample, kernel, the advice applied, kernels the change added, what was changed)
KERNELS = [
    ("convolutionSeparable", "convolutionRowsKernel", "bank-conflicts", [], "row padded by 16 floats"),
    ("convolutionSeparable", "convolutionColumnsKernel", "bank-conflicts", [], "row padded by 2 floats, not 1"),
    ("fastWalshTransform", "fwtBatch1Kernel", "bank-conflicts", [], "index swizzled (column XOR 10 x row)"),
    ("histogram", "histogram64Kernel", "bank-conflicts", [], "thread permutation for 32 banks, not 16"),
    ("sortingNetworks", "bitonicSortShared", "bank-conflicts", [], "index swizzled (odd rows XOR 31)"),
    ("sortingNetworks", "bitonicSortShared1", "bank-conflicts", [], "index swizzled (odd rows XOR 31)"),
    ("sortingNetworks", "bitonicMergeShared", "bank-conflicts", [], "index swizzled (odd rows XOR 31)"),
    ("transpose", "transposeCoalesced", "bank-conflicts", [], "tile row padded by 1 float"),
    ("shfl_scan", "shfl_vertical_shfl", "fill-gpu", ["shfl_vertical_carry"], "15x the blocks, + a carry kernel"),
]


def report(headroom, data, device, sass=None):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        f.write(data)
        f.flush()
        out = subprocess.run([headroom, "report", "--profile", f.name, "--device", device,
                              "--format", "json", "--no-source-check"] + (["--sass", sass] if sass else []),
                             capture_output=True, check=True)
    return {k["short_name"]: k for k in json.loads(out.stdout)["kernels"]}


def kernel_ns(profile, names):
    """Sum over the kernels' launch configurations of median launch time x launches."""
    total, launches = 0.0, 0
    for k in profile["kernels"]:
        if base_name(k["demangled"]) in names:
            total += k["median_ns"] * k["launches"]
            launches += k["launches"]
    return total, launches


def read_tar(path):
    """(kind, stem) -> [file contents]: profiles/ and times/ of a run-gpu.sh tarball
    (times/<sample>.<variant>[.I].json: the repeats under one key), or the profiles/ of
    test/external/run-gpu.sh's (<sample>.json)."""
    files = {}
    with tarfile.open(path) as tar:
        for m in tar.getmembers():
            parts = m.name.split("/")
            if m.isfile() and len(parts) == 3 and parts[1] in ("profiles", "times"):
                stem = ".".join(parts[2][:-5].split(".")[:2])
                files.setdefault((parts[1], stem), []).append(tar.extractfile(m).read())
    return files


def sampled_counters(profile, kernel):
    """The counters of the kernel's first entry that has them."""
    for k in profile["kernels"]:
        if base_name(k["demangled"]) == kernel and k.get("counters"):
            return k["counters"], k
    return {}, None


def measure(key, profile, kernel):
    """What the advice changes, read from the counters: for bank-conflicts the shared
    load wavefronts in millions (of them, the conflicts'), for fill-gpu the blocks."""
    c, k = sampled_counters(profile, kernel)
    if k is None:
        return "-"
    if key == "bank-conflicts":
        waves = c.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")
        conflicts = c.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum")
        if waves is None or conflicts is None:
            return "-"
        return f"{waves / 1e6:.2f}M ({conflicts / 1e6:.2f}M)"
    if key == "fill-gpu":
        return str(k["grid"][0] * k["grid"][1] * k["grid"][2])
    return "-"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("headroom")
    parser.add_argument("results", help="run-gpu.sh's tarball: the times (and profiles)")
    parser.add_argument("--advice", help="a tarball whose original profiles give the advice "
                        "(profiles/<sample>.json, test/external/run-gpu.sh's, or run-gpu.sh's "
                        "profiles/<sample>.orig.json); default: RESULTS' original profiles")
    parser.add_argument("--counters", help="a run-gpu.sh tarball whose profiles show the measure "
                        "before and after (default: RESULTS')")
    parser.add_argument("--sass-dir", help="SASS for the advice (<sample>.orig.sass, as run-gpu.sh "
                        "returns it in sass-<gpu>.tar.gz): --sass for the original's report")
    parser.add_argument("--device", default="H200")
    parser.add_argument("--write")
    parser.add_argument("--check")
    parser.add_argument("--block", default="advice-external")
    args = parser.parse_args()

    files = read_tar(args.results)
    advice_files = read_tar(args.advice) if args.advice else files
    counter_files = read_tar(args.counters) if args.counters else files
    reports = {}
    lines = ["| sample | kernel | advice: the change applied | estimated | est. ms | ms original | ms modified "
             "| achieved (range) | error | model on the modified's counters | shared load wavefronts (conflicts) or blocks, original -> modified |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    achieved_all, estimated_all, errors, missing, no_advice = [], [], [], [], []
    for sample, kernel, key, added, change in KERNELS:
        times_orig = files.get(("times", f"{sample}.orig"))
        times_mod = files.get(("times", f"{sample}.mod"))
        profile = (advice_files.get(("profiles", f"{sample}.orig")) or
                   advice_files.get(("profiles", sample)) or [None])[0]
        if not times_orig or not times_mod or profile is None:
            missing.append(f"{sample}/{kernel}")
            continue
        if sample not in reports:
            sass = os.path.join(args.sass_dir, f"{sample}.orig.sass") if args.sass_dir else None
            reports[sample] = report(args.headroom, profile, args.device, sass if sass and os.path.exists(sass) else None)
        entry = reports[sample].get(kernel)
        advice = ((entry or {}).get("finding") or {}).get("advice") or []
        origs = [kernel_ns(json.loads(t), {kernel})[0] for t in times_orig]
        mods = [kernel_ns(json.loads(t), {kernel, *added})[0] for t in times_mod]
        orig_ns, mod_ns = statistics.median(origs), statistics.median(mods)
        ratios = [o / m for o in origs for m in mods if m]
        if not orig_ns or not mod_ns:
            missing.append(f"{sample}/{kernel}")
            continue
        achieved = orig_ns / mod_ns
        achieved_all.append(achieved)
        if advice:
            top = advice[0]
            error = top["speedup"] / achieved - 1
            estimated_all.append(top["speedup"])
            errors.append(abs(error))
            estimate, error_text = f"{top['speedup']:.2f}x", f"{100 * error:+.0f}%"
            est_ms = f"{top['estimated_ms']:.3f}" if top.get("estimated_ms") is not None else "-"
            advice_text = top["advice"] if top["advice"] == key else f"{top['advice']} (applied: {key})"
        else:  # the profile lacks what the advice needs: the achieved speedup still counts
            no_advice.append(f"{sample}/{kernel}")
            estimate = est_ms = error_text = "-"
            advice_text = f"none (applied: {key})"
        predicted = []
        for v, names in (("orig", [kernel]), ("mod", [kernel, *added])):
            key_v = ("counters", sample, v)
            if key_v not in reports and ("profiles", f"{sample}.{v}") in counter_files:
                reports[key_v] = report(args.headroom, counter_files[("profiles", f"{sample}.{v}")][0], args.device)
            found = [((reports.get(key_v, {}).get(n) or {}).get("finding") or {}).get("predicted_ms") for n in names]
            predicted.append(sum(found) if found and None not in found else None)
        model = f"{predicted[0] / predicted[1]:.2f}x" if None not in predicted and predicted[1] else "-"
        before, after = (measure(key, json.loads(counter_files[("profiles", f"{sample}.{v}")][0]), kernel)
                         if ("profiles", f"{sample}.{v}") in counter_files else "-" for v in ("orig", "mod"))
        names = f"`{kernel}`" + "".join(f" + `{a}`" for a in added)
        lines.append(f"| {sample} | {names} | {advice_text}: {change} | {estimate} | {est_ms} "
                     f"| {orig_ns / 1e6:.3f} | {mod_ns / 1e6:.3f} | {achieved:.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) "
                     f"| {error_text} | {model} | {before} -> {after} |")
    lines.append("")
    geo = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")
    mae = 100 * sum(errors) / len(errors) if errors else float("nan")
    median = 100 * statistics.median(errors) if errors else float("nan")
    lines.append(f"{len(achieved_all)} kernels; geomean achieved speedup {geo(achieved_all):.2f}x "
                 f"(estimated {geo(estimated_all):.2f}x, {len(estimated_all)} with advice); achieved {min(achieved_all, default=float('nan')):.2f}x "
                 f"to {max(achieved_all, default=float('nan')):.2f}x; mean |error| of the estimate {mae:.1f}%, median {median:.1f}%"
                 + (f"; no advice in the original's profile: {', '.join(no_advice)}" if no_advice else "")
                 + (f"; missing: {', '.join(missing)}" if missing else ""))
    text = "\n".join(lines) + "\n"
    if not (args.write or args.check):
        sys.stdout.write(text)
        return 1 if missing or no_advice else 0
    return write_or_check(args.write, args.check, args.block, text,
                          "test/external/advice/compare.py")

if __name__ == "__main__":
    sys.exit(main())
