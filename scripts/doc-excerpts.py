#!/usr/bin/env python3
"""Keeps what the docs quote of Headroom's output true.

usage: scripts/doc-excerpts.py [--check] [--headroom PATH] [--root DIR] [FILE...]

Every fenced block of README.md and docs/**/*.md that follows a marker

    <!-- generated: $ headroom report --profile ... --device H100-SXM -->

is the output of the commands the marker names, run from the repository root
with the built headroom (build/tool/headroom, or --headroom) first on PATH, in
a fixed environment (no colours, an empty HOME and XDG directories, no
HEADROOM_* variables). Without --check the blocks are rewritten; with --check
a block that differs fails, naming the file, the line and a diff.

Then the numbers of the prose: every number with a unit or a ratio (1.54,
5.7x, 90%, 45.55 ms) outside code blocks of README.md and docs/*.md (not
docs/perf/, whose pages record measurements with their own provenance) must
appear in a generated block of the same page, or in the file that a
<!-- numbers: FILE --> comment on its paragraph or section names. The rules,
and what is not checked (thesis equation and table numbers, versions, option
values, thresholds), are in docs/contributing.md#tool-output-in-the-docs.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UPDATE_HINT = "run scripts/doc-excerpts.py to update the blocks"
RULES = "docs/contributing.md#tool-output-in-the-docs"
SENTINEL = "@@doc-excerpts@@"
BLOCK_TIMEOUT_S = 120


class DocError(Exception):
    """A marker the script cannot use, or a command that could not run."""


# --- Markers and blocks -----------------------------------------------------


class Step:
    """One line of a marker: a command to show with its output ('$'), a
    command whose output alone is shown ('run'), a hidden set-up command
    ('setup'), how the block's scratch directory is shown ('scratch'), or a
    filter of the shown output ('from', 'to', 'keep')."""

    def __init__(self, kind, text):
        self.kind = kind
        self.text = text


class Block:
    """A marker and the fenced block after it, as lines of its file."""

    def __init__(self, path, marker_line, steps, fence_open, fence_close,
                 indent):
        self.path = path  # relative to the root
        self.marker_line = marker_line  # 0-based
        self.steps = steps
        self.fence_open = fence_open  # 0-based index of the opening fence
        self.fence_close = fence_close  # 0-based index of the closing fence
        self.indent = indent

    def shown_commands(self):
        return [s for s in self.steps if s.kind in ("$", "run")]


MARKER_START = re.compile(r"^(\s*)<!--\s*generated\b:?(.*)$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)")
STEP = re.compile(r"^(\$|run:|setup:|scratch:|from:|to:|keep:)\s?(.*)$",
                  re.DOTALL)


def parse_steps(path, line_number, body_lines):
    """The steps of a marker's body; a line ending in a backslash continues
    on the next."""
    joined = []
    for raw in body_lines:
        line = raw.strip()
        if not line:
            continue
        if joined and joined[-1].endswith("\\"):
            joined[-1] += "\n" + line
        else:
            joined.append(line)
    steps = []
    for line in joined:
        m = STEP.match(line)
        if not m:
            raise DocError(
                f"{path}:{line_number + 1}: marker line '{line.splitlines()[0]}'"
                " is not '$ COMMAND', 'run: COMMAND', 'setup: COMMAND',"
                " 'scratch: PATH', 'from: REGEX', 'to: REGEX' or 'keep: REGEX'")
        kind = m.group(1).rstrip(":")
        text = m.group(2).strip()
        if not text:
            raise DocError(f"{path}:{line_number + 1}: marker line '{line}'"
                           " has nothing after its keyword")
        if kind in ("from", "to", "keep"):
            try:
                re.compile(text)
            except re.error as e:
                raise DocError(f"{path}:{line_number + 1}: '{kind}: {text}'"
                               f" is no regular expression: {e}")
        steps.append(Step(kind, text))
    if not any(s.kind in ("$", "run") for s in steps):
        raise DocError(f"{path}:{line_number + 1}: the marker shows no command"
                       " (a '$ COMMAND' or 'run: COMMAND' line)")
    return steps


def find_blocks(path, lines):
    """The generated blocks of one file."""
    blocks = []
    i = 0
    while i < len(lines):
        m = MARKER_START.match(lines[i])
        if not m:
            fence = FENCE.match(lines[i])
            if fence:  # a marker quoted in a code block is no marker
                i += 1
                while i < len(lines) and not lines[i].strip().startswith(
                        fence.group(2)):
                    i += 1
            i += 1
            continue
        start = i
        rest = m.group(2)
        body = []
        if "-->" in rest:
            body.append(rest[:rest.index("-->")])
        else:
            body.append(rest)
            i += 1
            while i < len(lines) and "-->" not in lines[i]:
                body.append(lines[i])
                i += 1
            if i == len(lines):
                raise DocError(f"{path}:{start + 1}: the generated marker is"
                               " never closed with '-->'")
            body.append(lines[i][:lines[i].index("-->")])
        steps = parse_steps(path, start, body)
        i += 1
        fence = FENCE.match(lines[i]) if i < len(lines) else None
        if not fence:
            raise DocError(f"{path}:{start + 1}: a generated marker must be"
                           " followed directly by a fenced code block")
        indent, ticks = fence.group(1), fence.group(2)
        close = i + 1
        while close < len(lines) and not lines[close].strip().startswith(
                ticks):
            close += 1
        if close == len(lines):
            raise DocError(f"{path}:{i + 1}: the fenced block is never closed")
        blocks.append(Block(path, start, steps, i, close, indent))
        i = close + 1
    return blocks


# --- Running a block's commands --------------------------------------------


def command_environment(headroom, scratch):
    """The fixed environment every command runs in."""
    bin_dir = os.path.join(scratch, ".bin")
    os.makedirs(bin_dir)
    os.symlink(os.path.abspath(headroom), os.path.join(bin_dir, "headroom"))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("HEADROOM_") and not k.startswith("XDG_")}
    for name in ("home", "xdg-data", "xdg-cache", "xdg-config"):
        os.makedirs(os.path.join(scratch, ".env", name))
    env.update({
        "PATH": bin_dir + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
        "HOME": os.path.join(scratch, ".env", "home"),
        "XDG_DATA_HOME": os.path.join(scratch, ".env", "xdg-data"),
        "XDG_CACHE_HOME": os.path.join(scratch, ".env", "xdg-cache"),
        "XDG_CONFIG_HOME": os.path.join(scratch, ".env", "xdg-config"),
        "NO_COLOR": "1",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
        "COLUMNS": "100",
        "ROOT": ROOT_DIR,
        "SCRATCH": scratch,
    })
    env.pop("CLICOLOR_FORCE", None)
    return env


def block_script(block):
    """A bash script that runs the block's commands in order in one shell
    (so that `cd`, `export` and `$?` carry over) and prints a sentinel line
    before each shown command's output."""
    parts = ["exec 2>&1 </dev/null", 'cd "$ROOT"']
    for n, step in enumerate(block.steps):
        if step.kind == "setup":
            parts.append(
                f"{{ {step.text}\n}} >\"$SCRATCH/.setup.log\" 2>&1 || {{"
                f" echo '{SENTINEL} setup-failed {n}'; cat \"$SCRATCH/.setup.log\";"
                " exit 97; }")
        elif step.kind in ("$", "run"):
            parts.append(f"__doc_status=$?; echo '{SENTINEL} {n}';"
                         " (exit $__doc_status)")
            parts.append(step.text)
    return "\n".join(parts) + "\n"


