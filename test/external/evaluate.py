#!/usr/bin/env python3
"""Scores Headroom on code not written for it: what test/external/run-gpu.sh recorded.

usage: test/external/evaluate.py HEADROOM RESULTS.tar.gz --device NAME
                                  [--markdown] [--write DOC | --check DOC] [--block NAME]

For every kernel of every sample's Headroom profile, `headroom report --format json`
gives the Hopper model's verdict (compute, memory or latency, and how busy the busiest
unit was), its predicted time and its floor; Nsight Compute's Speed of Light of the
plain build's launches of the same kernel gives the reference verdict (latency-bound
under 50% of both the SM's and memory's peak, else the larger, as `headroom validate`
scores it; where a kernel ran in several configurations, the verdict of most of its
profiled time). Prints each kernel and the scores: verdict agreement, latency recall,
median |error| and the share within 25% of the qualifying kernels (>= 64 threads per
block, >= 90 blocks, >= 0.1 ms per launch), floors above the measured time + 3%.
--write DOC puts the Markdown between DOC's `<!-- NAME:begin -->` and
`<!-- NAME:end -->` lines (NAME: --block, default "external"); --check DOC fails
where they differ from it.
"""
import argparse
import csv
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile

SM = "sm__throughput.avg.pct_of_peak_sustained_elapsed"
MEM = "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"
DURATION = "gpu__time_duration.sum"


def base_name(demangled):
    """The kernel's own name: no templates, namespaces or parameters."""
    depth, outside = 0, ""
    for ch in demangled:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif depth == 0:
            outside += ch
    outside = outside.replace("(anonymous namespace)", "")
    outside = outside.split("(")[0]
    return outside.split("::")[-1].split()[-1] if outside.split() else outside


def verdict(sm, mem):
    if max(sm, mem) < 50:
        return "latency"
    return "compute" if sm >= mem else "memory"


def read_ncu(text):
    rows = list(csv.reader(io.StringIO(text)))
    if len(rows) < 3:
        return []
    header = rows[0]
    out = []
    for row in rows[2:]:
        if len(row) != len(header):
            continue
        r = dict(zip(header, row))
        try:
            out.append({"kernel": base_name(r["Kernel Name"]),
                        "sm": float(r[SM]), "mem": float(r[MEM]),
                        "ns": float(r[DURATION].replace(",", ""))})
        except (KeyError, ValueError):
            continue
    return out


