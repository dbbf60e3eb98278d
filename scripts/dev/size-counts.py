#!/usr/bin/env python3
"""Size figures of the source tree (issue 17's "Size"): files, lines, the longest functions, public
declarations in EdgeSwipeDaemon. Function length: from the line of `func`/`init`/`deinit` to its closing
brace, by brace depth outside strings and comments (good enough for this code base's style).
Usage: scripts/dev/size-counts.py [SOURCES_DIR]"""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else "Sources"
files = [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith((".swift", ".c", ".h"))]
decl = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|final|override|mutating|nonmutating|nonisolated|convenience|required|@inline\(__always\)|@inlinable)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b)")

def strip(line):
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//")[0]

functions = []
for path in files:
    if not path.endswith(".swift"):
        continue
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = decl.match(lines[i])
        if m:
            depth, opened, j = 0, False, i
            while j < len(lines):
                s = strip(lines[j])
                depth += s.count("{") - s.count("}")
                opened = opened or "{" in s
                if opened and depth <= 0:
                    break
                if not opened and j > i + 8:
                    break  # a protocol requirement: no body
                j += 1
            if opened:
                functions.append((j - i + 1, path, i + 1, m.group(1).strip()))
        i += 1

functions.sort(reverse=True)
daemon = [p for p in files if "/EdgeSwipeDaemon/" in p]
public = sum(len(re.findall(r"^\s*(?:@\w+\s+)*public\s", open(p).read(), re.M)) for p in daemon)
print(f"files: {len(files)} ({sum(1 for p in files if p.endswith('.swift'))} Swift), lines: {sum(len(open(p).read().splitlines()) for p in files)}")
print(f"public declarations in EdgeSwipeDaemon: {public} in {len(daemon)} files")
print("longest functions:")
for n, p, l, name in functions[:5]:
    print(f"  {n:4d} lines  {p}:{l}  {name}")