def run_block(block, headroom):
    """The lines the block should hold: each shown command (for '$') and its
    output, filtered by the block's from/to/keep lines."""
    scratch = tempfile.mkdtemp(prefix="headroom-doc-excerpts-")
    try:
        env = command_environment(headroom, scratch)
        try:
            done = subprocess.run(["bash", "-c", block_script(block)],
                                  cwd=ROOT_DIR, env=env,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT,
                                  timeout=BLOCK_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise DocError(f"{block.path}:{block.marker_line + 1}: the commands"
                           f" ran longer than {BLOCK_TIMEOUT_S} s")
        text = done.stdout.decode("utf-8", errors="replace")
        shown_as = [s.text for s in block.steps if s.kind == "scratch"]
        for directory in {os.path.realpath(scratch), scratch}:
            if shown_as:
                text = text.replace(directory, shown_as[-1])
            else:
                text = text.replace(directory + "/", "").replace(directory, ".")
        for root in {os.path.realpath(ROOT_DIR), ROOT_DIR}:
            text = text.replace(root + "/", "").replace(root, ".")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    chunks = re.split(re.escape(SENTINEL) + r" (\S+)[^\n]*\n?", text)
    if len(chunks) > 1 and chunks[1] == "setup-failed":
        raise DocError(f"{block.path}:{block.marker_line + 1}: a setup command"
                       f" failed:\n{chunks[2].rstrip()}")
    outputs = {int(chunks[i]): chunks[i + 1] for i in range(1, len(chunks), 2)}
    if done.returncode == 97 or len(outputs) != len(block.shown_commands()):
        raise DocError(f"{block.path}:{block.marker_line + 1}: the commands"
                       f" did not all run (exit status {done.returncode}):\n"
                       + text.rstrip())
    starts = [re.compile(s.text) for s in block.steps if s.kind == "from"]
    ends = [re.compile(s.text) for s in block.steps if s.kind == "to"]
    keeps = [re.compile(s.text) for s in block.steps if s.kind == "keep"]
    shown = []
    for n, step in enumerate(block.steps):
        if step.kind not in ("$", "run"):
            continue
        if step.kind == "$":
            first, *more = step.text.split("\n")
            shown.append("$ " + first)
            shown.extend("    " + line for line in more)
        lines = [line.rstrip() for line in outputs[n].split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        shown.extend(select(lines, starts, ends, keeps))
    return shown


def select(lines, starts, ends, keeps):
    """The lines from the first that matches a 'from' to the first after it
    that matches a 'to', of those the ones that match a 'keep'; each run of
    lines left out shows as one '...' line."""
    first, last = 0, len(lines) - 1
    if starts:
        hits = [i for i, l in enumerate(lines) if any(r.search(l) for r in starts)]
        first = hits[0] if hits else len(lines)
    if ends:
        hits = [i for i, l in enumerate(lines)
                if i >= first and any(r.search(l) for r in ends)]
        last = hits[0] if hits else last
    result = []
    for i, line in enumerate(lines):
        wanted = first <= i <= last and (
            not keeps or any(r.search(line) for r in keeps))
        if wanted:
            result.append(line)
        elif not result or result[-1] != "...":
            result.append("...")
    return result


# --- Numbers in prose -------------------------------------------------------

# A number and what follows it: x or % right after it, or a unit after a space.
NUMBER = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)*)"
    r"(x(?!\w)|%|\s(?:ms|us|µs|ns|s|KB|MB|GB|TB|KiB|MiB|GiB|GB/s|TB/s"
    r"|TFLOP/s|GFLOP/s|GHz|MHz|cycles?)(?![\w/])"
    r"|\stimes(?=\s+(?:slower|faster|as|more|less|longer|shorter|larger|smaller"
    r"|higher|lower)\b))?")
