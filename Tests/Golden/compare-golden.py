#!/usr/bin/env python3
"""Checks that regenerated golden replay outputs differ from a revision's only by what a change adds on purpose.

    python3 Tests/Golden/compare-golden.py REV --drop-keys armed,progressCurve,extentMM,decidedBy \
        --drop-phases armed,disarmed

Every Tests/Golden/replay/*.jsonl in the work tree is compared, line by line and key by key (order kept), with the
same file at REV (`git show REV:path`), after removing the named keys from every object and the gesture lines whose
phase is named. Prints each file that differs beyond that, with its first differing line; exit status 1 if any, and
a count of the lines and fields that were dropped (so a check that dropped nothing shows it).
"""
import argparse, json, os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
golden = "Tests/Golden/replay"

ap = argparse.ArgumentParser()
ap.add_argument("rev")
ap.add_argument("--drop-keys", default="")
ap.add_argument("--drop-phases", default="")
a = ap.parse_args()
keys = set(filter(None, a.drop_keys.split(",")))
phases = set(filter(None, a.drop_phases.split(",")))
dropped_lines = dropped_keys = 0

def strip(text):
    global dropped_lines, dropped_keys
    out = []
    for line in text.splitlines():
        o = json.loads(line)
        if o.get("type") == "gesture" and o.get("phase") in phases:
            dropped_lines += 1
            continue
        for k in keys & o.keys():
            dropped_keys += 1
            del o[k]
        out.append(json.dumps(o))
    return out

bad = 0
names = sorted(f for f in os.listdir(os.path.join(root, golden)) if f.endswith(".jsonl"))
for name in names:
    path = f"{golden}/{name}"
    new = open(os.path.join(root, path), encoding="utf-8").read()
    r = subprocess.run(["git", "show", f"{a.rev}:{path}"], cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        print(f"{path}: not at {a.rev}")
        bad += 1
        continue
    old_lines = [json.dumps(json.loads(l)) for l in r.stdout.splitlines()]
    new_lines = strip(new)
    if old_lines != new_lines:
        bad += 1
        first = next((i for i, (x, y) in enumerate(zip(old_lines, new_lines)) if x != y), min(len(old_lines), len(new_lines)))
        print(f"{path}: differs at line {first + 1} (of {len(old_lines)} / {len(new_lines)} after dropping)")
        print(f"  {a.rev}: {old_lines[first] if first < len(old_lines) else '(end)'}")
        print(f"  now: {new_lines[first] if first < len(new_lines) else '(end)'}")
print(f"{len(names)} files; {bad} differ beyond the dropped parts; dropped {dropped_lines} lines and {dropped_keys} fields")
sys.exit(1 if bad else 0)
