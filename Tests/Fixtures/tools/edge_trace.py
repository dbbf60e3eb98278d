#!/usr/bin/env python3
"""Writes the calibration fixtures: events-only files for the N-Trig MultiTouch description (protocol A, axes
0..9600 x 0..7200, no resolution), this project's own synthesised strokes (standard library only).

    python3 Tests/Fixtures/tools/edge_trace.py trace  > Tests/Fixtures/calibration/n-trig-edge-trace.events
    python3 Tests/Fixtures/tools/edge_trace.py missed > Tests/Fixtures/calibration/n-trig-edge-trace-no-left.events
    python3 Tests/Fixtures/tools/edge_trace.py swipes > Tests/Fixtures/calibration/n-trig-left-swipes-4mm-7mm.events

trace: one finger slides along the top, right, bottom and left edges, 29 units (0.4 %) inside each, at 100 Hz,
from 5 % to 95 % of each edge. missed: the same without the left edge. swipes: on a panel taken as 246 x 184.5 mm
(39.02 units per mm both ways), two left-edge swipes at mid height, the first landing 4.0 mm from the left edge
(x 156), the second 7.0 mm (x 273), each moving 60 mm inward in 200 ms.
"""
import sys

W, H = 9600, 7200
t = 1000.0  # seconds, as the original recordings' epoch times
out = []

def frame(x, y):
    global t
    for code, v in ((0x00, x), (0x01, y), (0x35, x), (0x36, y), (0x30, 468), (0x31, 306)):
        out.append(f"E: {t:.6f} 0003 {code:04x} {v}")
    out.append(f"E: {t:.6f} 0000 0002 0")
    out.append(f"E: {t:.6f} 0000 0000 0")

def down(x, y):
    global t
    frame(x, y)
    out.insert(len(out) - 1, f"E: {t:.6f} 0001 014a 1")

def up():
    global t
    out.append(f"E: {t:.6f} 0000 0002 0")
    out.append(f"E: {t:.6f} 0001 014a 0")
    out.append(f"E: {t:.6f} 0000 0000 0")

def stroke(points):
    global t
    down(*points[0])
    for p in points[1:]:
        t += 0.01
        frame(*p)
    t += 0.01
    up()
    t += 0.3

def along(a, b, n=90):
    return [(round(a[0] + (b[0] - a[0]) * i / (n - 1)), round(a[1] + (b[1] - a[1]) * i / (n - 1))) for i in range(n)]

inset = 29
edges = {
    "top": along((int(W * 0.05), inset), (int(W * 0.95), inset)),
    "right": along((W - inset, int(H * 0.05)), (W - inset, int(H * 0.95))),
    "bottom": along((int(W * 0.95), H - inset), (int(W * 0.05), H - inset)),
    "left": along((inset, int(H * 0.95)), (inset, int(H * 0.05))),
}
kind = sys.argv[1]
if kind in ("trace", "missed"):
    for name in ("top", "right", "bottom", "left"):
        if kind == "missed" and name == "left":
            continue
        stroke(edges[name])
elif kind == "swipes":
    per_mm = W / 246.0
    for start_mm in (4.0, 7.0):
        x0 = round(start_mm * per_mm)
        # 21 frames at 10 ms: 60 mm inward in 200 ms.
        stroke([(round(x0 + 60 * per_mm * i / 20), H // 2) for i in range(21)])
else:
    sys.exit("edge_trace.py: trace, missed or swipes")
print("\n".join(out))
