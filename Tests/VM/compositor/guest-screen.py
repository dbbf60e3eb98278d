#!/usr/bin/python3
"""Guest part of the screen test (issue 27): under sway, the service's `rotation: auto` follows the output the
session reports, and `edgeswipe doctor` names each finding once.

- No hook first: `edgeswipe feedback` runs in the session (as the user) and reports the outputs itself; after
  `swaymsg output HEADLESS-1 transform 90` alone, the next swipe from the physical edge now on the left (the native
  top) begins as a left swipe, from feedback's report only; feedback reported each state once. It is then stopped
  and the output turned back, and the hook takes over:
- A touch-down at the panel's native bottom edge begins a bottom swipe; while the finger is down, `swaymsg output
  HEADLESS-1 transform 90` and the hook `edgeswipe report-output` turn the output: the service answers that the
  change waits (`pending`), and the swipe ends as it began. Then the physical edge now on the left is the native
  top (transform 90 is counter-clockwise): the next swipe from it begins as a left swipe, and sway puts that touch
  at the left of the output too (the sign of wl_output's transform, checked against the compositor).
- Two outputs (`swaymsg create_output`), the touchscreen mapped to the second (sway's `map_to_output`, the
  service's `output:`), the second at transform 270 and the first upright: the native bottom swipe is a left
  swipe, the second output's edge (on the first it would be a bottom swipe).
- A panel without axis resolution (a second uinput touchscreen, resolution 0): the service leaves it unused for want
  of a size, takes the size of its output once `report-output --size` reports one (through libinput, offered
  again), and a new size applies at once with no finger down; each step in its log.
- doctor (`--json`): a clean setup gives no finding; a process grabbing the touchscreen, a process named lisgd,
  a compositor configuration with an edge binding (a process named wayfire started with it), and a kiosk browser
  without the flag (a process named chromium) each give exactly their one finding.

Run by Tests/VM/compositor/run-screen (one boot):  guest-screen.py EDGESWIPE_BIN
"""
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import libevdev

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
_spec = importlib.util.spec_from_file_location("guest_compositor", os.path.join(HERE, "guest-compositor.py"))
rig = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rig)  # the rig's helpers and its one WORK directory; its main() does not run
fail, wait_for, WORK, RUNTIME, children = rig.fail, rig.wait_for, rig.WORK, rig.RUNTIME, rig.children

SOCKET = f"{WORK}/control.sock"
CONFIG = f"{WORK}/edgeswipe.yaml"
BOTTOM = (1280, 1900)  # 1.9 mm above the native bottom edge, half way along it (256 x 192 mm panel)
TOP = (1280, 19)       # 1.9 mm below the native top edge


def write_config(output=None):
    with open(CONFIG, "w") as f:
        # The socket's group is the session user's (nogroup), as group edgeswipe is on an installed system.
        f.write(f"version: 1\nprint_json: true\nsocket:\n  path: {SOCKET}\n  group: nogroup\n"
                "defaults:\n  rotation: auto\n  edges: [left, right, top, bottom]\n"
                + (f"  output: {output}\n" if output else ""))


def log_since(path, offset):
    """The text a log gained after a byte offset (os.path.getsize): sliced as bytes, since a text read counts
    characters and the service's --verbose lines hold multi-byte arrows ("→")."""
    with open(path, "rb") as f:
        f.seek(offset)
        return f.read().decode("utf-8", "replace")


def gestures(out, offset):
    with open(out) as f:
        f.seek(offset)
        return [g for g in (json.loads(l) for l in f if l.startswith("{")) if g.get("type") == "gesture"]


def report(binary, output, transform, size=None):
    started = time.monotonic()
    r = subprocess.run([binary, "report-output", "--socket", SOCKET, "--output", output, "--transform", transform]
                       + (["--size", size] if size else []), capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"report-output {output} {transform}: status {r.returncode}: {r.stderr}")
    print(f"  report-output --output {output} --transform {transform}{' --size ' + size if size else ''}: {r.stdout.strip()} "
          f"({(time.monotonic() - started) * 1000:.0f} ms)", flush=True)
    return json.loads(r.stdout)


def swaymsg_command(sock, command):
    r = subprocess.run(["swaymsg", "-s", sock, command], capture_output=True, text=True,
                       env=rig.user_env(), preexec_fn=rig.drop_root)
    if r.returncode != 0:
        fail(f"swaymsg {command}: {r.stdout} {r.stderr}")


def inward(player, steps, start_step=0, start=BOTTOM):
    """A stroke from `start` (the native bottom or top), `steps` frames of 25 units (2.5 mm) inward, from `start_step`."""
    sign = -1 if start == BOTTOM else 1
    frames = []
    for i in range(start_step, start_step + steps):
        frames.append((len(frames) * 16, {0: (start[0], start[1] + sign * 25 * i)}))
    player.play(frames)


