#!/usr/bin/env python3
"""Draws docs/images/advice-validation.svg: for every pair of
test/validation/advice-pairs.tsv, the speedup Headroom's advice estimated for
the first case (y, log scale) against the speedup measured when the change
was applied (x, log scale), one mark per pair and GPU, with the line where
they agree and the band within 10%. Reads what `headroom validate --advice
--format json` prints for each GPU.

usage: advice_plot.py GPU=FILE.json... > advice-validation.svg
"""
import json
import math
import sys

from accuracy_plot import mark

WIDTH, HEIGHT = 560, 420
LEFT, RIGHT, TOP, BOTTOM = 60, 190, 30, 50
LOW, HIGH = 0.5, 50.0   # speedups
SHAPES = ["circle", "square"]
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
          "#e377c2", "#7f7f7f", "#17becf", "#bcbd22"]


def position(speedup, low, high):
    speedup = min(max(speedup, LOW), HIGH)
    span = math.log10(HIGH) - math.log10(LOW)
    return low + (math.log10(speedup) - math.log10(LOW)) / span * (high - low)


def x_of(s):
    return position(s, LEFT, WIDTH - RIGHT)


def y_of(s):
    return position(s, HEIGHT - BOTTOM, TOP)


def main():
    runs = []
    for arg in sys.argv[1:]:
        gpu, path = arg.split("=", 1)
        with open(path) as f:
            runs.append((gpu, json.load(f)))
    keys = sorted({o["advice"] for _, r in runs for o in r["outcomes"]})
    color = {k: COLORS[i % len(COLORS)] for i, k in enumerate(keys)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    # The band within 10% around the line where estimate and measurement agree.
    band = " ".join(f"{x_of(s):.1f},{y_of(s * f):.1f}"
                    for f, seq in ((1.1, (LOW, HIGH)), (0.9, (HIGH, LOW))) for s in seq)
    out.append(f'<polygon points="{band}" fill="#e8f4e8"/>')
    for s in (0.5, 1, 2, 5, 10, 20, 50):
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y_of(s):.1f}" y2="{y_of(s):.1f}" '
                   'stroke="#ccc" stroke-width="0.5"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y_of(s) + 4:.1f}" text-anchor="end">{s:g}x</text>')
        out.append(f'<line x1="{x_of(s):.1f}" x2="{x_of(s):.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" '
                   'stroke="#ccc" stroke-width="0.5"/>')
        out.append(f'<text x="{x_of(s):.1f}" y="{HEIGHT - BOTTOM + 16}" '
                   f'text-anchor="middle">{s:g}x</text>')
    out.append(f'<line x1="{x_of(LOW):.1f}" y1="{y_of(LOW):.1f}" x2="{x_of(HIGH):.1f}" '
               f'y2="{y_of(HIGH):.1f}" stroke="#888" stroke-width="1.5"/>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 10}" text-anchor="middle">'
               'measured speedup of the change applied</text>')
    out.append(f'<text transform="translate(16,{(TOP + HEIGHT - BOTTOM) / 2}) rotate(-90)" '
               'text-anchor="middle">estimated speedup of the advice</text>')
    for i, (gpu, run) in enumerate(runs):
        for o in run["outcomes"]:
            title = (f'<title>{gpu}: {o["before"]} -&gt; {o["after"]} ({o["advice"]}): '
                     f'estimated {o["estimated_speedup"]:.2f}x, measured '
                     f'{o["measured_speedup"]:.2f}x</title>')
            out.append(mark(x_of(o["measured_speedup"]), y_of(o["estimated_speedup"]),
                            SHAPES[i % len(SHAPES)], color[o["advice"]], inside=title))
    y = TOP + 6
    for i, (gpu, _) in enumerate(runs):
        out.append(mark(WIDTH - RIGHT + 16, y, SHAPES[i % len(SHAPES)], "#333"))
        out.append(f'<text x="{WIDTH - RIGHT + 26}" y="{y + 4}">{gpu}</text>')
        y += 16
    y += 8
    for k in keys:
        out.append(f'<rect x="{WIDTH - RIGHT + 12}" y="{y - 4}" width="8" height="8" '
                   f'fill="{color[k]}"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 26}" y="{y + 4}">{k}</text>')
        y += 16
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
