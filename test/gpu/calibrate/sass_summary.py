#!/usr/bin/env python3
"""Summarizes `cuobjdump -sass` output: for each kernel, the count of each
opcode (modifiers stripped), so that a benchmark's loop can be checked for the
instruction it means to measure (e.g. FFMA in fp32_fma) and for what else is
there. Usage: cuobjdump -sass BINARY | sass_summary.py > summary.txt"""
import collections
import re
import sys

kernel = None
counts = collections.OrderedDict()
for line in sys.stdin:
    m = re.match(r"\s*Function : (\S+)", line)
    if m:
        kernel = m.group(1)
        counts[kernel] = collections.Counter()
        continue
    m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_]*)", line)
    if m and kernel:
        counts[kernel][m.group(1)] += 1
for kernel, c in counts.items():
    top = ", ".join("%s %d" % kv for kv in c.most_common(12))
    print("%s\n    %d instructions: %s" % (kernel, sum(c.values()), top))
