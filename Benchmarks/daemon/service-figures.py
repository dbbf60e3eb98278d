#!/usr/bin/env python3
"""Start-up, memory and idle figures of `edgeswipe run` (issue 6's targets), measured from outside.

Usage: Benchmarks/daemon/service-figures.py PATH/TO/edgeswipe [IDLE_SECONDS]

- ready: time from spawning the process to its READY=1 on a NOTIFY_SOCKET this script listens on;
- RSS: VmRSS and VmHWM from /proc/PID/status once ready, and again after the idle period;
- idle wake-ups: voluntary + involuntary context switches of all the service's threads over IDLE_SECONDS
  with no input (a process blocked in epoll_wait with no timeout makes none).
The service runs with no devices (none on this host) and its control socket in a temp dir, so this measures
the service itself, not device handling.
"""
import atexit, json, os, socket, subprocess, shutil, sys, tempfile, time

binary = sys.argv[1]
idle = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
work = tempfile.mkdtemp(prefix="edgeswipe-figures-")
atexit.register(shutil.rmtree, work, ignore_errors=True)   # the log is printed where it matters
notify_path = os.path.join(work, "notify")
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind(notify_path)
sock.settimeout(10)
env = dict(os.environ, NOTIFY_SOCKET=notify_path)
start = time.monotonic()
proc = subprocess.Popen([binary, "run", "--socket", os.path.join(work, "control.sock"), "--backend", "evdev"],
                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
ready = None
while ready is None:
    data = sock.recv(4096).decode()
    if "READY=1" in data.split("\n"):
        ready = time.monotonic() - start


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            fields[k] = v.strip()
    return fields


def switches(pid):
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        s = status(f"{pid}/task/{tid}")
        total += int(s["voluntary_ctxt_switches"]) + int(s["nonvoluntary_ctxt_switches"])
    return total


time.sleep(0.5)  # let start-up finish
s0 = status(proc.pid)
c0 = switches(proc.pid)
time.sleep(idle)
c1 = switches(proc.pid)
s1 = status(proc.pid)
proc.terminate()
proc.wait(timeout=10)
print(json.dumps({
    "readyMs": round(ready * 1000, 1),
    "rssAfterReadyMiB": round(int(s0["VmRSS"].split()[0]) / 1024, 1),
    "rssPeakMiB": round(int(s1["VmHWM"].split()[0]) / 1024, 1),
    "threads": int(s1["Threads"]),
    "idleSeconds": idle,
    "idleWakeUps": c1 - c0,
    "exitStatus": proc.returncode,
}))
