#!/usr/bin/env python3
"""An evemu recording of a given size for the replay memory figures (BENCHMARKS.md, issue 14 item 7): a fixture's
description, then its events repeated with increasing times until the file reaches SIZE bytes.
Usage: big-recording.py DESC EVENTS OUTPUT SIZE
  e.g. big-recording.py Tests/Fixtures/whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.{desc,single-top-swipe.events} \
       /tmp/big-1g.evemu 1000000000
"""
import sys

desc_path, events_path, output, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
desc = open(desc_path).read()
events = [line.split() for line in open(events_path) if line.startswith("E:")]
start = float(events[0][1])
span = float(events[-1][1]) - start + 0.5
with open(output, "w") as out:
    out.write(desc)
    written = len(desc)
    offset = 0.0
    while written < size:
        chunk = "".join("E: %.6f %s %s %s\n" % (float(e[1]) - start + offset, e[2], e[3], e[4]) for e in events)
        out.write(chunk)
        written += len(chunk)
        offset += span
