#!/usr/bin/env python3
"""Writes the pen fixture: one `libinput record` file holding a touchscreen and its pen as two phys-less nodes
(as iptsd's uinput nodes are): "Demo Panel Touchscreen" and "Demo Panel Stylus", both id 0018:2d1f:0001, so
EdgeSwipe pairs them by the name-stem fallback. This project's own synthesised events, standard library only.

    python3 Tests/Fixtures/tools/pen_palm.py Tests/Fixtures/pen/hover-palm-then-swipe.yml

Touchscreen: ABS_MT_POSITION_X 0..3000, Y 0..2000, resolution 10 units/mm (300 x 200 mm), protocol B.
Pen: ABS_X 0..30000, ABS_Y 0..20000 (resolution 100), ABS_TILT_X/Y -9000..9000 (resolution 5730 units per
radian, about 100 per degree), ABS_DISTANCE 0..255.
Times from the first event (ms):
- 0: the pen comes into proximity (BTN_TOOL_PEN 1) at x = 150 mm, y = 100 mm, no tilt, hovering (ABS_DISTANCE
  40); it moves 1 mm right every 10 ms until 500 (x = 200 mm) and stays there.
- 100: a palm lands 3 mm from the right edge (raw x 2970, y 1200) and slides 2 mm inward (left) every 10 ms for
  20 frames, lifting at 310 (40 mm in all): with the pen in proximity it is gated (penInProximity).
- 600: the pen leaves proximity (BTN_TOOL_PEN 0).
- 800: 200 ms later (past the 90 ms linger) a finger lands at raw x 2970, y 1000 and swipes 4 mm inward every
  10 ms for 14 frames (56 mm, 400 mm/s), lifting at 950: a back from the right edge (activation 6 mm: begins at
  820, the second frame, 8 mm in).
"""
import sys

TOUCH = """- node: /dev/input/event20
  evdev:
    name: "Demo Panel Touchscreen"
    id: [24, 11551, 1, 1]
    codes:
      0: [0] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 47, 53, 54, 57] # EV_ABS
    absinfo:
      0: [0, 3000, 0, 0, 10]
      1: [0, 2000, 0, 0, 10]
      47: [0, 9, 0, 0, 0]
      53: [0, 3000, 0, 0, 10]
      54: [0, 2000, 0, 0, 10]
      57: [0, 65535, 0, 0, 0]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  events:
"""

PEN = """- node: /dev/input/event21
  evdev:
    name: "Demo Panel Stylus"
    id: [24, 11551, 1, 1]
    codes:
      0: [0] # EV_SYN
      1: [320, 330, 331] # EV_KEY
      3: [0, 1, 25, 26, 27] # EV_ABS
    absinfo:
      0: [0, 30000, 0, 0, 100]
      1: [0, 20000, 0, 0, 100]
      25: [0, 255, 0, 0, 0]
      26: [-9000, 9000, 0, 0, 5730]
      27: [-9000, 9000, 0, 0, 5730]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TABLET=1
  events:
"""

def frame(ms, events):
    sec, usec = divmod(ms * 1000, 1_000_000)
    lines = ["  - evdev:"]
    for (t, c, v) in events + [(0, 0, 0)]:
        lines.append(f"    - [{sec:3d}, {usec:6d}, {t:3d}, {c:3d}, {v:6d}]")
    return "\n".join(lines) + "\n"

def pen_frames():
    out = []
    for ms in range(0, 610, 10):
        if ms == 0:
            out.append(frame(ms, [(1, 320, 1), (3, 0, 15000), (3, 1, 10000), (3, 25, 40), (3, 26, 0), (3, 27, 0)]))
        elif ms <= 500:
            out.append(frame(ms, [(3, 0, 15000 + ms * 10)]))
        elif ms == 600:
            out.append(frame(ms, [(1, 320, 0)]))
    return out

def stroke(start_ms, tracking_id, x0, y, step, frames):
    out = [frame(start_ms, [(3, 47, 0), (3, 57, tracking_id), (3, 53, x0), (3, 54, y), (1, 330, 1)])]
    for k in range(1, frames + 1):
        out.append(frame(start_ms + 10 * k, [(3, 53, x0 - step * k)]))
    out.append(frame(start_ms + 10 * (frames + 1), [(3, 57, -1), (1, 330, 0)]))
    return out

def main(path):
    touch = stroke(100, 1, 2970, 1200, 20, 20) + stroke(800, 2, 2970, 1000, 40, 14)
    text = "# libinput record\nversion: 1\nndevices: 2\nlibinput:\n  version: \"1.22.1\"\ndevices:\n"
    text += TOUCH + "".join(touch) + PEN + "".join(pen_frames())
    with open(path, "w") as f:
        f.write(text)

if __name__ == "__main__":
    main(sys.argv[1])
