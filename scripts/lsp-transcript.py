#!/usr/bin/env python3
"""Prints what `headroom lsp` publishes for the quick start, as a client
would print it, for the excerpts of docs/editors.md.

usage: scripts/lsp-transcript.py [--headroom PATH] [--kernel NAME] [--hover NAME]

Runs `headroom lsp --standalone --no-checks` (no clangd, no source checks) on
a copy of the quick start with its recorded profile as headroom-profile.json
in the workspace root, opens quickstart.cu and prints Headroom's diagnostics
(`FILE:LINE:COL SEVERITY [CODE] MESSAGE`, each related information as
`   related: LINE:COL MESSAGE`) and the code lenses (`lens LINE: TITLE`), only
those of --kernel's warning, launch sites and lenses when given; or, with
--hover, Headroom's hover on that kernel's name. Links into the docs print as
`.../docs/...`. scripts/doc-excerpts.py runs it (docs/contributing.md).
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "lsp"))
from lspclient import Client, capabilities, uri  # noqa: E402

REL = "examples/quickstart/quickstart.cu"
SEVERITY = {1: "error", 2: "warning", 3: "information", 4: "hint"}


def session(headroom, hover_kernel):
    """The diagnostics, the lenses and the hover on hover_kernel (or None)
    that the server sends for the quick start, and the source's lines."""
    ws = tempfile.mkdtemp(prefix="headroom-lsp-transcript-")
    try:
        os.makedirs(os.path.join(ws, os.path.dirname(REL)))
        shutil.copy(os.path.join(ROOT, REL), os.path.join(ws, REL))
        shutil.copy(
            os.path.join(ROOT, "examples/quickstart/recorded/profile.json"),
            os.path.join(ws, "headroom-profile.json"))
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(ws, ".cache"))
        for name in ("HEADROOM_PROFILE", "HEADROOM_DEVICE", "HEADROOM_MODEL"):
            env.pop(name, None)
        client = Client([headroom, "lsp", "--standalone", "--no-checks"],
                        cwd=ws, env=env)
        client.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                                   "capabilities": capabilities(watch=False)})
        client.notify("initialized", {})
        path = os.path.join(ws, REL)
        with open(path) as f:
            text = f.read()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri(path), "languageId": "cuda", "version": 1, "text": text}})
        published = client.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and any(d.get("source") == "headroom"
                    for d in m["params"]["diagnostics"]),
            what="Headroom's diagnostics")
        lenses = client.call("textDocument/codeLens",
                             {"textDocument": {"uri": uri(path)}})
        hover = None
        if hover_kernel:
            lines = text.splitlines()
            at = next(i for i, line in enumerate(lines)
                      if re.search(r"\bvoid\s+%s\s*\(" % re.escape(hover_kernel),
                                   line))
            hover = client.call("textDocument/hover", {
                "textDocument": {"uri": uri(path)},
                "position": {"line": at,
                             "character": lines[at].index(hover_kernel)}})
        client.call("shutdown", None)
        client.notify("exit", None)
        client.finish()
    finally:
        shutil.rmtree(ws, ignore_errors=True)
    return (published["params"]["diagnostics"], lenses.get("result") or [],
            (hover or {}).get("result"))


def short_links(text):
    """Links into the installed docs, whatever their prefix, as .../docs/."""
    return re.sub(r"(?:file://|https?://)?[^\s()\[\]]*?/docs/", ".../docs/",
                  text)


def place(position):
    return "%d:%d" % (position["line"] + 1, position["character"] + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--headroom", default=shutil.which("headroom"),
                        help="the headroom to run (default: the one on PATH)")
    parser.add_argument("--kernel", help="only this kernel's diagnostics and lenses")
    parser.add_argument("--hover", help="print the hover on this kernel instead")
    args = parser.parse_args()
    if not args.headroom:
        print("lsp-transcript: error: no headroom on PATH; pass --headroom PATH",
              file=sys.stderr)
        return 2
    diagnostics, lenses, hover = session(args.headroom, args.hover)
    if args.hover:
        value = hover["contents"]["value"] if hover else ""
        print(short_links(value).rstrip("\n"))
        return 0
    mine = re.compile(r"\bkernel '%s'" % re.escape(args.kernel)) \
        if args.kernel else None
    for d in diagnostics:
        if d.get("source") != "headroom":
            continue
        if mine and not mine.search(d["message"]) and not any(
                mine.search(r["message"]) for r in d.get("relatedInformation", [])):
            continue
        print("%s:%s %s [%s] %s" % (os.path.basename(REL), place(d["range"]["start"]),
                                    SEVERITY.get(d.get("severity"), "?"),
                                    d.get("code", ""), short_links(d["message"])))
        for r in d.get("relatedInformation", []):
            print("   related: %s %s" % (place(r["location"]["range"]["start"]),
                                        short_links(r["message"])))
    for lens in sorted(lenses, key=lambda l: l["range"]["start"]["line"]):
        title = lens.get("command", {}).get("title", "")
        if mine and args.kernel not in title and not any(
                d.get("source") == "headroom" and mine.search(d["message"])
                and d["range"]["start"]["line"] == lens["range"]["start"]["line"]
                for d in diagnostics):
            continue
        print("lens %d: %s" % (lens["range"]["start"]["line"] + 1, title))
    return 0


if __name__ == "__main__":
    sys.exit(main())