# Words after which a number names a table, an equation, a section or a
# version; a list of such numbers continues the reference.
REFERENCE = re.compile(
    r"(?:\b(?:tables?|sections?|thesis|equations?|eq\.|chapters?|figures?|cc"
    r"|CUDA|CMake|version|LLVM|Clang|clang|Headroom|sm_|compute capability)\s*"
    r"(?:\d+(?:\.\d+)*\s*(?:[-–,]|and)\s*)*)$", re.IGNORECASE)
# An option or a variable set to the number: an input, not an output.
OPTION = re.compile(r"(?:--[\w-]+[ =]|\b[A-Z][A-Z0-9_]+=)$")
# Words after which a number is a threshold the docs define.
THRESHOLD = re.compile(
    r"(?:\bat least|\bat most|\bunder|\bbelow|\babove|\bmore than|\bfewer than"
    r"|\bless than|\bup to|\bwithin|\bdefault|\bexceeds?|>=|<=|>|<|≥|≤|=)\s*$",
    re.IGNORECASE)
# A numbers comment's source for what its paragraph or section establishes
# itself: a measurement it records (date, machine, commands), arithmetic it
# works out, a rounding of a value it names.
MEASURED = "here"
NUMBERS_MARKER = re.compile(r"<!--\s*numbers:\s*(.*?)\s*-->")
HEADING = re.compile(r"^(#{1,6})\s")


