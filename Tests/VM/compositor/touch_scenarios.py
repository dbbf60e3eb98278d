"""The touches the compositor test plays, and what a client must see of them (no I/O).

The touchscreen: X 0..2559 and Y 0..1919 at 10 units/mm (256 x 192 mm, the 4:3 of the 640x480 output: wev's
window is 640x480 and keeps that size whatever the compositor asks, so the output is made that size).
A scenario is a list of frames (ms after its start, {slot: (x, y) or None for a lift}); slots not named keep
their state. Every contact names what it is (`mid`, `edge`) and what the service should make of it.
"""

X_MAX, Y_MAX, RESOLUTION = 2559, 1919, 10
OUTPUT_W, OUTPUT_H = 640, 480


def expected_px(x, y):
    """Where the client sees a device point: the axis range laid linearly over the output (a surface at 0,0
    covering it), as libinput's touch transform scales (value - min) * size / (max - min + 1)."""
    return x * OUTPUT_W / (X_MAX + 1), y * OUTPUT_H / (Y_MAX + 1)


def stroke(x0, y0, x1, y1, steps, step_ms, start_ms=0):
    """A contact's positions from (x0, y0) to (x1, y1): touch-down and `steps` moves, one per `step_ms`."""
    return [(start_ms + i * step_ms, (round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)))
            for i in range(steps + 1)]


def one_finger(points, lift_after_ms):
    frames = [(t, {0: p}) for t, p in points]
    return frames + [(points[-1][0] + lift_after_ms, {0: None})]


def _cancel_swipe():
    out = stroke(10, 700, 410, 700, 10, 10)                 # 40 mm inward in 100 ms: begins
    t = out[-1][0] + 300                                     # held still
    back = stroke(410, 700, 110, 700, 10, 15, start_ms=t)   # most of the way back out
    return out + back[1:]


def _two_fingers():
    edge = [(0, {0: (15, 300)})]
    mid = [(t, {1: p}) for t, p in stroke(1400, 800, 1600, 900, 20, 10, start_ms=40)]
    return edge + mid + [(300, {0: None, 1: None})]


# name: (frames, {slot: "edge" | "mid"}, expected service decision of the edge contact or None)
SCENARIOS = {
    "tap-mid": (one_finger([(0, (1280, 960))], 80), {0: "mid"}, None),
    "drag-mid": (one_finger(stroke(600, 400, 1900, 1000, 30, 10), 20), {0: "mid"}, None),
    "swipe-left-completes": (one_finger(stroke(10, 700, 1710, 700, 30, 10), 10), {0: "edge"}, "complete"),
    "swipe-left-cancels": (one_finger(_cancel_swipe(), 200), {0: "edge"}, "cancel"),
    "swipe-right-completes": (one_finger(stroke(2549, 500, 849, 500, 30, 10), 10), {0: "edge"}, "complete"),
    "tap-edge": (one_finger([(0, (20, 900))], 80), {0: "edge"}, "failed"),
    "two-fingers-one-at-edge": (_two_fingers(), {0: "edge", 1: "mid"}, "failed"),
}


def contacts_of(frames):
    """Each slot's contact: its positions in order (what a client gets as down + motions) and whether it lifts.
    Positions a frame repeats are no motion (the kernel drops unchanged values)."""
    out = {}
    for _, slots in frames:
        for slot, p in slots.items():
            c = out.setdefault(slot, {"points": [], "lifted": False})
            if p is None:
                c["lifted"] = True
            elif not c["points"] or c["points"][-1] != p:
                c["points"].append(p)
    return out


def duration_ms(frames):
    return frames[-1][0]
