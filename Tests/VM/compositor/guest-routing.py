#!/usr/bin/python3
"""Guest part of the back-routing check (issue 35): a back swipe at the root of the stack reaches the focused app
with the back its toolkit takes. sway (headless output, libinput backend, seatd) runs the three test apps of
Tests/VM/apps, each on page "three"; the service reads a uinput touchscreen (ownership off; sway has the panel's
events disabled, so no app sees the touches) and hands off every back (no stack: the root); `edgeswipe feedback`
reports the focus. For each phase and app: focus it (swaymsg), wait for the service to know it (feedback's
--verbose line), play a back swipe from the left edge, and read the app's printed page and the service's
backDispatched route:

  sway IPC (pid, toolkit):  libadwaita, kirigami, gtk3 -> route "toolkit NAME", Alt+Left: back one page each
  foreign-toplevel (no pid): the GTK 3 app -> no toolkit, its app_id in no shipped rule: the default, KEY_BACK,
                             which the GTK 3 app ignores: it stays
  no focus report (feedback stopped): the libadwaita app -> "default, no focus report", KEY_BACK: back one page

Run by Tests/VM/compositor/run-routing (one boot):  guest-routing.py EDGESWIPE_BIN
Prints `ok:` lines and `figure:` lines, exits 1 at the first failed check.
"""
import importlib.util
import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
spec = importlib.util.spec_from_file_location("guest_compositor", os.path.join(HERE, "guest-compositor.py"))
rig = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rig)
from touch_scenarios import stroke  # noqa: E402

APPS = os.path.join(rig.ROOT, "Tests/VM/apps")
MM = 10  # device units per mm (touch_scenarios)
started = time.monotonic()


def start_sway():
    os.makedirs(rig.RUNTIME, mode=0o700, exist_ok=True)
    os.chown(rig.RUNTIME, rig.USER, rig.USER)
    os.chown(rig.WORK, rig.USER, rig.USER)
    rig.spawn(["seatd", "-g", "nogroup"], f"{rig.WORK}/seatd.log")
    rig.wait_for("seatd's socket", lambda: os.path.exists("/run/seatd.sock"), 20, f"{rig.WORK}/seatd.log")
    config = f"{rig.WORK}/sway.config"
    with open(config, "w") as f:
        # The panel's touches are the service's alone: an app that saw them would take the swipe itself
        # (libadwaita's leaflet goes back on a touchscreen swipe).
        f.write(f"output HEADLESS-1 mode 720x1280\ndefault_border none\n"
                f"input \"{rig.sway_identifier(rig.DEVICE_NAME, rig.DEVICE_ID)}\" events disabled\n")
    sway_log = f"{rig.WORK}/sway.log"
    rig.spawn(["sway", "-c", config], sway_log, env=rig.user_env(WLR_BACKENDS="headless,libinput", WLR_RENDERER="pixman",
                                                                 LIBSEAT_BACKEND="seatd"), as_user=True)
    sock = rig.wait_for("sway's IPC socket", lambda: next(
        (f"{rig.RUNTIME}/{n}" for n in os.listdir(rig.RUNTIME) if n.startswith("sway-ipc.")), None), 90, sway_log)
    rig.wait_for("sway's Wayland socket", lambda: os.path.exists(f"{rig.RUNTIME}/wayland-1"), 90, sway_log)
    rig.diagnostic_logs.append(sway_log)

    def swaymsg(*args):
        return subprocess.run(["swaymsg", "-s", sock, *args], capture_output=True, text=True, env=rig.user_env(),
                              preexec_fn=rig.drop_root)
    return sock, swaymsg, sway_log


def views(swaymsg):
    out = swaymsg("-r", "-t", "get_tree")
    stack, found = [json.loads(out.stdout)] if out.returncode == 0 else [], {}
    while stack:
        n = stack.pop()
        if n.get("app_id"):
            found[n["app_id"]] = n
        stack += n.get("nodes", []) + n.get("floating_nodes", [])
    return found