def numbers_in(text):
    """The numbers written in a text, as strings ('45.55', '5.7', '90')."""
    return set(re.findall(r"(?<![\d.])\d+(?:\.\d+)?(?![\d])", text))


def prose_numbers(line, previous=""):
    """(column, number, as written) of each checked number of a prose line;
    the previous line of its paragraph gives the context of the first words."""
    # Links' targets and comments are not prose.
    text = re.sub(r"\]\([^)]*\)", lambda m: " " * len(m.group(0)), line)
    text = re.sub(r"<!--.*?-->", lambda m: " " * len(m.group(0)), text)
    text = re.sub(r"https?://\S+", lambda m: " " * len(m.group(0)), text)
    found = []
    for m in NUMBER.finditer(text):
        number, unit = m.group(1), m.group(2)
        if number.count(".") > 1:
            continue  # a version or a section: 5.2.6, 0.1.0
        if unit is None:
            if "." not in number:
                continue  # a count
            after = text[m.end():m.end() + 1]
            if after and (after.isalnum() or after == "_"):
                continue  # part of a name
            if in_reference_parentheses(text, m.start(), m.end()):
                continue  # an equation: (4.18), (4.10-4.12)
        before = previous + " " + text[:m.start()]
        if REFERENCE.search(before) or OPTION.search(before) \
                or THRESHOLD.search(before):
            continue
        found.append((m.start(), number, m.group(0)))
    return found


def in_reference_parentheses(text, start, end):
    """Whether the number stands in parentheses of numbers only, as the
    thesis' equation numbers do: (4.18), (4.10-4.12)."""
    open_at = text.rfind("(", 0, start)
    close_at = text.find(")", end)
    if open_at < 0 or close_at < 0:
        return False
    return re.fullmatch(r"[\d.\s,\-–]+", text[open_at + 1:close_at]) is not None


def prose_lines(lines, blocks):
    """The indices of lines outside fenced code blocks and HTML comments."""
    inside = set()
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(2)
            inside.add(i)
        elif fence is not None:
            inside.add(i)
            if line.strip().startswith(fence):
                fence = None
    comment = False
    for i, line in enumerate(lines):
        if i in inside:
            continue
        stripped = re.sub(r"<!--.*?-->", "", line)
        if comment:
            inside.add(i)
            if "-->" in line:
                comment = False
        elif "<!--" in stripped:
            comment = True
            if "-->" in stripped[stripped.index("<!--"):]:
                comment = False
    return [i for i in range(len(lines)) if i not in inside]


