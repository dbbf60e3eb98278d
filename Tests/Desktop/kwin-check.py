#!/usr/bin/python3
"""Issue 39 item 2 in a real KWin 5.27 (Debian 12's kwin-wayland), on the host: `edgeswipe feedback` on KDE Plasma.

KWin runs as `kwin_wayland --virtual` (a 1280 x 800 virtual output, llvmpipe) on its own session bus, with a private
system bus for what it asks of one. Then, with `edgeswipe run --replay samples/demo-back-swipes.evemu` and
`edgeswipe feedback` (XDG_CURRENT_DESKTOP=KDE):
- the arrow goes through wlr-layer-shell, which KWin has: feedback commits the sample's pictures (each after the
  compositor's configure) and the arrow's surface goes after each swipe;
- the focus comes from EdgeSwipe's KWin script: feedback writes it, KWin loads and runs it; a Qt 5 + Kirigami app
  (Tests/VM/apps/kirigami-pages.qml) focused is reported once, source kwin, its pid, toolkit kirigami, and the
  service answers the route; a KWinFocus call from another client is refused (AccessDenied); feedback stopped, the
  script is unloaded.

KWin's binary carries a file capability (cap_sys_resource) that this container's root may not exec with; a copy
without it (cp drops extended attributes) runs, and needs no capability here. scripts/deps.sh kde installs it.
Usage: /usr/bin/python3 Tests/Desktop/kwin-check.py EDGESWIPE OUT_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop_rig import ROOT, check, finish, main, start_service, wait_for  # noqa: E402


def inner(binary, out):
    from gi.repository import Gio, GLib
    run, home = os.path.join(out, "run"), os.path.join(out, "home")
    os.makedirs(run, mode=0o700)
    os.makedirs(home)
    os.environ.update(XDG_RUNTIME_DIR=run, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), XDG_CURRENT_DESKTOP="KDE")
    kwin_binary = os.path.join(out, "kwin_wayland")
    shutil.copy(shutil.which("kwin_wayland"), kwin_binary)
    t0 = time.time()
    kwin_log = os.path.join(out, "kwin.log")
    kwin = subprocess.Popen([kwin_binary, "--virtual", "--width", "1280", "--height", "800", "--socket", "wayland-kwin",
                             "--no-lockscreen", "--no-global-shortcuts"], stdout=open(kwin_log, "w"), stderr=subprocess.STDOUT)
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def call(dest, path, iface, method, sig=None, args=None):
        r = bus.call_sync(dest, path, iface, method, GLib.Variant(sig, args) if sig else None, None, 0, 5000, None)
        return r.unpack() if r is not None else None

    def script_loaded():
        return call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "isScriptLoaded", "(s)", ("edgeswipe-focus",))

    up = wait_for(lambda: os.path.exists(os.path.join(run, "wayland-kwin")) and _try(lambda: script_loaded()), 60)
    check(up, f"kwin_wayland --virtual is up ({time.time() - t0:.1f} s)", None if up else open(kwin_log).read()[-800:])
    if not up:
        kwin.kill()
        sys.exit(1)
    try:
        checks(binary, out, call, script_loaded)
    finally:
        kwin.terminate()
        try:
            kwin.wait(timeout=10)
        except subprocess.TimeoutExpired:
            kwin.kill()
    errors = [l for l in open(kwin_log, errors="replace").read().splitlines() if "edgeswipe" in l.lower() and "error" in l.lower()]
    check(not errors, "KWin's log has no error of EdgeSwipe's script", errors[:3] or None)
    finish("kwin-check", t0, out)


def _try(f):
    try:
        f()
        return True
    except Exception:
        return False


def checks(binary, out, call, script_loaded):
    sock = os.path.join(out, "control.sock")
    service = start_service(binary, out, sock)
    check(wait_for(lambda: os.path.exists(sock), 20), "the service listens")
    feedback_out, feedback_log = os.path.join(out, "feedback.out"), os.path.join(out, "feedback.log")
    feedback = subprocess.Popen([binary, "feedback", "--socket", sock, "--verbose", "--haptics", "off"],
                                env=dict(os.environ, WAYLAND_DISPLAY="wayland-kwin"),
                                stdout=open(feedback_out, "w"), stderr=open(feedback_log, "w"))

    def log():
        return open(feedback_log).read()
    check(wait_for(lambda: "arrow: wlr-layer-shell overlay" in log(), 10), "feedback draws the arrow through KWin's layer-shell", log()[-300:])
    check(wait_for(lambda: "focus: KWin runs EdgeSwipe's script" in log(), 10), "KWin loaded and runs EdgeSwipe's script", log()[-500:])
    check(script_loaded() == (True,), "KWin says edgeswipe-focus is loaded", script_loaded())
    time.sleep(4 + 10)
    lines = [json.loads(l) for l in open(feedback_out) if l.startswith("{")]
    commits = [l for l in lines if l.get("type") == "arrowCommitted" and not l.get("hidden")]
    hides = [l for l in lines if l.get("type") == "arrowCommitted" and l.get("hidden")]
    check(len(commits) > 50 and len(hides) == 4,
          f"the sample's four swipes drawn and gone: {len(commits)} pictures committed, {len(hides)} surfaces gone", (len(commits), len(hides)))
    check(all(c.get("side") == "left" for c in commits), "every picture on the left edge")
    outputs = [l for l in log().splitlines() if "reported output" in l]
    check(outputs != [], "feedback reported KWin's output to the service (wl_output names it)", outputs[:1] or log()[-300:])

    # The focus: a Qt 5 + Kirigami app, activated as KWin activates a new window.
    app = subprocess.Popen(["qmlscene", os.path.join(ROOT, "Tests", "VM", "apps", "kirigami-pages.qml")],
                           env=dict(os.environ, WAYLAND_DISPLAY="wayland-kwin", QT_QPA_PLATFORM="wayland"),
                           stdout=subprocess.DEVNULL, stderr=open(os.path.join(out, "app.log"), "w"))

    def reports():
        return [json.loads(l) for l in open(feedback_out) if '"command":"reportFocus"' in l]

    def app_reports():
        return [r for r in reports() if r.get("focused") and r.get("pid") == app.pid]
    check(wait_for(lambda: app_reports(), 20), "feedback reported the Kirigami app's focus", reports()[-2:])
    if app_reports():
        r = app_reports()[0]
        check(r.get("source") == "kwin" and r.get("protocol") == 7, "... source kwin, protocol 7", r)
        check(r.get("appId") == "org.qt-project.qmlscene", "... app_id org.qt-project.qmlscene (KWin's resourceClass)", r.get("appId"))
        check(r.get("toolkit") == "kirigami", "... toolkit kirigami, read from its maps", r.get("toolkit"))
        time.sleep(1)
        titles = {x.get("title") for x in app_reports()}
        check(len(app_reports()) <= 3, f"... once per caption it showed ({len(app_reports())} reports, titles {sorted(titles)})")
        routes = [json.loads(l) for l in open(feedback_out) if '"type":"focusRoute"' in l]
        check(any(x.get("route") == "toolkit kirigami" for x in routes), "the service answered the route: toolkit kirigami", routes[-2:])

    # Another client posing as KWin's script is refused.
    err = None
    try:
        call("org.edgeswipe.Feedback", "/org/edgeswipe/Feedback", "org.edgeswipe.Feedback1", "KWinFocus", "(ssss)", ("true", "evil", "x", "1"))
    except Exception as e:
        err = str(e)
    check(err is not None and "AccessDenied" in err, "a KWinFocus from another client is refused (AccessDenied)", err)
    check(not any(r.get("appId") == "evil" for r in reports()), "... and never reported")

    app.terminate()
    app.wait()
    check(wait_for(lambda: reports() and reports()[-1].get("focused") is False, 5), "the app gone: focused false", reports()[-1:])
    feedback.terminate()
    feedback.wait()
    check(wait_for(lambda: script_loaded() == (False,), 5), "feedback stopped: the script is unloaded", script_loaded())
    service.terminate()
    service.wait()


if __name__ == "__main__":
    main("kwin-check", __file__, ("kwin_wayland", "qmlscene", "dbus-daemon", "dbus-run-session"), "kde", inner)
