#!/usr/bin/env python3
"""Checks that a release `edgeswipe` has its per-wake-up code together (Sources/edgeswipe/hot-path.order).

Prints where the functions one device wake-up runs lie, and fails (exit 1) when they span more than 4 pages
or one is missing: then the order file no longer matches the code (renamed functions) or was not applied.
Usage: hot-path-span.py PATH/TO/release/edgeswipe
"""
import subprocess, sys

# Mangled-name prefixes of the functions every wake-up runs (see BENCHMARKS.md, 2026-11-30 16:25).
HOT = {
    'EventLoop.runOnce': '$s15EdgeSwipeDaemon9EventLoopC7runOnce',
    'LiveSession.readable': '$s15EdgeSwipeDaemon11LiveSessionC8readable',
    'LiveDevice.read': '$s10TouchInput10LiveDeviceC4read5limit',
    'MultitouchDecoder.feed': '$s10TouchInput17MultitouchDecoderV4feed',
    'ProtocolBSlots.report': '$s10TouchInput14ProtocolBSlotsV6report',
    'GestureArena.process': '$s8Gestures12GestureArenaC7process',
}
LIMIT = 4 * 4096

out = subprocess.run(['nm', '-S', sys.argv[1]], capture_output=True, text=True, check=True).stdout
found = {}
for line in out.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in 'tT':
        for label, prefix in HOT.items():
            if parts[3].startswith(prefix) and label not in found:
                found[label] = (int(parts[0], 16), int(parts[1], 16))
missing = sorted(set(HOT) - set(found))
if missing:
    print(f"hot-path-span: not found in {sys.argv[1]}: {', '.join(missing)}", file=sys.stderr)
    sys.exit(1)
start = min(a for a, _ in found.values())
end = max(a + n for a, n in found.values())
for label, (a, n) in sorted(found.items(), key=lambda kv: kv[1][0]):
    print(f"  {a:#9x} {n:5d} bytes  {label}")
verdict = 'ok' if end - start <= LIMIT else 'TOO SPREAD'
print(f"hot-path-span: {end - start} bytes over pages {start >> 12:#x}-{(end - 1) >> 12:#x} (limit {LIMIT}): {verdict}")
sys.exit(0 if end - start <= LIMIT else 1)
