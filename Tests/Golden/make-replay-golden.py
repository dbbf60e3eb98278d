#!/usr/bin/env python3
"""Writes the golden `edgeswipe replay --json` outputs that CLITests/ReplayGoldenTests compares against.

Run once, with the binary built from the code *before* a change that must keep behaviour (issue 17's redesign):
    python3 Tests/Golden/make-replay-golden.py "$(swift build --show-bin-path)/edgeswipe"
It writes Tests/Golden/replay/cases.tsv (case name, exit status, arguments) and one <case>.jsonl per case.
Every recording under Tests/Fixtures, Tests/VM/fixtures and samples is a case, with a description found by
name for events-only files, in three option sets: gestures only, the same with --size
(most public recordings have no resolution), and frames + a stack of recipe hosts with --size.
"""
import os, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out_dir = os.path.join(root, "Tests/Golden/replay")
binary = sys.argv[1]

def recordings():
    for d in ("Tests/Fixtures", "Tests/VM/fixtures", "samples"):
        for name in sorted(os.listdir(os.path.join(root, d))):
            if name.endswith((".events", ".evemu")):
                yield d, name

def description_for(d, name):
    """An events-only file x.y.events takes the longest x[.y].desc beside it; a file with its own header none."""
    with open(os.path.join(root, d, name), "rb") as f:
        head = f.read(200)
    if head.startswith((b"# EVEMU", b"N:", b"I:")):
        return None
    parts = name.split(".")[:-1]
    while parts:
        candidate = ".".join(parts) + ".desc"
        if os.path.exists(os.path.join(root, d, candidate)):
            return os.path.join(d, candidate)
        parts.pop()
    return None

variants = {
    "gestures": ["--json"],
    # Most public recordings report no resolution: the tool refuses to guess, so this set gives a size.
    "sized-gestures": ["--json", "--size", "250x160"],
    "sized-frames-stack": ["--json", "--size", "250x160", "--frames", "--stack", "home,inbox:header,message:header"],
}
extra = [  # option sets beyond the two, on the bundled sample
    ("demo.rtl-edges", ["--json", "--rtl", "--edges", "left,right,left:2", "--stack", "a,b:hidden,c:header",
                        "samples/demo-back-swipes.evemu"]),
    ("demo.rotated", ["--json", "--rotation", "90", "--stack", "home,inbox", "samples/demo-back-swipes.evemu"]),
    ("demo.sized", ["--json", "--size", "150x100", "--stack", "home:header,inbox:header", "samples/demo-back-swipes.evemu"]),
]

cases = []
for d, name in recordings():
    desc = description_for(d, name)
    files = (["--device", desc] if desc else []) + [os.path.join(d, name)]
    for v, args in variants.items():
        cases.append((f"{name}.{v}", args + files))
cases += extra

for f in os.listdir(out_dir):
    os.remove(os.path.join(out_dir, f))
with open(os.path.join(out_dir, "cases.tsv"), "w") as tsv:
    tsv.write("# case\texit status\targuments after `edgeswipe replay` (tab-separated); stdout in <case>.jsonl\n")
    for case, args in cases:
        r = subprocess.run([binary, "replay"] + args, cwd=root, capture_output=True)
        with open(os.path.join(out_dir, case + ".jsonl"), "wb") as f:
            f.write(r.stdout)
        tsv.write("\t".join([case, str(r.returncode)] + args) + "\n")
print(f"{len(cases)} cases written to {out_dir}")
