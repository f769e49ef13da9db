#!/usr/bin/env python3
"""Benchmark of headroom lsp: the time each forwarded message spends in the
proxy over a 10,000-message session against clangd-22 with the quick-start
profile loaded (docs/perf/lsp.md).

usage: lsp-latency.py HEADROOM CLANGD SOURCE_DIR [MESSAGES]
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lsp"))
from lspclient import Client, capabilities, print_latency_table, uri  # noqa: E402

HEADROOM, CLANGD, SOURCE_DIR = sys.argv[1:4]
COUNT = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
ws = tempfile.mkdtemp(prefix="headroom-lsp-bench-")
src = os.path.join(ws, "examples/quickstart/quickstart.cu")
os.makedirs(os.path.dirname(src))
shutil.copy(os.path.join(SOURCE_DIR, "examples/quickstart/quickstart.cu"), src)
shutil.copy(os.path.join(SOURCE_DIR, "examples/quickstart/recorded/profile.json"),
            os.path.join(ws, "headroom-profile.json"))
with open(os.path.join(ws, "compile_flags.txt"), "w") as f:
    f.write("-xcuda\n--cuda-path=/usr/local/cuda\n--cuda-gpu-arch=sm_90\n"
            "-isystem\n/usr/local/cuda/include/cccl\n-Wno-unknown-cuda-version\n")
log = os.path.join(ws, "latency.log")
c = Client([HEADROOM, "lsp", "--clangd", CLANGD, "--latency-log", log], cwd=ws)
c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                      "capabilities": capabilities(watch=False)})
c.notify("initialized", {})
text = open(src).read()
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(src), "languageId": "cuda", "version": 1, "text": text}})
sent = 3
version = 1
# Requests in batches of 50 (hover on the kernels and elsewhere, document
# symbols), each batch followed by an edit, until COUNT messages were sent.
while sent < COUNT - 2:
    ids = []
    for i in range(min(50, COUNT - 2 - sent - 1)):
        line = (27, 33, 67, 55)[i % 4]
        if i % 5 == 4:
            ids.append(c.request("textDocument/documentSymbol",
                                 {"textDocument": {"uri": uri(src)}}))
        else:
            ids.append(c.request("textDocument/hover", {
                "textDocument": {"uri": uri(src)},
                "position": {"line": line, "character": 18}}))
        sent += 1
    for rid in ids:
        c.response(rid, timeout=120)
    version += 1
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(src), "version": version},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}},
                            "text": "" if version % 2 else " "}]})
    sent += 1
c.call("shutdown", None)
c.notify("exit", None)
status = c.finish(60)
c.seen.clear()
print_latency_table(log)
print("clangd exit status", status)
