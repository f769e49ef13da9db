#!/usr/bin/env python3
# ===- check_layering.py - Libraries include and link only downward --------===#
"""Checks Headroom's layering (docs/architecture.md): every source and header
under passes/, tool/, runtime/ and microbench/ includes only headers of the
libraries its own library may use, every library target under passes/
links only those libraries, and the layers that judge and render (checks/,
views/, lsp/, nvcc/, tool/) read kernels' findings, not the models' results. Prints one line per offending include or link,
naming file:line, and exits 1 when there is any.

usage: check_layering.py [SOURCE_DIR]
"""

import pathlib
import re
import sys

# What each library may include and link besides itself, the standard
# library and nlohmann/json, lowest layer first. "llvm" stands for the LLVM
# and Clang headers (llvm/..., clang/...) and libraries (LLVM, clang-cpp).
ALLOWED = {
    "support": set(),
    # The names of every check (header-only): what the Clang side and the
    # report's side both report by.
    "checks/catalog": set(),
    "schema": {"support"},
    "merge": {"support", "schema"},
    "model": {"support", "schema"},
    "devices": {"support", "schema", "model"},
    "analysis": {"support", "schema", "model", "devices"},
    # Nsight Compute's exports as a profile; its paths found as reports
    # find them (analysis/SourcePaths.h).
    "import": {"support", "schema", "analysis"},
    "sass": {"support", "schema", "model", "analysis"},
    "checks": {"support", "checks/catalog", "schema", "model", "devices",
               "analysis", "sass"},
    "views": {"support", "checks/catalog", "schema", "model", "devices",
              "analysis", "sass", "checks"},
    "nvccargs": {"support"},
    "ast": {"support", "schema", "nvccargs", "llvm"},
    # The checks of CUDA source code, on the device-side parse of ast/.
    "sourcechecks": {"support", "checks/catalog", "schema", "nvccargs", "ast",
                     "llvm"},
    # The wrapper prints the static mix of the objects it built (sass/).
    "nvcc": {"support", "checks/catalog", "schema", "model", "devices",
             "analysis", "checks", "views", "nvccargs", "sass"},
    # The one adapter that joins the wrapper and the Clang pass (and the
    # source checks, which run on the instrumenter's parse).
    "nvcc/clang": {"support", "checks/catalog", "schema", "model", "devices",
                   "analysis", "checks", "views", "nvccargs", "nvcc", "ast",
                   "sourcechecks", "sass", "llvm"},
    "lsp": {"support", "checks/catalog", "schema", "merge", "model",
            "devices", "analysis", "sass", "checks", "views", "nvccargs",
            "nvcc"},
    "runtime": {"support", "schema"},
    "microbench": {"support", "schema", "model", "devices"},
}
# The executable sits on top of everything.
ALLOWED["tool"] = set(ALLOWED) | {"llvm"}

# What each layer is for, one line each, in Markdown: architecture_doc.py
# writes them with ALLOWED into docs/architecture.md.
DESCRIPTIONS = {
    "checks/catalog": "The one registry of checks (`Checks.def`), "
                      "header-only: the stable name of every check, the "
                      "report's and the source checks alike.",
    "support": "Utilities every layer shares: errors, JSON input, number "
               "formats and quantities, CSV, text tables, SVG, processes, "
               "shell quoting, paths, the command line.",
    "schema": "The file formats as typed documents: the counter catalog, "
              "the schema tags, `headroom.profile/1` with its one reader "
              "and writer.",
    "merge": "`headroom merge`: the profiles of several processes or ranks "
             "as one.",
    "model": "The performance models, plain C++: the thesis model, the "
             "Hopper model's per-unit floors and its refinements (one file "
             "each), the fitted model. Words none of it.",
    "devices": "Device files (`headroom.device/1`), the registry that finds "
               "them by name, the shipped database, spec-derived devices, "
               "calibration.",
    "analysis": "A profile or counters file through the model on a device: "
                "kernel reports, projections, baselines, predictions, "
                "validation. Judges and prints nothing.",
    "import": "`headroom import`: Nsight Compute's CSV exports (the raw "
              "page, the kernels' source pages, or a report through `ncu`) "
              "as a `headroom.profile/1`.",
    "checks": "What Headroom judges, one check per file: kernel warnings, "
              "qualifying notes, input checks, the lint gate, the static "
              "mix; every sentence they say (`Messages.def`).",
    "views": "One class per output format, found by the name `--format` "
             "gives: text, JSON, SARIF, CSV, HTML with charts, Markdown.",
    "nvccargs": "nvcc's command line as data: its option table, one "
                "command taken apart, `--options-file` files.",
    "ast": "The Clang pass (only with Clang): the host parse, the launch "
           "finder and rewriter, header copies, `headroom instrument`.",
    "sourcechecks": "`headroom check` (only with Clang): checks of CUDA "
                    "source on the device-side parse, one per file.",
    "sass": "The static mix: a kernel's SASS from cuobjdump, its "
            "instruction mix and occupancy, the cap they set, the facts "
            "`--sass` gives the model.",
    "nvcc": "The `headroom nvcc` wrapper, plain C++; reaches the Clang "
            "pass only through its `SourceInstrumenter` interface.",
    "nvcc/clang": "`ClangInstrumenter` (only with Clang): the one adapter "
                  "that joins the wrapper, the Clang pass and the source "
                  "checks.",
    "lsp": "`headroom lsp`, the language-server proxy in front of clangd; "
           "runs `headroom check` and `headroom static-mix` as child "
           "processes.",
    "runtime": "`libheadroom_rt`, linked into instrumented programs: times "
               "launches, samples counters through CUPTI, writes the "
               "profile.",
    "microbench": "`headroom-microbench`, the calibration "
                  "micro-benchmarks that `headroom calibrate` runs.",
    "tool": "The `headroom` executable: one thin `*Main.cpp` per "
            "subcommand over the libraries.",
}

