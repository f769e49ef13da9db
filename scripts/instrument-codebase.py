#!/usr/bin/env python3
"""Instruments every CUDA translation unit of a code base that nvcc compiles.

usage: scripts/instrument-codebase.py HEADROOM ROOT [options] [-- NVCC FLAGS]

For each `.cu` file under ROOT (sorted; --exclude drops paths matching a regular
expression):

1. nvcc compiles it for the host and the device: `nvcc FLAGS -I<its directory>
   -c FILE`. A file nvcc does not compile (an NVRTC kernel, a file meant to be
   #included, one that needs a library that is not installed) is not counted.
2. `HEADROOM instrument FILE -o COPY -- nvcc FLAGS -I<its directory>`.
   A non-zero exit is a *fallback*: `headroom nvcc` would compile the original
   unchanged, with a note; its reason is headroom's last line of output.
3. nvcc compiles COPY as `headroom nvcc` does (`-I<runtime include>`,
   `-Xcompiler=-iquote,<its directory>`). Success is *instrumented* (with the
   number of launch sites it instruments); failure is a *failure* (with nvcc's
   first error): `headroom nvcc` would then compile the original, with a note.
   The launch sites and the library calls bracketed are counted apart.

Prints one line per file, then the counts and each fallback and failure with
its reason. With --plain-cache, step 1's outcome is kept for a second run.
The flags after `--` are nvcc's (default: `-std=c++17
-arch=sm_90`); -I options relative to ROOT are allowed with --include.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(argv, cwd=None, timeout=600):
    """Runs argv; returns (exit code, combined output)."""
    try:
        p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True,
                           errors="replace", timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 124, "timed out after %d s" % timeout


def first_error(text):
    """The first line that says error, else the last line."""
    lines = [l for l in text.splitlines() if l.strip()]
    for line in lines:
        if "error" in line:
            return line.strip()
    return lines[-1].strip() if lines else "(no output)"


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def sources(root, exclude):
    found = []
    for dirpath, _, files in os.walk(root):
        for name in files:
            if name.endswith(".cu"):
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                if not (exclude and re.search(exclude, rel)):
                    found.append(rel)
    return sorted(found)


def measure(args, rel, scratch):
    """(verdict, detail) of one file: skipped, instrumented, fallback, failure."""
    src = os.path.join(args.root, rel)
    here = os.path.dirname(src)
    flags = args.nvcc_flags + ["-I" + os.path.join(args.root, i)
                               for i in args.include] + ["-I" + here]
    obj = os.path.join(scratch, "plain.o")
    key = " ".join(flags + [rel])
    if key not in args.plain:
        code, out = run([args.nvcc] + flags + ["-c", src, "-o", obj])
        args.plain[key] = "" if code == 0 else "nvcc: " + first_error(out)
    if args.plain[key]:
        return "skipped", args.plain[key]
    copy = os.path.join(scratch, os.path.basename(rel))
    if os.path.exists(copy):
        os.remove(copy)
    code, listed = run([args.headroom, "instrument", src, "-o", copy,
                        "--list-sites", "--", "nvcc"] + flags)
    if code != 0:
        return "fallback", last_line(listed)
    calls = len(re.findall(r"\(library call\), instrumented$", listed, re.M))
    sites = len(re.findall(r", instrumented$", listed, re.M)) - calls
    runtime = os.path.join(REPO, "runtime", "include")
    code, out = run([args.nvcc] + flags + ["-I" + runtime,
                                           "-Xcompiler=-iquote," + here,
                                           "-c", copy, "-o", obj])
    if code != 0:
        return "failure", "nvcc on the instrumented copy: " + first_error(out)
    note = (" (clang's errors tolerated)"
            if "no launch depends on" in listed else "")
    what = "%d sites" % sites
    if calls:
        what += ", %d library calls" % calls
    return "instrumented", what + note


def main():
    argv = sys.argv[1:]
    nvcc_flags = ["-std=c++17", "-arch=sm_90"]
    if "--" in argv:
        at = argv.index("--")
        argv, nvcc_flags = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("headroom", help="the headroom executable")
    ap.add_argument("root", help="the code base")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--include", action="append", default=[],
                    help="an include directory relative to ROOT (repeatable)")
    ap.add_argument("--exclude", help="skip paths matching this regex")
    ap.add_argument("--only", help="only paths matching this regex")
    ap.add_argument("--plain-cache",
                    help="a JSON file that keeps whether nvcc compiles each "
                    "original, for a second run (with another headroom)")
    args = ap.parse_args(argv)
    args.plain = {}
    if args.plain_cache and os.path.exists(args.plain_cache):
        with open(args.plain_cache) as f:
            args.plain = json.load(f)
    args.nvcc_flags = nvcc_flags
    args.root = os.path.abspath(args.root)
    args.headroom = os.path.abspath(args.headroom)

    files = [f for f in sources(args.root, args.exclude)
             if not args.only or re.search(args.only, f)]
    counts = {"skipped": 0, "instrumented": 0, "fallback": 0, "failure": 0}
    problems = []
    scratch = tempfile.mkdtemp(prefix="headroom-codebase-")
    start = time.time()
    try:
        for rel in files:
            verdict, detail = measure(args, rel, scratch)
            counts[verdict] += 1
            print("%-12s %s: %s" % (verdict, rel, detail), flush=True)
            if verdict in ("fallback", "failure"):
                problems.append((verdict, rel, detail))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if args.plain_cache:
            with open(args.plain_cache, "w") as f:
                json.dump(args.plain, f, indent=0, sort_keys=True)
    compiled = counts["instrumented"] + counts["fallback"] + counts["failure"]
    print()
    print("%d .cu files, %d compiled by nvcc (%d not: skipped), %.0f s" %
          (len(files), compiled, counts["skipped"], time.time() - start))
    if compiled:
        print("instrumented and compiled: %d (%.1f%%); fallback: %d; "
              "failure: %d" % (counts["instrumented"],
                               100.0 * counts["instrumented"] / compiled,
                               counts["fallback"], counts["failure"]))
    for verdict, rel, detail in problems:
        print("%s %s: %s" % (verdict, rel, detail))
    return 0


if __name__ == "__main__":
    sys.exit(main())
