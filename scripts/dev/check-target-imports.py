#!/usr/bin/env python3
"""Fails (exit 1) when a target imports a module of this package that its Package.swift entry does not declare.

Swift finds every module already built, so `import TouchTrace` compiles in a target that only reaches TouchTrace
through another dependency; the declaration then lies about what the target needs. This reads the targets from
`swift package dump-package`, the imports from each target's Swift files, and names every import of a package
target that is not in the target's own dependency list. Modules from outside the package (Glibc, Foundation,
Testing...) are not checked. Usage: scripts/dev/check-target-imports.py (from the package root).
"""
import json, os, re, subprocess, sys

package = json.loads(subprocess.run(['swift', 'package', 'dump-package'], capture_output=True, text=True,
                                    check=True).stdout)
targets = {t['name']: t for t in package['targets']}
IMPORT = re.compile(r'^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|internal|package)\s+)?import\s+(\w+)',
                    re.MULTILINE)


def default_path(t):
    if t['type'] == 'test':
        return os.path.join('Tests', t['name'])
    return os.path.join('Sources', t['name'])


def declared(t):
    names = set()
    for d in t['dependencies']:
        for kind in ('byName', 'target', 'product'):
            if kind in d:
                names.add(d[kind][0])
    return names


problems = []
for name, t in sorted(targets.items()):
    root = t.get('path') or default_path(t)
    if not os.path.isdir(root):
        continue
    deps = declared(t)
    for folder, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith('.swift'):
                continue
            path = os.path.join(folder, f)
            with open(path, encoding='utf-8') as source:
                text = source.read()
            for line_no, m in ((text.count('\n', 0, m.start()) + 1, m) for m in IMPORT.finditer(text)):
                module = m.group(1)
                if module in targets and module != name and module not in deps:
                    problems.append(f"{path}:{line_no}: target {name} imports {module}, which Package.swift does not "
                                    f"declare as its dependency")
for p in problems:
    print(p, file=sys.stderr)
print(f"check-target-imports: {len(targets)} targets, {len(problems)} undeclared import(s)")
sys.exit(1 if problems else 0)
