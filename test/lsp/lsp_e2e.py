#!/usr/bin/env python3
"""End-to-end test of headroom lsp against the real clangd-22.

usage: lsp_e2e.py HEADROOM CLANGD SOURCE_DIR

A scripted client opens the quick-start source with its recorded profile,
edits it, saves a new profile, and checks what the proxy publishes (clang's
and Headroom's diagnostics together, then re-anchored, then refreshed), the
code lens, the hover, the code action, the fallback paths, --standalone,
and that without a profile every byte the proxy writes is clangd's.
"""
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Client, capabilities, uri  # noqa: E402

HEADROOM, CLANGD, SOURCE_DIR = sys.argv[1:4]
REL = "examples/quickstart/quickstart.cu"
FAILURES = []


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        FAILURES.append(what)


def workspace(with_profile=True):
    """A copy of the quick start with a clang warning appended (lines do
    not move) and, optionally, its recorded profile where headroom nvcc's
    search finds it."""
    ws = tempfile.mkdtemp(prefix="headroom-lsp-")
    os.makedirs(os.path.join(ws, "examples/quickstart"))
    with open(os.path.join(SOURCE_DIR, REL)) as f:
        text = f.read()
    text += "static int headroomTestUnused() { int unused_variable; return 0; }\n"
    with open(os.path.join(ws, REL), "w") as f:
        f.write(text)
    with open(os.path.join(ws, "compile_flags.txt"), "w") as f:
        f.write("-xcuda\n--cuda-path=/usr/local/cuda\n--cuda-gpu-arch=sm_90\n"
                "-isystem\n/usr/local/cuda/include/cccl\n"
                "-Wno-unknown-cuda-version\n-Wunused-variable\n")
    if with_profile:
        shutil.copy(os.path.join(SOURCE_DIR,
                                 "examples/quickstart/recorded/profile.json"),
                    os.path.join(ws, "headroom-profile.json"))
    return ws, text


def environment():
    env = dict(os.environ)
    env.pop("HEADROOM_PROFILE", None)
    env.pop("HEADROOM_DEVICE", None)
    env["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="headroom-lsp-cache-")
    return env


def start(ws, caps, extra=(), standalone=False):
    argv = [HEADROOM, "lsp"] + list(extra)
    if standalone:
        argv.append("--standalone")
    else:
        argv += ["--clangd", CLANGD]
    c = Client(argv, cwd=ws, env=environment())
    init = c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                                 "capabilities": caps})
    c.notify("initialized", {})
    return c, init


def is_publish(path, predicate=lambda ds: True):
    def match(m):
        return (m.get("method") == "textDocument/publishDiagnostics" and
                m["params"]["uri"] == uri(path) and
                predicate(m["params"]["diagnostics"]))
    return match


def headroom_of(ds):
    return [d for d in ds if d.get("source") == "headroom"]


def warnings_at(ds):
    return sorted(d["range"]["start"]["line"] for d in headroom_of(ds)
                  if d["severity"] == 2)


def open_doc(c, path, text, version=1):
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "cuda", "version": version,
        "text": text}})


def insert(c, path, version, line, text):
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(path), "version": version},
        "contentChanges": [{"range": {
            "start": {"line": line, "character": 0},
            "end": {"line": line, "character": 0}}, "text": text}]})


def scaled_profile(ws, factor):
    """The recorded profile with every saxpy launch 'factor' times slower."""
    with open(os.path.join(SOURCE_DIR,
                           "examples/quickstart/recorded/profile.json")) as f:
        p = json.load(f)
    for k in p["kernels"]:
        if "saxpy" in k.get("name", "") or "saxpy" in k.get("demangled", ""):
            for key, value in list(k.items()):
                if key.endswith("_ns") and isinstance(value, (int, float)):
                    k[key] = value * factor
                if isinstance(value, dict):
                    for kk, vv in list(value.items()):
                        if kk.endswith("_ns") and isinstance(vv, (int, float)):
                            value[kk] = vv * factor
    return p


