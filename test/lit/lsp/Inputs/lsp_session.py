"""Drives `headroom lsp --standalone` over stdio through one scenario of its
compile-time part and prints what the editor would see, one line each, for
FileCheck:

  diag LINE:COL SEVERITY CODE: MESSAGE      (1-based line and column)
  related MESSAGE
  action TITLE | LINE:COL-LINE:COL -> 'TEXT'
  log TYPE: MESSAGE

usage: lsp_session.py SCENARIO HEADROOM WORKDIR [PROFILE] [FLAGS...]

Scenarios (WORKDIR holds the files the test prepared):
  quickfix  k.cu has a finding: it is published on open, its quick fix is
            offered, it follows an unsaved edit, and saving the fixed file
            clears it.
  proxy     the same in front of a stand-in clangd (Inputs/fake_clangd.py):
            clangd's diagnostics and actions first, then Headroom's.
  failure   k.cu does not parse: saved three times, one log line; fixed and
            saved, its finding appears (the server is still there).
  timeout   the check runs past --check-timeout: one log line.
  static    WORKDIR/ws/examples/quickstart/quickstart.cu is the quick start:
            with its compile database and object (written here) and a
            stand-in cuobjdump (Inputs/bin) in PATH, the static notes at
            both kernels (on $LSP_SESSION_DEVICE, else the device of the
            SASS's architecture); made again when the object is rebuilt.
  measured  the same with PROFILE, the quick start's recorded profile: the
            profile's warnings, no static note (the measured mix replaces
            it).
  stalls    WORKDIR/ws/test/gpu/libraries/libraries.cu with PROFILE, a
            profile with warp-stall samples of its kernel 'fill'
            (test/lit/report/Inputs/make_stall_profile.py), on H200: the
            code lenses of the file (`lens LINE:COL TITLE`), whether the
            hover at a hot line is the kernel's, and where the commands of
            a hot line's lens and the kernel's open the report.
  advice    WORKDIR/ws/examples/quickstart/quickstart.cu with PROFILE, the
            quick start's profile recorded on an H200: the code actions at
            each kernel's warning (`action TITLE -> ARGUMENTS`), and where
            the command of each advice opens (`opens URI`).
FLAGS are written as the compile database's flags for the sources.
"""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "lsp"))
from lspclient import Client, capabilities, uri  # noqa: E402

SCENARIO, HEADROOM, WORK = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
FLAGS = sys.argv[4:]


def write_database(directory, source, output=None):
    entry = {"directory": directory, "file": source,
             "arguments": ["clang++", "-x", "cuda"] + FLAGS + ["-c", source]}
    if output:
        entry["arguments"] += ["-o", output]
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "compile_commands.json"), "w") as f:
        json.dump([entry], f)


def start(root, extra=(), env=None, clangd=False):
    server = (["--clangd", sys.executable] + list(extra) +
              ["--", os.path.join(HERE, "fake_clangd.py")]
              if clangd else ["--standalone"] + list(extra))
    c = Client([HEADROOM, "lsp"] + server, cwd=root, env=env)
    c.call("initialize", {"processId": os.getpid(), "rootUri": uri(root),
                          "capabilities": capabilities()})
    c.notify("initialized", {})
    return c


def open_file(c, path):
    with open(path) as f:
        text = f.read()
    c.notify("textDocument/didOpen",
             {"textDocument": {"uri": uri(path), "languageId": "cuda",
                               "version": 1, "text": text}})
    return text


def publish_of(path, predicate):
    def match(m):
        return (m.get("method") == "textDocument/publishDiagnostics" and
                m["params"]["uri"] == uri(path) and
                predicate(m["params"]["diagnostics"]))
    return match


def codes(ds):
    return [d.get("code") for d in ds]


def show(ds):
    for d in sorted(ds, key=lambda d: (d["range"]["start"]["line"],
                                      d.get("code", ""))):
        s = d["range"]["start"]
        sev = {1: "error", 2: "warning", 3: "information"}[d["severity"]]
        print("diag %d:%d %s %s: %s" % (s["line"] + 1, s["character"] + 1, sev,
                                        d.get("code"), d["message"]))
        for r in d.get("relatedInformation", []):
            print("related " + r["message"])


