# shellcheck shell=bash
# The generated part of a page of docs/perf: the lines between a begin and
# an end marker, which test/validation/accuracy.sh and advice.sh write and
# their --check compares. Sourced, not run.

# Prints the lines between the markers $2 and $3 of the page $1.
doc_block_read() { # page begin end
  awk -v b="$2" -v e="$3" '$0 == e {p = 0} p {print} $0 == b {p = 1}' "$1"
}

# Replaces the lines between the markers $2 and $3 of the page $1 with the
# file $4.
doc_block_write() { # page begin end file
  awk -v b="$2" -v e="$3" -v f="$4" '
    $0 == b {print; while ((getline line < f) > 0) print line; skip = 1; next}
    $0 == e {skip = 0}
    !skip {print}' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}
