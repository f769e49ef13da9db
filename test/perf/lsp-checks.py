#!/usr/bin/env python3
"""Benchmark of headroom lsp's compile-time part (docs/perf/lsp.md):

1. time to findings: `headroom lsp --standalone` on a copy of the quick start
   with a double literal put into saxpy; the time from didOpen, then from each
   of SAVES saves (the literal alternating between 0.5 and 0.25), to the
   publication of headroom check's finding;
2. forwarding while checks run: in front of clangd, MESSAGES hover requests
   in batches of 50, each batch followed by a save (so a `headroom check`
   child runs beside the forwarding most of the time); the proxy's
   --latency-log percentiles, then the same session with --no-checks.

usage: lsp-checks.py HEADROOM CLANGD SOURCE_DIR [SAVES] [MESSAGES]
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lsp"))
from lspclient import Client, capabilities, print_latency_table, uri  # noqa: E402

HEADROOM, CLANGD, SOURCE_DIR = sys.argv[1:4]
SAVES = int(sys.argv[4]) if len(sys.argv) > 4 else 5
MESSAGES = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
ORIGINAL = "y[i] = a * x[i] + y[i];"


def workspace():
    ws = tempfile.mkdtemp(prefix="headroom-lsp-checks-")
    src = os.path.join(ws, "quickstart.cu")
    shutil.copy(os.path.join(SOURCE_DIR, "examples/quickstart/quickstart.cu"), src)
    with open(os.path.join(ws, "compile_flags.txt"), "w") as f:
        f.write("-xcuda\n--cuda-path=/usr/local/cuda\n--cuda-gpu-arch=sm_90\n"
                "-isystem\n/usr/local/cuda/include/cccl\n"
                "-Wno-unknown-cuda-version\n")
    return ws, src


def with_literal(src, literal):
    text = open(os.path.join(SOURCE_DIR, "examples/quickstart/quickstart.cu")).read()
    assert ORIGINAL in text
    text = text.replace(ORIGINAL, "y[i] = a * x[i] * %s + y[i];" % literal)
    with open(src, "w") as f:
        f.write(text)
    return text


def finding_with(src, literal):
    def match(m):
        return (m.get("method") == "textDocument/publishDiagnostics" and
                m["params"]["uri"] == uri(src) and
                any("'%s'" % literal in d["message"]
                    for d in m["params"]["diagnostics"]))
    return match


def time_to_findings():
    ws, src = workspace()
    text = with_literal(src, "0.5")
    c = Client([HEADROOM, "lsp", "--standalone"], cwd=ws)
    c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                          "capabilities": capabilities(watch=False)})
    c.notify("initialized", {})
    start = time.time()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(src), "languageId": "cuda", "version": 1, "text": text}})
    c.wait(finding_with(src, "0.5"), timeout=120)
    opened = time.time() - start
    saves = []
    for n in range(SAVES):
        literal = "0.25" if n % 2 == 0 else "0.5"
        text = with_literal(src, literal)
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri(src), "version": n + 2},
            "contentChanges": [{"text": text}]})
        start = time.time()
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri(src)}})
        c.wait(finding_with(src, literal), timeout=120)
        saves.append(time.time() - start)
        c.seen.clear()
    c.call("shutdown", None)
    c.notify("exit", None)
    c.finish(60)
    print("didOpen to the finding: %.2f s" % opened)
    print("didSave to the finding: median %.2f s, max %.2f s over %d saves" %
          (statistics.median(saves), max(saves), len(saves)))


def forwarding(extra):
    ws, src = workspace()
    text = with_literal(src, "0.5")
    log = os.path.join(ws, "latency.log")
    c = Client([HEADROOM, "lsp", "--clangd", CLANGD, "--latency-log", log] +
               extra, cwd=ws)
    c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                          "capabilities": capabilities(watch=False)})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(src), "languageId": "cuda", "version": 1, "text": text}})
    sent, saves = 3, 0
    while sent < MESSAGES - 2:
        ids = [c.request("textDocument/hover", {
            "textDocument": {"uri": uri(src)},
            "position": {"line": (27, 33, 55)[i % 3], "character": 18}})
            for i in range(min(50, MESSAGES - 3 - sent))]
        sent += len(ids)
        for rid in ids:
            c.response(rid, timeout=120)
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri(src)}})
        sent += 1
        saves += 1
        c.seen.clear()
    c.call("shutdown", None)
    c.notify("exit", None)
    status = c.finish(60)
    print_latency_table(log)
    print("%d saves; clangd exit status %d" % (saves, status))


time_to_findings()
print("forwarding, a check run after each batch:")
forwarding([])
print("the same with --no-checks:")
forwarding(["--no-checks"])
