#!/usr/bin/env python3
"""Compares the static instruction mix of the validation corpus' kernels
(`headroom static-mix` notes, one file per family) with the mix their
counters measured (test/validation/recorded/<gpu>/profiles/*.json), and
writes docs/perf/static-mix.md's table: per kernel, static and measured D_ops
and D_ldst, and the share of kernels within 10 points on both.

usage: static_mix.py NOTES_DIR RECORDED_GPU_DIR > table.md
"""
import glob
import json
import os
import re
import statistics
import subprocess
import sys

NOTE = re.compile(r"static mix of '(.*)' \((sm_\w+), .*\): K_type (\w+), "
                  r"D_ops (\d+)%, D_ldst (\d+)%")
FP32 = "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum"
FP64 = "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum"
INT = "smsp__sass_thread_inst_executed_op_integer_pred_on.sum"
LDST = "smsp__sass_thread_inst_executed_op_memory_pred_on.sum"
INST = "smsp__inst_executed.sum"


def normalized(signature):
    return signature.replace("(anonymous namespace)::", "").replace(" ", "")


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), text=True,
                         capture_output=True, check=True).stdout
    return dict(zip(names, out.splitlines()))


def measured(recorded):
    """Per normalized signature: the D_ops and D_ldst of each case."""
    kernels = []
    for path in sorted(glob.glob(os.path.join(recorded, "profiles", "*.json"))):
        for k in json.load(open(path)).get("kernels", []):
            c = k.get("counters", {})
            if c.get(INST, 0) > 0 and LDST in c:
                kernels.append((k["name"], c))
    names = demangle(sorted({n for n, _ in kernels}))
    mix = {}
    for name, c in kernels:
        total = 32 * c[INST]
        ops = c.get(FP64, 0) or c.get(FP32, 0) or c.get(INT, 0)
        mix.setdefault(normalized(names[name]), []).append(
            (ops / total, c[LDST] / total))
    return mix


def static(notes_dir):
    mix = {}
    for path in sorted(glob.glob(os.path.join(notes_dir, "*.txt"))):
        family = os.path.basename(path)[:-4]
        for m in NOTE.finditer(open(path).read()):
            mix[normalized(m.group(1))] = (family, m.group(3),
                                           int(m.group(4)) / 100,
                                           int(m.group(5)) / 100)
    return mix


def main(notes_dir, recorded):
    seen, ok = 0, 0
    rows = []
    meas = measured(recorded)
    for sig, (family, ktype, d_ops, d_ldst) in sorted(static(notes_dir).items()):
        if sig not in meas:
            continue
        m_ops = statistics.median(v[0] for v in meas[sig])
        m_ldst = statistics.median(v[1] for v in meas[sig])
        within = abs(d_ops - m_ops) <= 0.10 and abs(d_ldst - m_ldst) <= 0.10
        seen += 1
        ok += within
        rows.append(f"| {family} | `{sig[:60]}` | {ktype} | {d_ops:.0%} | "
                    f"{m_ops:.0%} | {d_ldst:.0%} | {m_ldst:.0%} | "
                    f"{'yes' if within else 'no'} |")
    print(f"{ok} of {seen} kernels ({ok / max(seen, 1):.0%}) within 10 points "
          "on both D_ops and D_ldst (target: 80%).\n")
    print("| family | kernel | K_type | static D_ops | measured D_ops | "
          "static D_ldst | measured D_ldst | within 10 points |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
