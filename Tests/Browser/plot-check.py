#!/usr/bin/env python3
"""Renders `edgeswipe plot` output in headless Chromium and checks the picture, not the SVG text.

Usage: Tests/Browser/plot-check.py PATH/TO/edgeswipe [OUT_DIR]

Expected places come from the sample's own script (samples/make-demo-sample.py) and the plot's documented
scale, not from the SVG: the Pixel Tablet surface is 1600/11 x 2560/11 mm = 145.5 x 232.7 mm; the plot uses
min(4, 1000 / 232.7) = 4 px per mm, a 20 px margin and a 30 px title band, so screen mm (x, y) lands at
pixel (20 + 4x, 50 + 4y).
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png import read_png  # noqa: E402

binary = sys.argv[1]
out_dir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="edgeswipe-plot-")
os.makedirs(out_dir, exist_ok=True)
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
svg = os.path.join(out_dir, "demo.svg")
png = os.path.join(out_dir, "demo.png")
subprocess.run([binary, "plot", os.path.join(root, "samples/demo-back-swipes.evemu"), "-o", svg], check=True)
with open(svg) as f:
    head = f.read(400)
width = int(float(head.split('width="')[1].split('"')[0]))
height = int(float(head.split('height="')[1].split('"')[0]))
chromium = next((c for c in ("chromium", "chromium-browser") if subprocess.run(["which", c], capture_output=True).returncode == 0), None)
if chromium is None:
    sys.exit("plot-check: chromium is not installed (scripts/deps.sh browser installs it)")
subprocess.run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                f"--window-size={width},{height}", f"--screenshot={png}", "file://" + svg],
               check=True, capture_output=True, timeout=120)
w, h, px = read_png(png)
failures = []


def expect(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def near(c, ref, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(c, ref))


def pixel_mm(x_mm, y_mm):
    return int(20 + 4 * x_mm), int(50 + 4 * y_mm)


def window_has(x, y, ref, radius=4, tol=40):
    return any(near(px[j][i], ref, tol) for j in range(y - radius, y + radius + 1)
               for i in range(x - radius, x + radius + 1) if 0 <= i < w and 0 <= j < h)


expect((w, h) == (width, height), f"screenshot is {w}x{h}, the SVG's size {width}x{height}")
# The left edge zone (5 mm = 20 px) is a green band over the whole height; the surface beside it is light grey.
x, y = pixel_mm(2.5, 200)
expect(near(px[y][x], (196, 226, 196), 25), f"edge zone green at {x},{y}: {px[y][x]}")
x, y = pixel_mm(100, 200)
expect(near(px[y][x], (244, 244, 244), 6), f"surface grey at {x},{y}: {px[y][x]}")
# Stroke 1 (first contact, #1f77b4) passes x = 60 mm at y = 100..102 mm.
x, y = pixel_mm(60, 101)
expect(window_has(x, y, (31, 119, 180), radius=6), f"stroke 1 (blue) near {x},{y}")
# Stroke 3 (third contact, #9467bd) passes x = 45 mm at y = 80 - 3 * (44/89) = 78.5 mm.
x, y = pixel_mm(45, 78.5)
expect(window_has(x, y, (148, 103, 189), radius=6), f"stroke 3 (purple) near {x},{y}")
# Stroke 1 begins once 6 mm inward from 1.5 mm: a green ring near x = 8.5 mm, y = 100 mm.
x, y = pixel_mm(8.5, 100)
expect(window_has(x, y, (44, 160, 44), radius=12), f"'began' ring (green) near {x},{y}")
# It ends at x = 110 mm: a blue 'complete' ring there.
x, y = pixel_mm(110, 102)
expect(window_has(x, y, (31, 63, 191), radius=12), f"'complete' ring (dark blue) near {x},{y}")
# The tap at (70, 110) mm is outside every zone: its failure is listed in the legend (red text below the surface).
legend_red = sum(1 for j in range(int(50 + 4 * 232.7), h) for i in range(w) if near(px[j][i], (214, 39, 40), 50))
expect(legend_red > 30, f"a red 'failed' line in the legend ({legend_red} red pixels)")
if failures:
    sys.exit(f"plot-check: {len(failures)} check(s) failed; screenshot: {png}")
print(f"plot-check: all checks passed; screenshot: {png}")
