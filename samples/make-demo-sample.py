#!/usr/bin/env python3
"""Writes demo-back-swipes.evemu: synthesised left-edge swipes on a real device description.

The device description (N:, I:, P:, B:, A: lines) is the Google Pixel Tablet touchscreen's, from AOSP's
frameworks/base tests (Apache-2.0; see SOURCES.md). The events are synthesised here, so the demo has a known
script: what each swipe should do is written next to it. Deterministic: no randomness beyond a fixed LCG.

Usage: python3 samples/make-demo-sample.py > samples/demo-back-swipes.evemu
"""

RES = 11            # units per mm on both axes (A: lines below)
X_MAX, Y_MAX = 1599, 2559
RATE_HZ = 120

DESCRIPTION = """# EVEMU 1.3
# Synthesised left-edge back swipes (see make-demo-sample.py) on the Google Pixel Tablet touchscreen description
N: NVTCapacitiveTouchScreen
I: 001c 0603 7806 0100
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 80 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 00 00 00 00 00 80 f3 46
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
A: 2f 0 9 0 0 0
A: 30 0 2559 0 0 11
A: 31 0 1599 0 0 11
A: 34 -4096 4096 0 0 0
A: 35 0 1599 0 0 11
A: 36 0 2559 0 0 11
A: 37 0 2 0 0 0
A: 39 0 65535 0 0 0
A: 3a 0 256 0 0 0
A: 3e 0 8 0 0 0"""

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
BTN_TOUCH = 0x14A
ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x35, 0x36, 0x39

seed = 12345
def jitter():
    """-1, 0 or +1 device unit, from a fixed LCG."""
    global seed
    seed = (seed * 1103515245 + 12345) % (1 << 31)
    return (seed >> 16) % 3 - 1

lines = []
tracking_id = 0

def emit(t, typ, code, value):
    lines.append(f"E: {t:.6f} {typ:04x} {code:04x} {value:04d}")

def stroke(t0, path_mm, duration_s):
    """One finger: path_mm(u) gives (x, y) in mm for u in 0..1; down at u=0, up after u=1."""
    global tracking_id
    tracking_id += 1
    n = max(2, round(duration_s * RATE_HZ))
    for i in range(n + 1):
        t = t0 + i / RATE_HZ
        x_mm, y_mm = path_mm(i / n)
        x = min(X_MAX, max(0, round(x_mm * RES) + (jitter() if i else 0)))
        y = min(Y_MAX, max(0, round(y_mm * RES) + (jitter() if i else 0)))
        if i == 0:
            emit(t, EV_ABS, ABS_MT_TRACKING_ID, tracking_id)
        emit(t, EV_ABS, ABS_MT_POSITION_X, x)
        emit(t, EV_ABS, ABS_MT_POSITION_Y, y)
        if i == 0:
            emit(t, EV_KEY, BTN_TOUCH, 1)
        emit(t, EV_SYN, 0, 0)
    t = t0 + (n + 1) / RATE_HZ
    emit(t, EV_ABS, ABS_MT_TRACKING_ID, -1)
    emit(t, EV_KEY, BTN_TOUCH, 0)
    emit(t, EV_SYN, 0, 0)

def ease_out(u):
    return 1 - (1 - u) ** 2

# 1. Fast back swipe from 1.5 mm off the left edge to 110 mm in 250 ms: begins, completes (progress 0.76).
stroke(0.5, lambda u: (1.5 + 108.5 * ease_out(u), 100 + 2 * u), 0.25)
# 2. Slow swipe out to 40 mm and back to 15 mm, then a 100 ms rest: begins, cancels (progress 0.10, v <= 0).
stroke(2.0, lambda u: ((2 + 38 * (u / 0.6)) if u < 0.6 else (40 - 25 * min(1, (u - 0.6) / 0.3)), 120), 1.0)
# 3. Steady swipe from 1 mm to 90 mm over 500 ms: begins, completes (progress 0.62 >= 0.5).
stroke(4.0, lambda u: (1 + 89 * u, 80 - 3 * u), 0.5)
# 4. Another fast back swipe, which on the demo stack arrives at the root: handed off (issue 24), it completes.
stroke(6.0, lambda u: (2 + 100 * ease_out(u), 140), 0.25)
# 5. A tap in the middle of the screen: no gesture.
stroke(7.5, lambda u: (70, 110), 0.05)

print(DESCRIPTION)
print("\n".join(lines))