def show_actions(actions):
    for a in actions:
        for e in [e for es in a["edit"]["changes"].values() for e in es]:
            s, t = e["range"]["start"], e["range"]["end"]
            print("action %s | %d:%d-%d:%d -> '%s'" % (
                a["title"], s["line"] + 1, s["character"] + 1, t["line"] + 1,
                t["character"] + 1, e["newText"]))


def apply_edits(text, edits):
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"],
                                          e["range"]["start"]["character"]),
                    reverse=True):
        s, t = e["range"]["start"], e["range"]["end"]
        assert s["line"] == t["line"]
        line = lines[s["line"]]
        lines[s["line"]] = (line[:s["character"]] + e["newText"] +
                            line[t["character"]:])
    return "\n".join(lines)


def logs(c, needle, seconds):
    """The log messages containing needle within seconds."""
    found = []
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            m = c.wait(lambda m: m.get("method") == "window/logMessage" and
                       needle in m["params"]["message"],
                       timeout=max(0.1, deadline - time.time()))
            found.append(m["params"])
        except AssertionError:
            break
    return found


def finish(c):
    c.call("shutdown", None)
    c.notify("exit", None)
    print("exit %d" % c.finish())


def quickfix():
    path = os.path.join(WORK, "k.cu")
    write_database(WORK, path)
    c = start(WORK)
    text = open_file(c, path)
    m = c.wait(publish_of(path, lambda ds: "headroom-fp64-promotion" in codes(ds)),
               what="the check's findings")
    show(m["params"]["diagnostics"])
    d = [d for d in m["params"]["diagnostics"]
         if d.get("code") == "headroom-fp64-promotion"][0]
    line = d["range"]["start"]["line"]
    r = c.call("textDocument/codeAction",
               {"textDocument": {"uri": uri(path)}, "range": d["range"],
                "context": {"diagnostics": [d]}})
    show_actions(r["result"])
    # Two lines typed above it, not saved: the finding moves with its line.
    text = "// one\n// two\n" + text
    c.notify("textDocument/didChange",
             {"textDocument": {"uri": uri(path), "version": 2},
              "contentChanges": [{"text": text}]})
    m = c.wait(publish_of(path, lambda ds: any(
        x["range"]["start"]["line"] == line + 2 for x in ds)),
        what="the moved finding")
    print("after the edit:")
    show(m["params"]["diagnostics"])
    r = c.call("textDocument/codeAction",
               {"textDocument": {"uri": uri(path)},
                "range": m["params"]["diagnostics"][0]["range"],
                "context": {"diagnostics": []}})
    show_actions(r["result"])
    # The quick fix applied and saved: checked again, nothing left.
    text = apply_edits(text, r["result"][0]["edit"]["changes"][uri(path)])
    with open(path, "w") as f:
        f.write(text)
    c.notify("textDocument/didChange",
             {"textDocument": {"uri": uri(path), "version": 3},
              "contentChanges": [{"text": text}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    m = c.wait(publish_of(path, lambda ds: not ds), what="the cleared list")
    print("after the fix: %d diagnostics" % len(m["params"]["diagnostics"]))
    finish(c)


def proxy():
    path = os.path.join(WORK, "k.cu")
    write_database(WORK, path)
    c = start(WORK, clangd=True)
    open_file(c, path)
    m = c.wait(publish_of(path, lambda ds: "headroom-fp64-promotion" in codes(ds)),
               what="the merged list")
    for d in m["params"]["diagnostics"]:
        print("%s: %s" % (d.get("source"), d["message"][:40]))
    d = [d for d in m["params"]["diagnostics"] if d.get("code")][0]
    r = c.call("textDocument/codeAction",
               {"textDocument": {"uri": uri(path)}, "range": d["range"],
                "context": {"diagnostics": [d]}})
    for a in r["result"]:
        print("action " + a["title"])
    # Saved: clangd publishes again, and gets Headroom's list with it.
    c.seen.clear()
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    m = c.wait(publish_of(path, lambda ds: True), what="the list after the save")
    print("after the save: " + ", ".join(
        "%s %s" % (d.get("source"), d.get("code", "-"))
        for d in m["params"]["diagnostics"]))
    finish(c)


def failure():
    path = os.path.join(WORK, "k.cu")
    write_database(WORK, path)
    c = start(WORK)
    open_file(c, path)
    for _ in range(2):
        time.sleep(0.5)
        c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    for p in logs(c, "headroom check", 8):
        print("log %d: %s" % (p["type"], p["message"]))
    with open(path) as f:
        text = f.read().replace("syntax error here", "")
    with open(path, "w") as f:
        f.write(text)
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(path)}})
    m = c.wait(publish_of(path, lambda ds: "headroom-fp64-promotion" in codes(ds)),
               what="the findings after the fix")
    show(m["params"]["diagnostics"])
    finish(c)


