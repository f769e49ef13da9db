#!/usr/bin/env python3
"""What `headroom report` says of every latency-bound kernel of recorded
profiles: the stall reason and the line its warps wait at most, and its
first cause.

Runs `HEADROOM report --format json` on each profile under PROFILES (a
directory, searched recursively; test/gpu/stalls/validation.sh writes one
per case) and prints, per latency-bound kernel, its dominant stall reason,
the line that holds most of it and its latency causes, then how many
latency-bound kernels name a reason and a line, how many say "no single
cause" and how many have no stall samples.

usage: causes.py HEADROOM PROFILES
"""

import json
import os
import subprocess
import sys


def reports(headroom, root):
    for directory, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".json"):
                path = os.path.join(directory, name)
                out = subprocess.run(
                    [headroom, "report", "--profile", path, "--format", "json"],
                    capture_output=True, text=True, check=True).stdout
                yield name[:-len(".json")], json.loads(out)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    latency = named = no_cause = unsampled = 0
    for case, report in reports(sys.argv[1], sys.argv[2]):
        no_cause += sum("no single cause" in note["message"]
                        for d in report["diagnostics"]
                        for note in d.get("notes", []))
        for kernel in report["kernels"]:
            finding = kernel.get("finding") or {}
            if finding.get("regime") != "latency":
                continue
            latency += 1
            name = kernel["short_name"]
            causes = [c["cause"] for c in finding.get("latency_causes", [])]
            stalls = kernel.get("stall_lines")
            if not stalls:
                unsampled += 1
                print(f"{case}: {name}: no stall samples; causes "
                      f"{', '.join(causes) or 'none'}")
                continue
            dominant = stalls["dominant"]
            lines = [line for line in stalls["lines"]
                     if line["reasons"].get(dominant)]
            at = max(lines, key=lambda line: line["reasons"][dominant])
            named += 1
            print(f"{case}: {name}: {dominant} at line {at['line']} "
                  f"({stalls['samples']} samples); causes "
                  f"{', '.join(causes) or 'none'}")
    print(f"latency-bound kernels: {latency}; a stall reason and a line: "
          f"{named}; no stall samples: {unsampled}; "
          f"'no single cause': {no_cause}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
