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
three-kernel profile of the validation corpus (three regimes).

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
CLAIM = re.compile(r"kernel '(?P<kernel>[^']+)' is (?P<regime>compute|memory|"
                   r"latency)-bound on (?P<device>\S+): (?P<ratio>[0-9.]+x) "
                   r"(?P<sense>slower|faster) than (?:its (?P<roof>.+ roof)|"
                   r"predicted)")
CAP = re.compile(r"predicted \S+ \S+, measured \S+ \S+ \((?P<cap>[0-9.]+x)\)")
LINT = re.compile(r"kernel '(?P<kernel>[^']+)' is (?P<ratio>[0-9.]+x) slower "
                  r"than its (?P<roof>.+ roof), above")


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
    """One profile on one device under one model."""

    def __init__(self, name, profile, device, model, source):
        self.name, self.profile, self.device = name, profile, device
        self.model, self.source = model, source

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
        kernels[k["kernel"]] = {
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


def claims(lines):
    """kernel -> regime and headroom, from diagnostic lines."""
    said = {}
    for line in lines:
        m = CLAIM.search(line)
        if m:
            said[m["kernel"]] = {"regime": m["regime"],
                                 "headroom": m["ratio"]}
    return said


def text_view(case, expected):
    out = case.report("text").splitlines()
    said = claims(out)
    # The cap: the first "predicted ..., measured ... (r)" note after each
    # warning.
    current = None
    for line in out:
        m = CLAIM.search(line)
        if m:
            current = m["kernel"]
            continue
        c = CAP.search(line)
        if c and current and "cap" not in said[current]:
            said[current]["cap"] = c["cap"]
    compare(case, "text", expected, said)


def csv_view(case, expected):
    import csv
    import io
    rows = list(csv.DictReader(io.StringIO(case.report("csv"))))
    said = {}
    for r in rows:
        if r["role"] != "profiled" or not r["regime"]:
            continue
        said[r["kernel"]] = {"regime": r["regime"],
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
        said[cells[1]] = {"regime": cells[6].split("-bound")[0],
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
        f = r.get("properties", {}).get("finding")
        if not m or not f:
            continue
        said[m["kernel"]] = {"regime": m["regime"], "headroom": m["ratio"],
                             "model": f["model"]}
        check(f["regime"] == m["regime"] and stated(f["headroom"]) == m["ratio"],
              "%s: SARIF's properties disagree with its message for '%s'" %
              (case.name, m["kernel"]))
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
            failed = {m["kernel"]: m["ratio"]
                      for m in map(LINT.search, p.stdout.splitlines()) if m}
            check((kernel in failed) == fails,
                  "%s: lint --max-headroom %.6g %s '%s'" %
                  (case.name, threshold, "passes" if fails else "fails",
                   kernel))
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
                 os.path.join(tmp, "x.o")], env=env)
    compare(case, "headroom nvcc", expected, claims(p.stderr.splitlines()))


def lsp_view(case, expected):
    """What the editor publishes for the profile's source."""
    source = os.path.join(SOURCE_DIR, case.source)
    c = Client([HEADROOM, "lsp", "--standalone", "--profile", case.profile,
                "--device", case.device, "--model", case.model],
               cwd=SOURCE_DIR, env=dict(os.environ,
                                        XDG_CACHE_HOME=tempfile.mkdtemp()))
    try:
        c.call("initialize", {"processId": os.getpid(),
                              "rootUri": uri(SOURCE_DIR),
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
        said = claims(d["message"] for d in m["params"]["diagnostics"]
                      if d.get("severity") == 2)
        compare(case, "headroom lsp", expected, said)
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


def main():
    tmp = tempfile.mkdtemp(prefix="headroom-consistency-")
    try:
        profiles = [
            ("quick start", os.path.join(
                SOURCE_DIR, "examples/quickstart/recorded/profile.json"),
             "H100-SXM", "examples/quickstart/quickstart.cu"),
            ("corpus scan", portable_profile(os.path.join(
                SOURCE_DIR, "test/validation/recorded/h100-sxm/profiles/"
                "scan.inclusive.blelloch.n16M.json"), tmp),
             "H100-SXM", "test/validation/kernels/scan.cu"),
        ]
        regimes = set()
        for name, profile, device, source in profiles:
            for model in ("hopper", "thesis"):
                case = Case("%s, --model %s" % (name, model), profile, device,
                            model, source)
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
