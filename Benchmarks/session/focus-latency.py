#!/usr/bin/python3
"""Focus change -> the service has the report (issue 35), in a running sway session with two or more windows:
    SWAYSOCK=... WAYLAND_DISPLAY=... python3 Benchmarks/session/focus-latency.py EDGESWIPE_BIN [N]
Runs a stand-in service on a temporary socket (a hello, then a reply to each line, each reportFocus's arrival
time noted), starts `EDGESWIPE_BIN feedback --focus sway` against it, and focuses the session's windows in turn N
times (default 100), 50 ms apart. Per change: t0 = sway's focus event reaching this script's own IPC subscription
(when sway sent it, give or take this reader), t1 = the stand-in's receipt of the reportFocus naming that window
(both CLOCK_MONOTONIC). Prints p50/p99 of t1 - t0, and of t1 - the moment swaymsg was started. A report that
arrives before this script's reader has the event is not paired (counted as unpaired): the figure is an upper
bound. Run it as the user of the session (the maps of its apps are read as that user).
"""
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
sway_sock = os.environ["SWAYSOCK"]
path = os.path.join(tempfile.mkdtemp(prefix="focus-latency-"), "control.sock")
reports = []  # (time, appId)


def serve():
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(4)
    while True:
        client, _ = listener.accept()
        client.sendall(b'{"commands":[],"events":[],"protocol":5,"server":"edgeswipe","type":"hello"}\n')
        buf = b""
        while True:
            data = client.recv(65536)
            if not data:
                break
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                now = time.monotonic()
                request = json.loads(line)
                if request.get("command") == "reportFocus":
                    reports.append((now, request.get("appId")))
                client.sendall((json.dumps({"type": "reply", "command": request.get("command"), "id": request.get("id"),
                                            "result": {"handler": 1} if request.get("command") == "registerBackHandler" else {}})
                                + "\n").encode())


events = []  # (time, app_id) of sway's focus events


def subscribe():
    s = socket.socket(socket.AF_UNIX)
    s.connect(sway_sock)
    payload = b'["window"]'
    s.sendall(b"i3-ipc" + struct.pack("<II", len(payload), 2) + payload)
    buf = b""
    while True:
        data = s.recv(65536)
        if not data:
            return
        buf += data
        while len(buf) >= 14:
            n, kind = struct.unpack("<II", buf[6:14])
            if len(buf) < 14 + n:
                break
            body, buf = buf[14:14 + n], buf[14 + n:]
            if kind & 0x80000000:
                e = json.loads(body)
                if e.get("change") == "focus":
                    events.append((time.monotonic(), e["container"].get("app_id")))


def windows():
    tree = json.loads(subprocess.run(["swaymsg", "-r", "-t", "get_tree"], capture_output=True, text=True).stdout)
    stack, found = [tree], []
    while stack:
        n = stack.pop()
        if n.get("app_id") and n.get("pid"):
            found.append(n["app_id"])
        stack += n.get("nodes", []) + n.get("floating_nodes", [])
    return sorted(set(found))


threading.Thread(target=serve, daemon=True).start()
threading.Thread(target=subscribe, daemon=True).start()
apps = windows()
if len(apps) < 2:
    sys.exit(f"focus-latency: the session needs two windows with an app_id, has {apps}")
feedback = subprocess.Popen([binary, "feedback", "--socket", path, "--haptics", "off", "--focus", "sway"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(2)
since_event, since_command, unpaired = [], [], 0
for i in range(count):
    app = apps[i % len(apps)]
    r0, e0 = len(reports), len(events)
    started = time.monotonic()
    subprocess.run(["swaymsg", "-q", f'[app_id="{app}"] focus'])
    deadline = started + 2
    got = None
    while time.monotonic() < deadline and got is None:
        got = next((t for t, a in reports[r0:] if a == app), None)
        time.sleep(0.001)
    sent = next((t for t, a in events[e0:] if a == app), None)
    if got is None or sent is None:
        unpaired += 1
    else:
        since_event.append((got - sent) * 1000)
        since_command.append((got - started) * 1000)
    time.sleep(0.05)
feedback.terminate()


def q(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


print(f"focus-latency: {len(since_event)} changes paired, {unpaired} unpaired, over {len(apps)} windows")
print(f"sway's focus event -> the service has the report: p50 {q(since_event, .5):.2f} ms, p99 {q(since_event, .99):.2f} ms, "
      f"max {max(since_event):.2f} ms")
print(f"swaymsg started -> the service has the report: p50 {q(since_command, .5):.1f} ms, p99 {q(since_command, .99):.1f} ms")
