#!/usr/bin/env python3
"""Runs the headroom commands of examples/ci/github-actions.yml.

usage: run_ci_example.py WORKFLOW HEADROOM_DIR WORK_DIR PROFILE DEVICE BASELINE
                         [COMMANDS]

Takes every `run:` step of the workflow that calls one of COMMANDS (comma-
separated; default `headroom lint,headroom report`), sets the workflow's
variables to the given profile, device and baseline (the others come from
the environment), and runs each step's script with bash in WORK_DIR with
HEADROOM_DIR first on PATH. Prints each step's exit status and the files it
wrote, so a test can check the example still works as documented.
"""
import os
import re
import subprocess
import sys

workflow, tool_dir, work, profile, device, baseline = sys.argv[1:7]
commands = (sys.argv[7] if len(sys.argv) > 7
            else "headroom lint,headroom report").split(",")
text = open(workflow).read()
try:
    import yaml
    steps = yaml.safe_load(text)["jobs"]["lint"]["steps"]
    scripts = [(s.get("name", ""), s["run"]) for s in steps if "run" in s]
except ImportError:  # Without PyYAML: the indented blocks after "run: |".
    scripts = [("", m.group(1)) for m in
               re.finditer(r"run: \|\n((?:          .*\n)+)", text)]
env = dict(os.environ, PATH=tool_dir + os.pathsep + os.environ["PATH"],
           HEADROOM_PROFILE=profile, HEADROOM_DEVICE=device,
           HEADROOM_BASELINE=baseline)
for name, script in scripts:
    if not any(command in script for command in commands):
        continue
    status = subprocess.call(["bash", "-eo", "pipefail", "-c", script],
                             cwd=work, env=env)
    print("step %r: exit %d" % (name, status))
for f in sorted(os.listdir(work)):
    print("wrote " + f)
