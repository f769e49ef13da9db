#!/usr/bin/env python3
"""A stand-in for Nsight Compute's ncu in the import tests.

`ncu --import R.ncu-rep --csv --page raw ...` prints the raw page recorded
beside it (Inputs/ncu-quickstart), `--page source ... --kernel-name
regex:RE` the source page of the kernel whose signature RE matches, and
nothing for a kernel it has no page of. Each call's arguments go to the file
$FAKE_NCU_LOG, one line each; with $FAKE_NCU_FAIL set it fails as ncu does
on a report it cannot read.
"""
import os
import re
import sys

here = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "ncu-quickstart")
args = sys.argv[1:]
if os.environ.get("FAKE_NCU_LOG"):
    with open(os.environ["FAKE_NCU_LOG"], "a") as log:
        log.write(" ".join(args) + "\n")
if os.environ.get("FAKE_NCU_FAIL"):
    sys.stderr.write("==ERROR== Failed to open report file\n")
    sys.exit(1)


def value(option):
    return args[args.index(option) + 1] if option in args else None


if "--import" not in args or "--csv" not in args:
    sys.exit("fake ncu: expected --import and --csv")
page = value("--page")
if page == "raw":
    name = ("quickstart-raw.csv" if value("--print-units") == "base"
            else "quickstart-raw-units.csv")
    sys.stdout.write(open(os.path.join(here, name)).read())
elif page == "source":
    pattern = value("--kernel-name")
    if value("--kernel-name-base") != "demangled" or not pattern.startswith(
            "regex:"):
        sys.exit("fake ncu: expected a regex of the demangled name")
    for kernel, signature in [
            ("saxpy", "saxpy(int, float, const float *, float *)"),
            ("sgemm", "sgemm(int, const float *, const float *, float *)")]:
        if re.search(pattern[len("regex:"):], signature):
            sys.stdout.write(open(os.path.join(
                here, "quickstart-source-sass-cuda-%s.csv" % kernel)).read())
else:
    sys.exit("fake ncu: unknown page %s" % page)
