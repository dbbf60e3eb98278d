#!/usr/bin/env python3
"""Writes the tune fixture: labelled strokes of a user whose back swipes land 6-8 mm from the left edge (a band
narrower than their habit), on the Google Pixel Tablet touchscreen description (AOSP, Apache-2.0; 11 units per mm,
145.4 x 232.6 mm), with a labels file beside it. This project's own synthesised strokes, standard library only.

    python3 Tests/Fixtures/tools/tune_strokes.py Tests/Fixtures/tune/narrow-habit.evemu

Each stroke, in order (x from the left edge, mm; 120 Hz; 0.8 s apart):
- back (10): land at x = 6.0, 6.5, 7.0, 7.5, 8.0, 6.2, 6.8, 7.2, 7.8, 6.4 and move 70 mm inward in 250 ms
  (280 mm/s at the lift): expected back:left.
- tap-at-edge (4): 80 ms still at x = 2, 3, 4, 2.5: expected none.
- vertical-in-band (3): at x = 3, 40 mm down in 300 ms: expected none.
- too-far-in (3): land at x = 25, 28, 30 and move 70 mm inward in 250 ms: expected none.
- returns (2): land at x = 3, 30 mm inward in 400 ms, back to x = 5 in 400 ms, 150 ms still, lift: cancel:left.
Labels span from 50 ms before the touch-down (0 for the first) to 300 ms after the lift, in seconds from the
recording's first event.
"""
import os
import sys

RES, X_MAX, Y_MAX, RATE = 11, 1599, 2559, 120
PIXEL = "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu"
HEADER = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", PIXEL)).read()
desc = "\n".join(l for l in HEADER.splitlines() if l[:2] in ("N:", "I:", "P:", "B:", "A:"))

lines, labels, tid = [], [], 0

def emit(t, typ, code, value):
    lines.append(f"E: {t:.6f} {typ:04x} {code:04x} {value}")

def stroke(t0, path, duration, expect, kind):
    global tid
    tid += 1
    n = max(1, round(duration * RATE))
    for i in range(n + 1):
        t = t0 + i / RATE
        x, y = path(i / n)
        if i == 0:
            emit(t, 3, 0x39, tid)
        emit(t, 3, 0x35, min(X_MAX, max(0, round(x * RES))))
        emit(t, 3, 0x36, min(Y_MAX, max(0, round(y * RES))))
        if i == 0:
            emit(t, 1, 0x14A, 1)
        emit(t, 0, 0, 0)
    up = t0 + (n + 1) / RATE
    emit(up, 3, 0x39, -1)
    emit(up, 1, 0x14A, 0)
    emit(up, 0, 0, 0)
    # Times from the recording's first event (the first stroke's touch-down at 0.5 s), as replay prints them.
    labels.append((max(0, t0 - 0.5 - 0.05), up - 0.5 + 0.3, expect, kind))
    return up + 0.8

t = 0.5
for i, x0 in enumerate((6.0, 6.5, 7.0, 7.5, 8.0, 6.2, 6.8, 7.2, 7.8, 6.4)):
    y = 60 + 12 * i
    t = stroke(t, lambda u, x0=x0, y=y: (x0 + 70 * u, y), 0.25, "back:left", "back")
for x0 in (2, 3, 4, 2.5):
    t = stroke(t, lambda u, x0=x0: (x0, 120), 0.08, "none", "tap-at-edge")
for i in range(3):
    t = stroke(t, lambda u, i=i: (3, 60 + 30 * i + 40 * u), 0.3, "none", "vertical-in-band")
for x0 in (25, 28, 30):
    t = stroke(t, lambda u, x0=x0: (x0 + 70 * u, 100), 0.25, "none", "too-far-in")
for y in (90, 150):
    def back_and_forth(u, y=y):
        # 0.95 s: 0.4 s out, 0.4 s back, 0.15 s still.
        s = u * 0.95
        x = 3 + 30 * (s / 0.4) if s < 0.4 else (33 - 28 * min(1, (s - 0.4) / 0.4))
        return (x, y)
    t = stroke(t, back_and_forth, 0.95, "cancel:left", "returns")

out = sys.argv[1]
with open(out, "w") as f:
    f.write("# EVEMU 1.3\n# Synthesised strokes of a user whose back swipes land 6-8 mm in (Tests/Fixtures/tools/tune_strokes.py)\n")
    f.write(desc + "\n" + "\n".join(lines) + "\n")
with open(out + ".labels", "w") as f:
    f.write("# edgeswipe labels 1: START_S\tEND_S\tEXPECT (back:EDGE, cancel:EDGE, none)\tKIND\n")
    for s, e, x, k in labels:
        f.write(f"{s:.3f}\t{e:.3f}\t{x}\t{k}\n")