LIBRARIES = [name for name in ALLOWED if name not in ("runtime", "microbench",
                                                      "tool")]
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cu", ".cuh"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]')
TARGET_LINK = re.compile(r"target_link_libraries\(\s*(\S+)([^)]*)\)", re.S)
ADD_TARGET = re.compile(r"add_(?:library|executable)\(\s*([^\s)]+)")


def describe(name):
    allowed = sorted(ALLOWED[name])
    return ", ".join(allowed) if allowed else "nothing but itself"


def component_of(rel):
    """The library a file belongs to, by its path, or None."""
    parts = rel.parts
    if parts[0] == "passes" and len(parts) > 2:
        if parts[1] == "nvcc" and parts[2] == "clang" and len(parts) > 3:
            return "nvcc/clang"
        if parts[1] == "checks" and parts[2] == "catalog" and len(parts) > 3:
            return "checks/catalog"
        return parts[1]
    if parts[0] == "tool":
        return "tool"
    if parts[0] == "runtime":
        return "runtime"
    if parts[0] == "microbench":
        return "microbench"
    return None


def target_of(header, including, root):
    """What an included header belongs to: a library name, "llvm", "local"
    (the including file's own tree) or "unknown:<dir>"."""
    first = header.split("/")[0]
    if first in ("llvm", "clang", "llvm-c", "clang-c"):
        return "llvm"
    if "/" not in header:
        return "local"
    if header.startswith("nvcc/clang/"):
        return "nvcc/clang"
    if header.startswith("checks/catalog/"):
        return "checks/catalog"
    if first in ALLOWED and first not in ("runtime", "microbench", "tool"):
        return first
    # Headers relative to the including file or to its component's tree
    # (runtime/src/cupti/..., microbench/core/...), and the runtime's ABI.
    for base in (including.parent, root / "runtime" / "src",
                 root / "runtime" / "include", root / "microbench"):
        if (base / header).exists() and (
                root / "passes") not in (base / header).parents:
            return "local"
    if (root / "passes" / first).is_dir():
        return "unknown:passes/" + first
    return "system"


def check_includes(root, problems):
    for top in ("passes", "tool", "runtime", "microbench"):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            rel = path.relative_to(root)
            component = component_of(rel)
            if component is None:
                continue
            if component not in ALLOWED:
                problems.append(f"{rel}:1: passes/{component} is not a "
                                "library of the layering "
                                "(docs/architecture.md)")
                continue
            for number, line in enumerate(
                    path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                header = match.group(2)
                target = target_of(header, path, root)
                if target in ("local", "system", component):
                    continue
                if target.startswith("unknown:"):
                    problems.append(
                        f"{rel}:{number}: {component} includes \"{header}\": "
                        f"{target[8:]} is not a library of the layering")
                    continue
                if target not in ALLOWED[component]:
                    problems.append(
                        f"{rel}:{number}: {component} includes \"{header}\" "
                        f"({target}): {component} may include "
                        f"{describe(component)}")


def library_of_target(name):
    if name in ("LLVM", "clang-cpp") or name.startswith(("LLVM", "clang")):
        return "llvm"
    if name == "headroom_nvcc_clang":
        return "nvcc/clang"
    if name.startswith("headroom_"):
        return name[len("headroom_"):]
    return None


def check_links(root, problems):
    """Every target_link_libraries of a library (passes/), the runtime or
    the micro-benchmarks names only the layers that library may use; the
    component's own internal targets (headroom_rt_core, ...) are its own."""
    for top in ("passes", "runtime", "microbench"):
        files = sorted((root / top).rglob("CMakeLists.txt"))
        own = set()
        for path in files:
            own.update(ADD_TARGET.findall(path.read_text()))
        for path in files:
            rel = path.relative_to(root)
            text = path.read_text()
            for match in TARGET_LINK.finditer(text):
                name = match.group(1)
                target = library_of_target(name) if top == "passes" else top
                if target is None or target not in ALLOWED:
                    continue
                number = text.count("\n", 0, match.start()) + 1
                for word in match.group(2).split():
                    linked = library_of_target(word)
                    if linked is None or linked == target:
                        continue
                    if top != "passes" and word in own:
                        continue
                    if linked not in ALLOWED[target]:
                        problems.append(
                            f"{rel}:{number}: {name} links {word}: "
                            f"{target} may use {describe(target)}")


# What the models computed stays inside analysis/ (its adapters turn it into
# a kernel's finding, analysis/KernelFinding.h): the layers that judge and
# render read the finding only, so that no output branches on the model.
FINDING_READERS = ("checks", "views", "lsp", "nvcc", "nvcc/clang", "tool")
MODEL_INTERNALS = re.compile(r"\b(Models|ModelResults|KernelBounds|"
                             r"HopperPrediction|BoundsProjection)\b")


def check_findings(root, problems):
    for top in ("passes", "tool"):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            rel = path.relative_to(root)
            if component_of(rel) not in FINDING_READERS:
                continue
            for number, line in enumerate(
                    path.read_text(errors="replace").splitlines(), 1):
                match = MODEL_INTERNALS.search(line.split("//")[0])
                if match:
                    problems.append(
                        f"{rel}:{number}: {component_of(rel)} reads "
                        f"{match.group(1)}: read the kernel's finding "
                        "(analysis/KernelFinding.h) instead")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = []
    check_includes(root, problems)
    check_links(root, problems)
    check_findings(root, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} wrong arrow(s): a library may use only the "
              "layers below it (docs/architecture.md)")
        return 1
    print("layering: every include and link points downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
