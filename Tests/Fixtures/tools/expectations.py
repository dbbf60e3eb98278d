#!/usr/bin/env python3
"""Independent expectations for the decoder tests (standard library only; shares no code with the
Swift sources).

Reads every evemu recording in Tests/Fixtures (events-only files with the .desc named in SOURCES.tsv)
and writes expectations.json: per recording, the number of frames, the most contacts touching at
once, and every contact's first and last position in device units.

Definitions: the decoder's contract as documented (api.md, the Contact/TouchFrame docs, the
decoder's comments on when a contact is reported). The code below is written from these definitions
and the kernel's Documentation/input/multi-touch-protocol.rst; it shares nothing with the Swift code.

- A frame is one EV_SYN/SYN_REPORT. Timestamps are ignored: old recordings stamp every event of a
  frame with its own microsecond.
- Events whose (type, code) the description does not declare are ignored (EV_SYN excepted).
- Positions are clamped to the absinfo range of the position axes: ABS_MT_POSITION_X/Y when the device
  has them, else ABS_X/Y (several PS/2 touchpads report values outside their declared range).
- Layout: protocol B when ABS_MT_SLOT is declared; else protocol A when ABS_MT_POSITION_X/Y are;
  else single touch (ABS_X/ABS_Y with BTN_TOUCH, or BTN_TOOL_FINGER when there is no BTN_TOUCH).
- A contact is reported from the first SYN_REPORT at which its position is known, and counts
  towards "touching" in every frame until it ends (its ending frame does not count). A contact that
  ends before any SYN_REPORT reported it does not exist for the decoder, nor here.
- Protocol B: a contact is a tracking id in a slot. The kernel sends only changed values, so a
  slot's position carries over from its previous contact. A tracking id of -1, or a different id in
  the same slot, ends the contact; its last position is the slot's position at that moment. Events
  for a slot beyond the slot count are ignored until the next valid ABS_MT_SLOT. A slot whose
  ABS_MT_TOOL_TYPE is MT_TOOL_PALM at a SYN_REPORT ends its contact (cancelled).
- Protocol A: each SYN_MT_REPORT closes one anonymous contact entry; an entry needs both X and Y (an
  entry with tracking id -1 and no position is "no contact"). Entries are matched to the previous
  frame's contacts by ABS_MT_TRACKING_ID when the device sends one. Otherwise the decoder matches
  greedily by nearest position, while this script uses the assignment with the smallest total squared
  distance (exhaustive search): the two are different methods and only agree when the matching is
  clear. A recording where they disagree is listed in "ambiguous" with the reason, and the test
  compares only its frame count and contact maximum.
- Single touch: the touch key being non-zero at a SYN_REPORT means touching; the contact is at the
  current ABS_X/ABS_Y, and its last position is where it was at the SYN_REPORT that saw the key up.
- At the end of the recording, contacts still touching end there (the test cancels them) at their
  last known position.

Run from the repository root:  python3 Tests/Fixtures/tools/expectations.py
"""

import csv
import itertools
import json
import os
import sys

EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT, SYN_MT_REPORT = 0x00, 0x02
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y = 0x2F, 0x35, 0x36
ABS_MT_TOOL_TYPE, ABS_MT_TRACKING_ID = 0x37, 0x39
BTN_TOOL_FINGER, BTN_TOUCH = 0x145, 0x14A
MT_TOOL_PALM = 2

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)


def strip_comment(line):
    return line.split("#", 1)[0].strip()


