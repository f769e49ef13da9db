#!/usr/bin/env python3
"""Runs a command and fails unless it exits with the expected status.

usage: expect_exit.py STATUS COMMAND [ARG...]

lit's `not` accepts any non-zero status; headroom lint's statuses mean
different things (1 findings, 2 usage or input error), so the tests check
them exactly. The command's stdout and stderr pass through.
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    sys.stderr.write("expect_exit.py: expected exit status %d, got %d from %s\n"
                     % (expected, status, " ".join(sys.argv[2:])))
    sys.exit(1)
