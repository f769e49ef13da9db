#!/usr/bin/env python3
"""Says whether an HTML report's tables fit a browser window of a width.

usage: html_width.py CHROMIUM HTML_FILE OUT_DIR WIDTH

Loads a copy of the page, with a script that records the right edge of each
table and the page's scroll width, in headless Chromium at WIDTH pixels
(render_html.py's flags) and prints one line per table, then "fits" or
"overflows". Exit status 1 when something overflows.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from render_html import FLAGS  # noqa: E402,F401
import render_html  # noqa: E402

PROBE = """<script>
const out = [];
for (const t of document.querySelectorAll('table'))
  out.push(t.className + ' ' + Math.ceil(t.getBoundingClientRect().right));
out.push('page ' + document.documentElement.scrollWidth);
document.body.setAttribute('data-widths', out.join(';'));
</script>"""


def main():
    binary, html, out_dir, width = sys.argv[1:5]
    width = int(width)
    os.makedirs(out_dir, exist_ok=True)
    with open(html, encoding="utf-8") as f:
        page = f.read()
    probe = os.path.join(out_dir, "probe.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", PROBE + "</body>"))
    dom = render_html.chromium(binary, out_dir,
                               "--window-size=%d,900" % width, "--dump-dom",
                               "file://" + os.path.abspath(probe)).stdout
    m = re.search(rb'data-widths="([^"]*)"', dom)
    if not m:
        print("html_width.py: the probe did not run")
        sys.exit(1)
    over = False
    for item in m.group(1).decode().split(";"):
        name, right = item.rsplit(" ", 1)
        over |= int(right) > width
        print("%s: %s px of %d" % (name or "table", right, width))
    print("overflows" if over else "fits")
    sys.exit(1 if over else 0)


main()