def numbers_scopes(path, lines, prose):
    """For each line, the files its numbers may come from, by the
    <!-- numbers: FILE, FILE --> comments: a comment on a heading's line or
    right above it covers the heading's section (above the title: the whole
    page); elsewhere it covers its paragraph (the lines up to the blank ones
    around it)."""
    scopes = [[] for _ in lines]

    def heading(k):
        return HEADING.match(lines[k]) if k in prose else None

    for i, line in enumerate(lines):
        for m in NUMBERS_MARKER.finditer(line):
            sources = [s.strip() for s in m.group(1).split(",") if s.strip()]
            for source in sources:
                if source != MEASURED and not os.path.exists(
                        os.path.join(ROOT_DIR, source)):
                    raise DocError(f"{path}:{i + 1}: <!-- numbers: {source} -->"
                                   " names no file of the repository")
            heading_at = i if heading(i) else None
            if heading_at is None:
                j = i + 1
                while j < len(lines) and NUMBERS_MARKER.fullmatch(
                        lines[j].strip()):
                    j += 1
                if NUMBERS_MARKER.fullmatch(line.strip()) and j < len(lines) \
                        and heading(j):
                    heading_at = j
            if heading_at is not None and not any(
                    heading(k) for k in range(heading_at)):
                span = range(len(lines))  # the page's title: the whole page
            elif heading_at is not None:
                level = len(heading(heading_at).group(1))
                end = heading_at + 1
                while end < len(lines):
                    h = heading(end)
                    if h and len(h.group(1)) <= level:
                        break
                    end += 1
                span = range(heading_at, end)
            else:
                first = i
                while first > 0 and lines[first - 1].strip():
                    first -= 1
                last = i
                while last + 1 < len(lines) and lines[last + 1].strip():
                    last += 1
                span = range(first, last + 1)
            for k in span:
                scopes[k].extend(sources)
    return scopes


def check_numbers(path, lines, blocks, fresh):
    """The problems of one page's prose numbers, as lines to print."""
    generated = set()
    for block in blocks:
        generated |= numbers_in("\n".join(fresh[id(block)]))
    prose = set(prose_lines(lines, blocks))
    scopes = numbers_scopes(path, lines, prose)
    source_numbers = {}
    problems = []
    for i in sorted(prose):
        previous = lines[i - 1] if i - 1 in prose else ""
        for column, number, written in prose_numbers(lines[i], previous):
            if number in generated:
                continue
            sources = scopes[i]
            if MEASURED in sources:
                continue
            for source in sources:
                if source not in source_numbers:
                    source_numbers[source] = numbers_of_path(source)
            if any(number in source_numbers[s] for s in sources):
                continue
            where = (f"the generated blocks of {path} or in "
                     + ", ".join(sources)) if sources else \
                f"the generated blocks of {path}"
            problems.append(f"{path}:{i + 1}:{column + 1}: '{written}' is in"
                            f" none of {where}")
    return problems


def numbers_of_path(source):
    """The numbers written in a file, or in the files of a directory."""
    full = os.path.join(ROOT_DIR, source)
    files = [full]
    if os.path.isdir(full):
        files = [os.path.join(d, f) for d, _, fs in os.walk(full) for f in fs]
    found = set()
    for f in files:
        try:
            with open(f, encoding="utf-8", errors="replace") as handle:
                found |= numbers_in(handle.read())
        except OSError:
            pass
    return found


# --- Driver -----------------------------------------------------------------


def doc_files(args_files):
    if args_files:
        return [os.path.relpath(os.path.abspath(f), ROOT_DIR) for f in args_files]
    files = ["README.md"] if os.path.exists(
        os.path.join(ROOT_DIR, "README.md")) else []
    docs = os.path.join(ROOT_DIR, "docs")
    for directory, _, names in sorted(os.walk(docs)):
        for name in sorted(names):
            if name.endswith(".md"):
                files.append(os.path.relpath(os.path.join(directory, name),
                                             ROOT_DIR))
    return files


def number_checked(path):
    """Whether a page's prose numbers are checked: not the measurement pages
    of docs/perf/."""
    return not path.replace(os.sep, "/").startswith("docs/perf/")


