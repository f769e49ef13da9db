#!/usr/bin/env python3
# ===- consistency.py - Every format states the same finding --------------===#
"""Checks that every output of Headroom states the same finding of each
kernel: the text report, its JSON, CSV, HTML tables and SARIF, the
diagnostics of the language server (`headroom lsp --standalone`) and of a
build (`headroom nvcc`, with a stand-in for nvcc), and the lint gate. For
each kernel they must agree on the regime, the headroom to the roof (the
number each warning states and `--max-headroom` gates), the headroom to the
cap (measured / predicted) and the model, with the Hopper model and with
the thesis model, on the quick start's recorded profile and on a
three-kernel profile of the validation corpus (three regimes), and with the
Hopper model on a profile of library calls, whose kernels are reported at
the calls that ran them (a kernel is its short name at a line).

A format that states a number rounds it (5.7x); the JSON's full number,
rounded the way the tool rounds ratios, must read the same.

usage: consistency.py HEADROOM SOURCE_DIR FAKE_NVCC
"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lsp"))
from lspclient import Client, capabilities, uri  # noqa: E402

HEADROOM, SOURCE_DIR, FAKE_NVCC = sys.argv[1:4]
FAILURES = []

# The claim of a kernel's warning (checks/Messages.def, KernelBound and its
# variants), as every format that words it says it.
# A library call's warning claims its main kernel's finding and names the
# kernel in its first note; its other kernels' claims are notes.
CLAIM = re.compile(r"(?:kernel '(?P<kernel>[^']+)'|'(?P<other>[^']+)' \([0-9.]+%\)"
                   r"|(?P<call>'[^']+' runs [0-9]+ kernels? here; (?:it|the main "
                   r"one \([0-9.]+%\)))) is (?P<regime>compute|memory|latency)"
                   r"-bound on (?P<device>\S+): (?P<ratio>[0-9.]+x) "
                   r"(?P<sense>slower|faster) than (?:its (?P<roof>.+ roof)|"
                   r"predicted)")
MAIN = re.compile(r"^(?:its kernels take .*; the main one is '(?P<main>[^']+)'"
                  r"|its kernel, '(?P<only>[^']+)', takes)")
# Where a diagnostic line is: its line, or None for "headroom ...: ".
AT = re.compile(r"^(?:[^:\s]+:(?P<line>[0-9]+):[0-9]+: |headroom [a-z]+: )"
                r"(?P<level>warning|note|error): (?P<message>.*)$")
CAP = re.compile(r"predicted \S+ \S+, measured \S+ \S+ \((?P<cap>[0-9.]+x)\)")
LINT = re.compile(r"kernel '(?P<kernel>[^']+)' is (?P<ratio>[0-9.]+x) slower "
                  r"than its (?P<roof>.+ roof), above")


def claimed(m):
    """The kernel a CLAIM match names, None for a call's (its next note)."""
    return m["kernel"] or m["other"]


def times(ratio):
    """A ratio as support/Quantities.cpp formatTimes writes it."""
    decimals = 0 if ratio >= 100 else (1 if ratio >= 2 else 2)
    return "%.*fx" % (decimals, ratio)


def stated(ratio):
    """The ratio a claim states: faster than the roof reads inverted."""
    return times(ratio if ratio >= 1 else 1 / ratio)


def run(argv, cwd=SOURCE_DIR, env=None, ok=(0,)):
    p = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    if p.returncode not in ok:
        raise SystemExit("consistency: %s exited %d:\n%s" %
                         (" ".join(argv), p.returncode, p.stderr))
    return p


def check(condition, what):
    if not condition:
        FAILURES.append(what)


class Case:
    """One profile on one device under one model; its source is relative to
    root (the checkout, else a directory of the case's own)."""

    def __init__(self, name, profile, device, model, source, root=SOURCE_DIR):
        self.name, self.profile, self.device = name, profile, device
        self.model, self.source, self.root = model, source, root

    def report(self, fmt, *extra):
        return run([HEADROOM, "report", "--profile", self.profile, "--device",
                    self.device, "--model", self.model, "--format", fmt,
                    "--no-color"] + list(extra)).stdout