def read_description(path):
    """Declared codes per type and absinfo per ABS code, from N:/I:/B:/A: lines."""
    codes, absinfo, mask_bytes = {}, {}, {}
    found = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = strip_comment(raw) if not raw.startswith("N:") else raw.strip()
            if line.startswith("N:"):
                found = True
            elif line.startswith("B:"):
                fields = line[2:].split()
                ev_type = int(fields[0], 16)
                offset = mask_bytes.get(ev_type, 0)
                for k, byte in enumerate(fields[1:9]):
                    value = int(byte, 16)
                    for bit in range(8):
                        if value >> bit & 1:
                            codes.setdefault(ev_type, set()).add((offset + k) * 8 + bit)
                mask_bytes[ev_type] = offset + 8
            elif line.startswith("A:"):
                fields = line[2:].split()
                values = [int(v) for v in fields[1:]]
                absinfo[int(fields[0], 16)] = {"min": values[0], "max": values[1]}
    return (codes, absinfo) if found else None


def read_events(path):
    """(type, code, value) for every E: line: type and code are hex, the value is decimal."""
    events = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if raw.startswith("E:"):
                fields = strip_comment(raw)[2:].split()
                events.append((int(fields[1], 16), int(fields[2], 16), int(fields[3], 10)))
    return events


class Contacts:
    """Collects the contacts' lives: first/last frame and position, how they ended."""

    def __init__(self):
        self.all = []

    def start(self, frame, position):
        contact = {"first_frame": frame, "first": list(position), "last_frame": frame,
                   "last": list(position), "end": None}
        self.all.append(contact)
        return contact

    @staticmethod
    def seen(contact, frame, position):
        contact["last_frame"] = frame
        contact["last"] = list(position)

    @staticmethod
    def finish(contact, frame, position, how):
        contact["last_frame"] = frame
        contact["last"] = list(position)
        contact["end"] = how


def clamp(value, axis):
    return max(axis["min"], min(axis["max"], value))


def decode_protocol_b(events, codes, absinfo, x_axis, y_axis, out):
    slot_info = absinfo[ABS_MT_SLOT]
    slot_count = slot_info["max"] - slot_info["min"] + 1
    slots = [{"tid": -1, "x": None, "y": None, "tool": 0, "contact": None, "pending": False,
              "ended": None} for _ in range(slot_count)]
    current, valid = 0, True
    frames, most = 0, 0

    def end(slot, how):
        # A contact never reported (still pending) simply vanishes.
        if slot["contact"] is not None:
            slot["ended"] = (slot["contact"], (slot["x"], slot["y"]), how)
        slot["contact"], slot["pending"] = None, False

    for ev_type, code, value in events:
        if ev_type == EV_SYN:
            if code != SYN_REPORT:
                continue
            touching = 0
            for s in slots:
                if (s["contact"] is not None or s["pending"]) and s["tool"] == MT_TOOL_PALM:
                    end(s, "cancelled")
                    s["tid_ignored"] = True
                if s["ended"] is not None:
                    contact, position, how = s["ended"]
                    Contacts.finish(contact, frames, position, how)
                    s["ended"] = None
                known = s["x"] is not None and s["y"] is not None
                if s["pending"] and known and not s.get("tid_ignored"):
                    s["contact"], s["pending"] = out.start(frames, (s["x"], s["y"])), False
                elif s["contact"] is not None:
                    Contacts.seen(s["contact"], frames, (s["x"], s["y"]))
                if s["contact"] is not None:
                    touching += 1
            most = max(most, touching)
            frames += 1
            continue
        if code not in codes.get(ev_type, ()) or ev_type != EV_ABS:
            continue
        if code == ABS_MT_SLOT:
            valid = 0 <= value < slot_count
            if valid:
                current = value
            continue
        if not valid:
            continue
        s = slots[current]
        if code == ABS_MT_POSITION_X:
            s["x"] = clamp(value, x_axis)
        elif code == ABS_MT_POSITION_Y:
            s["y"] = clamp(value, y_axis)
        elif code == ABS_MT_TOOL_TYPE:
            s["tool"] = value
        elif code == ABS_MT_TRACKING_ID:
            if value < 0:
                end(s, "up")
                s["tid"], s["tid_ignored"] = -1, False
            elif value != s["tid"] or (s["contact"] is None and not s["pending"] and not s.get("tid_ignored")):
                end(s, "up")
                s["tid"], s["pending"], s["tid_ignored"] = value, True, False
    for s in slots:
        if s["ended"] is not None:
            contact, position, how = s["ended"]
            Contacts.finish(contact, frames - 1, position, how)
        if s["contact"] is not None:
            Contacts.finish(s["contact"], frames - 1, (s["x"], s["y"]), "cancelled")
    return frames, most, []


