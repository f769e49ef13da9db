#!/usr/bin/env python3
# ===- fix-banners.py - File banners of exactly 80 columns ----------------===#
"""Rewrites the first line of each C++/CUDA file given (or of every tracked
one) to LLVM's banner form, exactly 80 columns, so that clang-format leaves
it alone:

    //===- Name.h - What it is ------------------------------*- C++ -*-===//
    //===- Name.cpp - What it does --------------------------------------===//

A banner that clang-format already broke in two (its tail `//-*-===//` on
the next line) is joined first. A description too long for the line is
cut at a word boundary. With --check, prints the files it would change and
exits 1 if there are any.

usage: fix-banners.py [--check] [FILE...]
"""
import pathlib
import re
import subprocess
import sys

WIDTH = 80
HEAD = re.compile(r"^//===-+\s*(\S+)(?:\s+-\s+(.*?))?\s*-*\s*(?:-\*-\s*(C\+\+|CUDA|C)\s*(?:-\*-)?)?\s*-*===//\s*$")
BROKEN_FIRST = re.compile(r"^//===-+\s*(\S+)(?:\s+-\s+(.*?))?\s*-*\s*-\*-\s*(C\+\+|CUDA|C)\s*$")
BROKEN_SECOND = re.compile(r"^//\s*-\*-===//\s*$")
CUT = []
LANGUAGE = {".h": "C++", ".cuh": "CUDA"}


def banner(name, description, language):
    tail = f"-*- {language} -*-===//" if language else "===//"
    head = f"//===- {name}"
    words = (description or "").split()
    least = 0 if language else 1
    while True:
        text = head + (" - " + " ".join(words) if words else "") + " "
        if len(text) + len(tail) + least <= WIDTH or not words:
            break
        words.pop()
        CUT.append(name)
    return text + "-" * max(least, WIDTH - len(text) - len(tail)) + tail


def fixed(path, lines):
    if not lines:
        return None
    language = LANGUAGE.get(path.suffix)
    first = lines[0]
    rest = lines[1:]
    m = BROKEN_FIRST.match(first)
    if m and rest and BROKEN_SECOND.match(rest[0]):
        rest = rest[1:]
    else:
        m = HEAD.match(first)
    if not m:
        return None
    line = banner(m.group(1), m.group(2), language)
    return [line] + rest


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        out = subprocess.run(["git", "ls-files", "*.h", "*.cpp", "*.cuh", "*.cu"],
                             capture_output=True, text=True, check=True).stdout
        files = [f for f in out.split() if not f.startswith(("test/lit/", "test/corpus/", "examples/"))]
    changed = []
    for name in files:
        path = pathlib.Path(name)
        text = path.read_text()
        lines = text.split("\n")
        new = fixed(path, lines)
        if new is not None and new != lines:
            changed.append(name)
            if not check:
                path.write_text("\n".join(new))
    for name in changed:
        print(name)
    for name in sorted(set(CUT)):
        print("description cut:", name, file=sys.stderr)
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
