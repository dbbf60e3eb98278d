#!/usr/bin/env python3
"""HTTP answer time for a client with the token while slow tokenless clients hold connections (issue 14, item 3).

Usage: Benchmarks/daemon/http-slowloris.py PATH/TO/edgeswipe [SLOW_CLIENTS] [SECONDS] [LINE_INTERVAL]

Starts `edgeswipe run --http 0` with a token file (no devices: a short --replay stands in, this host has no
udev), opens SLOW_CLIENTS (default 140) connections to 127.0.0.1 that each send a request head one header line
every LINE_INTERVAL seconds (default 10) and reconnect when the service closes them, as a slowloris attacker
does. Meanwhile, every 0.5 s for SECONDS (default 40), a client with the token sends POST /commands
{"command":"state"} on a new connection; the time from connect to the complete answer is recorded (5 s limit:
no answer in 5 s counts as a failure). Prints the answer times and how many slow connections the service cut.
"""
import atexit, json, os, select, socket, statistics, subprocess, shutil, sys, tempfile, time

binary = sys.argv[1]
slow_count = int(sys.argv[2]) if len(sys.argv) > 2 else 140
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 40.0
interval = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
here = os.path.dirname(os.path.abspath(__file__))
work = tempfile.mkdtemp(prefix="edgeswipe-slowloris-")
atexit.register(shutil.rmtree, work, ignore_errors=True)   # the log is printed where it matters
token = "slowloris-benchmark-token-0123456789"
token_file = os.path.join(work, "token")
with open(token_file, "w") as f:
    f.write(token + "\n")
os.chmod(token_file, 0o600)
log_path = os.path.join(work, "log")
proc = subprocess.Popen([binary, "run", "--backend", "evdev", "--socket", os.path.join(work, "control.sock"),
                         "--http", "0", "--http-token", token_file,
                         "--replay", os.path.join(here, "..", "..", "samples", "demo-back-swipes.evemu")],
                        stdout=subprocess.DEVNULL, stderr=open(log_path, "w"))
port = None
for _ in range(100):
    text = open(log_path).read()
    if "listening on 127.0.0.1:" in text:
        port = int(text.split("listening on 127.0.0.1:")[1].split()[0])
        break
    time.sleep(0.1)
assert port, "no port in the log:\n" + open(log_path).read()


def slow_connect():
    s = socket.create_connection(("127.0.0.1", port))
    s.setblocking(False)
    s.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return s


slow = [slow_connect() for _ in range(slow_count)]
cut = 0
line = 0
next_line = time.monotonic() + interval


def tend_slow():
    """Sends the next header line when due; reconnects the connections the service closed."""
    global cut, line, next_line
    readable, _, _ = select.select(slow, [], [], 0)
    for s in readable:
        try:
            data = s.recv(4096)
        except OSError:
            data = b""
        if not data:
            i = slow.index(s)
            s.close()
            cut += 1
            slow[i] = slow_connect()
    if time.monotonic() >= next_line:
        line += 1
        for i, s in enumerate(slow):
            try:
                s.send(f"X-Slow-{line}: {line}\r\n".encode())
            except OSError:
                s.close()
                cut += 1
                slow[i] = slow_connect()
        next_line += interval


def ask():
    started = time.monotonic()
    body = b'{"command":"state"}'
    request = (f"POST /commands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
            c.sendall(request)
            data = b""
            while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < 2:
                chunk = c.recv(65536)
                if not chunk:
                    break
                data += chunk
            if data.startswith(b"HTTP/1.1 200") and b'"stack"' in data:
                return time.monotonic() - started
    except OSError:
        pass
    return None


time.sleep(1.0)  # every slow connection is in
times, failures = [], 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    tend_slow()
    t = ask()
    if t is None:
        failures += 1
    else:
        times.append(t * 1000)
    tend_slow()
    time.sleep(0.5)
for s in slow:
    s.close()
proc.terminate()
proc.wait(timeout=10)
times.sort()
print(json.dumps({
    "slowClients": slow_count, "lineIntervalS": interval, "seconds": seconds,
    "requests": len(times) + failures, "answered": len(times), "failed": failures,
    "medianMs": round(statistics.median(times), 2) if times else None,
    "p95Ms": round(times[int(len(times) * 0.95) - 1], 2) if times else None,
    "maxMs": round(times[-1], 2) if times else None,
    "slowConnectionsCutByTheService": cut,
}))
