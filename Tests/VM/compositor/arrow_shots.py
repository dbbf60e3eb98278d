"""Reads grim's screenshots and finds the back arrow in them (no I/O beyond reading the PNG; used by
guest-feedback.py). An arrow pixel is one that differs from the same pixel of the baseline (the screen before
`edgeswipe feedback` ran) by more than NOISE in a channel, within the strip along the left edge."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Browser"))
from png import read_png  # noqa: E402,F401  (the project's PNG reader, also the browser checks'; guest-feedback.py uses it)

NOISE = 24
STRIP_PX = 80  # wider than the largest arrow (12 mm at 2.5 px/mm = 30 px)


def arrow(shot, baseline, side="left"):
    """The arrow in `shot`: None when no pixel of the edge strip differs from the baseline, else a dict with its
    box (x0, y0, x1, y1), its centre line, its pixel count and the share of them that are blue (the armed look:
    blue above red by more than 40)."""
    w, h, rows = shot
    bw, bh, base = baseline
    if (w, h) != (bw, bh):
        raise ValueError(f"screenshot {w}x{h}, baseline {bw}x{bh}")
    xs = range(0, STRIP_PX) if side == "left" else range(w - STRIP_PX, w)
    found = [(x, y) for y in range(h) for x in xs
             if max(abs(a - b) for a, b in zip(rows[y][x], base[y][x])) > NOISE]
    if not found:
        return None
    x0, x1 = min(x for x, _ in found), max(x for x, _ in found)
    y0, y1 = min(y for _, y in found), max(y for _, y in found)
    blue = sum(1 for x, y in found if rows[y][x][2] > rows[y][x][0] + 40)
    return {"box": (x0, y0, x1, y1), "centreY": (y0 + y1 + 1) / 2, "pixels": len(found), "blue": blue / len(found)}
