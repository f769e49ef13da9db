#!/usr/bin/env python3
"""Writes a synthetic headroom.profile/1 with many kernels, for benchmarks.

usage: make-synthetic-profile.py [--kernels N] [--seed S] OUT.json

Every kernel has its own launch site and definition (in 100 files of a
fictional source tree), 1 to 1000 launches, a block of 32 to 1024 threads,
and the full set of counters the runtime records on Hopper for one sampled
launch, derived from a random mix (compute- and memory-bound, fp32, fp64
and int kernels) so that every one of them is valid for the model. One
kernel in 20 has no counters (timing only), as in real profiles where some
configurations are not sampled. Deterministic for a given seed.
"""
import argparse
import json
import random


def counters(rng, threads):
    kind = rng.choice(["fp32", "fp32", "fp64", "int"])
    per_thread_ops = rng.uniform(1, 400)
    fp = per_thread_ops * threads
    fma = fp * rng.uniform(0, 1)
    ldst = threads * rng.uniform(1, 40)
    integer = threads * rng.uniform(2, 60)
    fp32 = fp if kind == "fp32" else 0.0
    fp64 = fp if kind == "fp64" else 0.0
    if kind == "int":
        integer += fp
    inst = (fp + ldst + integer) / 32 * rng.uniform(1.05, 1.6)
    dram_bytes = threads * rng.uniform(0.5, 64)
    reads = dram_bytes / 32 * 0.66
    writes = dram_bytes / 32 * 0.34
    return {
        "dram__sectors_read.sum": round(reads),
        "dram__sectors_write.sum": round(writes),
        "gpu__time_duration.sum": round(rng.uniform(2e3, 5e6)),
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": round(ldst / 64),
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": round(ldst / 256),
        "lts__t_bytes.sum": round(dram_bytes * rng.uniform(1, 4)),
        "lts__t_sectors_op_read.sum": round(reads * 1.5),
        "lts__t_sectors_op_write.sum": round(writes * 1.2),
        "sm__warps_active.avg.pct_of_peak_sustained_active": rng.uniform(10, 99),
        "smsp__average_thread_inst_executed_per_inst_executed.ratio":
            rng.uniform(20, 32),
        "smsp__inst_executed.sum": round(inst),
        "smsp__inst_executed_op_shared_ld.sum": round(ldst / 64),
        "smsp__inst_executed_op_shared_st.sum": round(ldst / 256),
        "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum":
            round(fma) if kind == "fp64" else 0,
        "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum":
            round(fma) if kind == "fp32" else 0,
        "smsp__sass_thread_inst_executed_op_fp16_pred_on.sum": 0,
        "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum": round(fp32),
        "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum": round(fp64),
        "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum": 0,
        "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum": 0,
        "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum": 0,
        "smsp__sass_thread_inst_executed_op_integer_pred_on.sum": round(integer),
        "smsp__sass_thread_inst_executed_op_memory_pred_on.sum": round(ldst),
        "smsp__thread_inst_executed.sum": round(inst * 32),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kernels", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sites, kernels = [], []
    for i in range(args.kernels):
        source = "src/module%02d.cu" % (i % 100)
        name = "kernel%05d" % i
        sites.append({"id": i, "file": source, "line": 1000 + i, "column": 5,
                      "kernel": name, "kernel_file": source,
                      "kernel_line": 10 + i, "kernel_column": 17})
        block = rng.choice([32, 64, 128, 256, 512, 1024])
        grid = rng.choice([1, 16, 132, 1024, 65536])
        launches = rng.randint(1, 1000)
        mean = rng.uniform(2e3, 5e6)
        entry = {"site": i, "name": "_Z%d%sPf" % (len(name), name),
                 "demangled": name + "(float*)", "device": 0,
                 "grid": [grid, 1, 1], "block": [block, 1, 1],
                 "dynamic_shared_bytes": 0, "launches": launches,
                 "timed_launches": launches, "timing": "unprofiled",
                 "total_ns": round(mean * launches), "min_ns": round(mean * 0.9),
                 "max_ns": round(mean * 1.1)}
        if i % 20 != 19:
            entry["counters"] = counters(rng, grid * block)
            entry["counter_launches"] = 1
        kernels.append(entry)
    profile = {
        "schema": "headroom.profile/1", "runtime_version": "synthetic",
        "process": {"pid": 1, "host": "synthetic", "command": "synthetic"},
        "devices": [{"index": 0, "name": "NVIDIA H100 80GB HBM3",
                     "compute_capability": "9.0", "sm_count": 132}],
        "collection": {"mode": "counters", "warnings": []},
        "sites": sites, "kernels": kernels}
    with open(args.out, "w") as f:
        json.dump(profile, f, indent=1)


main()
