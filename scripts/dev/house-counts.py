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
  `--all` counts those inside a `SystemCall.*` closure too;
- issue 34's, the control protocol and the session program: requests built as JSON objects outside the encoder
  (`"command": .string(` outside EdgeSwipeControl/ControlRequest+Encoding.swift), the functions of client modules
  (EdgeSwipeFeedback, EdgeSwipeHaptics, EdgeSwipeWayland, EdgeSwipeDoctor, EdgeSwipeSession, edgeswipe) that read
  a JSON field by name (`x["name"]`, not an assignment; the doctor's readers of swaymsg's and hyprctl's JSON are
  not service lines and are left out), the lines of Commands/Feedback/, the lines of `FeedbackCommand.run`, the
  Unix-stream connects (`connect(` of libc, `Glibc.connect(`) outside EdgeSwipeSystem, Sources and Tests, the
  control socket path's literal in Sources, and the test files of Tests/EdgeSwipeDaemonTests that name no type
  of EdgeSwipeDaemon or of that target's Support/ (they test EdgeSwipeControl alone);
- and issue 34's service-side ones: non-navigation commands (`reportOutput`, `withdrawOutput`, `reportFocus`)
  handled in a file of the service whose name starts with `Navigation`; places a back gesture's target is
  decided (calls of `decide(` in Sources/Navigation that are not a one-line forwarding body);
  `_withUnsafeGuaranteedRef` anywhere; raw `sd_bus_*(` calls outside EdgeSwipeBus.
Duplicate pairs come from the `duplicates` tool (`duplicates`, first line), not from here.
Usage: scripts/dev/house-counts.py [--list] [--all] [SOURCES_DIR [TESTS_DIR]]"""
import os, re, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = args[0] if args else "Sources"
tests_root = args[1] if len(args) > 1 else os.path.join(os.path.dirname(os.path.abspath(root)), "Tests")
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

# Issue 34: the control protocol typed on both sides, the session program a module.
report("requests built as JSON objects outside the encoder",
       count(r'"command":\s*\.string\(', lambda p: not p.endswith("EdgeSwipeControl/ControlRequest+Encoding.swift"),
             exclude=r'"type":'))  # a line with a type is the service's (a reply), not a request
clients = ("/EdgeSwipeFeedback/", "/EdgeSwipeHaptics/", "/EdgeSwipeWayland/", "/EdgeSwipeDoctor/", "/EdgeSwipeSession/", "/edgeswipe/")
field_read = re.compile(r'\w[?!]?\["[A-Za-z]+"\](?!\s*=[^=])')
readers = set()
for p in files:
    if not any(c in p for c in clients):
        continue
    function = None
    for i, line in enumerate(text[p].split("\n")):
        code = line.split("//")[0]
        m = re.search(r"\bfunc\s+(\w+)|\binit\??\(|\bvar\s+(\w+)\s*:[^=]*\{", code)
        if m:
            function = m.group(1) or m.group(2) or "init"
        if field_read.search(code) and "udevProperties[" not in code and function not in ("sway", "hyprland"):
            readers.add(f"{p}: {function}")
report("functions reading a JSON field by name in client modules", sorted(f"{r}:0:" for r in readers))
feedback_dir = os.path.join(root, "edgeswipe", "Commands", "Feedback")
feedback_lines = sum(text[p].count("\n") for p in files if p.startswith(feedback_dir + os.sep))
print(f"lines in Commands/Feedback/: {feedback_lines}")
command = next((p for p in files if p.endswith("/FeedbackCommand.swift")), None)
if command:
    body = text[command].split("\n")
    start = next(i for i, l in enumerate(body) if re.search(r"static func run\(", l))
    depth, end = 0, start
    for end in range(start, len(body)):
        depth += body[end].count("{") - body[end].count("}")
        if depth == 0 and end > start:
            break
    print(f"lines of FeedbackCommand.run: {end - start + 1} ({command}:{start + 1})")
test_files = sorted(os.path.join(d, f) for d, _, fs in os.walk(tests_root) for f in fs if f.endswith(".swift"))
test_text = {p: open(p, encoding="utf-8").read() for p in test_files}
connect_call = re.compile(r"(?<![\w.])(?:Glibc\.)?connect\((?!\))")
connects = []
for p, t in list(text.items()) + list(test_text.items()):
    if "/EdgeSwipeSystem/" in p or not re.search(r"^import (Glibc|Foundation|CEdgeSwipeSys)\b", t, re.M):
        continue
    for i, line in enumerate(t.split("\n")):
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', line).split("//")[0]
        own = "connect" in declared.get(group(p), ()) and not re.search(r"Glibc\.connect\(", code)
        tcp = re.search(r"sockaddr_in6?\b", code)  # the HTTP tests' TCP clients
        if connect_call.search(code) and not re.search(r"\bfunc\s+connect", code) and not own and not tcp:
            connects.append(f"{p}:{i + 1}: {line.strip()}")
report("Unix-stream connects outside EdgeSwipeSystem", connects)
report("the control socket path's literal in Sources", count(r'"/run/edgeswipe/control\.sock"'))
daemon_tests = os.path.join(tests_root, "EdgeSwipeDaemonTests")
daemon_names = set()
for p, t in list(text.items()) + list(test_text.items()):
    if "/EdgeSwipeDaemon/" in p or p.startswith(os.path.join(daemon_tests, "Support")):
        daemon_names.update(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)", t))
control_only = []
for p in test_files:
    if not p.startswith(daemon_tests + os.sep) or p.startswith(os.path.join(daemon_tests, "Support")):
        continue
    code = "\n".join(re.sub(r'"(?:\\.|[^"\\])*"', '""', l).split("//")[0] for l in test_text[p].split("\n"))
    own = set(re.findall(r"\b(?:class|struct|enum|protocol|actor|typealias)\s+(\w+)", code))
    used = {n for n in re.findall(r"\b[A-Z]\w*", code) if len(n) > 2} - own
    if "EdgeSwipeControl" in test_text[p] and not used & daemon_names:
        control_only.append(f"{p}:1:")
report("test files in EdgeSwipeDaemonTests that test EdgeSwipeControl alone", control_only)

# Issue 34, the service side.
def in_module(p, m):
    return f"/{m}/" in p
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