def lift(player):
    player.frame({0: None})


def swipe_from(player, out, start):
    offset = os.path.getsize(out)
    inward(player, 24, start=start)
    lift(player)
    wait_for("the swipe's end", lambda: any(g["phase"] in ("ended", "cancelled") for g in gestures(out, offset)), 20, out)
    return [g for g in gestures(out, offset) if g["phase"] in ("began", "ended", "failed")]


def feedback_reports(binary, sock, player, out, err):
    """`edgeswipe feedback` alone reports the outputs: no report-output runs in this phase."""
    print("phase: no hook, edgeswipe feedback reports the outputs", flush=True)
    t0 = time.monotonic()
    fb_err = f"{WORK}/feedback.err"
    open(fb_err, "w").close()
    os.chown(fb_err, rig.USER, rig.USER)
    rig.diagnostic_logs.append(fb_err)
    feedback = subprocess.Popen([binary, "feedback", "--socket", SOCKET, "--haptics", "off"], stdout=subprocess.DEVNULL,
                                stderr=open(fb_err, "a"), preexec_fn=rig.drop_root, env=rig.user_env(WAYLAND_DISPLAY="wayland-1"))
    children.append(feedback)
    upright = "reported output HEADLESS-1: transform normal"
    wait_for("edgeswipe feedback to report HEADLESS-1 upright", lambda: upright in open(fb_err).read(), 60, fb_err)
    print(f"  feedback: {next(l for l in open(fb_err).read().splitlines() if upright in l)}", flush=True)
    service_offset = os.path.getsize(err)
    swaymsg_command(sock, "output HEADLESS-1 transform 90")
    turned = "reported output HEADLESS-1: transform 90"
    wait_for("edgeswipe feedback to report the turn", lambda: turned in open(fb_err).read(), 30, fb_err)
    followed = "output HEADLESS-1: transform 90; 1 device(s) follow it"
    wait_for("the service to turn the touchscreen", lambda: followed in log_since(err, service_offset), 30, err)
    print(f"  feedback: {next(l for l in open(fb_err).read().splitlines() if turned in l)}", flush=True)
    print(f"  service: {next(l for l in log_since(err, service_offset).splitlines() if followed in l)}", flush=True)
    decided = swipe_from(player, out, TOP)
    first = next((g for g in decided if g["phase"] == "began"), {})
    if first.get("edge") != "left" or any(g["phase"] == "began" and g["edge"] != "left" for g in decided):
        fail(f"after feedback reported transform 90, the swipe from the native top gave {decided}, not a left swipe", out)
    feedback.terminate()
    feedback.wait(timeout=10)
    reports = [l for l in open(fb_err).read().splitlines() if "reported output HEADLESS-1" in l]
    if len(reports) != 2 or upright not in reports[0] or turned not in reports[1]:
        fail(f"edgeswipe feedback should have reported HEADLESS-1 twice (normal, then 90), once each: {reports}", fb_err)
    print(f"ok: no hook: edgeswipe feedback reported HEADLESS-1 normal then 90, once each, and the next swipe from the "
          f"native top began as a left swipe ({time.monotonic() - t0:.1f} s)", flush=True)
    swaymsg_command(sock, "output HEADLESS-1 transform normal")


