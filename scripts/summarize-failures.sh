#!/usr/bin/env bash
# Prints a short summary of the tests the last ctest run failed, last, so that
# a CI log cut to its final lines still says which test broke and why: the
# ctest names, and for each failing lit test its first errors and the RUN
# line they came from (the full output is above, from --output-on-failure).
build=${1:?usage: summarize-failures.sh BUILD_DIR}
log=$build/Testing/Temporary/LastTest.log
failed=$build/Testing/Temporary/LastTestsFailed.log
echo "=== failed tests ==="
[ -f "$failed" ] && sed 's/^/  ctest: /' "$failed"
[ -f "$log" ] || exit 0
awk '
  /^\*+ TEST .* FAILED \*+$/ { name = $3 " " $4 " " $5; inblock = 1; errors = 0; run = ""; next }
  inblock && /^\*+$/ { inblock = 0; next }
  inblock && /RUN: at line/ { run = $0 }
  # Errors, and the changed lines of a failing diff (lit prints "# | -x").
  inblock && (/error:|Traceback|No such file/ || /^# \| [-+][^-+]/) && errors < 6 {
    if (errors == 0) print "  lit: " name " (" run ")"
    print "    " substr($0, 1, 200); errors++
  }
' "$log"
grep -E '^(FAIL|TIMEOUT|UNRESOLVED|XPASS): ' "$log" | sort -u | sed 's/^/  /'