def main():
    global ROOT_DIR
    parser = argparse.ArgumentParser(
        description="Regenerate (or with --check compare) the tool output"
        " quoted in README.md and docs/, and check the numbers of the prose.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail on a stale block or number")
    parser.add_argument("--headroom", default=None,
                        help="the headroom to run (default build/tool/headroom)")
    parser.add_argument("--root", default=ROOT,
                        help="the repository (default: this script's)")
    parser.add_argument("files", nargs="*",
                        help="pages (default README.md and docs/**/*.md)")
    args = parser.parse_args()
    ROOT_DIR = os.path.abspath(args.root)
    headroom = args.headroom or os.path.join(ROOT_DIR, "build", "tool",
                                             "headroom")
    if not os.access(headroom, os.X_OK):
        print(f"doc-excerpts: error: no headroom executable at '{headroom}';"
              " build it or pass --headroom PATH", file=sys.stderr)
        return 2

    pages = {}
    try:
        for path in doc_files(args.files):
            with open(os.path.join(ROOT_DIR, path), encoding="utf-8") as f:
                lines = f.read().split("\n")
            pages[path] = (lines, find_blocks(path, lines))
    except (DocError, OSError) as e:
        print(f"doc-excerpts: error: {e}", file=sys.stderr)
        return 2

    all_blocks = [b for _, blocks in pages.values() for b in blocks]
    fresh = {}
    errors = []
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        futures = {pool.submit(run_block, b, headroom): b for b in all_blocks}
        for future, block in futures.items():
            try:
                fresh[id(block)] = future.result()
            except DocError as e:
                errors.append(str(e))
    if errors:
        for e in errors:
            print(f"doc-excerpts: error: {e}", file=sys.stderr)
        return 2

    stale = []
    for path, (lines, blocks) in pages.items():
        changed = False
        for block in reversed(blocks):
            current = [l[len(block.indent):] if l.startswith(block.indent)
                       else l.lstrip()
                       for l in lines[block.fence_open + 1:block.fence_close]]
            current = [l.rstrip() for l in current]
            new = fresh[id(block)]
            if current == new:
                continue
            if args.check:
                diff = difflib.unified_diff(
                    current, new, f"{path} (the block at line"
                    f" {block.fence_open + 1})", "what the commands print now",
                    lineterm="")
                stale.append(f"{path}:{block.marker_line + 1}: the generated"
                             " block differs from what its commands print"
                             " now:\n" + "\n".join(diff))
            else:
                lines[block.fence_open + 1:block.fence_close] = [
                    (block.indent + l) if l else l for l in new]
                changed = True
        if changed:
            with open(os.path.join(ROOT_DIR, path), "w",
                      encoding="utf-8") as f:
                f.write("\n".join(lines))
            print(f"updated {path}")
            # Numbers are checked against the rewritten page.
            pages[path] = (lines, find_blocks(path, lines))
            for old, new_block in zip(blocks, pages[path][1]):
                fresh[id(new_block)] = fresh[id(old)]

    problems = []
    try:
        for path, (lines, blocks) in pages.items():
            if number_checked(path):
                problems += check_numbers(path, lines, blocks, fresh)
    except DocError as e:
        print(f"doc-excerpts: error: {e}", file=sys.stderr)
        return 2

    for s in stale:
        print(s)
    for p in problems:
        print(p)
    if stale or problems:
        if stale:
            print(f"FAIL: {len(stale)} generated block(s) are stale;"
                  f" {UPDATE_HINT}")
        if problems:
            print(f"FAIL: {len(problems)} number(s) of the prose come from no"
                  " generated block: regenerate, reword, or name their source"
                  f" with <!-- numbers: FILE --> ({RULES})")
        return 1
    print(f"{len(all_blocks)} generated blocks in {len(pages)} pages match"
          " what headroom prints, and every number of their prose is sourced")
    return 0


ROOT_DIR = ROOT

if __name__ == "__main__":
    sys.exit(main())
