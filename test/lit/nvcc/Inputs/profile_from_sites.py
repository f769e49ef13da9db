#!/usr/bin/env python3
"""Writes the profile an instrumented program would record, for tests that
have no GPU: the sites of an instrumented source's site table (what
`headroom nvcc` compiled, as fake-nvcc keeps it), with the directory it was
registered with (headroom_register_sites_in), and the kernels and counters
of a template profile whose sites have the same kernel and launch line.
What the runtime writes for a registered table is unit-tested
(test/unit/runtime/RuntimeTest.cpp); this joins the two sides.

usage: profile_from_sites.py INSTRUMENTED.cu TEMPLATE.json OUT.json
"""
import json
import re
import sys

ENTRY = re.compile(r'^\s*\{"((?:[^"\\]|\\.)*)", (\d+)u, (\d+)u, '
                   r'"((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)", (\d+)u, (\d+)u\},$')
REGISTER = re.compile(r'headroom_register_sites_in\(\w+, \d+u, '
                      r'"((?:[^"\\]|\\.)*)", HEADROOM_RUNTIME_ABI_VERSION\)')


def unescape(text):
    return re.sub(r'\\(.)', r'\1', text)


def main(instrumented, template, out):
    source = open(instrumented).read()
    registered = REGISTER.search(source)
    if not registered:
        sys.exit(f"{instrumented}: no headroom_register_sites_in call")
    directory = unescape(registered.group(1))
    table = [m for m in map(ENTRY.match, source.splitlines()) if m]
    profile = json.load(open(template))
    for site in profile["sites"]:
        for m in table:
            if unescape(m.group(4)) == site["kernel"] and \
                    int(m.group(2)) == site["line"]:
                site["file"] = unescape(m.group(1))
                site["kernel_file"] = unescape(m.group(5))
                site["directory"] = directory
                break
        else:
            sys.exit(f"{instrumented}: no entry for kernel {site['kernel']} "
                     f"launched at line {site['line']}")
    json.dump(profile, open(out, "w"), indent=1)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
