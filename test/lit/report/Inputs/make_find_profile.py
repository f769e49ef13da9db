#!/usr/bin/env python3
"""Writes a profile of Inputs/find.cu's kernel 'find' with SYNTHETIC
warp-stall samples, for test/lit/report/stall-blame.test.

The device, collection and the entry's launch shape and counters are real,
but of another kernel: 'fill' of test/gpu/libraries/libraries.cu as
test/gpu/libraries/recorded/profile.json recorded it on an H200 (its first
launch site), renamed to 'find' and moved to find.cu. The stall samples are
made up here (no GPU took them), at the offsets of the hand-written
Inputs/find.sass and the lines its comments give, in the shape the runtime
writes (docs/formats.md, `stall_samples`).

usage: make_find_profile.py RECORDED_PROFILE OUTPUT
"""

import json
import sys

SOURCE = "test/lit/report/Inputs/find.cu"
FUNCTION = "_Z4findPKfiS0_Pi"

# SASS offset -> (line, samples per reason). Line 10 waits on the load of
# line 9 inside the loop (lines 8-11); line 9's load waits for the memory
# queue; line 8 resolves the loop's branch.
SYNTHETIC = {
    0x050: (5, {"wait": 20}),
    0x0f0: (9, {"wait": 40}),
    0x100: (9, {"lg_throttle": 150, "selected": 30}),
    0x110: (10, {"not_selected": 50}),
    0x120: (10, {"long_scoreboard": 600, "selected": 40}),
    0x130: (11, {"selected": 10}),
    0x140: (8, {"wait": 60}),
    0x160: (8, {"branch_resolving": 80}),
    0x190: (13, {"lg_throttle": 30}),
}


def main():
    recorded, output = sys.argv[1], sys.argv[2]
    with open(recorded) as f:
        profile = json.load(f)
    site = dict(next(s for s in profile["sites"] if s["id"] == 0))
    site.pop("directory", None)
    site.update({"file": SOURCE, "line": 17, "column": 3, "kernel": "find",
                 "kernel_file": SOURCE, "kernel_line": 4,
                 "kernel_column": 17})
    entry = dict(next(k for k in profile["kernels"] if k.get("site") == 0))
    entry.update({"name": FUNCTION,
                  "demangled": "find(const float*, int, const float*, int*)"})
    entry["stall_samples"] = {"launches": 1, "period": 32768, "dropped": 0,
                              "pcs": [{"function": FUNCTION, "offset": o,
                                       "file": SOURCE, "line": line,
                                       "stalls": stalls}
                                      for o, (line, stalls)
                                      in SYNTHETIC.items()]}
    profile["sites"] = [site]
    profile["scopes"] = []
    profile["kernels"] = [entry]
    profile["collection"]["stall_sampling"] = {
        "mode": "on", "period": 32768,
        "note": "synthetic samples (test/lit/report/Inputs/make_find_profile.py)"}
    with open(output, "w") as f:
        json.dump(profile, f, indent=1)


if __name__ == "__main__":
    main()
