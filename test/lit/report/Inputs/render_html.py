#!/usr/bin/env python3
"""Renders an HTML file in headless Chromium and checks what it shows.

usage: render_html.py CHROMIUM HTML_FILE OUT_DIR

Takes a screenshot (OUT_DIR/screenshot.png) and the DOM after rendering
(OUT_DIR/dom.html), with the flags this workplace's machines need (no
sandbox as root, no GPU, no network services, a fresh profile directory).
Fails unless the screenshot is a real picture: a valid PNG of the window's
size, not one flat color, with enough non-background pixels, and with the
colors the report's charts draw (the first kernels' blue and red, the
profiled device's dark red). Prints what it measured; the DOM goes to
FileCheck.
"""
import os
import struct
import subprocess
import sys
import zlib

WIDTH, HEIGHT = 1400, 2400
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1"]


def chromium(binary, out_dir, *args):
    profile = os.path.join(out_dir, "chromium-profile")
    cmd = [binary] + FLAGS + ["--user-data-dir=" + profile] + list(args)
    return subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, timeout=120, check=True)


def read_png(path):
    """Decodes an 8-bit RGB or RGBA non-interlaced PNG into rows of pixels."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("%s: not a PNG" % path)
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise SystemExit("%s: unexpected PNG format %r" % (path, header))
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def near(pixel, rgb, tolerance=40):
    return all(abs(p - q) <= tolerance for p, q in zip(pixel, rgb))


def main():
    binary, html, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    url = "file://" + os.path.abspath(html)
    shot = os.path.join(out_dir, "screenshot.png")
    chromium(binary, out_dir, "--window-size=%d,%d" % (WIDTH, HEIGHT),
             "--screenshot=" + shot, url)
    dom = chromium(binary, out_dir, "--dump-dom", url).stdout
    with open(os.path.join(out_dir, "dom.html"), "wb") as f:
        f.write(dom)

    width, height, bpp, rows = read_png(shot)
    colors, counts = set(), {}
    wanted = {"kernel blue": (0x1f, 0x77, 0xb4), "kernel red": (0xd6, 0x27, 0x28),
              "profiled device": (0xc0, 0x39, 0x2b)}
    found = dict.fromkeys(wanted, 0)
    background = rows[0][:3]
    ink = 0
    for row in rows[::2]:
        for x in range(0, width * bpp, bpp * 2):
            px = row[x:x + 3]
            colors.add(px)
            if px != background:
                ink += 1
            for name, rgb in wanted.items():
                if near(px, rgb):
                    found[name] += 1
    sampled = (height // 2) * (width // 2)
    print("screenshot %dx%d, %d colors, %.1f%% ink, %s" % (
        width, height, len(colors), 100.0 * ink / sampled,
        ", ".join("%s %d px" % kv for kv in found.items())))
    problems = []
    if (width, height) != (WIDTH, HEIGHT):
        problems.append("size %dx%d, expected %dx%d" % (width, height, WIDTH,
                                                        HEIGHT))
    if len(colors) < 16:
        problems.append("only %d colors: blank" % len(colors))
    if ink < sampled * 0.03:
        problems.append("almost nothing drawn")
    problems += ["no %s pixels: the charts did not draw" % n
                 for n, c in found.items() if c < 10]
    for p in problems:
        print("render_html.py: " + p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