def truth(case):
    """Each kernel's finding from the JSON report: what the others must say."""
    doc = json.loads(case.report("json"))
    kernels = {}
    for k in doc["kernels"]:
        f = k["finding"]
        if f is None:
            continue
        where = (k["call"] or {}).get("location") or k["definition"]
        kernels[(k["short_name"], where["line"] if where else None)] = {
            "regime": f["regime"],
            "headroom": stated(f["headroom"]),
            "cap": times(f["headroom_to_cap"]),
            "model": f["model"],
            "raw": f["headroom"],
        }
    check(kernels, "%s: the JSON report has findings" % case.name)
    return kernels


def compare(case, fmt, expected, said):
    """\p said: kernel -> the fields a format stated."""
    for kernel, want in expected.items():
        got = said.get(kernel)
        if got is None:
            FAILURES.append("%s: %s says nothing of '%s'" % (case.name, fmt,
                                                             kernel))
            continue
        for field, value in got.items():
            if value != want[field]:
                FAILURES.append("%s: %s says '%s' has %s %s, the JSON %s" %
                                (case.name, fmt, kernel, field, value,
                                 want[field]))


def located(lines):
    """(line, message) of each diagnostic line: "file:line:col: level: ..."
    or "headroom report: level: ..." (line None)."""
    out = []
    for text in lines:
        m = AT.match(text)
        if m:
            out.append((int(m["line"]) if m["line"] else None, m["message"]))
    return out


def claims(diagnostics, caps=False):
    """(kernel, line) -> regime and headroom (and with caps, the headroom to
    the cap of the prediction note after a warning), from (line, message)
    pairs in order."""
    said = {}
    pending = None  # a call's claim, until its note names the main kernel
    current = None
    for line, message in diagnostics:
        m = CLAIM.search(message)
        if m:
            fields = {"regime": m["regime"], "headroom": m["ratio"]}
            if m["call"]:
                pending, current = (line, fields), None
            else:
                said[(claimed(m), line)] = fields
                current = (claimed(m), line) if not m["other"] else None
            continue
        n = MAIN.search(message)
        if n and pending:
            current = (n["main"] or n["only"], pending[0])
            said[current] = pending[1]
            pending = None
            continue
        c = CAP.search(message)
        if caps and c and current and "cap" not in said[current]:
            said[current]["cap"] = c["cap"]
    return said


def text_view(case, expected):
    out = case.report("text").splitlines()
    compare(case, "text", expected, claims(located(out), caps=True))


def csv_view(case, expected):
    import csv
    import io
    rows = list(csv.DictReader(io.StringIO(case.report("csv"))))
    said = {}
    for r in rows:
        if r["role"] != "profiled" or not r["regime"]:
            continue
        line = int(r["line"]) if r["line"] else None
        said[(r["kernel"], line)] = {"regime": r["regime"],
                             "headroom": stated(float(r["headroom"])),
                             "cap": times(float(r["headroom_to_cap"])),
                             "model": r["model"]}
    compare(case, "CSV", expected, said)


def html_view(case, expected):
    page = case.report("html")
    said = {}
    table = page[page.find('<table class="kernels">'):]
    table = table[:table.find("</table>")]
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c))
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) < 14 or not cells[6].endswith("-bound") and \
                "-bound (" not in cells[6]:
            continue
        # The second cell is file:line:col, or "function at file:line:col".
        where = re.search(r":([0-9]+):[0-9]+$", cells[2])
        said[(cells[1], int(where.group(1)) if where else None)] = {
            "regime": cells[6].split("-bound")[0],
            "headroom": cells[12], "cap": cells[13]}
    compare(case, "HTML kernels table", expected, said)
    # The page says which model made the findings.
    names = {"hopper": "the Hopper model", "thesis": "Konstantinidis' thesis",
             "fitted": "the fitted model"}
    for want in {k["model"] for k in expected.values()}:
        check(names[want] in html.unescape(page),
              "%s: the HTML header does not name %s" % (case.name, names[want]))