def start_service(binary, node):
    config = f"{rig.WORK}/edgeswipe.yaml"
    with open(config, "w") as f:
        f.write(f"version: 1\nprint_json: true\nsocket:\n  path: {rig.WORK}/control.sock\n  group: nogroup\n"
                "defaults:\n  edges: [left, right]\n  own: false\n"
                # The shipped default (config/edgeswipe.yaml): a completed back nobody takes presses KEY_BACK.
                "  actions:\n    - on: complete\n      edge: left\n      key: KEY_BACK\n")
    out, err = f"{rig.WORK}/service.jsonl", f"{rig.WORK}/service.err"
    for path in (out, err):
        open(path, "w").close()
    rig.children.append(subprocess.Popen([binary, "run", "--config", config, "-v"], stdout=open(out, "a"), stderr=open(err, "a")))
    rig.diagnostic_logs.append(err)
    rig.wait_for("the service to add the touchscreen", lambda: f'{node} "{rig.DEVICE_NAME}":' in open(err).read(), 60, err)
    return out, err


def start_feedback(binary, sock, focus):
    out, err = f"{rig.WORK}/feedback-{focus}.jsonl", f"{rig.WORK}/feedback-{focus}.err"
    for path in (out, err):
        open(path, "w").close()
        os.chown(path, rig.USER, rig.USER)
    rig.diagnostic_logs.append(err)
    p = subprocess.Popen([binary, "feedback", "--socket", f"{rig.WORK}/control.sock", "--verbose", "--haptics", "off",
                          "--focus", focus], stdout=open(out, "a"), stderr=open(err, "a"), preexec_fn=rig.drop_root,
                         env=rig.user_env(WAYLAND_DISPLAY="wayland-1", SWAYSOCK=sock))
    rig.children.append(p)
    rig.wait_for(f"edgeswipe feedback --focus {focus} to connect", lambda: "observing back gestures" in open(err).read(), 60, err)
    return p, out, err


def reports(path):
    """feedback --verbose's reportFocus lines, with the time each was read here."""
    with open(path) as f:
        return [json.loads(l) for l in f if l.startswith("{") and '"reportFocus"' in l]


def dispatched(path):
    with open(path) as f:
        return [e for e in (json.loads(l) for l in f if l.startswith("{")) if e.get("event") == "backDispatched"]


def handoffs(path):
    """The service's `hand-off #N EDGE: route: REASON, ACTION` lines (its log, -v)."""
    with open(path, errors="replace") as f:
        return [l.strip() for l in f if "hand-off #" in l]


def knows(path, app_id):
    """Whether the service's last focus line (`focus: client N SOURCE: APP_ID ...`, -v) names `app_id`."""
    with open(path, errors="replace") as f:
        lines = [l for l in f if "focus: client" in l]
    # "...: APP_ID pid 170 gtk3, ..." (sway) or "...: APP_ID, pid none: ..." (foreign-toplevel)
    return bool(lines) and (f": {app_id} " in lines[-1] or f": {app_id}," in lines[-1])



def swipe(player):
    """A back swipe from the left edge: 170 mm inward in 250 ms (past arming), then lifted."""
    frames = [(t, {0: p}) for t, p in stroke(10, 900, 170 * MM, 900, 25, 10)]
    player.play(frames)
    player.frame({0: None})