def write_or_check(write, check, block, text, script):
    """Writes text between the <!-- block:begin --> and <!-- block:end -->
    markers of the page write, or compares it with those of the page check;
    the exit status."""
    doc = open(write or check).read()
    begin, end = f"<!-- {block}:begin -->\n", f"<!-- {block}:end -->"
    if begin not in doc or end not in doc:
        print(f"error: {write or check}: no {begin.strip()} ... {end} block", file=sys.stderr)
        return 2
    head, rest = doc.split(begin, 1)
    updated = head + begin + text + end + rest.split(end, 1)[1]
    if write:
        open(write, "w").write(updated)
        print(f"updated {write}")
        return 0
    if updated != doc:
        print(f"FAIL: {check} differs from what {script} prints now; "
              f"run it with --write {check}", file=sys.stderr)
        return 1
    print(f"{check} matches {script}")
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("headroom")
    parser.add_argument("results")
    parser.add_argument("--device", required=True)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--write")
    parser.add_argument("--check")
    parser.add_argument("--block", default="external")
    args = parser.parse_args()
    if args.write or args.check:
        args.markdown = True

    profiles, ncu = {}, {}
    with tarfile.open(args.results) as tar:
        for m in tar.getmembers():
            if not m.isfile():
                continue
            parts = m.name.split("/")
            if len(parts) == 3 and parts[1] == "profiles":
                profiles[parts[2][:-5]] = tar.extractfile(m).read()
            elif len(parts) == 3 and parts[1] == "ncu" and parts[2].endswith(".csv"):
                ncu[parts[2][:-4]] = read_ncu(tar.extractfile(m).read().decode())

    rows, errors, floors_above, compared, agree, latency, latency_agree = [], [], 0, 0, 0, 0, 0
    qualifying_within = qualifying = 0
    for sample in sorted(profiles):
        profile = json.loads(profiles[sample])
        with tempfile.NamedTemporaryFile(suffix=".json") as f:
            f.write(profiles[sample])
            f.flush()
            report = subprocess.run(
                [args.headroom, "report", "--profile", f.name, "--device", args.device,
                 "--format", "json", "--no-source-check"], capture_output=True, check=True)
        shapes = {}
        for k in profile["kernels"]:
            blocks = k["grid"][0] * k["grid"][1] * k["grid"][2]
            threads = k["block"][0] * k["block"][1] * k["block"][2]
            key = base_name(k["demangled"])
            small = blocks < 90 or threads < 64
            shapes[key] = shapes.get(key, False) or small
        for k in json.loads(report.stdout)["kernels"]:
            b = k.get("finding")
            if not b or b.get("measured_ms") is None:
                continue
            name = base_name(k["kernel"])
            launches = k.get("modeled_launches") or k["launches"]
            measured, predicted, floor = b["measured_ms"], b["predicted_ms"], b["floor_ms"]
            ours = b["regime"]
            mine = [n for n in ncu.get(sample, []) if n["kernel"] == name]
            ref = None
            if mine:
                by = {}
                for n in mine:
                    v = verdict(n["sm"], n["mem"])
                    by[v] = by.get(v, 0) + n["ns"]
                ref = max(by, key=by.get)
                compared += 1
                agree += ref == ours or (b.get("balanced") and ref != "latency")
                if ref == "latency":
                    latency += 1
                    latency_agree += ours == "latency"
            error = predicted / measured - 1
            is_qualifying = not shapes.get(name, True) and measured / launches >= 0.1
            if is_qualifying:
                qualifying += 1
                errors.append(abs(error))
                qualifying_within += abs(error) <= 0.25
            floors_above += floor > 1.03 * measured
            best = max(mine, key=lambda n: n["ns"]) if mine else None
            rows.append((sample, name, launches, measured / launches, ours, (b.get("busiest") or {}).get("busy"),
                         ref, best, error, floor / measured, is_qualifying))

    lines = []
    sep = " | " if args.markdown else "  "
    if args.markdown:
        lines.append("| sample | kernel | launches | ms per launch | Headroom (busiest unit busy) | Nsight Compute (SM, memory % of peak) | predicted vs measured | floor / measured | qualifying |")
        lines.append("|---|---|---:|---:|---|---|---:|---:|---|")
    for (sample, name, launches, ms, ours, util, ref, best, error, floor, q) in rows:
        util_text = f"{ours} ({100 * util:.0f}%)" if util is not None else ours
        ref_text = f"{ref} ({best['sm']:.0f}, {best['mem']:.0f})" if ref else "-"
        cells = [sample, f"`{name}`" if args.markdown else name, str(launches), f"{ms:.4f}",
                 util_text, ref_text, f"{100 * error:+.1f}%", f"{floor:.2f}", "yes" if q else "no"]
        lines.append(("| " + sep.join(cells) + " |") if args.markdown else sep.join(cells))
    lines.append("")
    median = 100 * statistics.median(errors) if errors else float("nan")
    lines.append(f"{len(rows)} kernels of {len(profiles)} samples; verdict agrees with Nsight Compute's "
          f"Speed of Light for {agree} of {compared} (a balanced kernel may be either); "
          f"latency-bound by Nsight Compute: {latency}, {latency_agree} of them called so; "
          f"qualifying: {qualifying}, median |error| {median:.1f}%, "
          f"{qualifying_within} within 25%; floors above measured + 3%: {floors_above}")
    text = "\n".join(lines) + "\n"
    if not (args.write or args.check):
        sys.stdout.write(text)
        return 0
    return write_or_check(args.write, args.check, args.block, text, "test/external/evaluate.py")


if __name__ == "__main__":
    sys.exit(main())
