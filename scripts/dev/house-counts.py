#!/usr/bin/env python3
"""The counts issue 23 ("the house") is measured by, from the source tree as it is:
- places that compute a device's setup from the configuration (`PipelineOptions(settings:` outside its definition),
  the paths that take one `DeviceSetup(`, and the "libinput calibrates itself" rule (`calibration = .identity`);
- assignments to a held touch's state in TouchOwnership (`fate`, `segment[...]`, `newFate[...]` on the left of `=`),
  and HoldForwarder's per-slot arrays (`Array(repeating:` in its files);
- public declarations in EdgeSwipeDaemon (as scripts/dev/size-counts.py counts them);
- raw system calls outside EdgeSwipeSystem: a libc system call (from the list below) written in a Swift file that
  imports Glibc, Foundation or CEdgeSwipeSys, outside a `SystemCall.*` closure (the call's line or the two before
  it name `SystemCall.`), and not a Swift function of the same type's files (`X.swift`, `X+Y.swift`) of that name;
  `--all` counts those inside a `SystemCall.*` closure too.
The counts issue 34 (the third step: both sides of the control socket) is measured by:
- control requests built by hand outside the encoder: a `"command": .string(` dictionary entry in a Swift file that
  is not one of ControlCommand's own files (`ControlCommand*.swift`), a reply's echo of its command aside;
- service lines decoded field by field outside EdgeSwipeControl: the functions (named by the nearest `func`/`init`/
  `var` above) in a file that imports EdgeSwipeControl, outside EdgeSwipeControl and the service, that read a
  field by a string literal (`x["type"]`, not `x["type"] = ...`);
- the lines of Sources/edgeswipe/Commands/Feedback/ and of `FeedbackCommand.run` (declaration to closing brace);
- non-navigation commands (`reportOutput`, `withdrawOutput`, `reportFocus`) handled in a file of the service whose
  name starts with `Navigation`;
- places a back gesture's target is decided: calls of `decide(` in Sources/Navigation that are not a one-line
  forwarding body (the line above declares a `func decide`);
- `_withUnsafeGuaranteedRef` anywhere; raw `sd_bus_*(` calls outside EdgeSwipeBus;
- protocol test files in Tests/EdgeSwipeDaemonTests: files named for a type EdgeSwipeControl declares
  (`<Type>...Tests.swift`).
Duplicate pairs come from the `duplicates` tool (`duplicates`, first line), not from here.
Usage: scripts/dev/house-counts.py [--list] [--all] [SOURCES_DIR] (tests: SOURCES_DIR/../Tests)"""
import os, re, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = args[0] if args else "Sources"
listing = "--list" in sys.argv
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".swift"))
text = {p: open(p, encoding="utf-8").read() for p in files}

def count(pattern, where=lambda p: True, exclude=None):
    hits = []
    for p in files:
        if not where(p):
            continue
        for i, line in enumerate(text[p].split("\n")):
            code = line.split("//")[0]
            if re.search(pattern, code) and not (exclude and re.search(exclude, code)):
                hits.append(f"{p}:{i + 1}: {line.strip()}")
    return hits

def report(title, hits):
    print(f"{title}: {len(hits)} in {len({h.split(':')[0] for h in hits})} files")
    if listing:
        for h in hits:
            print("   ", h)

report("device setups computed from the configuration", count(r"PipelineOptions\(settings:", exclude=r"\binit\("))
report("  paths taking a DeviceSetup", count(r"\bDeviceSetup\(", exclude=r"\binit\("))
report("'libinput calibrates itself' rule", count(r"calibration = \.identity"))
report("assignments to a held touch's state",
       count(r"(\bfate|\bsegment\[[^]]*\]|\bnewFate\[[^]]*\])\s*=[^=]", lambda p: "/TouchOwnership/" in p, exclude=r"\b(var|let)\s"))
report("HoldForwarder per-slot arrays", count(r"Array\(repeating:", lambda p: "/HoldForwarder" in p))
report("public declarations in EdgeSwipeDaemon", count(r"^\s*(?:@\w+\s+)*public\s", lambda p: "/EdgeSwipeDaemon/" in p))

names = ("open openat close read write pread pwrite readv writev ioctl fcntl socket socketpair bind listen accept accept4 "
         "connect getsockopt setsockopt getsockname getpeername unlink unlinkat fstat lstat fstatat stat mkdir rmdir chmod "
         "fchmod chown fchown lchown sendmsg recvmsg sendto recvfrom send recv epoll_create1 epoll_ctl epoll_wait poll "
         "ppoll inotify_init1 inotify_add_watch inotify_rm_watch signalfd timerfd_create timerfd_settime eventfd kill "
         "waitpid waitid pipe pipe2 dup dup2 dup3 isatty clock_gettime nanosleep usleep lseek ftruncate fsync shutdown "
         "pthread_sigmask sigprocmask sigaction posix_spawn mmap munmap opendir fdopendir readdir closedir access "
         "faccessat readlink rename umask getpwnam_r getgrnam_r getpwuid_r getgrgid_r realpath fopen fclose fread fwrite").split()
call = re.compile(r"(?<![\w.])(?:Glibc\.)?(" + "|".join(names) + r")\(")
def group(p):
    return os.path.join(os.path.dirname(p), os.path.basename(p).split("+")[0].removesuffix(".swift"))
declared = {}
for p in files:
    declared.setdefault(group(p), set()).update(re.findall(r"\bfunc\s+(\w+)\s*[(<]", text[p]))