def best_assignment(previous, entries):
    """Pairs (previous index, entry index) with the smallest total squared distance."""
    def cost(pairs):
        return sum((previous[p]["pos"][0] - entries[e]["pos"][0]) ** 2 +
                   (previous[p]["pos"][1] - entries[e]["pos"][1]) ** 2 for p, e in pairs)
    n = min(len(previous), len(entries))
    best, best_cost, tie = [], None, False
    for chosen_prev in itertools.combinations(range(len(previous)), n):
        for chosen_entries in itertools.permutations(range(len(entries)), n):
            pairs = list(zip(chosen_prev, chosen_entries))
            c = cost(pairs)
            if best_cost is None or c < best_cost:
                best, best_cost, tie = pairs, c, False
            elif c == best_cost and sorted(pairs) != sorted(best):
                tie = True
    return best, tie


def greedy_assignment(previous, entries):
    """The decoder's method, used only to detect recordings where the two methods disagree."""
    pairs, used_p, used_e = [], set(), set()
    while True:
        best = None
        for p in range(len(previous)):
            if p in used_p:
                continue
            for e in range(len(entries)):
                if e in used_e:
                    continue
                d = (previous[p]["pos"][0] - entries[e]["pos"][0]) ** 2 + \
                    (previous[p]["pos"][1] - entries[e]["pos"][1]) ** 2
                if best is None or d < best[2]:
                    best = (p, e, d)
        if best is None:
            return pairs
        pairs.append((best[0], best[1]))
        used_p.add(best[0])
        used_e.add(best[1])


def decode_protocol_a(events, codes, absinfo, x_axis, y_axis, out):
    frames, most = 0, 0
    previous = []          # [{"contact", "pos", "tid"}]
    entries, pending = [], {}
    notes = []

    def close_entry():
        nonlocal pending
        tid = pending.get("tid", -1)
        has_position = "x" in pending and "y" in pending
        if pending and not (tid < -1 or (tid == -1 and "x" not in pending and "y" not in pending)) and has_position:
            entries.append({"pos": (pending["x"], pending["y"]), "tid": tid})
        pending = {}

    for ev_type, code, value in events:
        if ev_type == EV_SYN:
            if code == SYN_MT_REPORT:
                close_entry()
            elif code == SYN_REPORT:
                if pending:
                    close_entry()
                if any(e["tid"] >= 0 for e in entries):
                    pairs = []
                    for e, entry in enumerate(entries):
                        if entry["tid"] < 0:
                            continue
                        for p, prev in enumerate(previous):
                            if prev["tid"] == entry["tid"] and p not in [q for q, _ in pairs]:
                                pairs.append((p, e))
                                break
                else:
                    pairs, tie = best_assignment(previous, entries)
                    if tie:
                        notes.append("frame %d: two assignments are equally near" % frames)
                    if sorted(pairs) != sorted(greedy_assignment(previous, entries)):
                        notes.append("frame %d: nearest-first and least-total matching differ" % frames)
                matched_prev = {p: e for p, e in pairs}
                matched_entries = {e for _, e in pairs}
                current = []
                for p, prev in enumerate(previous):
                    if p in matched_prev:
                        entry = entries[matched_prev[p]]
                        Contacts.seen(prev["contact"], frames, entry["pos"])
                        current.append({"contact": prev["contact"], "pos": entry["pos"], "tid": entry["tid"]})
                    else:
                        Contacts.finish(prev["contact"], frames, prev["pos"], "up")
                for e, entry in enumerate(entries):
                    if e not in matched_entries:
                        current.append({"contact": out.start(frames, entry["pos"]), "pos": entry["pos"],
                                        "tid": entry["tid"]})
                previous, entries = current, []
                most = max(most, len(previous))
                frames += 1
            continue
        if code not in codes.get(ev_type, ()) or ev_type != EV_ABS:
            continue
        if code == ABS_MT_POSITION_X:
            pending["x"] = clamp(value, x_axis)
        elif code == ABS_MT_POSITION_Y:
            pending["y"] = clamp(value, y_axis)
        elif code == ABS_MT_TRACKING_ID:
            pending["tid"] = value
        elif code == ABS_MT_TOOL_TYPE:
            pending["tool"] = value
    for prev in previous:
        Contacts.finish(prev["contact"], frames - 1, prev["pos"], "cancelled")
    return frames, most, notes


