#!/usr/bin/env python3
"""Evemu event lines (E: only) for the daemon benchmarks: one-finger back swipes over and over on the demo
touchscreen (samples/demo-back-swipes.evemu's description). Each swipe is 62 frames: finger down 1 mm from the
left edge, 60 frames moving in, lift. evemu-play keeps the timing.
Usage: back-swipes.py FRAMES SECONDS_PER_FRAME   (FRAMES is rounded down to whole swipes)
"""
import sys

frames = int(sys.argv[1]) // 62 * 62
step = float(sys.argv[2])
t = 0.0
out = []
for f in range(frames):
    i = f % 62
    if i == 0:
        out += [f"E: {t:.6f} 0003 0039 {f // 62 + 1:04d}", f"E: {t:.6f} 0003 0035 0011",
                f"E: {t:.6f} 0003 0036 1100", f"E: {t:.6f} 0001 014a 0001"]
    elif i < 61:
        out += [f"E: {t:.6f} 0003 0035 {11 + 20 * i:04d}", f"E: {t:.6f} 0003 0036 {1100 + (i % 3):04d}"]
    else:
        out += [f"E: {t:.6f} 0003 0039 -001", f"E: {t:.6f} 0001 014a 0000"]
    out.append(f"E: {t:.6f} 0000 0000 0000")
    t += step
print("\n".join(out))
