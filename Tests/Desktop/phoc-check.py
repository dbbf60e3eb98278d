#!/usr/bin/python3
"""Issue 39 item 2 for Phosh, on the host: phoc (Debian 12's 0.25, Phosh's wlroots compositor) headless with the
pixman renderer, `edgeswipe feedback` as on a Linux phone (XDG_CURRENT_DESKTOP=Phosh:GNOME). With
`edgeswipe run --replay samples/demo-back-swipes.evemu`:
- the arrow goes through phoc's wlr-layer-shell (not the GNOME Shell extension, though the desktop names GNOME):
  the sample's four swipes committed and their surfaces gone;
- the focus through wlr-foreign-toplevel-management: a GTK 4 + libadwaita app (Tests/VM/apps/adw-leaflet.py) is
  reported with its app_id and no pid (the protocol gives none), and the service answers a route for it.
Phosh itself (the shell: its top panel and home bar) is not run: the doctor names its edges (issue 39 item 3).
scripts/deps.sh phosh installs phoc. Usage: /usr/bin/python3 Tests/Desktop/phoc-check.py EDGESWIPE OUT_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PYTHON = "/usr/bin/python3"
failures = []


def check(cond, what, got=None):
    print(("ok   " if cond else "FAIL ") + what + ("" if got is None else f" (got {got})"), flush=True)
    if not cond:
        failures.append(what)


def wait_for(cond, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def outer(binary, out):
    for tool in ("phoc", "dbus-daemon", "dbus-run-session"):
        if shutil.which(tool) is None:
            sys.exit(f"phoc-check: {tool} is missing (scripts/deps.sh phosh installs it)")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    conf, socket_path = os.path.join(out, "system.conf"), os.path.join(out, "system_bus")
    with open(conf, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path={socket_path}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/><allow send_type="signal"/>
<allow send_destination="*"/><allow receive_sender="*"/></policy></busconfig>
""")
    system_bus = subprocess.Popen(["dbus-daemon", f"--config-file={conf}", "--nofork", "--nosyslog"],
                                  stderr=open(os.path.join(out, "system-bus.log"), "w"))
    env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={socket_path}", EDGESWIPE_PHOC_CHECK_INNER="1")
    try:
        status = subprocess.call(["dbus-run-session", "--", PYTHON, __file__, binary, out], env=env)
    finally:
        system_bus.terminate()
        system_bus.wait()
    sys.exit(status)


def inner(binary, out):
    run, home = os.path.join(out, "run"), os.path.join(out, "home")
    os.makedirs(run, mode=0o700)
    os.makedirs(home)
    os.environ.update(XDG_RUNTIME_DIR=run, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                      XDG_CURRENT_DESKTOP="Phosh:GNOME")
    t0 = time.time()
    phoc_log = os.path.join(out, "phoc.log")
    phoc = subprocess.Popen(["phoc"], stdout=open(phoc_log, "w"), stderr=subprocess.STDOUT,
                            env=dict(os.environ, WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1",
                                     WLR_HEADLESS_OUTPUTS="1"))
    up = wait_for(lambda: os.path.exists(os.path.join(run, "wayland-0")) and "Running compositor" in open(phoc_log).read(), 30)
    check(up, f"phoc is up ({time.time() - t0:.1f} s)", None if up else open(phoc_log).read()[-800:])
    if not up:
        phoc.kill()
        sys.exit(1)
    try:
        checks(binary, out)
    finally:
        phoc.terminate()
        try:
            phoc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            phoc.kill()
    print(f"phoc-check: {time.time() - t0:.1f} s", flush=True)
    if failures:
        print(f"phoc-check: {len(failures)} check(s) failed; logs in {out}")
        sys.exit(1)
    print(f"phoc-check: all checks passed; logs in {out}")


def checks(binary, out):
    sock = os.path.join(out, "control.sock")
    config = os.path.join(out, "edgeswipe.yaml")
    with open(config, "w") as f:
        f.write("defaults:\n  edges: [left]\n  actions:\n    - on: complete\n      edge: left\n      key: KEY_BACK\n"
                "  toolkit_routing: true\n")
    service = subprocess.Popen([binary, "run", "-c", config, "--socket", sock, "--replay",
                                os.path.join(ROOT, "samples", "demo-back-swipes.evemu"), "--replay-delay", "4", "-v"],
                               stdout=subprocess.DEVNULL, stderr=open(os.path.join(out, "service.log"), "w"))
    check(wait_for(lambda: os.path.exists(sock), 20), "the service listens")
    feedback_out, feedback_log = os.path.join(out, "feedback.out"), os.path.join(out, "feedback.log")
    feedback = subprocess.Popen([binary, "feedback", "--socket", sock, "--verbose", "--haptics", "off"],
                                env=dict(os.environ, WAYLAND_DISPLAY="wayland-0"),
                                stdout=open(feedback_out, "w"), stderr=open(feedback_log, "w"))

    def log():
        return open(feedback_log).read()
    check(wait_for(lambda: "arrow: wlr-layer-shell overlay" in log(), 10),
          "feedback draws the arrow through phoc's layer-shell, not the GNOME Shell extension", log()[-300:])
    check(wait_for(lambda: "focus: wlr-foreign-toplevel-management" in log(), 10), "the focus is read from wlr-foreign-toplevel", log()[-300:])
    time.sleep(4 + 10)
    lines = [json.loads(l) for l in open(feedback_out) if l.startswith("{")]
    commits = [l for l in lines if l.get("type") == "arrowCommitted" and not l.get("hidden")]
    hides = [l for l in lines if l.get("type") == "arrowCommitted" and l.get("hidden")]
    check(len(commits) > 50 and len(hides) == 4,
          f"the sample's four swipes drawn and gone: {len(commits)} pictures committed, {len(hides)} surfaces gone", (len(commits), len(hides)))

    app = subprocess.Popen([PYTHON, os.path.join(ROOT, "Tests", "VM", "apps", "adw-leaflet.py"), "--stay"],
                           env=dict(os.environ, WAYLAND_DISPLAY="wayland-0", GDK_BACKEND="wayland"),
                           stdout=subprocess.DEVNULL, stderr=open(os.path.join(out, "app.log"), "w"))

    def reports():
        return [json.loads(l) for l in open(feedback_out) if '"command":"reportFocus"' in l]

    def app_reports():
        return [r for r in reports() if r.get("appId") == "org.edgeswipe.TestAdw"]
    check(wait_for(lambda: app_reports(), 20), "feedback reported the libadwaita app's focus", reports()[-2:])
    if app_reports():
        r = app_reports()[0]
        check(r.get("source") == "foreign-toplevel" and "pid" not in r and "toolkit" not in r,
              "... source foreign-toplevel, no pid and so no toolkit (the protocol gives none)", r)
        routes = [json.loads(l) for l in open(feedback_out) if '"type":"focusRoute"' in l]
        check(routes and routes[-1].get("route") not in (None, "default, no focus report", "default, nothing focused"),
              "the service routes by the app_id", routes[-1:])
    app.terminate()
    app.wait()
    check(wait_for(lambda: reports() and reports()[-1].get("focused") is False, 5), "the app gone: focused false", reports()[-1:])
    feedback.terminate()
    feedback.wait()
    service.terminate()
    service.wait()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, out_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if os.environ.get("EDGESWIPE_PHOC_CHECK_INNER") == "1":
        inner(binary, out_dir)
    else:
        outer(binary, out_dir)
