#!/usr/bin/python3
"""Issue 39 in a real GNOME Shell 43 (Debian 12's), on the host: EdgeSwipe's Shell extension
(desktop/gnome-shell/edgeswipe@edgeswipe.org) with `edgeswipe feedback` and the service.

GNOME Shell runs headless (`--headless --virtual-monitor 1280x800`, software rendering; `--unsafe-mode` so this
check may use org.gnome.Shell.Eval and the Screenshot API, which the Shell keeps from other clients) on its own
session bus, with a private system bus for what it asks of one. The extension is installed in the check's $HOME
and enabled through the Shell's own org.gnome.Shell.Extensions API. Then:
- the extension's D-Bus methods called with absurd values: each refused with a reason or clamped to the monitor,
  and no JS ERROR in the Shell's log; a picture nobody replaces goes after a second; a screenshot of a known
  picture has the arrow's colours where the picture puts them;
- `edgeswipe run --replay samples/demo-back-swipes.evemu` and `edgeswipe feedback`: every picture feedback commits
  reaches the extension (its count of ShowArrow calls), the actor is at the left edge at the finger's height
  (from the pose's mm, worked out here), and it is gone after the swipes;
- a GTK 4 + libadwaita app (Tests/VM/apps/adw-leaflet.py) focused: feedback reports it once, source gnome-shell,
  with its pid and toolkit libadwaita, and the service answers the route; the app gone: focused false;
- the extension disabled and enabled again: its object goes and comes back, no actor of it is left.

Usage: /usr/bin/python3 Tests/Desktop/gnome-shell-check.py EDGESWIPE OUT_DIR   (scripts/deps.sh gnome installs gnome-shell, python3-gi, libadwaita)
Prints one line per check (ok / FAIL), the figures, and exits 1 when one failed.
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desktop_rig import PYTHON, ROOT, check, finish, main, start_service, wait_for  # noqa: E402

UUID = "edgeswipe@edgeswipe.org"
WIDTH, HEIGHT = 1280, 800


class Shell:
    """GNOME Shell headless, and calls to it over the session bus (Gio)."""

    def __init__(self, out):
        from gi.repository import Gio, GLib
        self.Gio, self.GLib = Gio, GLib
        self.out = out
        self.log_path = os.path.join(out, "gnome-shell.log")
        self.process = subprocess.Popen(["gnome-shell", "--headless", "--virtual-monitor", f"{WIDTH}x{HEIGHT}", "--wayland",
                                         "--no-x11", "--unsafe-mode"],
                                        stdout=open(self.log_path, "w"), stderr=subprocess.STDOUT)
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        deadline = time.time() + 60
        while True:
            try:
                self.call("/org/gnome/Shell", "org.gnome.Shell.Extensions", "ListExtensions")
                break
            except Exception:
                if self.process.poll() is not None or time.time() > deadline:
                    sys.exit("gnome-shell-check: GNOME Shell did not start; log: " + self.log_path + "\n" + self.log()[-3000:])
                time.sleep(0.1)
        self.started = time.time()

    def log(self):
        return open(self.log_path, errors="replace").read()

    # A call's reply wait: 5 s on a host; EDGESWIPE_DESKTOP_CALL_TIMEOUT_MS for the emulated VM, where llvmpipe under
    # TCG repaints a monitor-wide actor slowly.
    CALL_TIMEOUT_MS = int(os.environ.get("EDGESWIPE_DESKTOP_CALL_TIMEOUT_MS", "5000"))

    def call(self, path, interface, method, signature=None, args=None, timeout_ms=None):
        GLib = self.GLib
        params = GLib.Variant(signature, args) if signature else None
        reply = self.bus.call_sync("org.gnome.Shell", path, interface, method, params, None, 0, timeout_ms or self.CALL_TIMEOUT_MS, None)
        return reply.unpack() if reply is not None else None

    def ext(self, method, signature=None, args=None):
        return self.call("/org/edgeswipe/Shell", "org.edgeswipe.Shell1", method, signature, args)

    def error_of(self, method, signature, args):
        try:
            self.ext(method, signature, args)
            return None
        except Exception as e:
            return str(e)

    def eval(self, js):
        ok, result = self.call("/org/gnome/Shell", "org.gnome.Shell", "Eval", "(s)", (js,))
        return ok, result

    def arrow(self):
        keys = ["visible", "side", "x", "y", "width", "height", "centreY", "reach", "shown"]
        return dict(zip(keys, self.ext("GetArrow")))

    def extension_state(self):
        info = self.call("/org/gnome/Shell", "org.gnome.Shell.Extensions", "GetExtensionInfo", "(s)", (UUID,))[0]
        return info.get("state")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def pixel(png, x, y):
    width, height, rows = png
    return tuple(rows[y][x][:3])


def inner(binary, out):
    run = os.path.join(out, "run")
    home = os.path.join(out, "home")
    os.makedirs(run, mode=0o700)
    extensions = os.path.join(home, ".local", "share", "gnome-shell", "extensions")
    os.makedirs(extensions)
    shutil.copytree(os.path.join(ROOT, "desktop", "gnome-shell", UUID), os.path.join(extensions, UUID))
    os.environ.update(XDG_RUNTIME_DIR=run, HOME=home, XDG_DATA_HOME=os.path.join(home, ".local", "share"),
                      XDG_CONFIG_HOME=os.path.join(home, ".config"), XDG_CURRENT_DESKTOP="GNOME", GSETTINGS_BACKEND="memory")
    t0 = time.time()
    shell = Shell(out)
    print(f"gnome-shell --headless up in {shell.started - t0:.1f} s", flush=True)
    try:
        checks(binary, out, shell)
    finally:
        shell.stop()
    errors = [line for line in shell.log().splitlines() if "JS ERROR" in line or "edgeswipe" in line.lower() and "error" in line.lower()]
    check(not errors, "the Shell's log has no JS ERROR and no error of the extension", errors[:5] or None)
    finish("gnome-shell-check", t0, out)


def checks(binary, out, shell):
    # --- the extension, enabled through the Shell's own API ---------------------------------------------------
    check(shell.extension_state() is not None, "the Shell found the extension in the user's extensions directory")
    enabled = shell.call("/org/gnome/Shell", "org.gnome.Shell.Extensions", "EnableExtension", "(s)", (UUID,))
    check(enabled == (True,), "EnableExtension answered true", enabled)
    check(wait_for(lambda: shell.extension_state() == 1.0, 10), "the extension's state is ENABLED (1)", shell.extension_state())
    check(shell.ext("GetVersion") == (1,), "GetVersion is 1", shell.ext("GetVersion"))

    # --- bad input: every argument refused with its reason, or clamped to the monitor --------------------------
    blue, white = 0xFF1A73E8, 0xFFFFFFFF
    bad = [
        (("", "up", 400.0, 40.0, 80.0, blue, white), 'side is "left" or "right", got "up"'),
        (("", "left", float("nan"), 40.0, 80.0, blue, white), "centreY is a finite number of pixels, 0 or more, got NaN"),
        (("", "left", 400.0, -1.0, 80.0, blue, white), "reach is a finite number of pixels, 0 or more, got -1"),
        (("", "left", 400.0, 40.0, float("inf"), blue, white), "halfHeight is a finite number of pixels, 0 or more, got Infinity"),
        (("HDMI-9", "left", 400.0, 40.0, 80.0, blue, white), 'no monitor is connected at "HDMI-9"'),
    ]
    for args, reason in bad:
        err = shell.error_of("ShowArrow", "(ssddduu)", args)
        check(err is not None and "org.edgeswipe.Shell1.Error.InvalidArgs" in err and reason in err,
              f"ShowArrow{args[:5]} is refused: {reason}", err)
    check(shell.arrow()["visible"] is False and shell.arrow()["shown"] == 0, "... and nothing was shown", shell.arrow())
    err = shell.error_of("ShowArrow", "(si)", ("left", 3))
    check(err is not None and "InvalidArgs" in err, "ShowArrow with the wrong signature is refused by GDBus", err)
    shell.ext("ShowArrow", "(ssddduu)", ("", "right", 1e308, 1e308, 1e308, blue, white))
    a = shell.arrow()
    check(a["visible"] and a["width"] == WIDTH and a["x"] == 0 and a["height"] == HEIGHT and a["centreY"] == HEIGHT / 2,
          f"a picture of 1e308 px is clamped to the {WIDTH} x {HEIGHT} monitor, centred", a)
    shell.ext("HideArrow", "(u)", (0xFFFFFFFF,))
    check(wait_for(lambda: not shell.arrow()["visible"], 1.5), "HideArrow(4294967295 ms) fades within its 1000 ms bound")

    # A picture nobody replaces (feedback killed mid-swipe) goes by itself after a second.
    shell.ext("ShowArrow", "(ssddduu)", ("", "left", 400.0, 120.0, 80.0, blue, white))
    time.sleep(0.5)
    check(shell.arrow()["visible"], "a picture is still shown 0.5 s after it came")
    check(wait_for(lambda: not shell.arrow()["visible"], 1.0), "... and gone by 1.5 s: the extension's 1 s bound on a stale picture")

    # A screenshot of a known picture: the bulge's colour inside it, the background outside, the chevron white.
    shell.ext("ShowArrow", "(ssddduu)", ("", "left", 400.0, 120.0, 80.0, blue, white))
    shot = os.path.join(out, "arrow.png")
    ok, used = shell.call("/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "Screenshot", "(bbs)", (False, False, shot))
    check(ok and os.path.exists(used), "the Shell's Screenshot wrote " + used)
    shell.ext("HideArrow", "(u)", (0,))
    if ok and os.path.exists(used):
        sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
        import png as pngreader
        image = pngreader.read_png(used)
        # The bulge reaches 120 px from x = 0 at y 400, 80 px up and down (an ellipse): (10, 400) is in it, the
        # chevron's stroke (12.8 px wide) runs from its tip (44, 400) to (76, 368) and (76, 432).
        check(pixel(image, 10, 400) == (0x1A, 0x73, 0xE8), "the bulge is the picture's opaque blue at (10, 400)", pixel(image, 10, 400))
        check(pixel(image, 10, 330) == (0x1A, 0x73, 0xE8), "... at (10, 330), 70 px up, inside the 80 px half height", pixel(image, 10, 330))
        check(pixel(image, 10, 300) != (0x1A, 0x73, 0xE8), "... not at (10, 300), 100 px up", pixel(image, 10, 300))
        check(pixel(image, 140, 400) != (0x1A, 0x73, 0xE8), "... not at (140, 400), past its 120 px reach", pixel(image, 140, 400))
        check(pixel(image, 60, 384) == (0xFF, 0xFF, 0xFF), "the chevron is white half way along its upper arm (60, 384)", pixel(image, 60, 384))

    # --- the service and edgeswipe feedback ----------------------------------------------------------------------
    sock = os.path.join(out, "control.sock")
    service = start_service(binary, out, sock)
    check(wait_for(lambda: os.path.exists(sock), 20), "the service listens")
    feedback_out = os.path.join(out, "feedback.out")
    feedback_log = os.path.join(out, "feedback.log")
    feedback = subprocess.Popen([binary, "feedback", "--socket", sock, "--verbose", "--haptics", "off"],
                                env=dict(os.environ, WAYLAND_DISPLAY="wayland-0"),
                                stdout=open(feedback_out, "w"), stderr=open(feedback_log, "w"))
    check(wait_for(lambda: "arrow: GNOME Shell extension edgeswipe@edgeswipe.org, interface version 1" in open(feedback_log).read(), 10),
          "feedback chose the GNOME Shell extension for the arrow", open(feedback_log).read()[-400:])
    shown_before = shell.arrow()["shown"]
    samples = []
    end = time.time() + 4 + 12
    while time.time() < end:
        a = shell.arrow()
        if a["visible"]:
            samples.append(a)
        time.sleep(0.005)
    lines = [json.loads(l) for l in open(feedback_out) if l.startswith("{")]
    commits = [l for l in lines if l.get("type") == "arrowCommitted" and not l.get("hidden")]
    hides = [l for l in lines if l.get("type") == "arrowCommitted" and l.get("hidden")]
    check(len(commits) > 0, f"feedback committed pictures of the sample's swipes ({len(commits)}, {len(hides)} ends)")
    check(shell.arrow()["shown"] - shown_before == len(commits),
          "every committed picture reached the extension (its ShowArrow count)", shell.arrow()["shown"] - shown_before)
    check(len(samples) > 0 and all(s["side"] == "left" and s["x"] == 0 and s["y"] == 0 and s["height"] == HEIGHT for s in samples),
          f"the actor is on the left edge, the monitor's height, in every one of {len(samples)} samples")
    # The finger's heights, independently: the same recording through `edgeswipe replay --json` (the same core),
    # and the screen's height from the recording's description as the service publishes it (232.64 mm).
    replayed = subprocess.run([binary, "replay", os.path.join(ROOT, "samples", "demo-back-swipes.evemu"), "--json"],
                              capture_output=True, text=True).stdout.splitlines()
    heights = [json.loads(l)["positionMM"]["y"] for l in replayed if '"type":"gesture"' in l and '"positionMM"' in l]
    screen_height = 2559 / 11  # the Pixel Tablet description's y range (0-2559) at 11 units/mm
    px_per_mm = HEIGHT / screen_height
    unexplained = [c["centreY"] for c in commits if not any(abs(c["centreY"] - y * px_per_mm) < 0.01 for y in heights)]
    check(commits and not unexplained,
          f"each picture's centre line is a finger height of the recording at {px_per_mm:.4f} px/mm", unexplained[:3] or None)
    drawn = {round(s["centreY"], 3) for s in samples}
    sent = {round(c["centreY"], 3) for c in commits}
    check(drawn <= sent, "the extension drew only centre lines feedback sent", sorted(drawn - sent)[:3] or None)
    check(not shell.arrow()["visible"], "no arrow after the swipes")

    # --- the focus ---------------------------------------------------------------------------------------------
    app = subprocess.Popen([PYTHON, os.path.join(ROOT, "Tests", "VM", "apps", "adw-leaflet.py"), "--stay"],
                           env=dict(os.environ, WAYLAND_DISPLAY="wayland-0", GDK_BACKEND="wayland"),
                           stdout=open(os.path.join(out, "app.out"), "w"), stderr=open(os.path.join(out, "app.log"), "w"))

    def reports():
        return [json.loads(l) for l in open(feedback_out) if '"command":"reportFocus"' in l]

    def app_reports():
        return [r for r in reports() if r.get("appId") == "org.edgeswipe.TestAdw"]
    # The headless Shell starts in the overview, where a new window is not focused: the window is activated as a
    # click on it would (Eval, --unsafe-mode), once it is mapped.
    title = "EdgeSwipe test: libadwaita"
    mapped = f"global.get_window_actors().some(a => a.meta_window.get_title() === '{title}')"
    check(wait_for(lambda: shell.eval(mapped) == (True, "true"), 20), "the app's window is mapped")
    shell.eval("Main.overview.hide(); global.get_window_actors().map(a => a.meta_window)"
               f".filter(w => w.get_title() === '{title}').forEach(w => w.activate(global.get_current_time()))")
    check(wait_for(lambda: app_reports(), 10), "feedback reported the libadwaita app's focus", reports()[-2:])
    r = app_reports()[:1]
    if r:
        r = r[0]
        check(r.get("source") == "gnome-shell" and r.get("protocol") == 7 and r.get("focused") is True,
              "... source gnome-shell, protocol 7", r)
        check(r.get("pid") == app.pid, f"... with the app's pid {app.pid}", r.get("pid"))
        check(r.get("toolkit") == "libadwaita", "... toolkit libadwaita, read from its maps", r.get("toolkit"))
        time.sleep(0.5)
        check(len(app_reports()) == 1, "... once", len(app_reports()))
        routes = [json.loads(l) for l in open(feedback_out) if '"type":"focusRoute"' in l]
        check(any(x.get("route") == "toolkit libadwaita" for x in routes), "the service answered the route: toolkit libadwaita", routes[-2:])
    app.terminate()
    app.wait()
    check(wait_for(lambda: reports() and reports()[-1].get("focused") is False, 5), "the app gone: focused false", reports()[-1:])

    feedback.terminate()
    feedback.wait()
    service.terminate()
    service.wait()

    # --- disabled and enabled again ----------------------------------------------------------------------------
    count = "Main.layoutManager.uiGroup.get_children().filter(c => c.name === 'edgeswipe-back-arrow').length"
    check(shell.eval(count) == (True, "1"), "the arrow's actor is in the Shell's uiGroup once", shell.eval(count))
    shell.call("/org/gnome/Shell", "org.gnome.Shell.Extensions", "DisableExtension", "(s)", (UUID,))
    wait_for(lambda: shell.extension_state() != 1.0, 5)
    err = shell.error_of("GetVersion", None, None)
    check(err is not None and ("UnknownMethod" in err or "UnknownObject" in err), "disabled: its object is gone", err)
    check(shell.eval(count) == (True, "0"), "disabled: no actor of it is left", shell.eval(count))
    shell.call("/org/gnome/Shell", "org.gnome.Shell.Extensions", "EnableExtension", "(s)", (UUID,))
    check(wait_for(lambda: shell.error_of("GetVersion", None, None) is None, 5), "enabled again: it answers")
    check(shell.eval(count) == (True, "1"), "enabled again: one actor", shell.eval(count))


if __name__ == "__main__":
    main("gnome-shell-check", __file__, ("gnome-shell", "dbus-daemon", "dbus-run-session"), "gnome", inner)