def decode_single_touch(events, codes, absinfo, x_axis, y_axis, out):
    keys = codes.get(EV_KEY, set())
    touch_key = BTN_TOUCH if BTN_TOUCH in keys else BTN_TOOL_FINGER if BTN_TOOL_FINGER in keys else None
    x = y = None
    touching, contact = False, None
    frames, most = 0, 0
    for ev_type, code, value in events:
        if ev_type == EV_SYN:
            if code != SYN_REPORT:
                continue
            if touching and x is not None and y is not None:
                if contact is None:
                    contact = out.start(frames, (x, y))
                else:
                    Contacts.seen(contact, frames, (x, y))
            elif not touching and contact is not None:
                Contacts.finish(contact, frames, (x, y), "up")
                contact = None
            most = max(most, 1 if contact is not None else 0)
            frames += 1
            continue
        if code not in codes.get(ev_type, ()):
            continue
        if ev_type == EV_ABS and code == ABS_X:
            x = clamp(value, x_axis)
        elif ev_type == EV_ABS and code == ABS_Y:
            y = clamp(value, y_axis)
        elif ev_type == EV_KEY and code == touch_key:
            touching = value != 0
    if contact is not None:
        Contacts.finish(contact, frames - 1, (x, y), "cancelled")
    return frames, most, []


def expectations_for(recording, description):
    codes, absinfo = read_description(description)
    events = read_events(recording)
    abs_codes = codes.get(EV_ABS, set())
    mt = ABS_MT_POSITION_X in abs_codes and ABS_MT_POSITION_Y in abs_codes
    x_axis = absinfo[ABS_MT_POSITION_X if mt else ABS_X]
    y_axis = absinfo[ABS_MT_POSITION_Y if mt else ABS_Y]
    out = Contacts()
    if ABS_MT_SLOT in abs_codes:
        protocol, decode = "B", decode_protocol_b
    elif mt:
        protocol, decode = "A", decode_protocol_a
    else:
        protocol, decode = "single-touch", decode_single_touch
    frames, most, notes = decode(events, codes, absinfo, x_axis, y_axis, out)
    result = {"protocol": protocol, "events": len(events), "frames": frames, "max_contacts": most,
              "contacts": out.all}
    if notes:
        result["ambiguous"] = notes[:5] + (["... %d more" % (len(notes) - 5)] if len(notes) > 5 else [])
    return result


def main():
    with open(os.path.join(FIXTURES, "SOURCES.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    result = {}
    for row in rows:
        name = row["filename"]
        if name.endswith(".desc"):
            continue
        path = os.path.join(FIXTURES, name)
        pair = row["paired_desc_file"] or None
        entry = expectations_for(path, os.path.join(FIXTURES, pair) if pair else path)
        entry["description"] = pair
        result[name] = entry
    with open(os.path.join(FIXTURES, "expectations.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote expectations for %d recordings" % len(result), file=sys.stderr)


if __name__ == "__main__":
    main()
