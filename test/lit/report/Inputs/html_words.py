#!/usr/bin/env python3
"""Says whether a browser breaks a word of the HTML report's name cells.

usage: html_words.py CHROMIUM HTML_FILE OUT_DIR WIDTH

Loads a copy of the page with a probe script in headless Chromium at WIDTH
pixels (render_html.py's flags). For every word (a run of non-space
characters of one text node) of each kernel-name and definition cell and
of each kernel name heading the annotated source, the
probe counts the lines the word's rectangles lie on; a word on two lines was
broken inside. A <wbr> (after '::', '<', ',' and '/') ends a text node, so a
break there is between words. Prints the cells' widest line count and each
broken word, then "no word broken" or "words broken" (exit status 1).
"""
import html
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import render_html  # noqa: E402

PROBE = """<script>
const broken = [];
let lines = 0;
for (const cell of document.querySelectorAll('table.kernels td:nth-child(2),'
                                            + 'table.kernels td:nth-child(3),'
                                            + 'h3.source-kernel .name')) {
  const tops = new Set();
  for (const node of cell.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(node.data)) !== null) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const wordTops = new Set();
      for (const rect of r.getClientRects()) {
        wordTops.add(Math.round(rect.top));
        tops.add(Math.round(rect.top));
      }
      if (wordTops.size > 1) broken.push(m[0]);
    }
  }
  lines = Math.max(lines, tops.size);
}
document.body.setAttribute('data-words',
                           lines + '\\n' + broken.join('\\n'));
</script>"""


def main():
    binary, page_file, out_dir, width = sys.argv[1:5]
    os.makedirs(out_dir, exist_ok=True)
    with open(page_file, encoding="utf-8") as f:
        page = f.read()
    probe = os.path.join(out_dir, "probe.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", PROBE + "</body>"))
    dom = render_html.chromium(binary, out_dir,
                               "--window-size=%s,900" % width, "--dump-dom",
                               "file://" + os.path.abspath(probe)).stdout
    m = re.search(rb'data-words="([^"]*)"', dom, re.S)
    if not m:
        print("html_words.py: the probe did not run")
        sys.exit(1)
    lines, *broken = html.unescape(m.group(1).decode()).split("\n")
    broken = [w for w in broken if w]
    print("name cells: at most %s lines" % lines)
    for word in broken:
        print("broken: " + word)
    print("words broken" if broken else "no word broken")
    sys.exit(1 if broken else 0)


main()
