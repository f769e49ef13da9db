#!/usr/bin/env python3
# ===- architecture_doc.py - The layers of docs/architecture.md, generated -===#
"""Writes the layers part of docs/architecture.md, between the lines

    <!-- layers:begin (test/layering/architecture_doc.py writes this part) -->
    <!-- layers:end -->

from the table that check_layering.py enforces (ALLOWED) and the layers'
descriptions beside it (DESCRIPTIONS), so that the doc cannot drift from
the rule: a table of the layers, lowest first, with what each is for and
the nearest layers it builds on, then the full list of what each may use.

With --check, changes nothing: exits 1, naming the difference, when the
doc's part is not what this would write.

usage: architecture_doc.py [--check] [SOURCE_DIR]
"""

import difflib
import pathlib
import sys
import textwrap

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from check_layering import ALLOWED, DESCRIPTIONS  # noqa: E402

DOC = pathlib.Path("docs") / "architecture.md"
BEGIN = ("<!-- layers:begin (test/layering/architecture_doc.py writes this "
         "part) -->")
END = "<!-- layers:end -->"
LLVM = "LLVM and Clang"
# The width of the doc's prose; table rows are one line each.
WIDTH = 92


def directory(name):
    if name in ("runtime", "microbench", "tool"):
        return name + "/"
    return f"passes/{name}/"


def wrapped(text, indent=""):
    """The text as lines of the doc's width, continued at indent."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def order():
    """The layers in ALLOWED's order, which must put every layer after
    those it may use."""
    seen = []
    for name in ALLOWED:
        above = sorted(used for used in ALLOWED[name]
                       if used in ALLOWED and used not in seen)
        if above:
            sys.exit(f"architecture_doc.py: {name} may use {', '.join(above)}"
                     ", listed after it in check_layering.py's ALLOWED: "
                     "list the layers lowest first")
        seen.append(name)
    missing = [name for name in seen if not DESCRIPTIONS.get(name)]
    if missing:
        sys.exit("architecture_doc.py: no description in check_layering.py's "
                 f"DESCRIPTIONS for {', '.join(missing)}")
    return seen


def spelled(names, layers):
    """The layers of names, lowest first, LLVM and Clang last."""
    text = [f"`{name}`" for name in layers if name in names]
    if "llvm" in names:
        text.append(LLVM)
    return ", ".join(text)


def nearest(name):
    """The nearest layers below name, the arrows of the table: those it may
    use that no other layer it may use may use too."""
    used = ALLOWED[name]
    return {low for low in used
            if not any(low in ALLOWED.get(mid, ()) for mid in used)}


def part():
    layers = order()
    lines = [BEGIN, ""]
    lines += wrapped(
        "Lowest first. **Builds on** names the nearest layers a layer may "
        "use; the list below the table gives all it may use, which "
        "`check_layering.py` enforces. A layer does not inherit what the "
        "layers it builds on use.")
    lines += ["", "| layer | what it is for | builds on |", "|---|---|---|"]
    for name in layers:
        below = spelled(nearest(name), layers) or "nothing"
        lines.append(f"| `{directory(name)}` | {DESCRIPTIONS[name]} | "
                     f"{below} |")
    lines.append("")
    lines += wrapped(
        "Every arrow: what each layer may include and link besides itself, "
        "the standard library and nlohmann/json (LLVM and Clang: their "
        "headers and libraries).")
    lines.append("")
    for name in layers:
        others = [other for other in layers if other != name]
        if set(others) <= ALLOWED[name]:
            used = "every other layer" + (f", {LLVM}" if "llvm" in
                                          ALLOWED[name] else "")
        else:
            used = spelled(ALLOWED[name], layers) or "nothing else"
        lines += wrapped(f"- `{name}`: {used}", "  ")
    lines += ["", END]
    return lines


def main(args):
    check = "--check" in args
    args = [arg for arg in args if arg != "--check"]
    root = pathlib.Path(args[0] if args else ".").resolve()
    path = root / DOC
    text = path.read_text()
    lines = text.split("\n")
    if lines.count(BEGIN) != 1 or lines.count(END) != 1 or \
            lines.index(BEGIN) > lines.index(END):
        print(f"{DOC}: expected one line\n  {BEGIN}\nfollowed by one line\n"
              f"  {END}\naround the part architecture_doc.py writes")
        return 1
    first, last = lines.index(BEGIN), lines.index(END)
    wanted = part()
    if lines[first:last + 1] == wanted:
        print(f"{DOC}: the layers part is up to date")
        return 0
    if check:
        print(f"{DOC}: the layers part differs from what "
              "test/layering/architecture_doc.py writes from "
              "check_layering.py's ALLOWED and DESCRIPTIONS; rewrite it from "
              "the repository root with\n"
              "  python3 test/layering/architecture_doc.py")
        sys.stdout.writelines(difflib.unified_diff(
            [line + "\n" for line in lines[first:last + 1]],
            [line + "\n" for line in wanted], f"{DOC} (now)",
            f"{DOC} (written)"))
        return 1
    path.write_text("\n".join(lines[:first] + wanted + lines[last + 1:]))
    print(f"{DOC}: wrote the layers part")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