def with_clangd(watch):
    """The main session; watch: the client watches files for the proxy
    (dynamic registration), else the proxy polls."""
    ws, text = workspace()
    path = os.path.join(ws, REL)
    c, init = start(ws, capabilities(watch=watch))
    caps = init["result"]["capabilities"]
    check("codeLensProvider" in caps and "headroom.openReport" in
          caps["executeCommandProvider"]["commands"],
          "the initialize result announces the code lens and the command")
    check(init["result"].get("serverInfo", {}).get("name") == "clangd",
          "the rest of the initialize result is clangd's")
    if watch:
        reg = c.wait(lambda m: m.get("method") == "client/registerCapability",
                     what="the registration of the profile watcher")
        check(str(reg["id"]).startswith("headroom-"),
              "the proxy's own request ids are apart from clangd's")
        c.send({"jsonrpc": "2.0", "id": reg["id"], "result": None})
    open_doc(c, path, text)
    m = c.wait(is_publish(path, lambda ds: any(d.get("source") != "headroom"
                                                for d in ds) and
                          len(warnings_at(ds)) == 2),
               what="clang's and Headroom's diagnostics together")
    ds = m["params"]["diagnostics"]
    check(any("unused_variable" in d["message"] for d in ds),
          "clangd's own diagnostic is there")
    check(warnings_at(ds) == [27, 33],
          "Headroom's warnings are at saxpy (line 28) and sgemm (line 34)")
    saxpy = [d for d in headroom_of(ds) if d["severity"] == 2 and
             d["range"]["start"]["line"] == 27][0]
    check(saxpy["code"] == "headroom-memory-bound" and
          saxpy["codeDescription"]["href"].endswith(
              "diagnostics.md#headroom-memory-bound"),
          "code and codeDescription.href name the check's section")
    check(saxpy["message"].startswith("kernel 'saxpy' is memory-bound on "
                                      "H100-SXM"),
          "the message is the build's: " + saxpy["message"][:60])
    check(saxpy["range"]["start"]["character"] == 16 and
          saxpy["range"]["end"]["character"] == 21,
          "the range covers the kernel's name")
    related = sorted(r["location"]["range"]["start"]["line"]
                     for r in saxpy.get("relatedInformation", []))
    check(67 in related and 70 in related,
          "relatedInformation links the launches (lines 68 and 71)")
    launches = sorted(d["range"]["start"]["line"] for d in headroom_of(ds)
                      if d["severity"] == 3)
    check(launches == [67, 70, 109], "each launch site has its note")

    lenses = c.call("textDocument/codeLens",
                    {"textDocument": {"uri": uri(path)}})["result"]
    titles = {l["range"]["start"]["line"]: l["command"]["title"]
              for l in lenses}
    check(titles.get(27) == "memory-bound · 1.28x slower than its DRAM roof "
          "· 6.258 ms in 21 launches",
          "the lens above saxpy: %r" % titles.get(27))
    check(titles.get(67, "").startswith("saxpy: 20 launches here"),
          "the lens above a launch: %r" % titles.get(67))

    hover = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": 27, "character": 18}})["result"]
    value = hover["contents"]["value"] if hover else ""
    check("saxpy" in value.split("---")[0] and "**Headroom**" in value and
          "**1.28x** slower than its DRAM roof" in value and
          "measured 1.00x that" in value,
          "the hover is clangd's, then Headroom's numbers")
    plain = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": 55, "character": 20}})["result"]
    check(plain is None or "**Headroom**" not in json.dumps(plain),
          "a hover elsewhere is clangd's alone")

    actions = c.call("textDocument/codeAction", {
        "textDocument": {"uri": uri(path)},
        "range": {"start": {"line": 67, "character": 4},
                  "end": {"line": 67, "character": 4}},
        "context": {"diagnostics": []}})["result"]
    ours = [a for a in actions or [] if a.get("command", {}).get("command") ==
            "headroom.openReport"]
    check(len(ours) == 1 and "saxpy" in ours[0]["title"],
          "a code action opens saxpy's report")
    if ours:
        rid = c.request("workspace/executeCommand",
                        {"command": "headroom.openReport",
                         "arguments": ours[0]["command"]["arguments"]})
        check(c.response(rid).get("result", "x") is None,
              "the command succeeds")
        show = c.wait(lambda m: m.get("method") == "window/showDocument",
                      what="window/showDocument")
        report = show["params"]["uri"]
        path_of_report = report[len("file://"):].split("#")[0]
        check(report.endswith("#kernels") and os.path.isfile(path_of_report)
              and "saxpy" in open(path_of_report).read(),
              "it shows the HTML report of the profile")
        c.send({"jsonrpc": "2.0", "id": show["id"], "result": {"success": True}})

    # Edits: two lines above everything; Headroom's diagnostics follow.
    insert(c, path, 2, 0, "// one\n// two\n")
    c.wait(is_publish(path, lambda ds: warnings_at(ds) == [29, 35]),
           what="the warnings re-anchored two lines down")
    check(True, "after an edit the warnings moved to lines 30 and 36")
    # The second saxpy launch rewritten and a third added: which recorded
    # launch is which cannot be told any more.
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri(path), "version": 3},
        "contentChanges": [
            {"range": {"start": {"line": 72, "character": 10},
                       "end": {"line": 72, "character": 14}}, "text": "2048"},
            {"range": {"start": {"line": 72, "character": 0},
                       "end": {"line": 72, "character": 0}},
             "text": "  saxpy<<<1, 1>>>(n, 1.0f, dx, dy);\n"}]})
    m = c.wait(is_publish(path, lambda ds: any(
        d.get("code") == "headroom-sites-changed" for d in ds)),
        what="headroom-sites-changed")
    sc = [d for d in m["params"]["diagnostics"]
          if d.get("code") == "headroom-sites-changed"][0]
    check(sc["severity"] == 3 and "no longer matches" in sc["message"],
          "the source no longer matches the profile, said at information level")

    # A new profile: saxpy twice as slow.
    old = saxpy["message"]
    time.sleep(1.1)  # a new modification time, also on coarse clocks
    with open(os.path.join(ws, "headroom-profile.json"), "w") as f:
        json.dump(scaled_profile(ws, 2), f)
    if watch:
        c.notify("workspace/didChangeWatchedFiles", {"changes": [
            {"uri": uri(os.path.join(ws, "headroom-profile.json")),
             "type": 2}]})

    def refreshed(ds):
        w = [d for d in headroom_of(ds) if d["severity"] == 2 and
             "'saxpy'" in d["message"]]
        return bool(w) and w[0]["message"] != old
    m = c.wait(is_publish(path, refreshed), timeout=30,
               what="diagnostics from the new profile")
    check(True, "a new profile refreshes the diagnostics (%s)" %
          ("client watching" if watch else "proxy polling"))

    # A malformed profile: one log line naming the file, Headroom's
    # diagnostics gone, clangd still answering.
    time.sleep(1.1)
    with open(os.path.join(ws, "headroom-profile.json"), "w") as f:
        f.write("{ not json")
    if watch:
        c.notify("workspace/didChangeWatchedFiles", {"changes": [
            {"uri": uri(os.path.join(ws, "headroom-profile.json")),
             "type": 2}]})
    log = c.wait(lambda m: m.get("method") == "window/logMessage" and
                 "headroom-profile.json" in m["params"]["message"] and
                 "no kernel diagnostics" in m["params"]["message"],
                 timeout=30, what="the log line about the malformed profile")
    check(log["params"]["type"] == 2, "a malformed profile is logged once")
    c.wait(is_publish(path, lambda ds: not headroom_of(ds)),
           what="the diagnostics without Headroom's")
    hover = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": 29, "character": 18}})
    check("result" in hover, "clangd still answers")
    c.call("shutdown", None)
    c.notify("exit", None)
    check(c.finish() == 0, "the proxy exits with clangd's status (0)")