def main():
    binary = sys.argv[1]
    subprocess.run(["cp", f"{rig.ROOT}/udev/70-edgeswipe.rules", "/etc/udev/rules.d/"], check=True)
    subprocess.run(["udevadm", "control", "--reload"], check=True)
    sock, swaymsg, sway_log = start_sway()
    uinput = rig.make_touchscreen()
    node = uinput.devnode
    subprocess.run(["udevadm", "settle", "--timeout=30"])
    player = rig.Player(uinput)
    service_out, service_err = start_service(binary, node)

    wl = rig.user_env(WAYLAND_DISPLAY="wayland-1", GDK_BACKEND="wayland", QT_QPA_PLATFORM="wayland", NO_AT_BRIDGE="1")
    apps = {
        "org.edgeswipe.TestAdw": (["/usr/bin/python3", f"{APPS}/adw-leaflet.py"], "page ", "libadwaita"),
        "org.qt-project.qmlscene": (["qmlscene", f"{APPS}/kirigami-pages.qml"], "qml: page ", "kirigami"),
        "org.edgeswipe.TestGtk3": (["/usr/bin/python3", f"{APPS}/gtk3-stack.py"], "page ", "gtk3"),
    }
    pages = {}
    for app_id, (argv, prefix, _) in apps.items():
        log = f"{rig.WORK}/{app_id}.log"
        open(log, "w").close()
        rig.spawn(argv, log, env=wl, as_user=True)

        def page(log=log, prefix=prefix):
            with open(log, errors="replace") as f:
                seen = [line[len(prefix):].strip() for line in f if line.startswith(prefix)]
            return seen[-1] if seen else None
        pages[app_id] = (page, log)
        rig.wait_for(f"{app_id} on page three", lambda page=page: page() == "three", 120, log)
        rig.wait_for(f"{app_id}'s window", lambda app_id=app_id: app_id in views(swaymsg), 30, log)
    print(f"ok: sway, the service and the three apps up after {time.monotonic() - started:.0f} s", flush=True)

    order = ["one", "two", "three"]
    latencies = []

    def back(app_id, feedback_out, route, goes_back, toolkit=None):
        page, log = pages[app_id]
        focus_at = time.monotonic()
        swaymsg(f'[app_id="{app_id}"] focus')
        rig.wait_for(f"{app_id} focused", lambda: views(swaymsg).get(app_id, {}).get("focused"), 10, sway_log)
        if feedback_out:
            def known():
                r = reports(feedback_out)
                return r and r[-1].get("appId") == app_id and (toolkit is None or r[-1].get("toolkit") == toolkit)
            # The service knows it: its log's focus line, polled every 5 ms (the figure's resolution).
            deadline = focus_at + 20
            while not knows(service_err, app_id) and time.monotonic() < deadline:
                time.sleep(0.005)
            if not knows(service_err, app_id):
                rig.fail(f"the service's log names no focus of {app_id}", service_err)
            if toolkit:  # a change of focus (in the later phase the app is focused already)
                latencies.append(time.monotonic() - focus_at)
            rig.wait_for(f"the focus report of {app_id}" + (f" with toolkit {toolkit}" if toolkit else ""), known, 20)
        time.sleep(1.5)  # a settled app (TCG)
        before = page()
        count, handed = len(dispatched(service_out)), len(handoffs(service_err))
        swipe(player)
        d = rig.wait_for("the service's backDispatched", lambda: dispatched(service_out)[count:], 20, service_err)[-1]
        line = rig.wait_for("the service's hand-off line", lambda: handoffs(service_err)[handed:], 20, service_err)[-1]
        d["log"] = line
        if not d.get("route", "").startswith(route):
            rig.fail(f"{app_id}: the hand-off's route is {d.get('route')!r}, expected {route!r}...")
        expected = order[order.index(before) - 1] if goes_back else before
        if goes_back:
            rig.wait_for(f"{app_id} to go back from {before} to {expected}", lambda: page() == expected, 20, log)
            time.sleep(1.0)
            if page() != expected:
                rig.fail(f"{app_id}: went past {expected} to {page()}", log)
            print(f"ok: {app_id}: {line!r}; back one page, {before} -> {expected}", flush=True)
        else:
            time.sleep(2.0)
            if page() != before:
                rig.fail(f"{app_id}: route {d['route']!r} changed the page from {before} to {page()}", log)
            print(f"ok: {app_id}: {line!r}; stays on page {before}", flush=True)
        return d

    feedback, fb_out, _ = start_feedback(binary, sock, "sway")
    for app_id, (_, _, toolkit) in apps.items():
        d = back(app_id, fb_out, f"toolkit {toolkit}", True, toolkit=toolkit)
        if app_id == "org.qt-project.qmlscene" and "KEY_BACK" in d["log"]:
            rig.fail(f"the router sent KEY_BACK to the Kirigami app: {d['log']}")
    feedback.terminate()
    feedback.wait()

    feedback, fb_out, _ = start_feedback(binary, sock, "foreign-toplevel")
    back("org.edgeswipe.TestGtk3", fb_out, "default", False)
    feedback.terminate()
    feedback.wait()
    # The service forgets the report with its connection.
    time.sleep(1.0)
    back("org.edgeswipe.TestAdw", None, "default, no focus report", True)

    latencies.sort()
    print(f"figure: focus change (swaymsg focus) -> the service knows it (its log's focus line): median {latencies[len(latencies) // 2] * 1000:.0f} ms, "
          f"max {latencies[-1] * 1000:.0f} ms over {len(latencies)} changes (TCG, 1 CPU; swaymsg's own start included; polled every 5 ms)", flush=True)
    print(f"ok: back routing check done in {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        for p in rig.children:
            p.terminate()
