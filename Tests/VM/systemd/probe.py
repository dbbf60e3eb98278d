#!/usr/bin/python3
"""Clients for service-test.sh (Tests/VM/systemd): the control socket, the HTTP bridge, KEY_BACK.

  probe.py follow-pop SOCKET TIMEOUT   set a 3-screen stack, subscribe, print "ready", wait for an
                                       interactive pop to finish (exit 0) or TIMEOUT seconds (exit 1)
  probe.py refused SOCKET              exit 0 when the socket refuses this user (no hello), 1 when it greets
  probe.py key-back NAME TIMEOUT       open the input device called NAME, print "ready", exit 0 on KEY_BACK down
  probe.py http PORT TOKEN [ADDRESS]   SSE stream opens with a hello, POST /commands answers 200 and the
                                       stream carries the command's event (exit 0), else exit 1; connects
                                       to ADDRESS (default 127.0.0.1), Host: 127.0.0.1:PORT either way
  probe.py http-refused PORT WRONG     POST /commands with no token, GET /events with no token, and POST
                                       /commands with the bearer WRONG are each answered 401 with
                                       WWW-Authenticate: Bearer (exit 0), else exit 1
  probe.py uinput-denied PATH          opening PATH (/dev/uinput) for writing fails with EACCES (exit 0),
                                       else exit 1
"""
from http.client import HTTPConnection
import json
import os
import select
import socket
import sys
import time


def fail(message):
    print(f"probe: {message}", flush=True)
    sys.exit(1)


def lines(sock, deadline):
    buffer = b""
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield json.loads(line)
        left = deadline - time.monotonic()
        if left <= 0:
            return
        ready, _, _ = select.select([sock], [], [], left)
        if not ready:
            return
        chunk = sock.recv(65536)
        if not chunk:
            return
        buffer += chunk


def follow_pop(path, timeout):
    deadline = time.monotonic() + timeout
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    stream = lines(sock, deadline)
    hello = next(stream, None)
    if not hello or hello.get("type") != "hello":
        fail(f"no hello: {hello}")
    screens = [{"name": "home"}, {"name": "inbox", "header": True}, {"name": "message", "header": True}]
    sock.sendall((json.dumps({"command": "setStack", "id": 1, "screens": screens}) + "\n").encode())
    sock.sendall(b'{"command":"subscribe","id":2,"events":["transition"]}\n')
    replies = 0
    for message in stream:
        if message.get("type") == "reply":
            replies += 1
            if replies == 2:
                print("ready", flush=True)
        elif message.get("type") == "error":
            fail(f"error: {message}")
        elif message.get("event") == "transitionFinished" and message.get("kind") == "interactivePop":
            print(f"popped {message.get('from')} -> {message.get('to')}", flush=True)
            return
    fail(f"no interactive pop within {timeout} s")


def refused(path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except OSError as error:
        print(f"refused at connect: {error.strerror}", flush=True)
        return
    hello = next(lines(sock, time.monotonic() + 10), None)
    if hello and hello.get("type") == "hello":
        fail("greeted a user outside the group")
    print("refused: closed without a hello", flush=True)


def key_back(name, timeout):
    import libevdev
    deadline = time.monotonic() + timeout
    device = None
    while device is None and time.monotonic() < deadline:
        for entry in sorted(os.listdir("/dev/input")):
            if not entry.startswith("event"):
                continue
            fd = open(f"/dev/input/{entry}", "rb")
            candidate = libevdev.Device(fd)
            if candidate.name == name:
                device = candidate
                break
            fd.close()
        if device is None:
            time.sleep(0.2)
    if device is None:
        fail(f"no input device named {name!r}")
    print("ready", flush=True)
    fd = device.fd
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
        if not ready:
            break
        for event in device.events():
            if event.matches(libevdev.EV_KEY.KEY_BACK, 1):
                print("KEY_BACK down", flush=True)
                return
    fail(f"no KEY_BACK within {timeout} s")


def http(port, token, address="127.0.0.1"):
    stream = socket.create_connection((address, port), timeout=20)
    stream.sendall(f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += stream.recv(4096)
    head = received.split(b"\r\n", 1)[0].decode()
    if " 200 " not in head + " ":
        fail(f"GET /events: {head}")
    print(f"GET /events: {head}", flush=True)
    body = json.dumps({"command": "push", "id": 9, "name": "settings"})
    post = socket.create_connection((address, port), timeout=20)
    post.sendall((f"POST /commands HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}").encode())
    answer = b""
    while True:
        chunk = post.recv(4096)
        if not chunk:
            break
        answer += chunk
    status = answer.split(b"\r\n", 1)[0].decode()
    if not status.startswith("HTTP/1.1 200"):
        fail(f"POST /commands: {answer[:300]!r}")
    print(f"POST /commands: {status}", flush=True)
    deadline = time.monotonic() + 20
    while b"settings" not in received and time.monotonic() < deadline:
        chunk = stream.recv(4096)
        if not chunk:
            break
        received += chunk
    if b"data:" not in received or b"settings" not in received:
        fail(f"the event stream did not carry the command's event: {received[-400:]!r}")
    print("SSE stream: hello and the push event received", flush=True)


def http_refused(port, wrong):
    body = json.dumps({"command": "push", "id": 10, "name": "settings"})
    attempts = [
        ("POST /commands, no token", "POST", "/commands", {}),
        ("GET /events, no token", "GET", "/events", {}),
        ("POST /commands, wrong bearer", "POST", "/commands", {"Authorization": f"Bearer {wrong}"}),
    ]
    for label, method, path, headers in attempts:
        connection = HTTPConnection("127.0.0.1", port, timeout=20)
        if method == "POST":
            headers = {**headers, "Content-Type": "application/json"}
            connection.request(method, path, body=body, headers=headers)
        else:
            connection.request(method, path, headers=headers)
        reply = connection.getresponse()
        challenge = reply.getheader("WWW-Authenticate") or ""
        reply.read()
        connection.close()
        if reply.status != 401 or not challenge.startswith("Bearer"):
            fail(f"{label}: {reply.status} {reply.reason}, WWW-Authenticate {challenge!r} (expected 401, Bearer)")
        print(f"{label}: {reply.status} {reply.reason}, WWW-Authenticate: {challenge}", flush=True)


def uinput_denied(path):
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except PermissionError as error:
        print(f"open {path}: {error.strerror}", flush=True)
        return
    os.close(fd)
    fail(f"opened {path} for writing (uid {os.getuid()}, groups {os.getgroups()})")


def main():
    if len(sys.argv) < 2:
        fail(__doc__)
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "follow-pop":
        follow_pop(args[0], float(args[1]))
    elif mode == "refused":
        refused(args[0])
    elif mode == "key-back":
        key_back(args[0], float(args[1]))
    elif mode == "http":
        http(int(args[0]), args[1], *args[2:3])
    elif mode == "http-refused":
        http_refused(int(args[0]), args[1])
    elif mode == "uinput-denied":
        uinput_denied(args[0])
    else:
        fail(__doc__)


if __name__ == "__main__":
    main()