def unsized_panel(binary, err):
    """A second panel whose axes have no resolution (as many eGalax, 3M and N-Trig panels): measured as its output."""
    print("phase: a panel without axis resolution takes its output's size", flush=True)
    t0 = time.monotonic()
    offset = os.path.getsize(err)
    d = libevdev.Device()
    d.name = "EdgeSwipe VM unsized touchscreen"
    d.id = {"bustype": 0x03, "vendor": 0x1d6b, "product": 0x0e18, "version": 1}
    d.enable(libevdev.INPUT_PROP_DIRECT)
    d.enable(libevdev.EV_KEY.BTN_TOUCH)
    for code, top in ((libevdev.EV_ABS.ABS_X, rig.X_MAX), (libevdev.EV_ABS.ABS_Y, rig.Y_MAX),
                      (libevdev.EV_ABS.ABS_MT_POSITION_X, rig.X_MAX), (libevdev.EV_ABS.ABS_MT_POSITION_Y, rig.Y_MAX)):
        d.enable(code, libevdev.InputAbsInfo(minimum=0, maximum=top, resolution=0))
    d.enable(libevdev.EV_ABS.ABS_MT_SLOT, libevdev.InputAbsInfo(minimum=0, maximum=9))
    d.enable(libevdev.EV_ABS.ABS_MT_TRACKING_ID, libevdev.InputAbsInfo(minimum=0, maximum=65535))
    panel = d.create_uinput_device()
    node = panel.devnode

    def line(text):
        return next((l for l in log_since(err, offset).splitlines() if node in l and text in l), None)

    wait_for("the service to leave it unused for want of a size", lambda: line("no physical size"), 60, err)
    print(f"  service: {line('no physical size')}", flush=True)
    answer = report(binary, "HEADLESS-2", "270", size="256x192")
    taken = "measured as output HEADLESS-2's 256x192 mm (reportOutput)"
    wait_for("the service to measure it as its output", lambda: line(taken), 20, err)
    if not any(e["device"] == node for e in answer["devices"]):
        fail(f"the report's answer does not list the panel it made usable: {answer}", err)
    print(f"  service: {line(taken)}", flush=True)
    report(binary, "HEADLESS-2", "270", size="128x96")
    resized = "measured as output HEADLESS-2's 128x96 mm from now on"
    wait_for("the new size", lambda: line(resized), 20, err)
    print(f"  service: {line(resized)}", flush=True)
    print(f"ok: the panel without axis resolution was unused, then measured as HEADLESS-2 (256x192 mm), then at its new "
          f"size at once ({time.monotonic() - t0:.1f} s)", flush=True)
    del panel


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else f"{rig.ROOT}/.build/debug/edgeswipe"
    begun = time.monotonic()
    shutil.copy(f"{rig.ROOT}/udev/70-edgeswipe.rules", "/etc/udev/rules.d/")
    subprocess.run(["udevadm", "control", "--reload"], check=True)
    swaymsg, sway_log, wev_log = rig.start_compositor()
    sock = next(f"{RUNTIME}/{n}" for n in os.listdir(RUNTIME) if n.startswith("sway-ipc."))
    uinput = rig.make_touchscreen()
    node = uinput.devnode
    subprocess.run(["udevadm", "settle", "--timeout=30"])
    wait_for("sway to add the touchscreen", lambda: any(
        i["name"] == rig.DEVICE_NAME and i["type"] == "touch" for i in swaymsg("get_inputs") or []), 60, sway_log)
    player = rig.Player(uinput)

    # The rig's sway has two outputs and maps the touchscreen to HEADLESS-1; so does the service (feedback reports both).
    write_config(output="HEADLESS-1")
    out, err = f"{WORK}/service.jsonl", f"{WORK}/service.err"
    service = subprocess.Popen([binary, "run", "--config", CONFIG, "-v"], stdout=open(out, "w"), stderr=open(err, "w"))
    children.append(service)
    rig.diagnostic_logs.append(err)
    wait_for("the service to add the touchscreen", lambda: f'{node} "{rig.DEVICE_NAME}":' in open(err).read(), 60, err)
    feedback_reports(binary, sock, player, out, err)
    report(binary, "HEADLESS-1", "0")

    print("phase: the output turns while a finger is down", flush=True)
    t0 = time.monotonic()
    offset = os.path.getsize(out)
    inward(player, 6)  # 15 mm up: begun
    wait_for("a bottom swipe to begin", lambda: any(g["phase"] == "began" for g in gestures(out, offset)), 20, out)
    began = next(g for g in gestures(out, offset) if g["phase"] == "began")
    if began["edge"] != "bottom":
        fail(f"upright, the swipe from the native bottom began as {began['edge']}", out)
    swaymsg_command(sock, "output HEADLESS-1 transform 90")
    answer = report(binary, "HEADLESS-1", "90")
    if answer["devices"] != [{"device": node, "rotation": 270, "flipped": False, "pending": True}]:
        fail(f"with a finger down, the service answered {answer}, not one device pending at 270 clockwise", err)
    inward(player, 10, start_step=6)
    lift(player)
    wait_for("the swipe's end", lambda: any(g["phase"] == "ended" for g in gestures(out, offset)), 20, out)
    edges = {g["edge"] for g in gestures(out, offset) if g["phase"] in ("began", "changed", "ended")}
    ended = next(g for g in gestures(out, offset) if g["phase"] == "ended")
    if edges != {"bottom"}:
        fail(f"the swipe under the finger changed edge during the turn: {sorted(edges)}", out)
    print(f"ok: the swipe under the finger kept its orientation: bottom from began to ended ({ended['outcome']}) "
          f"({time.monotonic() - t0:.1f} s)", flush=True)

    t0 = time.monotonic()
    wev_offset = os.path.getsize(wev_log)
    decided = swipe_from(player, out, TOP)
    first = next((g for g in decided if g["phase"] == "began"), {})
    if first.get("edge") != "left" or any(g["phase"] == "began" and g["edge"] != "left" for g in decided):
        fail(f"after the lift, the swipe from the native top gave {decided}, not a left swipe", out)
    time.sleep(0.5)
    contacts = rig.client_contacts(wev_log, wev_offset)
    if not contacts:
        fail("sway delivered no touch of the turned swipe to the client", wev_log)
    x, y = contacts[0]["points"][0]
    # The turned output is 480 px wide: the native top is near x = 0 for sway too (the right half would mean the
    # opposite sign; wev's surface may sit off the output's corner by its own size, so only the half is asserted).
    if x > 240:
        fail(f"sway put the native-top touch at ({x:.1f}, {y:.1f}), in the right half of the turned output", wev_log)
    print(f"ok: turned 90, the swipe from the native top begins as a left swipe, and sway puts its touch-down at "
          f"({x:.1f}, {y:.1f}) px, at the left too ({time.monotonic() - t0:.1f} s)", flush=True)

    print("phase: two outputs, the touchscreen on the second", flush=True)
    t0 = time.monotonic()
    swaymsg_command(sock, "create_output")
    wait_for("a second output", lambda: any(o["name"] == "HEADLESS-2" for o in swaymsg("get_outputs") or []), 30, sway_log)
    swaymsg_command(sock, "output HEADLESS-1 transform normal")
    swaymsg_command(sock, "output HEADLESS-2 mode 640x480 position 640 0 transform 270")
    swaymsg_command(sock, "input type:touch map_to_output HEADLESS-2")
    report(binary, "HEADLESS-1", "0")
    report(binary, "HEADLESS-2", "270")
    write_config(output="HEADLESS-2")
    service.send_signal(signal.SIGHUP)
    wait_for("the reload", lambda: "configuration reloaded" in open(err).read(), 20, err)
    decided = swipe_from(player, out, BOTTOM)
    first = next((g for g in decided if g["phase"] == "began"), {})
    if first.get("edge") != "left":
        fail(f"on HEADLESS-2 at transform 270, the swipe from the native bottom gave {decided}, not a left swipe", out)
    print(f"ok: mapped to HEADLESS-2 (270) beside HEADLESS-1 (normal), the swipe from the native bottom is a left "
          f"swipe, the second output's edge ({time.monotonic() - t0:.1f} s)", flush=True)

    print("phase: doctor", flush=True)
    t0 = time.monotonic()
    env = dict(os.environ, SWAYSOCK=sock, HOME=WORK)

    def doctor():
        r = subprocess.run([binary, "doctor", "--json", "--config", CONFIG], capture_output=True, text=True, env=env)
        try:
            report = json.loads(r.stdout)
        except ValueError:
            fail(f"doctor printed no JSON (status {r.returncode}): {r.stdout} {r.stderr}")
        return r.returncode, report

    status, clean = doctor()
    if status != 0 or clean["findings"]:
        fail(f"the clean setup gave status {status} and findings {clean['findings']}; notes {clean['notes']}")
    print(f"ok: doctor: a clean setup gives no finding (notes: {'; '.join(n for n in clean['notes'] if 'screen' in n or 'outputs' in n)})",
          flush=True)
    fake = f"{WORK}/fake.py"
    with open(fake, "w") as f:
        f.write("import time\ntime.sleep(120)\n")
    wayfire_ini = f"{WORK}/wayfire.ini"
    with open(wayfire_ini, "w") as f:
        f.write("[command]\nbinding_back = edge-swipe right 1\ncommand_back = wtype -k XF86Back\n")
    grabber = ("import libevdev, time, sys\nd = libevdev.Device(open(sys.argv[1], 'rb'))\nd.grab()\n"
               "print('grabbed', flush=True)\ntime.sleep(120)\n")
    cases = [
        ("touchscreenGrabbed", ["/usr/bin/python3", "-c", grabber, node]),
        ("otherGestureTool", ["lisgd", fake]),
        ("compositorEdgeBinding", ["wayfire", fake, f"--config={wayfire_ini}"]),
        ("browserOwnSwipe", ["chromium", fake, "--kiosk", "http://127.0.0.1:8710/"]),
    ]
    for code, argv in cases:
        # argv[0] names the process as the doctor sees it (/proc/PID/cmdline); python3 runs the script.
        p = subprocess.Popen(argv, executable="/usr/bin/python3", stdout=subprocess.PIPE, text=True)
        children.append(p)
        if code == "touchscreenGrabbed":
            p.stdout.readline()
        else:
            time.sleep(0.3)
        status, found = doctor()
        p.kill()
        p.wait()
        codes = [f["code"] for f in found["findings"]]
        if codes != [code] or status != 1:
            fail(f"doctor with {argv[0]}: status {status}, findings {found['findings']}, not exactly {code}")
        print(f"ok: doctor: {argv[0]} gives exactly {code}: {found['findings'][0]['message']}", flush=True)
    print(f"  doctor cases: {time.monotonic() - t0:.1f} s", flush=True)
    unsized_panel(binary, err)
    service.send_signal(signal.SIGTERM)
    service.wait(timeout=30)
    print(f"ok: screen test ({time.monotonic() - begun:.1f} s in the guest)", flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        rig.stop_children()
