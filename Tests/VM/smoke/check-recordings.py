#!/usr/bin/python3
"""Host side of the VM smoke test: did the events played into each uinput device come back?

The expected stream is not the played file verbatim: the kernel's input core filters what
is written to a device (drivers/input/input.c), and a reader sees the filtered stream:
  - an absolute axis with fuzz is smoothed against its previous value (input_defuzz_abs_event);
  - an axis event whose (smoothed) value equals the current one is dropped, per slot for
    multitouch axes; a key event that does not change the key's state is dropped;
  - ABS_MT_SLOT events are held back and re-sent just before the next multitouch event
    that is passed on, and only when the slot differs from the last one sent;
  - a SYN_REPORT that ends an empty frame is dropped.
So the expected stream is computed from the played file with those rules, independently of
the tools, and compared event by event (type, code, value) with both recordings.

The fuzz that counts is the device's, not the description's: with udevd running, libinput's
rule 90-libinput-fuzz-override.rules sets the kernel fuzz to 0 (keeping the old value in
the udev property LIBINPUT_FUZZ_xx). The device's absinfo is taken from the header of the
libinput recording (`devices[0].evdev.absinfo`: code -> [min, max, fuzz, flat, res]).

usage: check-recordings.py RESULTS_DIR FIXTURES_DIR
"""
import re
import sys

import yaml  # python3-yaml, installed by vm-run with the other guest tools

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT, SYN_MT_REPORT = 0, 2
ABS_MT_SLOT, ABS_MT_FIRST, ABS_MT_LAST = 0x2F, 0x30, 0x3D  # ABS_MT_TOOL_Y is the last
ABS_MT_TRACKING_ID = 0x39


def read_desc(path):
    """Axis fuzz and slot count from an evemu description (A: code min max fuzz flat [res])."""
    fuzz, slots = {}, 0
    for line in open(path, encoding="utf-8"):
        if line.startswith("A:"):
            f = line.split()
            code = int(f[1], 16)
            fuzz[code] = int(f[4])
            if code == ABS_MT_SLOT:
                slots = int(f[3]) + 1
    return fuzz, slots


def read_evemu_events(path):
    out = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("E:"):
            f = line.split()
            out.append((int(f[2], 16), int(f[3], 16), int(f[4])))
    return out


def read_device_fuzz(path):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    return {int(code): info[2] for code, info in doc["devices"][0]["evdev"]["absinfo"].items()}


def read_libinput_record(path):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    out = []
    for frame in doc["devices"][0].get("events") or []:
        for sec, usec, t, c, v in frame.get("evdev", []):
            out.append((t, c, v))
    return out


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def defuzz(value, old, fuzz):
    if fuzz:
        if old - fuzz // 2 < value < old + fuzz // 2:
            return old
        if old - fuzz < value < old + fuzz:
            return c_div(old * 3 + value, 4)
        if old - fuzz * 2 < value < old + fuzz * 2:
            return c_div(old + value, 2)
    return value


def kernel_filter(events, fuzz, nslots):
    """What a reader of a fresh uinput device sees when `events` are written to it."""
    absval = {code: 0 for code in fuzz}
    mt = [dict() for _ in range(nslots)]
    for s in mt:
        s[ABS_MT_TRACKING_ID] = -1
    slot, sent_slot = 0, 0
    keys = set()
    frame, out = [], []
    for t, c, v in events:
        if t == EV_SYN and c == SYN_REPORT:
            if frame:
                out += frame + [(t, c, v)]
            frame = []
        elif t == EV_SYN:
            frame.append((t, c, v))
        elif t == EV_KEY:
            if v == 2 or (c in keys) != bool(v):
                if v != 2:
                    keys.symmetric_difference_update({c})
                frame.append((t, c, v))
        elif t == EV_ABS:
            if c == ABS_MT_SLOT:
                if nslots and 0 <= v < nslots:
                    slot = v
                continue
            is_mt = ABS_MT_FIRST <= c <= ABS_MT_LAST
            if not is_mt or nslots:
                store = mt[slot] if is_mt else absval
                old = store.get(c, 0)
                v = defuzz(v, old, fuzz.get(c, 0))
                if v == old:
                    continue
                store[c] = v
            if is_mt and nslots and slot != sent_slot:
                sent_slot = slot
                frame.append((EV_ABS, ABS_MT_SLOT, slot))
            frame.append((t, c, v))
        else:
            frame.append((t, c, v))
    return out


