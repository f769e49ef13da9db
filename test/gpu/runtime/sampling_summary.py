#!/usr/bin/env python3
"""Summarizes test/gpu/runtime/sampling.sh's results (docs/perf/runtime.md).

usage: sampling_summary.py RESULTS_DIR HEADROOM DEVICE

RESULTS_DIR is the sampling/ directory of sampling.sh's results tarball.
Prints, as markdown, the median wall time of each variant with the bounded counter mode's overhead, and per
kernel the floor and prediction `headroom report` gives from the bounded
profile (estimated counters) against the unbounded one (every configuration
sampled), when the run has that reference.
"""
import csv
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def walls_by_run(results):
    """{(size, variant): [wall seconds]} of runs.tsv, in file order."""
    walls = {}
    with open(results / "runs.tsv") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["exit"] != "0":
                sys.exit(f"{results}/runs.tsv: {row['variant']} {row['size']} run "
                         f"{row['rep']} exited with {row['exit']}")
            walls.setdefault((row["size"], row["variant"]), []).append(
                float(row["wall_s"]))
    return walls


def report(headroom, device, profile_gz):
    with tempfile.NamedTemporaryFile(suffix=".json") as tmp:
        tmp.write(gzip.decompress(profile_gz.read_bytes()))
        tmp.flush()
        out = subprocess.run([headroom, "report", "--profile", tmp.name,
                              "--device", device, "--format", "json",
                              "--no-source-check"],
                             capture_output=True, text=True, check=True)
    return {k["kernel"]: k for k in json.loads(out.stdout)["kernels"]}


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    results, headroom, device = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    walls = walls_by_run(results)
    print("| shapes N:LU_N | variant | runs | wall time (median) | vs. uninstrumented | vs. time mode |")
    print("|---|---|---:|---:|---:|---:|")
    for (size, v), w in walls.items():
        med = statistics.median(w)
        plain = statistics.median(walls[(size, "plain")])
        time = statistics.median(walls[(size, "time")])
        print(f"| {size} | {v} | {len(w)} | {med:.3f} s | "
              f"{100 * (med / plain - 1):+.1f}% | {100 * (med / time - 1):+.1f}% |")
    reference = next((size for size, v in walls if v == "unbounded"), None)
    if reference is None:  # SAMPLING_UNBOUNDED=0: wall times only
        return
    reference = reference.replace(":", "x")
    bounded = report(headroom, device, results / f"bounded-{reference}.json.gz")
    unbounded = report(headroom, device, results / f"unbounded-{reference}.json.gz")
    print()
    print("| kernel | launches | estimated (share of time) | floor: estimated / sampled | "
          "difference | prediction: estimated / sampled | difference |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    worst = 0.0
    for name, b in sorted(bounded.items()):
        u = unbounded.get(name)
        if not u or not b.get("finding") or not u.get("finding"):
            print(f"| {name} | {b['launches']} | no floor in both profiles | | | | |")
            continue
        fb, fu = b["finding"]["floor_ms"], u["finding"]["floor_ms"]
        pb, pu = b["finding"]["predicted_ms"], u["finding"]["predicted_ms"]
        share = b["estimated_ms"] / b["total_ms"] if b["total_ms"] else 0
        worst = max(worst, abs(fb / fu - 1), abs(pb / pu - 1))
        print(f"| `{name}` | {b['launches']:,} | {b['estimated_launches']:,} "
              f"({100 * share:.0f}%) | {fb:.3f} / {fu:.3f} ms | "
              f"{100 * (fb / fu - 1):+.1f}% | {pb:.3f} / {pu:.3f} ms | "
              f"{100 * (pb / pu - 1):+.1f}% |")
    print()
    print(f"largest difference: {100 * worst:.1f}%")


if __name__ == "__main__":
    main()