def timeout():
    path = os.path.join(WORK, "k.cu")
    write_database(WORK, path)
    c = start(WORK, ["--check-timeout", "0.01"])
    open_file(c, path)
    for p in logs(c, "headroom check", 5):
        print("log %d: %s" % (p["type"], p["message"]))
    finish(c)


def quickstart_workspace():
    ws = os.path.join(WORK, "ws")
    source = os.path.join(ws, "examples", "quickstart", "quickstart.cu")
    build = os.path.join(ws, "build")
    write_database(build, source, "quickstart.o")
    obj = os.path.join(build, "quickstart.o")
    with open(obj, "w") as f:
        f.write("stands for the object nvcc built\n")
    # Built an hour before the source's last change.
    old = os.path.getmtime(source) - 3600
    os.utime(obj, (old, old))
    env = dict(os.environ)
    env["PATH"] = os.path.join(HERE, "bin") + os.pathsep + env.get("PATH", "")
    env["HEADROOM_TEST_MARKER"] = os.path.join(WORK, "cuobjdump-ran")
    env.pop("HEADROOM_CUOBJDUMP", None)
    return ws, source, env


def static():
    ws, source, env = quickstart_workspace()
    device = os.environ.get("LSP_SESSION_DEVICE")
    c = start(ws, ["--device", device] if device else [], env)
    open_file(c, source)
    m = c.wait(publish_of(source, lambda ds: codes(ds).count(
        "headroom-static-mix") == 2), what="the static notes")
    show(m["params"]["diagnostics"])
    # The object rebuilt (newer than the source), the file neither saved nor
    # reopened: the notes are made again, without the caveat.
    os.utime(os.path.join(ws, "build", "quickstart.o"))
    m = c.wait(publish_of(source, lambda ds: codes(ds).count(
        "headroom-static-mix") == 2 and "built before" not in str(ds)),
        what="the notes of the rebuilt object")
    print("after the rebuild:")
    show([d for d in m["params"]["diagnostics"]
          if d["code"] == "headroom-static-mix"])
    finish(c)


def measured():
    ws, source, env = quickstart_workspace()
    marker = os.path.join(WORK, "cuobjdump-ran")
    if os.path.exists(marker):
        os.remove(marker)
    c = start(ws, ["--profile", profile, "--device", "H100-SXM"], env)
    open_file(c, source)
    deadline = time.time() + 60
    while not os.path.exists(marker) and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(1.5)
    last = None
    while True:
        try:
            last = c.wait(publish_of(source, lambda ds: True), timeout=0.5)
        except AssertionError:
            break
    print("cuobjdump ran: %s" % os.path.exists(marker))
    show(last["params"]["diagnostics"])
    finish(c)


