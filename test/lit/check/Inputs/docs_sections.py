"""Fails unless docs/diagnostics.md has a '## `NAME`' section for every check
that `headroom check --list-checks` prints (NAME: summary)."""
import sys

checks = [line.split(":")[0] for line in open(sys.argv[1]) if line.strip()]
docs = open(sys.argv[2]).read()
missing = [c for c in checks if "\n## `" + c + "`\n" not in docs]
if len(checks) < 7 or missing:
    print("no section in docs/diagnostics.md for:", ", ".join(missing) or
          "(fewer than 7 checks listed)")
    sys.exit(1)
