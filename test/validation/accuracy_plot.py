#!/usr/bin/env python3
"""Draws docs/images/accuracy-hopper.svg: for every qualifying kernel of the
validation corpus, the Hopper model's predicted time over the measured one
(y, log scale) against the measured time (x, log scale), on the H100 and the
H200 with the runtime's counters, with the band within 25%. Reads what
`headroom validate --kernels --format json` prints for each GPU.

usage: accuracy_plot.py H100.json H200.json > accuracy-hopper.svg
"""
import json
import math
import sys

WIDTH, HEIGHT = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 60, 150, 30, 50
X_MIN, X_MAX = 0.1, 100.0   # ms
Y_MIN, Y_MAX = 0.01, 2.0    # predicted / measured
COLORS = {"compute": "#d62728", "memory": "#1f77b4", "latency": "#7f7f7f"}


def x_of(ms):
    span = math.log10(X_MAX) - math.log10(X_MIN)
    return LEFT + (math.log10(ms) - math.log10(X_MIN)) / span * (WIDTH - LEFT - RIGHT)


def y_of(ratio):
    ratio = min(max(ratio, Y_MIN), Y_MAX)
    span = math.log10(Y_MAX) - math.log10(Y_MIN)
    return TOP + (math.log10(Y_MAX) - math.log10(ratio)) / span * (HEIGHT - TOP - BOTTOM)


def mark(x, y, shape, stroke, fill="none", inside=""):
    """A circle or a square of about 6 px centred on (x, y)."""
    if shape == "circle":
        return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{fill}" '
                f'stroke="{stroke}">{inside}</circle>')
    return (f'<rect x="{x - 2.5:.1f}" y="{y - 2.5:.1f}" width="5" height="5" '
            f'fill="{fill}" stroke="{stroke}">{inside}</rect>')


def main():
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    band_top, band_bottom = y_of(1.25), y_of(0.75)
    out.append(f'<rect x="{LEFT}" y="{band_top:.1f}" width="{WIDTH - LEFT - RIGHT}" '
               f'height="{band_bottom - band_top:.1f}" fill="#e8f4e8"/>')
    for ratio in (0.01, 0.1, 0.5, 0.75, 1.0, 1.25, 2.0):
        y = y_of(ratio)
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#ccc" stroke-width="{1.5 if ratio == 1.0 else 0.5}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{ratio:g}</text>')
    for ms in (0.1, 1, 10, 100):
        x = x_of(ms)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{HEIGHT - BOTTOM}" '
                   f'stroke="#ccc" stroke-width="0.5"/>')
        out.append(f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{ms:g}</text>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 10}" text-anchor="middle">'
               'measured time per launch (ms)</text>')
    out.append(f'<text transform="translate(16,{(TOP + HEIGHT - BOTTOM) / 2}) rotate(-90)" '
               'text-anchor="middle">predicted / measured</text>')
    shapes = []
    for path, marker in zip(sys.argv[1:3], ("circle", "square")):
        data = json.load(open(path))
        shapes.append((data["device"], marker))
        for k in data["kernels"]:
            if not k["qualifying"] or not k["measured_ms"]:
                continue
            x, y = x_of(min(max(k["measured_ms"], X_MIN), X_MAX)), y_of(k["hopper_ms"] / k["measured_ms"])
            color = COLORS.get(k["verdict"], "#000")
            title = f'<title>{data["device"]} {k["case"]} {k["kernel"]}: {k["hopper_ms"] / k["measured_ms"]:.2f}</title>'
            out.append(mark(x, y, marker, color, inside=title))
    legend_x, legend_y = WIDTH - RIGHT + 14, TOP + 6
    for i, (name, color) in enumerate(COLORS.items()):
        out.append(f'<circle cx="{legend_x}" cy="{legend_y + 16 * i}" r="4" fill="{color}"/>')
        out.append(f'<text x="{legend_x + 10}" y="{legend_y + 16 * i + 4}">{name}-bound</text>')
    for i, (device, marker) in enumerate(shapes):
        y = legend_y + 16 * (len(COLORS) + 1 + i)
        out.append(mark(legend_x, y, marker, "#000"))
        out.append(f'<text x="{legend_x + 10}" y="{y + 4}">{device}</text>')
    y = legend_y + 16 * (len(COLORS) + len(shapes) + 2)
    out.append(f'<rect x="{legend_x - 4}" y="{y - 5}" width="8" height="8" fill="#e8f4e8"/>')
    out.append(f'<text x="{legend_x + 10}" y="{y + 4}">within 25%</text>')
    out.append('</svg>')
    print("\n".join(out))


if __name__ == "__main__":
    main()
