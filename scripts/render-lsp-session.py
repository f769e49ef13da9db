#!/usr/bin/env python3
"""Renders what an editor shows through `headroom lsp` as a picture for docs/editors.md.

usage: scripts/render-lsp-session.py HEADROOM CLANGD OUT.png

Runs a real session: `headroom lsp` in front of CLANGD, in a copy of the quick
start with its recorded profile, opens quickstart.cu, waits for the merged
diagnostics (clang's and Headroom's), asks for the code lenses and the hover on
the SGEMM kernel, and draws the lines around the two kernels the way an editor
does: lenses above the kernels, squiggles under the ranges, the messages at
the end of their lines and the hover beside. Headless Chromium takes the
screenshot. Nothing is drawn that the server did not send.
"""
import html
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "lsp"))
from lspclient import Client, capabilities, uri  # noqa: E402

REL = "examples/quickstart/quickstart.cu"
SHOWN = [(24, 38)]  # 0-based line ranges drawn: both kernels' definitions


def session(headroom, clangd):
    ws = tempfile.mkdtemp(prefix="headroom-lsp-render-")
    os.makedirs(os.path.join(ws, "examples/quickstart"))
    shutil.copy(os.path.join(ROOT, REL), os.path.join(ws, REL))
    shutil.copy(os.path.join(ROOT, "examples/quickstart/recorded/profile.json"),
                os.path.join(ws, "headroom-profile.json"))
    with open(os.path.join(ws, "compile_flags.txt"), "w") as f:
        f.write("-xcuda\n--cuda-path=/usr/local/cuda\n--cuda-gpu-arch=sm_90\n"
                "-isystem\n/usr/local/cuda/include/cccl\n-Wno-unknown-cuda-version\n")
    env = dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp())
    env.pop("HEADROOM_PROFILE", None)
    c = Client([headroom, "lsp", "--clangd", clangd], cwd=ws, env=env)
    c.call("initialize", {"processId": os.getpid(), "rootUri": uri(ws),
                          "capabilities": capabilities(watch=False)})
    c.notify("initialized", {})
    path = os.path.join(ws, REL)
    with open(path) as f:
        text = f.read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "cuda", "version": 1, "text": text}})
    published = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                       and any(d.get("source") == "headroom"
                               for d in m["params"]["diagnostics"]),
                       what="Headroom's diagnostics")
    lenses = c.call("textDocument/codeLens", {"textDocument": {"uri": uri(path)}})
    sgemm = next(i for i, l in enumerate(text.splitlines()) if "void sgemm(" in l)
    hover = c.call("textDocument/hover", {
        "textDocument": {"uri": uri(path)},
        "position": {"line": sgemm, "character": text.splitlines()[sgemm].index("sgemm")}})
    c.call("shutdown", None)
    c.notify("exit", None)
    c.finish()
    return (text.splitlines(), published["params"]["diagnostics"],
            lenses.get("result") or [], hover.get("result"))


def page(lines, diagnostics, lenses, hover):
    by_line = {}
    for d in diagnostics:
        by_line.setdefault(d["range"]["start"]["line"], []).append(d)
    lens_at = {}
    for lens in lenses:
        if lens.get("command"):
            lens_at.setdefault(lens["range"]["start"]["line"], []).append(
                lens["command"]["title"])
    hover_text = ""
    if hover and isinstance(hover.get("contents"), dict):
        hover_text = hover["contents"].get("value", "")
        # clangd's part first, Headroom's appended: draw Headroom's part.
        if "**Headroom**" in hover_text:
            hover_text = "… " + hover_text[hover_text.index("**Headroom**"):]
        # The docs link names this checkout; the picture ships without it.
        hover_text = hover_text.replace("file://" + ROOT + "/", "")
    rows = []
    for first, last in SHOWN:
        for n in range(first, last + 1):
            for title in lens_at.get(n, []):
                rows.append(f'<div class="lens">{html.escape(title)}</div>')
            line = lines[n]
            marks = by_line.get(n, [])
            code = html.escape(line)
            if marks:
                d = marks[0]
                s, e = d["range"]["start"]["character"], d["range"]["end"]["character"]
                if d["range"]["end"]["line"] != n or e <= s:
                    e = len(line)
                sev = "warn" if d.get("severity") == 2 else "info"
                code = (html.escape(line[:s]) + f'<span class="{sev}">' +
                        html.escape(line[s:e]) + "</span>" + html.escape(line[e:]))
            msg = "".join(
                f'<span class="msg {"warn" if d.get("severity") == 2 else "info"}">'
                f'{html.escape(d.get("source", ""))}: {html.escape(d["message"])}</span>'
                for d in marks)
            rows.append(f'<div class="row"><span class="no">{n + 1}</span>'
                        f'<span class="code">{code}</span>{msg}</div>')
    return f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin:0; background:#1e1e1e; color:#d4d4d4; font:13px/1.5 'DejaVu Sans Mono',monospace; }}
.title {{ background:#2d2d2d; padding:6px 12px; color:#ccc; }}
.row {{ white-space:pre; display:flex; }}
.no {{ color:#858585; width:3.5em; text-align:right; padding-right:1.2em; flex:none; }}
.code {{ flex:none; }}
.lens {{ color:#999; font-size:11px; padding-left:4.7em; }}
.warn {{ text-decoration:underline wavy #cca700; }}
.info {{ text-decoration:underline dotted #3794ff; }}
.msg {{ text-decoration:none; margin-left:2em; overflow:hidden; text-overflow:ellipsis;
        max-width:70em; }}
.msg.warn {{ color:#cca700; }} .msg.info {{ color:#3794ff; }}
.hover {{ position:absolute; left:22em; top:26em; width:80em; background:#252526;
          border:1px solid #454545; padding:8px 12px; white-space:pre-wrap; color:#ccc; }}
</style><div class="title">quickstart.cu — headroom lsp in front of clangd-22, profile
examples/quickstart/recorded/profile.json (H100-SXM)</div>{''.join(rows)}
<div class="hover">{html.escape(hover_text)}</div>"""


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    headroom, clangd, out = sys.argv[1:]
    lines, diagnostics, lenses, hover = session(headroom, clangd)
    with tempfile.TemporaryDirectory() as tmp:
        html_path = os.path.join(tmp, "session.html")
        with open(html_path, "w") as f:
            f.write(page(lines, diagnostics, lenses, hover))
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--hide-scrollbars",
                        "--window-size=1400,545", "--screenshot=" + os.path.abspath(out),
                        "file://" + html_path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print("wrote " + out)


if __name__ == "__main__":
    main()
