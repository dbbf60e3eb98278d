#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/corpus/<target>/ (run from the repository root: python3 Fuzz/make-seeds.py).
evemu seeds are cut from Tests/Fixtures recordings (origin and licence: Tests/Fixtures/SOURCES.tsv and LICENSES);
the others are written here, in the input formats of Fuzz/Harness/*Fuzzing.swift."""
import os, struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "Tests", "Fixtures")
OUT = os.path.join(ROOT, "Fuzz", "corpus")

def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def lines(path):
    return open(os.path.join(FIX, path), encoding="utf-8", errors="replace").read().splitlines(keepends=True)

def cut(line_list, limit):
    out, n = [], 0
    for l in line_list:
        if n + len(l) > limit: break
        out.append(l); n += len(l)
    return out

# --- evemu: a description, then the first events (about 3 KB in all).
evemu = [("pixel-tablet-B", "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu", None),
         ("wacom-B-swipe", "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc",
          "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-top-swipe.events"),
         ("ntrig-drag", "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc",
          "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events"),
         ("alps-single-touch", "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.desc",
          "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events"),
         ("synaptics-two-finger", "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc",
          "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events")]
for name, desc, events in evemu:
    d = lines(desc)
    e = [l for l in lines(events) if l.startswith("E:")] if events else []
    write("evemu", name + ".evemu", "".join(cut(d + e, 3000)))

# --- libinput record: small hand-written recordings in the format's YAML.
def record(name, device, events):
    return f"""# libinput record
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
system:
  kernel: "6.1.0"
devices:
- node: /dev/input/event5
  evdev:
{device}
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  events:
{events}"""

touch_b = """    name: "Fuzz Touchscreen B"
    id: [24, 0, 0, 0]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 47, 53, 54, 57] # EV_ABS
    absinfo:
      0: [0, 1279, 0, 0, 10]
      1: [0, 799, 0, 0, 10]
      47: [0, 9, 0, 0, 0]
      53: [0, 1279, 0, 0, 10]
      54: [0, 799, 0, 0, 10]
      57: [0, 65535, 0, 0, 0]
    properties: [1]"""
single = """    name: "Fuzz single-touch"
    id: [17, 2, 8, 512]
    codes:
      0: [0, 1, 3]
      1: [272, 330]
      3: [0, 1, 24]
    absinfo:
      0: [0, 1023, 0, 0, 0]
      1: [0, 767, 0, 0, 0]
      24: [0, 127, 0, 0, 0]
    properties: [0]"""

def swipe(n, x0, dx, dropped_at=None):
    out = ["  - evdev:", "    - [  1,      0,   3,  47,     0]", "    - [  1,      0,   3,  57,     1]",
           f"    - [  1,      0,   3,  53, {x0:5d}]", "    - [  1,      0,   3,  54,   400]",
           "    - [  1,      0,   1, 330,     1]", "    - [  1,      0,   0,   0,     0]"]
    for i in range(1, n):
        us = i * 8000
        out.append("  - evdev:")
        if i == dropped_at:
            out.append(f"    - [  1, {us:6d},   0,   3,     0] # SYN_DROPPED")
        out.append(f"    - [  1, {us:6d},   3,  53, {x0 + i * dx:5d}]")
        out.append(f"    - [  1, {us:6d},   0,   0,     0]")
    us = n * 8000
    out += ["  - evdev:", f"    - [  1, {us:6d},   3,  57,    -1]", f"    - [  1, {us:6d},   1, 330,     0]",
            f"    - [  1, {us:6d},   0,   0,     0]"]
    return "\n".join(out) + "\n"

write("libinput-record", "left-edge-swipe.yml", record("swipe", touch_b, swipe(12, 5, 40)))
write("libinput-record", "syn-dropped.yml", record("dropped", touch_b, swipe(8, 600, -30, dropped_at=4)))
write("libinput-record", "single-touch.yml", record("single", single, """  - evdev:
    - [  0,  10000,   3,   0,   100]
    - [  0,  10000,   3,   1,   200]
    - [  0,  10000,   1, 330,     1]
    - [  0,  10000,   0,   0,     0]
  - evdev:
    - [  0,  20000,   3,   0,   140]
    - [  0,  20000,   0,   0,     0]
  - evdev:
    - [  0,  30000,   1, 330,     0]
    - [  0,  30000,   0,   0,     0]
"""))
write("libinput-record", "no-events-flow-style.yml", """version: 1
ndevices: 1
devices:
- node: /dev/input/event1
  evdev: {name: "N", id: [3, 1, 2, 3], codes: {0: [0], 1: [272]}, properties: []}
  events: []
""")
write("libinput-record", "hid-and-libinput-events.yml", record("mixed", touch_b, """  - hid:
      time: [0, 0]
      hidraw0: [1, 2, 3, 4]
  - evdev:
    - [  1, 500000,   3,  57,     7]
    - [  1, 500000,   3,  53,   100]
    - [  1, 500000,   3,  54,   200]
    - [  1, 500000,   1, 330,     1]
    - [  1, 500000,   0,   0,     0]
    libinput:
    - {type: TOUCH_DOWN, time: 1.5, slot: 0, seat_slot: 0, point: [7.8, 25.0]}
  - unknown_event_kind: {x: 1}
  - evdev:
    - [  1, 520000,   3,  57,    -1]
    - [  1, 520000,   0,   0,     0]
"""))

# --- decoder: header byte (device index 0..3: B phone, A, single-touch, no-resolution pad; 0x80 = live mode),
# then 7-byte events: kind, code, shape, hi, mid, lo, step (Fuzz/Harness/DecoderFuzzing.swift).
ABS = {"x": 0, "y": 1, "pressure": 2, "slot": 3, "major": 4, "px": 5, "py": 6, "tool": 7, "tid": 8, "mtp": 9}
def ev_abs(code, value, step=0):
    if -1 <= value <= 254: return bytes([2, ABS[code], 1, 0, 0, value + 1, step])
    v = value + 64
    return bytes([2, ABS[code], 2, v >> 8, v & 0xFF, 0, step])
def ev_syn(code=0, step=0): return bytes([0, code, 1, 0, 0, 1, step])     # 0 report, 2 mt report, 3 dropped
def ev_key(index, pressed, step=0): return bytes([5, index, 1, 0, 0, 1 + pressed, step])

b = bytes([0]) + ev_abs("slot", 0) + ev_abs("tid", 1) + ev_abs("px", 10) + ev_abs("py", 1000) + ev_key(0, 1) + ev_syn()
for i in range(1, 16): b += ev_abs("px", 10 + 35 * i, 80) + ev_syn()
b += ev_abs("tid", -1, 80) + ev_key(0, 0) + ev_syn()
write("decoder", "b-left-swipe", b)

live = bytes([0x80]) + ev_abs("slot", 0) + ev_abs("tid", 3) + ev_abs("px", 500) + ev_abs("py", 500) + ev_syn()
live += ev_abs("slot", 1) + ev_abs("tid", 4) + ev_abs("px", 700) + ev_abs("py", 900) + ev_syn(0, 80)
live += ev_syn(3, 80) + ev_abs("px", 720) + ev_syn(0, 80) + ev_abs("slot", 0) + ev_abs("tid", -1) + ev_syn(0, 80)
write("decoder", "b-live-two-fingers-dropped", live)

a = bytes([1])
for i in range(12):
    a += ev_abs("px", 3000 - 100 * i, 80 if i else 0) + ev_abs("py", 2000) + ev_syn(2)
    if i < 6: a += ev_abs("px", 1000) + ev_abs("py", 1000 + 50 * i) + ev_syn(2)
    a += ev_syn()
a += ev_syn(2, 80) + ev_syn()
write("decoder", "a-two-contacts", a)

s = bytes([2]) + ev_abs("x", 2) + ev_abs("y", 300) + ev_key(0, 1) + ev_syn()
for i in range(1, 10): s += ev_abs("x", 2 + 60 * i, 80) + ev_syn()
s += ev_key(0, 0, 80) + ev_syn()
write("decoder", "single-touch-swipe", s)

p = bytes([3]) + ev_abs("slot", 0) + ev_abs("tid", 10) + ev_abs("px", 100) + ev_abs("py", 2000) + ev_key(1, 1) + ev_syn()
p += ev_abs("slot", 1) + ev_abs("tid", 11) + ev_abs("px", 300) + ev_abs("py", 2100) + ev_key(1, 0) + ev_key(2, 1) + ev_syn(0, 80)
p += ev_abs("slot", 2) + ev_abs("tid", 12) + ev_abs("px", 5000) + ev_abs("py", 100) + ev_syn(0, 80)
p += ev_abs("slot", 5) + ev_abs("tid", 13) + ev_syn(0, 80)       # past the last slot
for i in range(8):
    p += ev_abs("slot", 0) + ev_abs("px", 100 + 200 * i, 80) + ev_abs("slot", 1) + ev_abs("px", 300 + 200 * i) + ev_syn()
write("decoder", "pad-no-resolution-three-slots", p)

# --- forwarder (Fuzz/Harness/ForwarderFuzzing.swift): header byte (bits 0-5 device: 0 B phone, 1 five-slot
# touchpad; bit 6 no recognizers: every touch free; bit 7 live mode), then the decoder's 7-byte events.
f = bytes([0]) + ev_abs("slot", 0) + ev_abs("tid", 1) + ev_abs("px", 10) + ev_abs("py", 1000) + ev_key(0, 1) + ev_syn()
for i in range(1, 16): f += ev_abs("px", 10 + 35 * i, 80) + ev_syn()
f += ev_abs("tid", -1, 80) + ev_key(0, 0) + ev_syn()
write("forwarder", "phone-left-edge-held-then-claimed", f)

m = bytes([0x40]) + ev_abs("slot", 0) + ev_abs("tid", 1) + ev_abs("px", 500) + ev_abs("py", 1000) + ev_key(0, 1) + ev_syn()
for i in range(1, 12): m += ev_abs("px", 500 + 20 * i, 80) + ev_abs("py", 1000 + 10 * i) + ev_syn()
m += ev_abs("tid", -1, 80) + ev_key(0, 0) + ev_syn()
write("forwarder", "phone-mid-screen-all-free", m)

e = bytes([0]) + ev_abs("slot", 0) + ev_abs("tid", 5) + ev_abs("px", 8) + ev_abs("py", 900) + ev_key(0, 1) + ev_syn()
e += ev_abs("px", 9, 30) + ev_syn() + ev_syn(0, 255) + ev_syn(0, 255) + ev_syn(0, 255)   # still at the edge: held to the deadline
e += ev_abs("slot", 1) + ev_abs("tid", 6) + ev_abs("px", 600) + ev_abs("py", 1200) + ev_syn(0, 80)
e += ev_abs("slot", 0) + ev_abs("tid", -1) + ev_abs("slot", 1) + ev_abs("tid", -1) + ev_key(0, 0) + ev_syn(0, 80)
write("forwarder", "phone-edge-touch-to-its-deadline-and-a-second-finger", e)

d = bytes([0x80]) + ev_abs("slot", 0) + ev_abs("tid", 3) + ev_abs("px", 5) + ev_abs("py", 500) + ev_syn()
d += ev_abs("slot", 1) + ev_abs("tid", 4) + ev_abs("px", 700) + ev_abs("py", 900) + ev_syn(0, 80)
d += ev_syn(3, 80) + ev_abs("px", 720) + ev_syn(0, 80) + ev_abs("slot", 0) + ev_abs("tid", -1) + ev_syn(0, 80)
write("forwarder", "phone-live-held-and-free-then-dropped", d)

t = bytes([1]) + ev_abs("slot", 0) + ev_abs("tid", 10) + ev_abs("px", 100) + ev_abs("py", 1200) + ev_key(1, 1) + ev_syn()
t += ev_abs("slot", 1) + ev_abs("tid", 11) + ev_abs("px", 2000) + ev_abs("py", 1200) + ev_key(1, 0) + ev_key(2, 1) + ev_syn(0, 80)
for i in range(8):
    t += ev_abs("slot", 0) + ev_abs("px", 100 + 150 * i, 80) + ev_abs("slot", 1) + ev_abs("px", 2000 + 10 * i) + ev_syn()
t += ev_abs("slot", 0) + ev_abs("tid", -1) + ev_abs("slot", 1) + ev_abs("tid", -1) + ev_key(2, 0) + ev_syn(0, 80)
write("forwarder", "touchpad-two-fingers-one-from-the-edge", t)

# --- arena: header (bit0 unguarded, bit1 right-to-left, bit2 incoming-first, bits3-6 rotation, bit7
# require-to-fail), stack size byte, stack kinds byte, then 4-byte ops: op, a, b, c (Fuzz/Harness/ArenaFuzzing.swift).
def frame(slot, xb, yb=0x60, ms=8): return bytes([yb if yb % 12 < 5 else 0x60, slot, xb, ms - 1])
def lift(slot): return bytes([5, slot, 0, 7])
def wait(ms): return bytes([7, ms, 0, 0])
edge_swipe = b"".join(frame(0, 2 + 12 * i) for i in range(18)) + lift(0) + wait(200) + wait(200)
write("arena", "left-swipe-pops", bytes([0, 2, 0b01]) + edge_swipe)
write("arena", "swipe-at-root-guarded", bytes([0, 0, 0]) + edge_swipe)
write("arena", "swipe-at-root-unguarded", bytes([1, 0, 0]) + edge_swipe)
two = b"".join(frame(0, 2 + 12 * i) + frame(1, 2 + 12 * i, 0x90) for i in range(12)) + lift(0) + lift(1) + wait(100)
write("arena", "two-finger-swipe", bytes([0x80, 3, 0b0110]) + two)
mixed = b"".join(frame(0, 2 + 12 * i) for i in range(6)) + bytes([8, 1, 0, 0]) + b"".join(frame(0, 80 + 12 * i) for i in range(6))
mixed += bytes([9, 0, 1, 0]) + bytes([10, 3, 0b100100, 0]) + bytes([6, 0, 0, 0]) + edge_swipe + bytes([9, 1, 0, 0])
write("arena", "swipe-during-push-pop-setscreens", bytes([0, 1, 0b10]) + mixed)

# --- control: first byte = line cap and chunk size, then request lines (docs/protocol.md).
requests = ['{"command":"setStack","id":1,"screens":[{"name":"home"},{"name":"inbox","header":true}]}',
            '{"command":"push","id":2,"name":"message","header":true}',
            '{"command":"subscribe","events":["transition","appearance"]}',
            '{"command":"state","id":"s1"}', '{"command":"pop","id":3,"protocol":1}',
            '{"command":"unsubscribe","events":["gesture"]}', '{"command":"popToRoot","id":null}']
write("control", "all-commands", bytes([0x3F]) + "\n".join(requests).encode() + b"\n")
write("control", "small-chunks-crlf", bytes([0x7F]) + "\r\n".join(requests[:3]).encode() + b"\r\n")
write("control", "errors", bytes([0x3F]) + b'not json\n[1,2]\n{"command":7}\n{"id":5}\n{"command":"fly","id":[1]}\n'
      + b'{"command":"push","protocol":2}\n{"command":"push","id":4,"name":""}\n\n{"command":"state","extra":1}\n')
write("control", "oversized-line", bytes([0x00]) + b'{"command":"state","id":"' + b"x" * 100 + b'"}\n{"command":"state"}\n')
write("control", "unterminated", bytes([0xC5]) + b'{"command":"state"}\n{"command":"pu')

# --- config: the shipped example and a few variants.
example = open(os.path.join(ROOT, "config", "edgeswipe.example.yaml"), encoding="utf-8").read()
write("config", "example.yaml", example)
write("config", "minimal.yaml", "version: 1\n")
write("config", "listed-devices.yaml", """version: 1
select: listed
print_json: true
socket: {path: null}
defaults: {edges: [left, right], thresholds: {fingers: 2, edge_zone_mm: 8}}
devices:
  - match: {name: "Touch"}
    size: 100x60
    rotation: 90
    actions:
      - {on: begin, edge: left, run: [/bin/true, "{edge}"]}
""")
write("config", "errors.yaml", """version: 2
select: sometimes
socket:
  max_clients: -1
  unknown: 1
defaults:
  edges: [middle]
  thresholds: {fingers: 0, edge_zone_mm: abc}
devices:
  - size: 10xx
    calibration: [1, 2]
""")
write("config", "anchors-and-tags.yaml", "version: 1\ndefaults: &d\n  edges: [left]\ndevices:\n  - match: {name: x}\n    <<: *d\n    edges: !!str left\n")

# --- token (Fuzz/Harness/TokenFuzzing.swift): uint16 length (16 + n % 497), mode byte, token bytes, then the
# candidate's bytes (modes 1-3 read a uint16 count from them).
def token_seed(n, mode, extra):
    body = bytes((i * 37 + 11) % 256 for i in range(16 + n % 497))
    return struct.pack(">H", n) + bytes([mode]) + body + extra
write("token", "exact-256", token_seed(240, 4, b"\x00\x00"))          # token + nothing appended
write("token", "prefix-of-512", token_seed(496, 1, struct.pack(">H", 256)))
write("token", "repeated-16-to-272", token_seed(0, 2, struct.pack(">H", 272)))
write("token", "one-byte-changed-257", token_seed(241, 3, struct.pack(">H", 200) + b"\x80"))
write("token", "raw-empty", token_seed(240, 0, b""))

# --- navigation-queue (Fuzz/Harness/NavigationQueueFuzzing.swift): triples (op, argument, ms to wait).
# op % 10: 0-1 push names[arg % 6], 2 pop, 3 popToRoot, 4 setStack, 5 state, 6-9 pop gesture phases.
def triples(*t):
    return bytes(b for triple in t for b in triple)
write("navigation-queue", "push-pop-push-dup-dup", triples((0, 0, 0), (2, 0, 0), (0, 3, 0), (0, 3, 0), (5, 0, 100)))
write("navigation-queue", "flood-of-pushes", triples(*[(0, i, 0) for i in range(40)]))
write("navigation-queue", "setstack-and-poptoroot-in-a-transition",
      triples((0, 1, 0), (0, 2, 0), (4, 0x0D, 0), (0, 4, 0), (3, 0, 0), (0, 1, 10)))
write("navigation-queue", "swipe-with-queued-pushes",
      triples((0, 1, 0), (5, 0, 255), (5, 0, 255), (6, 0, 0), (0, 2, 0), (7, 128, 10), (0, 1, 0), (8, 201, 10), (0, 1, 0)))
