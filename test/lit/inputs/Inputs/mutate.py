"""Writes a copy of a JSON file with fields set or removed.

mutate.py IN OUT PATH=VALUE... where PATH is dot-separated keys and array
indexes (kernels.0.total_ns) and VALUE a JSON text (1e308, "bogus", null);
PATH=! removes the field. Numbers are written as Python prints them, so
1e-310 stays a denormal in the output.
"""
import json
import sys

source, target, *edits = sys.argv[1:]
with open(source) as f:
    doc = json.load(f)
for edit in edits:
    path, value = edit.split("=", 1)
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    node = doc
    for key in keys[:-1]:
        node = node[key]
    if value == "!":
        del node[keys[-1]]
    else:
        node[keys[-1]] = json.loads(value)
with open(target, "w") as f:
    json.dump(doc, f, indent=1)
