#!/usr/bin/env python3
"""Evemu event lines (E: only) for the daemon benchmarks: one-finger back swipes over and over on the demo
touchscreen (samples/demo-back-swipes.evemu's description). Each swipe is 62 frames: finger down 1 mm from the
left edge, 60 frames moving in, lift. evemu-play keeps the timing.
Usage: back-swipes.py FRAMES SECONDS_PER_FRAME [X_START]   (FRAMES is rounded down to whole swipes)
X_START (default 11, 1 mm from the left edge) moves every stroke: 1000 gives mid-screen drags, which no
recognizer takes (the ownership benchmark's forwarded frames).
"""
import sys

frames = int(sys.argv[1]) // 62 * 62
step = float(sys.argv[2])
x0 = int(sys.argv[3]) if len(sys.argv) > 3 else 11
t = 0.0
out = []
for f in range(frames):
    i = f % 62
    if i == 0:
        out += [f"E: {t:.6f} 0003 0039 {f // 62 + 1:04d}", f"E: {t:.6f} 0003 0035 {x0:04d}",
                f"E: {t:.6f} 0003 0036 1100", f"E: {t:.6f} 0001 014a 0001"]
    elif i < 61:
        out += [f"E: {t:.6f} 0003 0035 {x0 + 20 * i:04d}", f"E: {t:.6f} 0003 0036 {1100 + (i % 3):04d}"]
    else:
        out += [f"E: {t:.6f} 0003 0039 -001", f"E: {t:.6f} 0001 014a 0000"]
    out.append(f"E: {t:.6f} 0000 0000 0000")
    t += step
print("\n".join(out))