def byte_for_byte():
    """Without any profile, the proxy's output is clangd's, byte for byte,
    and clangd receives the client's bytes unchanged."""
    ws, text = workspace(with_profile=False)
    path = os.path.join(ws, REL)
    tee = os.path.join(ws, "clangd-tee.sh")
    with open(tee, "w") as f:
        f.write('#!/bin/sh\ntee "%s/clangd-in" | "%s" "$@" | tee "%s/clangd-out"\n'
                % (ws, CLANGD, ws))
    os.chmod(tee, 0o755)
    c = Client([HEADROOM, "lsp", "--clangd", tee], cwd=ws, env=environment())
    sent = bytearray()
    orig = c.send_raw

    def recording(data):
        sent.extend(data)
        orig(data)
    c.send_raw = recording
    c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                          "capabilities": capabilities(watch=True)})
    c.notify("initialized", {})
    open_doc(c, path, text)
    c.wait(is_publish(path), what="clangd's diagnostics")
    c.call("textDocument/hover", {"textDocument": {"uri": uri(path)},
                                  "position": {"line": 27, "character": 18}})
    c.call("textDocument/codeLens", {"textDocument": {"uri": uri(path)}})
    c.call("textDocument/documentSymbol", {"textDocument": {"uri": uri(path)}})
    insert(c, path, 2, 0, "// x\n")
    c.call("textDocument/hover", {"textDocument": {"uri": uri(path)},
                                  "position": {"line": 28, "character": 18}})
    # A message clangd does not know, and a cancellation.
    c.request("headroom/unknownRequest", {"x": 1})
    c.notify("$/cancelRequest", {"id": 999})
    c.call("shutdown", None)
    c.notify("exit", None)
    status = c.finish()
    time.sleep(0.5)
    out = open(os.path.join(ws, "clangd-out"), "rb").read()
    into = open(os.path.join(ws, "clangd-in"), "rb").read()
    check(status == 0, "the session ends with clangd's status")
    check(bytes(c.raw) == out and len(out) > 1000,
          "without a profile the proxy's output is clangd's, byte for byte "
          "(%d bytes)" % len(out))
    check(into == bytes(sent), "clangd receives the editor's bytes unchanged "
          "(%d bytes)" % len(into))


