#!/usr/bin/python3
"""Checks that `libinput replay` accepts recordings written by LibinputRecordWriter.

Loads the installed libinput-replay tool (Debian: libinput-tools, needs python3-libevdev and
python3-yaml) as a module and runs its own file check, device creation (libevdev, every code and
absinfo enabled) and replay loop on each file, with only the uinput device and the sleeps stubbed
out: this machine has no /dev/uinput. Counts the events the tool would have sent.

Usage: replay_check.py FILE EXPECTED_EVENT_COUNT [FILE COUNT ...]; exit status 0 when every file
replays exactly its expected number of events.
"""

import importlib.util
import math
import sys
from importlib.machinery import SourceFileLoader

TOOL = "/usr/libexec/libinput/libinput-replay"


def main(argv):
    loader = SourceFileLoader("libinput_replay", TOOL)
    spec = importlib.util.spec_from_loader("libinput_replay", loader)
    replay = importlib.util.module_from_spec(spec)
    loader.exec_module(replay)
    import libevdev
    import yaml

    sent = []

    class FakeUinput:
        devnode = "/dev/input/event99"

        def send_events(self, events):
            sent.extend(events)

    libevdev.Device.create_uinput_device = lambda self: FakeUinput()
    replay.check_udev_properties = lambda device, uinput: None   # needs a real udev device
    replay.time.sleep = lambda seconds: None

    failures = 0
    pairs = list(zip(argv[0::2], argv[1::2]))
    for path, expected in pairs:
        sent.clear()
        with open(path) as f:
            recording = yaml.safe_load(f)
        replay.check_file(recording)
        devices = replay.fetch(recording, "devices")
        firsts = [t for t in (replay.first_timestamp(d) for d in devices) if t is not None]
        offset = min(firsts or [math.inf])
        for index, device in enumerate(devices):
            device["__uinput"] = replay.create(device)
            device["__index"] = index
            device["__first_event_offset"] = offset
        for device in devices:
            replay.replay(device, False)
        status = "ok" if len(sent) == int(expected) else "MISMATCH"
        if status != "ok":
            failures += 1
        print("%s %s sent %d of %s events" % (status, path, len(sent), expected))
    return 1 if failures or not pairs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
