#!/usr/bin/env python3
# ===- long_names.py - No label shows a kernel's long name ---------------===#
"""Checks that an output of headroom report (text, CSV, HTML with its SVG
charts, or the text of a LSP or build log) shows no more than LIMIT
characters of any kernel name of PROFILE that is longer than LIMIT, except
in the note that gives a name in full ("'x' is short for '...'").

A long name leaks as its demangled signature, with or without its return
type: this looks for the first LIMIT + 1 characters of either on each line,
after <wbr> and HTML entities are taken out (an HTML page's SVG titles and
labels, table cells and diagnostics are lines of their own).

usage: long_names.py PROFILE OUTPUT [LIMIT]
Prints "no long name" or each leak (exit status 1).
"""
import html
import json
import re
import sys

PROFILE, OUTPUT = sys.argv[1:3]
LIMIT = int(sys.argv[3]) if len(sys.argv) > 3 else 60


def forms(demangled):
    """The ways a long name may show: as recorded, and without its return
    type (a first word followed by a space outside brackets)."""
    out = [demangled]
    if demangled.startswith("void "):
        out.append(demangled[5:])
    return [f for f in out if len(f) > LIMIT]


with open(PROFILE) as f:
    profile = json.load(f)
names = set()
for k in profile["kernels"]:
    names.update(forms(k.get("demangled", k["name"])))
for s in profile.get("sites", []):
    names.update(forms(s.get("kernel", "")))

with open(OUTPUT) as f:
    text = f.read()
# One line per note in the text formats; in HTML each diagnostic line is a
# line of its <div class="diag">.
text = re.sub(r"<wbr>", "", text)
lines = [html.unescape(line) for line in text.splitlines()]
leaks = []
for n, line in enumerate(lines, 1):
    if " is short for '" in line:
        line = line.split(" is short for '")[0]
    for name in names:
        if name[:LIMIT + 1] in line:
            leaks.append("line %d: %s" % (n, name[:LIMIT + 1]))
for leak in leaks:
    print(leak)
print("no long name" if not leaks else "long names shown")
sys.exit(1 if leaks else 0)
