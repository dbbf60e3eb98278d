#!/usr/bin/env python3
"""Writes the velocity-tracker fling recordings as TSV fixtures (this project's own code, standard library only).

    python3 Tests/Fixtures/tools/velocity_flings.py android VelocityTracker_test.cpp > Tests/Fixtures/android-velocitytracker-flings.tsv
    python3 Tests/Fixtures/tools/velocity_flings.py flutter velocity_tracker_data.dart > Tests/Fixtures/flutter-velocitytracker-flings.tsv

android: every `SailfishFling*` test of AOSP frameworks/native libs/input/tests/VelocityTracker_test.cpp, one row per
motion entry (time in ns, x and y in px, as written); the entry marked ACTION_UP is the lift, the first the
touch-down. flutter: every pointer of Flutter's packages/flutter/test/gestures/velocity_tracker_data.dart (time in ms
there, written here in ns; x and y in logical pixels, as written). The header names the origin; the caller adds it.
"""
import re, sys

kind, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
rows = []
if kind == "android":
    for m in re.finditer(r"TEST_F\(VelocityTrackerTest, (SailfishFling\w+)\) \{(.*?)\n\}", text, re.S):
        name, body = m.group(1), m.group(2)
        entries = re.findall(r"\{ (\d+)(ns|ms), \{\{([-\d.]+), ([-\d.]+)\}\} \},?( *//\s*ACTION_UP)?", body)
        for i, (t, unit, x, y, up) in enumerate(entries):
            ns = int(t) * (1_000_000 if unit == "ms" else 1)
            action = "up" if up else ("down" if i == 0 else "move")
            rows.append((name, ns, x, y, action))
        assert entries and entries[-1][4], f"{name}: no ACTION_UP"
elif kind == "flutter":
    gestures = 0
    # A few time stamps are written as a sum ("216698374 + 40": the test's 40 ms pause before pointer 13 moves).
    for m in re.finditer(r"Pointer(Down|Move|Up)Event\(\s*timeStamp: Duration\(milliseconds: (\d+)(?: \+ (\d+))?\),"
                         r"\s*pointer: (\d+),\s*position: Offset\(([-\d.]+), ([-\d.]+)\),", text):
        kind_, ms, extra, pointer, x, y = m.groups()
        ns = (int(ms) + int(extra or 0)) * 1_000_000
        if kind_ == "Down":
            gestures = sum(1 for r in rows if r[4] == "down") + 1
        # Pointer 13 is used twice: the gesture is named by its order as well.
        rows.append((f"touch{gestures}-pointer{pointer}", ns, x, y, {"Down": "down", "Move": "move", "Up": "up"}[kind_]))
    assert len(rows) == text.count("Event(\n"), "every pointer event parsed"
else:
    sys.exit("kind must be android or flutter")
print("gesture\ttime_ns\tx\ty\taction")
for r in rows:
    print("\t".join(str(v) for v in r))
