#!/usr/bin/env python3
"""A recording of a given size for the replay memory figures (BENCHMARKS.md, issue 14 item 7 and issue 22): a
fixture's description, then its events repeated with increasing times until the file reaches SIZE bytes, as evemu
(the default) or as `libinput record` YAML (--libinput-record: one `- evdev:` entry per frame, each event with a
comment as libinput writes it).
Usage: big-recording.py [--libinput-record] DESC EVENTS OUTPUT SIZE
  e.g. big-recording.py Tests/Fixtures/whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.{desc,single-top-swipe.events} \
       /tmp/big-1g.evemu 1000000000
The files are large: write them to /tmp and delete them after measuring.

Speed (GiB files): the events are formatted once into a block of BLOCK_SECONDS of repetitions, each line's seconds
written as a 3-digit field after a placeholder; each block on the file is that text joined with its block number
(block 7: second 12 is written 7012), so times keep increasing without formatting every line again.
"""
import sys

BLOCK_SECONDS = 1000

args = sys.argv[1:]
record = bool(args) and args[0] == "--libinput-record"
if record:
    args = args[1:]
desc_path, events_path, output, size = args[0], args[1], args[2], int(args[3])
desc = open(desc_path).read()
events = [line.split() for line in open(events_path) if line.startswith("E:")]
start = float(events[0][1])
span = float(events[-1][1]) - start + 0.5
# Microsecond times inside one block: the repetitions that fit in BLOCK_SECONDS.
repetitions = int((BLOCK_SECONDS - 1) // span)
MARK = "\x00"

EV_NAMES = {0: "EV_SYN", 1: "EV_KEY", 3: "EV_ABS"}
ABS_NAMES = {0x00: "ABS_X", 0x01: "ABS_Y", 0x2F: "ABS_MT_SLOT", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
             0x39: "ABS_MT_TRACKING_ID", 0x3A: "ABS_MT_PRESSURE"}


def record_header():
    """The evemu description as a `libinput record` device."""
    name, ident, codes, absinfo, props = "", [0, 0, 0, 0], {}, {}, []
    prop_bytes = 0
    mask_bytes = {}
    for line in desc.splitlines():
        tag, _, rest = line.partition(": ")
        fields = rest.split()
        if tag == "N":
            name = rest.strip()
        elif tag == "I":
            ident = [int(f, 16) for f in fields]
        elif tag == "P":
            props += [(prop_bytes + k) * 8 + bit for k, f in enumerate(fields) for bit in range(8) if int(f, 16) >> bit & 1]
            prop_bytes += 8
        elif tag == "B":
            t = int(fields[0], 16)
            offset = mask_bytes.get(t, 0)
            codes.setdefault(t, []).extend((offset + k) * 8 + bit for k, f in enumerate(fields[1:]) for bit in range(8)
                                           if int(f, 16) >> bit & 1)
            mask_bytes[t] = offset + 8
        elif tag == "A":
            values = [int(f) for f in fields[1:]] + [0]
            absinfo[int(fields[0], 16)] = values[:5]
    for code in codes.get(3, []):
        absinfo.setdefault(code, [0, 1, 0, 0, 0])
    out = ["# libinput record\nversion: 1\nndevices: 1\nlibinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n",
           "system:\n  os: \"debian:12\"\n  kernel: \"6.1.0\"\n  dmi: \"dmi:unknown\"\n",
           "devices:\n- node: /dev/input/event5\n  evdev:\n",
           "    # Name: %s\n    name: \"%s\"\n    id: [%d, %d, %d, %d]\n    codes:\n" % (name, name, *ident)]
    out += ["      %d: [%s] # %s\n" % (t, ", ".join(map(str, sorted(cs))), EV_NAMES.get(t, "")) for t, cs in sorted(codes.items()) if cs]
    out.append("    absinfo:\n")
    out += ["      %d: [%s]\n" % (c, ", ".join(map(str, v))) for c, v in sorted(absinfo.items())]
    out.append("    properties: [%s]\n  hid: []\n  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n"
               % ", ".join(map(str, props)))
    out.append("  quirks:\n  events:\n")
    return "".join(out)


def record_lines(offset):
    """One repetition as libinput record: a `- evdev:` entry per frame; seconds as MARK + 3 digits."""
    lines = []
    frame = []
    last_report = None
    for e in events:
        us = int(round((float(e[1]) - start + offset) * 1_000_000))
        typ, code, value = int(e[2], 16), int(e[3], 16), int(e[4])
        sec = "%s%03d" % (MARK, us // 1_000_000)
        if typ == 0 and code == 0:
            delta = 0 if last_report is None else (us - last_report) // 1000
            last_report = us
            frame.append("    - [%s, %6d, %3d, %3d, %6d] # ------------ SYN_REPORT (0) ---------- +%dms\n"
                         % (sec, us % 1_000_000, typ, code, value, delta))
            lines.append("  - evdev:\n" + "".join(frame))
            frame = []
        else:
            label = "%s / %-20s" % (EV_NAMES.get(typ, str(typ)), ABS_NAMES.get(code, str(code)) if typ == 3 else str(code))
            frame.append("    - [%s, %6d, %3d, %3d, %6d] # %s %6d\n" % (sec, us % 1_000_000, typ, code, value, label, value))
    return "".join(lines)


def evemu_lines(offset):
    out = []
    for e in events:
        us = int(round((float(e[1]) - start + offset) * 1_000_000))
        out.append("E: %s%03d.%06d %s %s %s\n" % (MARK, us // 1_000_000, us % 1_000_000, e[2], e[3], e[4]))
    return "".join(out)


block = "".join((record_lines if record else evemu_lines)(k * span) for k in range(repetitions)).split(MARK)
with open(output, "w") as out:
    head = record_header() if record else desc
    out.write(head)
    written = len(head)
    number = 1   # from 1: a leading "0" would make "012" a YAML octal
    while written < size:
        text = str(number).join(block)
        out.write(text)
        written += len(text)
        number += 1