def clangd_exit_status():
    ws, text = workspace(with_profile=False)
    c = Client([HEADROOM, "lsp", "--clangd", CLANGD], cwd=ws, env=environment())
    c.call("initialize", {"processId": None, "rootUri": uri(ws),
                          "capabilities": {}})
    c.notify("exit", None)  # without shutdown: clangd exits with 1
    check(c.proc.wait(30) == 1, "the proxy exits with clangd's status (1)")


def version_passthrough():
    import subprocess
    ours = subprocess.run([HEADROOM, "lsp", "--clangd", CLANGD, "--version"],
                          capture_output=True)
    theirs = subprocess.run([CLANGD, "--version"], capture_output=True)
    check(ours.returncode == 0 and ours.stdout == theirs.stdout,
          "--version is clangd's")


def standalone():
    ws, text = workspace()
    path = os.path.join(ws, REL)
    c, init = start(ws, capabilities(watch=False), standalone=True)
    caps = init["result"]["capabilities"]
    check(caps.get("codeLensProvider") is not None and
          init["result"]["serverInfo"]["name"] == "headroom",
          "--standalone is a server of its own")
    open_doc(c, path, text)
    m = c.wait(is_publish(path, lambda ds: len(warnings_at(ds)) == 2),
               what="standalone diagnostics")
    check(all(d.get("source") == "headroom" for d in m["params"]["diagnostics"]),
          "standalone publishes Headroom's diagnostics only")
    lenses = c.call("textDocument/codeLens",
                    {"textDocument": {"uri": uri(path)}})["result"]
    check(len(lenses) == 5, "standalone lenses: %d" % len(lenses))
    hover = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": 33, "character": 18}})["result"]
    check(hover and "`sgemm`" in hover["contents"]["value"],
          "standalone hover on sgemm")
    err = c.call("textDocument/definition", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": 33, "character": 18}})
    check(err.get("error", {}).get("code") == -32601,
          "other requests: method not found")
    c.call("shutdown", None)
    c.notify("exit", None)
    check(c.proc.wait(30) == 0, "standalone exits 0 after shutdown and exit")


def main():
    for test in (byte_for_byte, lambda: with_clangd(True),
                 lambda: with_clangd(False), clangd_exit_status,
                 version_passthrough, standalone):
        try:
            test()
        except AssertionError as e:
            check(False, str(e))
    if FAILURES:
        print("%d checks failed" % len(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