# kernel-filtering.events worked through by hand with the rules above (values decimal):
# frame 2 and frame 4 are empty after filtering, slot events appear only before the first
# multitouch event of another slot that is passed on.
KERNEL_FILTERING_BY_HAND = [
    (3, 57, 10), (3, 53, 500), (3, 54, 600), (1, 330, 1), (0, 0, 0),
    (3, 47, 1), (3, 57, 11), (3, 53, 900), (3, 54, 600), (3, 47, 0), (3, 53, 501), (0, 0, 0),
    (3, 47, 1), (3, 57, -1), (3, 47, 0), (3, 57, -1), (1, 330, 0), (0, 0, 0),
]


def compare(label, expected, got):
    if expected == got:
        print(f"  ok   {label}: {len(got)} events as expected")
        return True
    n = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b), min(len(expected), len(got)))
    print(f"  FAIL {label}: expected {len(expected)} events, got {len(got)}; first difference at #{n}:")
    print(f"       expected {expected[n:n + 3]}")
    print(f"       got      {got[n:n + 3]}")
    return False


def main():
    results, fixtures = sys.argv[1], sys.argv[2]
    pixel = f"{fixtures}/aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu"
    wacom = f"{fixtures}/whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger"
    clickpad = f"{fixtures}/p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad"
    cases = [
        ("pixel", pixel, pixel),
        ("wacom", f"{wacom}.desc", f"{wacom}.single-top-swipe.events"),
        ("clickpad", f"{clickpad}.desc", f"{clickpad}.two-finger-scroll-down.events"),
        ("filtering", pixel, f"{fixtures}/kernel-filtering.events"),
    ]
    ok = True
    print("the filtering model on kernel-filtering.events, against the hand-worked result")
    ok &= compare("model", KERNEL_FILTERING_BY_HAND,
                  kernel_filter(read_evemu_events(f"{fixtures}/kernel-filtering.events"), {}, 10))
    for name, desc, events in cases:
        played = read_evemu_events(events)
        desc_fuzz, nslots = read_desc(desc)
        try:
            fuzz = read_device_fuzz(f"{results}/{name}.yml")
            zeroed = sorted(c for c, f in desc_fuzz.items() if f and not fuzz.get(c))
            expected = kernel_filter(played, fuzz, nslots)
            print(f"{name}: played {len(played)} events; the kernel's filtering "
                  f"{'changes nothing' if played == expected else f'leaves {len(expected)}'}"
                  + (f"; fuzz of axes {', '.join(hex(c) for c in zeroed)} was zeroed by udev" if zeroed else ""))
            ok &= compare("evemu-record", expected, read_evemu_events(f"{results}/{name}.evemu"))
            ok &= compare("libinput record", expected, read_libinput_record(f"{results}/{name}.yml"))
        except (OSError, KeyError, TypeError, yaml.YAMLError) as e:
            print(f"  FAIL {name}: cannot read a recording: {e}")
            ok = False
    # libinput replay of the pixel recording, recorded again: the same events come back.
    try:
        first = read_libinput_record(f"{results}/pixel.yml")
        again = read_libinput_record(f"{results}/pixel-replayed.yml")
        print("pixel: `libinput replay` of the libinput recording, recorded again")
        ok &= compare("libinput replay -> libinput record", first, again)
    except (OSError, KeyError, TypeError, yaml.YAMLError) as e:
        print(f"  FAIL libinput replay: cannot read a recording: {e}")
        ok = False
    print("smoke check:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