raw, explained = [], []
for p in files:
    if "/EdgeSwipeSystem/" in p or not re.search(r"^import (Glibc|Foundation|CEdgeSwipeSys)\b", text[p], re.M):
        continue
    lines = text[p].split("\n")
    for i, line in enumerate(lines):
        # Strings go (a call named in a message, such as "accept(...)", is no call), innermost interpolation first.
        code, previous = line, None
        while code != previous:
            previous, code = code, re.sub(r'"(?:\\[^(]|[^"\\])*"', '""', re.sub(r'\\\((?:[^()"]|"[^"]*"|\([^()]*\))*\)', "", code))
        code = code.split("//")[0]
        if re.match(r"\s*(?:@\w+\s+)*(?:(?:public|private|fileprivate|internal|package|static|mutating)\s+)*func\s", code):
            continue
        for m in call.finditer(code):
            name = m.group(1)
            if name == "stat" and code[m.end():].startswith(")"):
                continue  # `stat()`: the struct
            if name in declared.get(group(p), ()) and not m.group(0).startswith("Glibc."):
                continue  # the type's own method of that name
            if "SystemCall." in " ".join(lines[max(0, i - 2):i + 1]) and "--all" not in sys.argv:
                continue
            reason = any("Not through SystemCall:" in l for l in lines[max(0, i - 5):i + 1])
            (explained if reason else raw).append(f"{p}:{i + 1}: {name}: {line.strip()}")
report("raw system calls outside EdgeSwipeSystem" + (" (wrapped ones too)" if "--all" in sys.argv else ""), raw)
report("  with the reason in the file (a comment 'Not through SystemCall:')", explained)

# Issue 34.
def in_module(p, m):
    return f"/{m}/" in p
report("control requests built by hand (outside ControlCommand's files)",
       count(r'"command":\s*\.string\(', lambda p: not os.path.basename(p).startswith("ControlCommand"),
             exclude=r'"type":\s*\.string\("reply"\)'))

def enclosing(lines, i):
    for j in range(i, -1, -1):
        m = re.search(r"\b(?:func\s+(\w+)|(init)\s*[(<?]|var\s+(\w+)\s*:[^=]*\{)", lines[j].split("//")[0])
        if m:
            return next(g for g in m.groups() if g)
    return "(file scope)"
decoders = {}
for p in files:
    if in_module(p, "EdgeSwipeControl") or in_module(p, "EdgeSwipeDaemon") or not re.search(r"^import EdgeSwipeControl\b", text[p], re.M):
        continue
    lines = text[p].split("\n")
    for i, line in enumerate(lines):
        code = line.split("//")[0]
        for m in re.finditer(r'[\w)\]?]\["[A-Za-z_]+"\]', code):
            rest = code[m.end():].lstrip()
            if rest.startswith("=") and not rest.startswith("=="):
                continue  # a field written, not read
            decoders.setdefault(f"{p}: {enclosing(lines, i)}", []).append(f"{p}:{i + 1}: {line.strip()}")
print(f"service lines decoded field by field outside EdgeSwipeControl: {len(decoders)} functions in "
      f"{len({k.split(':')[0] for k in decoders})} files")
if listing:
    for k, hits in decoders.items():
        print("   ", k, f"({len(hits)} reads)")

feedback_dir = os.path.join(root, "edgeswipe", "Commands", "Feedback")
print(f"lines in Sources/edgeswipe/Commands/Feedback/: "
      f"{sum(text[p].count(chr(10)) for p in files if p.startswith(feedback_dir + os.sep))}")
def body_lines(p, decl):
    lines = text[p].split("\n")
    for i, line in enumerate(lines):
        if re.search(decl, line):
            depth, started = 0, False
            for j in range(i, len(lines)):
                depth += lines[j].count("{") - lines[j].count("}")
                started = started or "{" in lines[j]
                if started and depth <= 0:
                    return j - i + 1
    return None
RUN = r"func run\("
for p in files:
    if re.search(r"\b(?:struct|enum) FeedbackCommand\b", text[p]):
        print(f"lines of FeedbackCommand.run: {body_lines(p, RUN)} ({p})")
    if re.search(r"\b(?:struct|enum) RunCommand\b", text[p]):
        print(f"lines of RunCommand.run: {body_lines(p, RUN)} ({p})")

report("non-navigation commands in the service's navigation handler",
       count(r"case\s+\.(reportOutput|withdrawOutput|reportFocus)\b",
             lambda p: in_module(p, "EdgeSwipeDaemon") and os.path.basename(p).startswith("Navigation")))
targets = []
for p in files:
    if not in_module(p, "Navigation"):
        continue
    lines = text[p].split("\n")
    for i, line in enumerate(lines):
        code = line.split("//")[0]
        if re.search(r"\bdecide\(", code) and not re.search(r"\bfunc\s+decide\b", code) \
                and not (i > 0 and re.search(r"\bfunc\s+decide\b", lines[i - 1])):
            targets.append(f"{p}:{i + 1}: {line.strip()}")
report("places a back gesture's target is decided", targets)
report("_withUnsafeGuaranteedRef", count(r"_withUnsafeGuaranteedRef"))
report("raw sd_bus_* calls outside EdgeSwipeBus", count(r"\bsd_bus_\w+\(", lambda p: not in_module(p, "EdgeSwipeBus")))

control_types = set()
for p in files:
    if in_module(p, "EdgeSwipeControl"):
        control_types.update(re.findall(r"^(?:public |package )?(?:final )?(?:struct|enum|class|protocol|extension)\s+([A-Z]\w+)", text[p], re.M))
tests = os.path.join(os.path.dirname(os.path.abspath(root)), "Tests", "EdgeSwipeDaemonTests")
protocol_tests = sorted(f for f in (os.listdir(tests) if os.path.isdir(tests) else [])
                        if f.endswith("Tests.swift") and any(f.startswith(t) for t in control_types))
print(f"protocol test files in Tests/EdgeSwipeDaemonTests: {len(protocol_tests)}")
if listing:
    for f in protocol_tests:
        print("   ", f)
