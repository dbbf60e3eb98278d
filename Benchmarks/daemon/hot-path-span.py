#!/usr/bin/env python3
"""Checks that a release `edgeswipe` has its per-wake-up code together (Sources/edgeswipe/hot-path.order).

The functions checked are the globs marked `#span LABEL` in the order file itself: one list for the linker
and for this check. Prints where they lie, and fails (exit 1) when they span more than 4 pages or one is
missing: then the order file no longer matches the code (renamed functions) or was not applied.
Usage: hot-path-span.py PATH/TO/release/edgeswipe [PATH/TO/hot-path.order]
"""
import fnmatch, os, subprocess, sys

ORDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Sources', 'edgeswipe', 'hot-path.order')
LIMIT = 4 * 4096


def marked_globs(path):
    """label -> symbol glob, from each `#span LABEL` line and the `.text.GLOB` line under it."""
    hot, label = {}, None
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if line.startswith('#span '):
                label = line[len('#span '):].strip()
            elif label is not None:
                if not line.startswith('.text.'):
                    sys.exit(f"{path}:{number}: '#span {label}' must be followed by a .text. glob line")
                hot[label] = line[len('.text.'):]
                label = None
    if not hot:
        sys.exit(f"{path}: no '#span' lines: nothing to check")
    return hot


binary = sys.argv[1]
HOT = marked_globs(sys.argv[2] if len(sys.argv) > 2 else ORDER)
out = subprocess.run(['nm', '-S', binary], capture_output=True, text=True, check=True).stdout
found = {}
for line in out.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in 'tT':
        for label, glob in HOT.items():
            if label not in found and fnmatch.fnmatchcase(parts[3], glob):
                found[label] = (int(parts[0], 16), int(parts[1], 16))
missing = sorted(set(HOT) - set(found))
if missing:
    print(f"hot-path-span: not found in {binary}: {', '.join(missing)}", file=sys.stderr)
    sys.exit(1)
start = min(a for a, _ in found.values())
end = max(a + n for a, n in found.values())
for label, (a, n) in sorted(found.items(), key=lambda kv: kv[1][0]):
    print(f"  {a:#9x} {n:5d} bytes  {label}")
verdict = 'ok' if end - start <= LIMIT else 'TOO SPREAD'
print(f"hot-path-span: {end - start} bytes over pages {start >> 12:#x}-{(end - 1) >> 12:#x} (limit {LIMIT}): {verdict}")
sys.exit(0 if end - start <= LIMIT else 1)
