"""Reads grim's screenshots and finds the back arrow in them (no I/O beyond reading the PNG; used by
guest-feedback.py). An arrow pixel is one that differs from the same pixel of the baseline (the screen before
`edgeswipe feedback` ran) by more than NOISE in a channel, within the strip along the left edge."""
import struct
import zlib

NOISE = 24
STRIP_PX = 80  # wider than the largest arrow (12 mm at 2.5 px/mm = 30 px)


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG, as grim writes them."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    i, idat = 8, b""
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        chunk = data[i + 8:i + 8 + n]
        i += 12 + n
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError(f"{path}: {depth}-bit colour type {colour}, expected 8-bit RGB(A)")
        elif kind == b"IDAT":
            idat += chunk
    raw, bpp = zlib.decompress(idat), 3 if colour == 2 else 4
    stride, rows, prev, p = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


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
