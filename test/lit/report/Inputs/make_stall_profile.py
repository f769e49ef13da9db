#!/usr/bin/env python3
"""Writes a profile with SYNTHETIC warp-stall samples, for
test/lit/report/stall-samples.test.

The entries, sites, device and collection are real: kernel 'fill' of
test/gpu/libraries/libraries.cu as test/gpu/libraries/recorded/profile.json
recorded it on an H200 (three launch sites, one sampled and two estimated
entries). The stall samples are made up here (no GPU took them): they have
the shape the runtime writes (docs/formats.md, `stall_samples`), at the
lines of fill's body, so that the report's notes, causes, JSON and SARIF can
be checked without a GPU.

usage: make_stall_profile.py RECORDED_PROFILE OUTPUT [--without-samples]

With --without-samples, the same profile without them: what the report said
before the runtime sampled stalls.
"""

import json
import sys

# Per line of libraries.cu (None: unresolved), SASS offset -> samples per
# reason; the sampled entry (site 0) gets these, the others half of them.
SYNTHETIC = {
    48: {0x90: {"long_scoreboard": 400, "lg_throttle": 150},
         0xa0: {"selected": 70}},
    46: {0x10: {"wait": 150, "imc_miss": 60}, 0x20: {"selected": 40}},
    47: {0x40: {"branch_resolving": 60, "not_selected": 20}},
    None: {0x200: {"misc": 50}},
}


def pcs(scale):
    out = []
    for line, by_offset in SYNTHETIC.items():
        for offset, stalls in by_offset.items():
            pc = {"function": "_Z4fillPfif", "offset": offset}
            if line is not None:
                pc.update({"file": "test/gpu/libraries/libraries.cu",
                           "line": line})
            pc["stalls"] = {r: n // scale for r, n in stalls.items()}
            out.append(pc)
    return out


def main():
    recorded, output = sys.argv[1], sys.argv[2]
    with_samples = "--without-samples" not in sys.argv[3:]
    with open(recorded) as f:
        profile = json.load(f)
    sites = [s for s in profile["sites"] if s["kernel"] == "fill"]
    ids = {s["id"] for s in sites}
    kernels = [k for k in profile["kernels"] if k.get("site") in ids]
    for k in kernels if with_samples else []:
        k["stall_samples"] = {"launches": 1, "period": 32768, "dropped": 0,
                              "pcs": pcs(1 if k["site"] == 0 else 2)}
    # Recorded in another checkout: the report finds the source by its
    # path under the source root.
    for s in sites:
        s.pop("directory", None)
    profile["sites"] = sites
    profile["scopes"] = []
    profile["kernels"] = kernels
    if with_samples:
        profile["collection"]["stall_sampling"] = {
            "mode": "on", "period": 32768,
            "note": "synthetic samples "
                    "(test/lit/report/Inputs/make_stall_profile.py)"}
    with open(output, "w") as f:
        json.dump(profile, f, indent=1)


if __name__ == "__main__":
    main()
