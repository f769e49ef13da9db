#!/usr/bin/env python3
"""Checks the run of test/gpu/libraries/run.sh: the instrumented program
printed what the plain one printed, each library call of libraries.cu is a
scope of the profile, every library kernel is attributed to one, and every
attributed entry was sampled (or says why not)."""
import json
import os
import sys

out = sys.argv[1]
failures = 0


def check(ok, what):
    global failures
    print(("PASS: " if ok else "FAIL: ") + what)
    failures += not ok
    return ok


def read(name):
    with open(os.path.join(out, name)) as f:
        return f.read()


check(read("plain.out") == read("instrumented.out") and read("plain.out"),
      "instrumented output identical to the plain build: "
      + read("plain.out").strip())
profile = json.loads(read("profile.json"))
scopes = profile["scopes"]
kernels = profile["kernels"]
names = [s["name"] for s in scopes]
print("scopes:", ", ".join(f"{s['name']}@{s['line']}" for s in scopes))
for wanted in ["cublasSgemm", "cublasSaxpy", "cusparseSpMV", "cufftExecC2C",
               "thrust::sort", "thrust::transform", "thrust::reduce",
               "cub::DeviceRadixSort::SortKeys"]:
    check(any(wanted in n for n in names), f"a scope names {wanted}")

user = [k for k in kernels if k.get("site") is not None]
library = [k for k in kernels if k.get("site") is None]
unattributed = [k for k in library if k.get("scope") is None]
check(user and all("fill" in k["demangled"] for k in user),
      f"the program's own kernel at its sites ({len(user)} entries)")
check(not unattributed,
      f"every library kernel attributed to a call ({len(library)} entries; "
      f"unattributed: {[k['demangled'][:60] for k in unattributed]})")


def by_scope(fragment):
    ids = {s["id"] for s in scopes if fragment in s["name"]}
    return [k for k in library if k.get("scope") in ids]


for call, kernel in [("cublasSgemm", "gemm"), ("cusparseSpMV", "csrmv"),
                     ("cufftExecC2C", "fft"), ("thrust::sort", "Sort"),
                     ("cub::DeviceRadixSort::SortKeys", "RadixSort")]:
    ks = by_scope(call)
    check(any(kernel.lower() in k["demangled"].lower() for k in ks),
          f"{call}'s kernels attributed to it: "
          f"{sorted({k['demangled'][:50] for k in ks})}")
unsampled = [k for k in library
             if "counters" not in k and "counter_note" not in k]
check(not unsampled,
      f"every library entry sampled under the defaults or says why "
      f"({len(library) - len(unsampled)} of {len(library)}; not: "
      f"{[k['demangled'][:50] for k in unsampled]})")
print(f"{'FAIL' if failures else 'PASS'}: {failures} failed checks")
sys.exit(1 if failures else 0)