def stalls():
    ws = os.path.join(WORK, "ws")
    source = os.path.join(ws, "test", "gpu", "libraries", "libraries.cu")
    c = start(ws, ["--no-checks", "--profile", profile, "--device", "H200"])
    open_file(c, source)
    c.wait(publish_of(source, lambda ds: any(
        "stall samples" in d["message"] for d in ds)),
        what="the notes at the hot lines")
    lenses = c.call("textDocument/codeLens",
                    {"textDocument": {"uri": uri(source)}})["result"]
    for lens in sorted(lenses, key=lambda l: l["range"]["start"]["line"]):
        s = lens["range"]["start"]
        print("lens %d:%d %s" % (s["line"] + 1, s["character"] + 1,
                                 lens["command"]["title"]))
    hot = [l for l in lenses if "warp stalls" in l["command"]["title"]][0]
    hover = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(source)},
        "position": hot["range"]["start"]}).get("result")
    print("hover at a hot line: %s" % (
        "none" if not hover else hover["contents"]["value"].split("\n")[0]))
    kernel = [l for l in lenses if "bound" in l["command"]["title"]][0]
    for name, lens in (("hot line", hot), ("kernel", kernel)):
        rid = c.request("workspace/executeCommand",
                        {"command": lens["command"]["command"],
                         "arguments": lens["command"]["arguments"]})
        show = c.wait(lambda m: m.get("method") == "window/showDocument",
                      what="window/showDocument")
        c.send({"jsonrpc": "2.0", "id": show["id"],
                "result": {"success": True}})
        c.response(rid)
        print("%s lens opens the report at #%s" % (
            name, show["params"]["uri"].split("#")[1]))
    finish(c)


def advice():
    ws = os.path.join(WORK, "ws")
    source = os.path.join(ws, "examples", "quickstart", "quickstart.cu")
    c = start(ws, ["--no-checks", "--profile", profile, "--device", "H200"])
    open_file(c, source)
    def warnings(ds):
        return [d for d in ds if d["severity"] == 2]
    m = c.wait(publish_of(source, lambda ds: len(warnings(ds)) == 2),
               what="the kernels' warnings")
    for d in sorted(warnings(m["params"]["diagnostics"]),
                    key=lambda d: d["range"]["start"]["line"]):
        print("at %d:" % (d["range"]["start"]["line"] + 1))
        actions = c.call("textDocument/codeAction",
                         {"textDocument": {"uri": uri(source)},
                          "range": d["range"],
                          "context": {"diagnostics": [d]}})["result"]
        for a in actions:
            print("action %s -> %s" % (a["title"],
                                       json.dumps(a["command"]["arguments"])))
            if "advice" not in a["command"]["arguments"]:
                continue
            rid = c.request("workspace/executeCommand",
                            {"command": a["command"]["command"],
                             "arguments": a["command"]["arguments"]})
            show = c.wait(lambda m: m.get("method") == "window/showDocument",
                          what="window/showDocument")
            c.send({"jsonrpc": "2.0", "id": show["id"],
                    "result": {"success": True}})
            c.response(rid)
            print("opens " + show["params"]["uri"])
    # Each advice note also stands at the hot line its change goes to, with
    # that line's one lens.
    for d in sorted(m["params"]["diagnostics"],
                    key=lambda d: d["range"]["start"]["line"]):
        if d["message"].startswith("est. "):
            print("advice at %d: %s" % (d["range"]["start"]["line"] + 1,
                                        d["message"].split(" (")[0]))
    lenses = c.call("textDocument/codeLens",
                    {"textDocument": {"uri": uri(source)}})["result"]
    for lens in sorted(lenses, key=lambda l: l["range"]["start"]["line"]):
        if "warp stalls" in lens["command"]["title"]:
            print("lens %d: %s" % (lens["range"]["start"]["line"] + 1,
                                   lens["command"]["title"]))
    finish(c)


if SCENARIO in ("measured", "stalls", "advice"):
    profile, FLAGS = os.path.abspath(FLAGS[0]), FLAGS[1:]
{"quickfix": quickfix, "proxy": proxy, "failure": failure, "timeout": timeout,
 "static": static, "measured": measured, "stalls": stalls,
 "advice": advice}[SCENARIO]()