def sarif_view(case, expected):
    log = json.loads(case.report("sarif"))
    said = {}
    for r in log["runs"][0]["results"]:
        m = CLAIM.search(r["message"]["text"])
        props = r.get("properties", {})
        f = props.get("finding")
        if not m or not f:
            continue
        region = r["locations"][0]["physicalLocation"].get("region", {})
        line = region.get("startLine") if "startColumn" in region else None
        kernel = claimed(m) or props["short_name"]
        said[(kernel, line)] = {"regime": m["regime"], "headroom": m["ratio"],
                                "model": f["model"]}
        check(kernel == props["short_name"],
              "%s: SARIF's message names '%s', its properties '%s'" %
              (case.name, kernel, props["short_name"]))
        check(f["regime"] == m["regime"] and stated(f["headroom"]) == m["ratio"],
              "%s: SARIF's properties disagree with its message for '%s'" %
              (case.name, kernel))
    compare(case, "SARIF", expected, said)


def lint_view(case, expected):
    """Each kernel fails the gate just below its headroom, passes just above,
    and the gate's message states the warning's number."""
    for kernel, want in expected.items():
        if want["raw"] < 1:
            continue
        for threshold, fails in ((want["raw"] * 0.999, True),
                                 (want["raw"] * 1.001, False)):
            p = run([HEADROOM, "lint", "--profile", case.profile, "--device",
                     case.device, "--model", case.model, "--max-headroom",
                     repr(threshold), "--no-color"], ok=(0, 1))
            failed = {(m["kernel"], line): m["ratio"]
                      for line, m in ((line, LINT.search(message))
                                      for line, message in
                                      located(p.stdout.splitlines())) if m}
            check((kernel in failed) == fails,
                  "%s: lint --max-headroom %.6g %s '%s' at line %s" %
                  (case.name, threshold, "passes" if fails else "fails",
                   kernel[0], kernel[1]))
            if kernel in failed:
                check(failed[kernel] == want["headroom"],
                      "%s: lint says '%s' is %s slower, the warning %s" %
                      (case.name, kernel, failed[kernel], want["headroom"]))


def nvcc_view(case, expected):
    """The build's diagnostics of the profile's source."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HEADROOM_NVCC=FAKE_NVCC,
                   HEADROOM_CACHE="0", XDG_CACHE_HOME=tmp)
        p = run([HEADROOM, "nvcc", "--headroom-no-instrument",
                 "--headroom-no-checks", "--headroom-no-static-mix",
                 "--headroom-profile=" + case.profile,
                 "--headroom-device=" + case.device,
                 "--headroom-model=" + case.model, "-c", case.source, "-o",
                 os.path.join(tmp, "x.o")], cwd=case.root, env=env)
    # The build shows the kernels with a place in the source.
    compare(case, "headroom nvcc",
            {k: v for k, v in expected.items() if k[1] is not None},
            claims(located(p.stderr.splitlines())))


def lsp_view(case, expected):
    """What the editor publishes for the profile's source."""
    source = os.path.join(case.root, case.source)
    c = Client([HEADROOM, "lsp", "--standalone", "--profile", case.profile,
                "--device", case.device, "--model", case.model],
               cwd=case.root, env=dict(os.environ,
                                       XDG_CACHE_HOME=tempfile.mkdtemp()))
    try:
        c.call("initialize", {"processId": os.getpid(),
                              "rootUri": uri(case.root),
                              "capabilities": capabilities(watch=False)})
        c.notify("initialized", {})
        with open(source) as f:
            text = f.read()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri(source), "languageId": "cuda", "version": 1,
            "text": text}})
        m = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                   and m["params"]["uri"] == uri(source)
                   and any(d.get("severity") == 2
                           for d in m["params"]["diagnostics"]),
                   timeout=60, what="the editor's diagnostics")
        # Each warning, then its related information (a call's notes).
        diagnostics = []
        for d in m["params"]["diagnostics"]:
            if d.get("severity") != 2:
                continue
            line = d["range"]["start"]["line"] + 1
            diagnostics.append((line, d["message"]))
            for r in d.get("relatedInformation", []):
                diagnostics.append(
                    (r["location"]["range"]["start"]["line"] + 1,
                     r["message"]))
        compare(case, "headroom lsp",
                {k: v for k, v in expected.items() if k[1] is not None},
                claims(diagnostics))
        c.call("shutdown", None)
        c.notify("exit", None)
    finally:
        c.proc.kill()


