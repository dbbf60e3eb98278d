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
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop_rig import PYTHON, ROOT, check, finish, main, start_service, wait_for  # noqa: E402


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
    finish("phoc-check", t0, out)


def checks(binary, out):
    sock = os.path.join(out, "control.sock")
    service = start_service(binary, out, sock)
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
    main("phoc-check", __file__, ("phoc", "dbus-daemon", "dbus-run-session"), "phosh", inner)
