#!/usr/bin/env python3
"""Renders the HTML report's annotated source as a picture for docs/report.md.

usage: scripts/render-report-source.py HEADROOM CHROMIUM OUT.png

Writes the profile with synthetic warp-stall samples of kernel 'fill'
(test/lit/report/Inputs/make_stall_profile.py, from the entries the H200
recorded in test/gpu/libraries/recorded), runs `headroom report --format
html` on it from the repository root, keeps the page's style and its
section "Where the warps stall", and takes a screenshot of that in headless
Chromium. Nothing is drawn that the report did not write.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 1240, 500
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update",
         "--hide-scrollbars", "--force-device-scale-factor=1"]


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    headroom, chromium, out = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="headroom-report-source-") as tmp:
        profile = os.path.join(tmp, "stalls.json")
        subprocess.run([sys.executable, os.path.join(
            ROOT, "test/lit/report/Inputs/make_stall_profile.py"),
            os.path.join(ROOT, "test/gpu/libraries/recorded/profile.json"),
            profile], check=True)
        page = subprocess.run([headroom, "report", "--profile", profile,
                               "--device", "H200", "--format", "html"],
                              cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout
        head = page[:page.index("<body>")]
        section = re.search(r'<section id="source">.*?</section>', page,
                            re.DOTALL)
        if not section:
            print("render-report-source: the report has no annotated source",
                  file=sys.stderr)
            return 1
        # The section alone, without the page's top margin.
        cut = os.path.join(tmp, "source.html")
        with open(cut, "w") as f:
            f.write(head + '<body style="margin-top: 0">' + section.group(0)
                    + "</body></html>\n")
        subprocess.run([chromium] + FLAGS + [
            "--user-data-dir=" + os.path.join(tmp, "profile"),
            "--window-size=%d,%d" % (WIDTH, HEIGHT),
            "--screenshot=" + os.path.abspath(out), "file://" + cut],
            check=True, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
