#!/usr/bin/env python3
"""Idle cost of `edgeswipe run` once the reader of its JSON output has gone (issue 14, item 2).

Usage: Benchmarks/daemon/closed-reader-idle.py PATH/TO/edgeswipe [IDLE_SECONDS] [RECORDING]

The service runs with `print_json: true`, its stdout a pipe whose reader takes one byte and exits (as
`edgeswipe run | head -c 1`), its control socket in a temp dir, and RECORDING (default
samples/demo-back-swipes.evemu) replayed into it so JSON lines are written after the reader is gone. Once the
replay has played out (the service logs that it ended), the script counts over IDLE_SECONDS the voluntary +
involuntary context switches of all the service's threads (a loop blocked in epoll_wait with no timeout makes
none; the spinning loop of the defect made about 19 000 a second) and its CPU time (utime + stime from
/proc/PID/stat), then checks that the control socket still answers.
"""
import atexit, json, os, socket, subprocess, shutil, sys, tempfile, time

binary = sys.argv[1]
idle = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
recording = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), "..", "..", "samples",
                                                                  "demo-back-swipes.evemu")
work = tempfile.mkdtemp(prefix="edgeswipe-closed-reader-")
atexit.register(shutil.rmtree, work, ignore_errors=True)   # the log is printed where it matters
control = os.path.join(work, "control.sock")
config = os.path.join(work, "config.yaml")
with open(config, "w") as f:
    f.write(f"version: 1\nprint_json: true\nsocket: {{path: {control}}}\n")
log_path = os.path.join(work, "log")
read_end, write_end = os.pipe()
proc = subprocess.Popen([binary, "run", "-c", config, "--backend", "evdev", "--replay", recording, "--replay-delay", "0.2",
                         "-v"], stdout=write_end, stderr=open(log_path, "w"))
os.close(write_end)
os.read(read_end, 1)   # `head -c 1`
os.close(read_end)     # ... and exits


def log_text():
    with open(log_path) as f:
        return f.read()


deadline = time.monotonic() + 120
while "finished" not in log_text():
    if time.monotonic() > deadline or proc.poll() is not None:
        break
    time.sleep(0.2)
time.sleep(1.0)


def switches(pid):
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/status") as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split(":")[1])
    return total


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat(5))


c0, t0 = switches(proc.pid), cpu_ticks(proc.pid)
time.sleep(idle)
c1, t1 = switches(proc.pid), cpu_ticks(proc.pid)
answered = False
with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
    s.settimeout(5)
    s.connect(control)
    s.sendall(b'{"command":"state","id":1}\n')
    data = b""
    while data.count(b"\n") < 2:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    answered = b'"id":1' in data
proc.terminate()
proc.wait(timeout=10)
text = log_text()
print(json.dumps({
    "idleSeconds": idle,
    "idleWakeUps": c1 - c0,
    "idleCpuTicks": t1 - t0,
    "clockTicksPerSecond": os.sysconf("SC_CLK_TCK"),
    "stdoutGoneLogLines": text.count("stdout is gone"),
    "controlSocketAnswered": answered,
    "exitStatus": proc.returncode,
}))