def portable_profile(path, tmp):
    """The profile with the absolute paths it was recorded under moved to
    this checkout, so that the editor and the build find its sources."""
    with open(path) as f:
        text = f.read()
    m = re.search(r'"(/[^"]*?)/test/validation/kernels/', text)
    if m:
        text = text.replace(m.group(1) + "/", SOURCE_DIR.rstrip("/") + "/")
    out = os.path.join(tmp, os.path.basename(path))
    with open(out, "w") as f:
        f.write(text)
    return out


def library_source(tmp):
    """A directory with the library-calls profile's app.cu: its own kernels
    where the profile has them, its calls at their lines."""
    root = os.path.join(tmp, "library")
    os.makedirs(root)
    lines = [""] * 212
    lines[11] = "template <typename T> __global__ void scale(T *x, T a, int n) {}"
    lines[19] = "__global__ void softmaxKernel(const float *x, float *y, int n) {}"
    lines[59] = "    softmaxKernel<<<g, b>>>(x, y, n);"
    lines[69] = "    scale<float><<<g, b>>>(x, 2.0f, n);"
    lines[140] = "    thrust::sort(thrust::device, keys, keys + n);"
    lines[159] = "  cublasSgemv(h, CUBLAS_OP_T, m, n, &a, A, m, x, 1, &b, y, 1);"
    lines[174] = "  cusparseSpMV(h, op, &a, A, x, &b, y, CUDA_R_32F, alg, buf);"
    lines[189] = "  cufftExecC2C(plan, in, out, CUFFT_FORWARD);"
    lines[199] = "    thrust::sort(thrust::device, keys, keys + n / 4);"
    lines[209] = "    cub::DeviceReduce::Sum(tmp, bytes, x, sum, n);"
    with open(os.path.join(root, "app.cu"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return root


def main():
    tmp = tempfile.mkdtemp(prefix="headroom-consistency-")
    try:
        library = library_source(tmp)
        profiles = [
            ("quick start", os.path.join(
                SOURCE_DIR, "examples/quickstart/recorded/profile.json"),
             "H100-SXM", "examples/quickstart/quickstart.cu", SOURCE_DIR,
             ("hopper", "thesis")),
            ("corpus scan", portable_profile(os.path.join(
                SOURCE_DIR, "test/validation/recorded/h100-sxm/profiles/"
                "scan.inclusive.blelloch.n16M.json"), tmp),
             "H100-SXM", "test/validation/kernels/scan.cu", SOURCE_DIR,
             ("hopper", "thesis")),
            ("library calls", os.path.join(
                SOURCE_DIR, "test/lit/report/Inputs/library-calls.json"),
             "H200", "app.cu", library, ("hopper",)),
        ]
        regimes = set()
        for name, profile, device, source, root, models in profiles:
            for model in models:
                case = Case("%s, --model %s" % (name, model), profile, device,
                            model, source, root)
                expected = truth(case)
                regimes |= {k["regime"] for k in expected.values()}
                for model_said in {k["model"] for k in expected.values()}:
                    check(model_said == model, "%s: the findings' model is %s"
                          % (case.name, model_said))
                for view in (text_view, csv_view, html_view, sarif_view,
                             lint_view, nvcc_view, lsp_view):
                    view(case, expected)
        check(regimes == {"compute", "memory", "latency"},
              "the cases cover every regime: %s" % sorted(regimes))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for f in FAILURES:
        print("FAIL: " + f)
    print("consistency: %d disagreement(s)" % len(FAILURES) if FAILURES else
          "consistency: every format states the same findings")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
