#!/usr/bin/env python3
"""Writes a damaged copy of a CSV export for the import error tests.

usage: edit_csv.py IN OUT drop-column NAME        (the column named NAME)
       edit_csv.py IN OUT set ROW NAME VALUE       (ROW 0: the header)
       edit_csv.py IN OUT cut-row ROW FIELDS       (ROW keeps FIELDS fields)
       edit_csv.py IN OUT replace OLD NEW          (the text OLD)
Rows count from 0 (the header); every field is written quoted, as ncu does.
"""
import csv
import sys

src, dst, action = sys.argv[1:4]
args = sys.argv[4:]
if action == "replace":
    text = open(src, newline="").read()
    open(dst, "w", newline="").write(text.replace(args[0], args[1]))
    sys.exit(0)
rows = list(csv.reader(open(src, newline="")))
if action == "drop-column":
    i = rows[0].index(args[0])
    rows = [r[:i] + r[i + 1:] for r in rows]
elif action == "set":
    rows[int(args[0])][rows[0].index(args[1])] = args[2]
elif action == "cut-row":
    rows[int(args[0])] = rows[int(args[0])][:int(args[1])]
else:
    sys.exit("edit_csv.py: unknown action " + action)
with open(dst, "w", newline="") as out:
    csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(rows)
