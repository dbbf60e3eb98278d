#!/usr/bin/python3
"""Guest part of Tests/VM/apps/back-keys (issue 35): which back each test app takes, on a real kernel with real
input devices. sway (headless output, libinput backend, seatd) runs the three apps of Tests/VM/apps, each opened
on page "three"; a uinput keyboard and a uinput mouse (with BTN_SIDE, the mouse Back button) press, with the app
focused, one back at a time, and the app's own printed page says what it did:

  app          KEY_BACK           Alt+Left        BTN_SIDE
  libadwaita   back one page      back one page   (not tried: two pages are enough)
  Kirigami     back one page      back one page   (not tried)
  GTK 3        nothing            back one page   back one page

(libadwaita 1.2: AdwLeaflet's can-navigate-back takes XF86Back, which is KEY_BACK, and Alt+Left, with the focus
inside the leaflet; Kirigami 5.103: StandardKey.Back is Alt+Left, and its PageRow also goes back on Qt's Key_Back,
which KEY_BACK is (the Android back key): measured here on 2026-12-04, against issue 35's expectation that KEY_BACK
does nothing there; GTK 3: the app binds Alt+Left and button 8 itself, GTK 3 has no back.) So KEY_BACK, the
service's default, does nothing in the GTK 3 app: a handed-off back needs an app_id route there.

Run by Tests/VM/apps/back-keys (one boot). Prints `ok: ...` lines, exits 1 at the first failed check.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import libevdev

APPS = os.path.dirname(os.path.abspath(__file__))
USER = 65534  # nobody: sway refuses root
WORK = tempfile.mkdtemp(prefix="back-keys-")
RUNTIME = f"/run/user/{USER}"
children = []


failures = []


def fail(msg, *logs, fatal=True):
    print(f"FAIL: {msg}", flush=True)
    for path in logs:
        print(f"--- {path} (tail)")
        with open(path, errors="replace") as f:
            print("".join(line[:300] for line in f.readlines()[-30:]))
    failures.append(msg)
    if fatal:
        sys.exit(1)


def wait_for(what, predicate, timeout_s, *logs, fatal=True):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail(f"timed out after {timeout_s} s waiting for {what}", *logs, fatal=fatal)
    return None


def drop_root():
    os.setgroups([])
    os.setgid(USER)
    os.setuid(USER)


def env(**extra):
    e = {"PATH": os.environ["PATH"], "HOME": WORK, "XDG_RUNTIME_DIR": RUNTIME, "LANG": "C.UTF-8"}
    e.update(extra)
    return e


def spawn(argv, log, environment):
    p = subprocess.Popen(argv, stdout=open(log, "ab"), stderr=subprocess.STDOUT, env=environment, preexec_fn=drop_root)
    children.append(p)
    return p


def make_keyboard():
    d = libevdev.Device()
    d.name = "EdgeSwipe VM keyboard"
    d.id = {"bustype": 0x03, "vendor": 0x1d6b, "product": 0x0e20, "version": 1}
    for key in (libevdev.EV_KEY.KEY_BACK, libevdev.EV_KEY.KEY_LEFTALT, libevdev.EV_KEY.KEY_LEFT, libevdev.EV_KEY.KEY_A):
        d.enable(key)
    return d.create_uinput_device()


def make_mouse():
    d = libevdev.Device()
    d.name = "EdgeSwipe VM mouse"
    d.id = {"bustype": 0x03, "vendor": 0x1d6b, "product": 0x0e21, "version": 1}
    for code in (libevdev.EV_KEY.BTN_LEFT, libevdev.EV_KEY.BTN_RIGHT, libevdev.EV_KEY.BTN_SIDE, libevdev.EV_REL.REL_X,
                 libevdev.EV_REL.REL_Y):
        d.enable(code)
    return d.create_uinput_device()


def press(device, codes):
    """Presses `codes` in order and releases them in reverse, a SYN_REPORT after each, 30 ms apart."""
    for code in codes:
        device.send_events([libevdev.InputEvent(code, 1), libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        time.sleep(0.03)
    for code in reversed(codes):
        device.send_events([libevdev.InputEvent(code, 0), libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
        time.sleep(0.03)


def main():
    os.makedirs(RUNTIME, mode=0o700, exist_ok=True)
    os.chown(RUNTIME, USER, USER)
    os.chown(WORK, USER, USER)
    # The devices first: sway's libinput backend opens them at start (through seatd).
    keyboard, mouse = make_keyboard(), make_mouse()
    subprocess.Popen(["seatd", "-g", "nogroup"], stdout=open(f"{WORK}/seatd.log", "ab"), stderr=subprocess.STDOUT)
    wait_for("seatd's socket", lambda: os.path.exists("/run/seatd.sock"), 20, f"{WORK}/seatd.log")
    config = f"{WORK}/sway.config"
    with open(config, "w") as f:
        f.write("output HEADLESS-1 mode 720x1280\ndefault_border none\n")
    sway_log = f"{WORK}/sway.log"
    spawn(["sway", "-c", config], sway_log, env(WLR_BACKENDS="headless,libinput", WLR_RENDERER="pixman", LIBSEAT_BACKEND="seatd"))
    sock = wait_for("sway's IPC socket", lambda: next(
        (f"{RUNTIME}/{n}" for n in os.listdir(RUNTIME) if n.startswith("sway-ipc.")), None), 90, sway_log)
    wait_for("sway's Wayland socket", lambda: os.path.exists(f"{RUNTIME}/wayland-1"), 90, sway_log)

    def swaymsg(*args):
        return subprocess.run(["swaymsg", "-s", sock, *args], capture_output=True, text=True, env=env(), preexec_fn=drop_root)

    def views():
        out = swaymsg("-r", "-t", "get_tree")
        stack, found = [json.loads(out.stdout)] if out.returncode == 0 else [], {}
        while stack:
            n = stack.pop()
            if n.get("app_id"):
                found[n["app_id"]] = n
            stack += n.get("nodes", []) + n.get("floating_nodes", [])
        return found

    inputs = swaymsg("-r", "-t", "get_inputs")
    names = [i["name"] for i in json.loads(inputs.stdout)] if inputs.returncode == 0 else []
    if "EdgeSwipe VM keyboard" not in names or "EdgeSwipe VM mouse" not in names:
        fail(f"sway has not the uinput devices: {names}", sway_log)
    print("ok: sway up with the uinput keyboard and mouse", flush=True)

    wl = env(WAYLAND_DISPLAY="wayland-1", GDK_BACKEND="wayland", QT_QPA_PLATFORM="wayland", NO_AT_BRIDGE="1")
    apps = [
        ("org.edgeswipe.TestAdw", ["/usr/bin/python3", f"{APPS}/adw-leaflet.py"], "page "),
        ("org.qt-project.qmlscene", ["qmlscene", f"{APPS}/kirigami-pages.qml"], "qml: page "),
        ("org.edgeswipe.TestGtk3", ["/usr/bin/python3", f"{APPS}/gtk3-stack.py"], "page "),
    ]
    pages = {}
    for app_id, argv, prefix in apps:
        log = f"{WORK}/{app_id}.log"
        spawn(argv, log, wl)

        def page(log=log, prefix=prefix):
            with open(log, errors="replace") as f:
                seen = [line[len(prefix):].strip() for line in f if line.startswith(prefix)]
            return seen[-1] if seen else None
        pages[app_id] = (page, log)
        wait_for(f"{app_id} on page three", lambda page=page: page() == "three", 120, log, sway_log)
        wait_for(f"{app_id}'s window", lambda app_id=app_id: app_id in views(), 30, log, sway_log)
        print(f"ok: {app_id} started, on page three", flush=True)

    K = libevdev.EV_KEY
    # (app, device, codes, goes back): each check starts from the page the one before left.
    checks = [
        ("org.edgeswipe.TestAdw", keyboard, [K.KEY_BACK], True),
        ("org.edgeswipe.TestAdw", keyboard, [K.KEY_LEFTALT, K.KEY_LEFT], True),
        ("org.qt-project.qmlscene", keyboard, [K.KEY_BACK], True),
        ("org.qt-project.qmlscene", keyboard, [K.KEY_LEFTALT, K.KEY_LEFT], True),
        ("org.edgeswipe.TestGtk3", keyboard, [K.KEY_BACK], False),
        ("org.edgeswipe.TestGtk3", keyboard, [K.KEY_LEFTALT, K.KEY_LEFT], True),
        ("org.edgeswipe.TestGtk3", mouse, [K.BTN_SIDE], True),
    ]
    order = ["one", "two", "three"]
    for app_id, device, codes, goes_back in checks:
        page, log = pages[app_id]
        swaymsg(f'[app_id="{app_id}"] focus')
        wait_for(f"{app_id} focused", lambda: views().get(app_id, {}).get("focused"), 10, sway_log)
        if device is mouse:
            # The pointer over the app's window: the Back button goes to the surface under it.
            swaymsg("seat", "seat0", "cursor", "set", "360", "640")
            # And a real motion of the mouse: the pointer enters the window from the device, as a user's would.
            for dx in (5, -5):
                mouse.send_events([libevdev.InputEvent(libevdev.EV_REL.REL_X, dx), libevdev.InputEvent(libevdev.EV_SYN.SYN_REPORT, 0)])
                time.sleep(0.1)
        # A settled app: TCG on a loaded host is slow, and a key pressed while the app still redraws may be late.
        time.sleep(1.5)
        before = page()
        expected = order[order.index(before) - 1] if goes_back else before
        press(device, codes)
        what = "+".join(c.name for c in codes)
        if not goes_back:
            # Nothing may happen: give it the time a change takes, then check it stayed.
            time.sleep(1.5)
            if page() != before:
                fail(f"{app_id}: {what} changed the page from {before} to {page()}; expected no change", log, fatal=False)
            else:
                print(f"ok: {app_id}: {what} leaves it on page {before}", flush=True)
        # Every check goes on after a failure (the table is the result); each says what it saw.
        elif wait_for(f"{app_id}: {what} to go from page {before} to {expected}", lambda: page() == expected, 15, log, fatal=False):
            time.sleep(0.5)
            if page() != expected:
                fail(f"{app_id}: {what} went past page {expected} to {page()}", log, fatal=False)
            else:
                print(f"ok: {app_id}: {what} goes back one page, {before} -> {expected}", flush=True)
    if failures:
        print(f"back-keys: FAIL ({len(failures)} of {len(checks)} checks)", flush=True)
        sys.exit(1)
    print("back-keys: PASS", flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        for p in children:
            p.terminate()
