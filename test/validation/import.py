#!/usr/bin/env python3
"""Turns what test/validation/run-gpu.sh brought back into the recorded ground truth.

usage: test/validation/import.py GPU_NAME RESULTS.tar.gz... -o test/validation/recorded/GPU_NAME

The tarballs are the `headroom-<gpu>.tar.gz`, `ncu-<gpu>.tar.gz` and, where recorded,
`ncu-warm-<gpu>.tar.gz` files of one GPU (several of each when the run was split over
device calls; a later tarball's cases, and a later ncu tarball's families, replace the
earlier ones). Writes:

  cases.json      every case: family, expected limit (the author's guess, never
                  scored), description, its check, the kernels of its checked run,
                  the event-timed median and where its data came from
  profiles/       the Headroom profile of each case, as the runtime wrote it
  ncu.json        Nsight Compute's metrics of each case's launches, in launch
                  order, matched to the case by the kernel names its manifest lists
                  (columnar: "metrics" names them once, each launch's "values"
                  follow that order, null where a launch has no value)
  ncu-warm.json   the same for the launches profiled without flushing the caches
                  (run-gpu.sh --cache-control none), where recorded
  run.txt         the GPU, clocks, driver, Nsight Compute version, corpus commit

Only metrics whose values are numbers are kept: counters as sums, ratios,
percentages of peak and rates as averages (not their min/max/sum variants).
"""
import argparse
import csv
import io
import json
import pathlib
import re
import sys
import tarfile

# Maxima over instances that the Hopper model reads (the busiest L2 slice).
MAXIMA = {"lts__d_atomic_input_cycles_active.max"}


def keep(name, names):
    """Counters as sums; ratios, percentages of peak and rates as averages."""
    if name in MAXIMA:
        return True
    if name.startswith(("launch__", "sm__", "smsp__", "dram__", "lts__", "l1tex__",
                        "gpu__", "fbpa__", "idc__", "gpc__")):
        if name.endswith((".sum", ".avg.pct_of_peak_sustained_elapsed",
                          ".avg.pct_of_peak_sustained_active", ".ratio", ".pct",
                          ".avg.per_cycle_active", ".avg.per_second")):
            return True
        if name.startswith("launch__"):
            return True
        return name.endswith(".avg") and name[:-4] + ".sum" not in names
    return False


def number(text):
    text = text.replace(",", "")
    try:
        return float(text)
    except ValueError:
        return None


def read_ncu_csv(data):
    rows = list(csv.reader(io.StringIO(data)))
    if len(rows) < 2:
        return []
    header = rows[0]
    launches = []
    for row in rows[2:]:
        if len(row) != len(header):
            continue
        entry = {"kernel": row[header.index("Kernel Name")],
                 "grid": row[header.index("Grid Size")],
                 "block": row[header.index("Block Size")],
                 "metrics": {}}
        names = set(header)
        for name, value in zip(header, row):
            v = number(value) if keep(name, names) else None
            if v is not None:
                entry["metrics"][name] = v
        launches.append(entry)
    return launches


def members(paths):
    for path in paths:
        with tarfile.open(path) as tar:
            for m in tar.getmembers():
                if m.isfile():
                    yield path, m.name, tar.extractfile(m).read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("gpu")
    parser.add_argument("tarballs", nargs="+")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    out = pathlib.Path(args.output)
    (out / "profiles").mkdir(parents=True, exist_ok=True)

    # A family recorded again by a later ncu tarball replaces the earlier
    # records and rows of that family.
    cases, run = {}, []
    ncu_manifest = {"ncu": {}, "ncu-warm": {}}
    ncu_csv = {"ncu": {}, "ncu-warm": {}}
    for tarball, name, data in members(args.tarballs):
        base = name.split("/", 1)[1] if "/" in name else name
        phase = "ncu-warm" if name.startswith("ncu-warm-") else name.split("-", 1)[0]
        if base.startswith("profiles/"):
            (out / base).write_bytes(data)
        elif base == "manifest.jsonl":
            families = {}
            for line in data.decode().splitlines():
                record = json.loads(line)
                if phase == "headroom":
                    cases[record["case"]] = record
                else:
                    families.setdefault(record["family"], []).append(record)
            if phase != "headroom":
                ncu_manifest[phase].update(families)
        elif base.startswith("ncu/") and base.endswith(".csv"):
            ncu_csv[phase][pathlib.Path(base).stem] = read_ncu_csv(data.decode())
        elif base in ("gpu.csv", "build.txt", "ncu-version.txt", "summary.txt"):
            run.append(f"== {phase}: {base}\n{data.decode()}")

    problems = []
    ncu = match_ncu(ncu_manifest["ncu"], ncu_csv["ncu"], problems)
    warm = match_ncu(ncu_manifest["ncu-warm"], ncu_csv["ncu-warm"], problems)

    for name, record in cases.items():
        record["profile"] = f"profiles/{name}.json" if (out / "profiles" / f"{name}.json").exists() else None
        record["ncu"] = name in ncu
    (out / "cases.json").write_text(json.dumps(dict(sorted(cases.items())), indent=1) + "\n")
    write_ncu(ncu, out / "ncu.json")
    if warm:
        write_ncu(warm, out / "ncu-warm.json")
    (out / "run.txt").write_text(f"GPU {args.gpu}\n" + "\n".join(run))
    for p in problems:
        print("warning:", p, file=sys.stderr)
    print(f"{len(cases)} cases with Headroom profiles, {len(ncu)} with Nsight Compute data"
          f"{f', {len(warm)} without a cache flush' if warm else ''} -> {out}")
    return 1 if problems else 0


def match_ncu(ncu_manifest, ncu_csv, problems):
    """Nsight Compute's rows are in launch order, family by family; each case of
    the ncu manifest took as many rows as it bracketed for the profiler (the
    first profiled_launches launches of its checked run)."""
    ncu = {}
    cursor = {family: 0 for family in ncu_csv}
    for record in (r for records in ncu_manifest.values() for r in records):
        family, name = record["family"], record["case"]
        rows = ncu_csv.get(family, [])
        count = record["profiled_launches"]
        taken = rows[cursor.get(family, 0):cursor.get(family, 0) + count]
        cursor[family] = cursor.get(family, 0) + count
        if len(taken) != count:
            problems.append(f"{name}: {count} profiled launches, {len(taken)} ncu rows")
            continue
        for kernel, row in zip(record["kernels"], taken):
            if not re.search(r"\b" + re.escape(kernel) + r"\b", row["kernel"]):
                problems.append(f"{name}: expected {kernel}, ncu row is {row['kernel']}")
        ncu[name] = {"passed": record["passed"], "launches": taken,
                     "launches_in_run": len(record["kernels"])}
    for family, rows in ncu_csv.items():
        if cursor.get(family, 0) != len(rows):
            problems.append(f"{family}: {len(rows)} ncu rows, the manifest accounts for {cursor.get(family, 0)}")
    return ncu


def write_ncu(ncu, path):
    """Columnar: the metric names once, each launch's values in their order."""
    names = sorted({m for case in ncu.values() for launch in case["launches"]
                    for m in launch["metrics"]})
    for case in ncu.values():
        for launch in case["launches"]:
            metrics = launch.pop("metrics")
            launch["values"] = [metrics.get(m) for m in names]
    document = {"schema": "headroom.validation-ncu/1", "metrics": names,
                "cases": dict(sorted(ncu.items()))}
    path.write_text(json.dumps(document, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    sys.exit(main())
