#!/usr/bin/python3
"""Guest part of the back-arrow check (issue 25): sway (headless output, pixman) with wev's window over the whole
output, the service reading a uinput touchscreen (ownership off, so wev gets every touch), and `edgeswipe feedback`
as an unprivileged user drawing the arrow. A swipe that completes, one that cancels, a tap at the edge and a drag
mid-screen are played with the finger held still where a screenshot is taken (grim), and arrow_shots.py looks at
each: nothing before touch-down; the arrow at the left edge within 3 px of the finger's height mid-swipe; the armed
look after arming; nothing after the end; nothing for the tap and the drag; wev gets the drag's touches.
Then the figures: frame -> arrow buffer committed (p50/p99, from `feedback --verbose`), wake-ups over 10 s idle
(/proc context switches) and RSS.

Run by Tests/VM/compositor/feedback-run (one boot):  guest-feedback.py EDGESWIPE_BIN
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
from arrow_shots import arrow, read_png          # noqa: E402
from touch_scenarios import OUTPUT_H, OUTPUT_W, X_MAX, Y_MAX, expected_px, stroke  # noqa: E402

HOLD_S = 1.2          # the finger held still while a screenshot is taken (grim under TCG)
SETTLE_S = 0.8        # after a lift: the arrow's 150 ms leave, with TCG's slack
MM = 10               # device units per mm (touch_scenarios: 10 units/mm, 256 x 192 mm over 640 x 480)
started = time.monotonic()


def grim(name):
    path = f"{rig.WORK}/{name}.png"
    r = subprocess.run(["grim", path], env=rig.user_env(WAYLAND_DISPLAY="wayland-1"), preexec_fn=rig.drop_root,
                       capture_output=True, text=True)
    if r.returncode != 0:
        rig.fail(f"grim {name}: {r.stderr.strip()}")
    return read_png(path)


def move(player, frames):
    """Plays (ms, {slot: point}) frames in real time from now."""
    player.play(frames)


def start_feedback(binary):
    log_out, log_err = f"{rig.WORK}/feedback.jsonl", f"{rig.WORK}/feedback.err"
    for path in (log_out, log_err):
        open(path, "w").close()
        os.chown(path, rig.USER, rig.USER)
    rig.diagnostic_logs.append(log_err)
    p = subprocess.Popen([binary, "feedback", "--socket", f"{rig.WORK}/control.sock", "--verbose", "--haptics", "off"],
                         stdout=open(log_out, "a"), stderr=open(log_err, "a"), preexec_fn=rig.drop_root,
                         env=rig.user_env(WAYLAND_DISPLAY="wayland-1"))
    rig.children.append(p)
    rig.wait_for("edgeswipe feedback to register as an observer",
                 lambda: "observing back gestures" in open(log_err).read(), 60, log_err)
    return p, log_out, log_err


def start_service(binary, node):
    """The socket's group is the feedback user's (nogroup), as group edgeswipe is on an installed system."""
    config = f"{rig.WORK}/edgeswipe.yaml"
    with open(config, "w") as f:
        f.write(f"version: 1\nprint_json: true\nsocket:\n  path: {rig.WORK}/control.sock\n  group: nogroup\n"
                "defaults:\n  edges: [left, right]\n  own: false\n")
    out, err = f"{rig.WORK}/service.jsonl", f"{rig.WORK}/service.err"
    for path in (out, err):
        open(path, "w").close()
    p = subprocess.Popen([binary, "run", "--config", config, "--stack", "home,a,b,c,d,e,f", "-v"],
                         stdout=open(out, "a"), stderr=open(err, "a"))
    rig.children.append(p)
    rig.diagnostic_logs.append(err)
    rig.wait_for("the service to add the touchscreen", lambda: f'{node} "{rig.DEVICE_NAME}":' in open(err).read(), 60, err)
    return p


def expect_nothing(what, shot, baseline):
    found = arrow(shot, baseline)
    if found:
        rig.fail(f"{what}: an arrow where there should be none: {found}")
    print(f"ok: {what}: nothing drawn", flush=True)


def expect_arrow(what, shot, baseline, finger_y_px, armed):
    found = arrow(shot, baseline)
    if not found:
        rig.fail(f"{what}: no arrow")
    x0, y0, x1, y1 = found["box"]
    if x0 != 0:
        rig.fail(f"{what}: the arrow does not start at the left edge: {found}")
    off = abs(found["centreY"] - finger_y_px)
    if off > 3:
        rig.fail(f"{what}: the arrow's centre {found['centreY']} px is {off:.1f} px from the finger's {finger_y_px} px")
    looks_armed = found["blue"] > 0.5
    if looks_armed != armed or (not armed and found["blue"] > 0.05):
        rig.fail(f"{what}: expected the {'armed' if armed else 'disarmed'} look, {found['blue']:.0%} of it is blue")
    print(f"ok: {what}: arrow at x {x0}-{x1}, y {y0}-{y1} (centre {found['centreY']}, finger {finger_y_px}, off {off:.1f} px), "
          f"{found['pixels']} px, {found['blue']:.0%} blue ({'armed' if armed else 'disarmed'} look)", flush=True)


def swipe_in(player, y, to_x_mm):
    """Touch-down at the left edge at height y (device units) and 40 mm inward in 100 ms (the swipe begins), then
    on to `to_x_mm` in 100 ms more; the finger stays down."""
    frames = [(t, {0: p}) for t, p in stroke(10, y, 40 * MM, y, 10, 10)]
    frames += [(110 + t, {0: p}) for t, p in stroke(40 * MM, y, to_x_mm * MM, y, 10, 10)[1:]]
    move(player, frames)


def main():
    binary = sys.argv[1]
    subprocess.run(["cp", f"{rig.ROOT}/udev/70-edgeswipe.rules", "/etc/udev/rules.d/"], check=True)
    subprocess.run(["udevadm", "control", "--reload"], check=True)
    swaymsg, sway_log, wev_log = rig.start_compositor()
    uinput = rig.make_touchscreen()
    node = uinput.devnode
    subprocess.run(["udevadm", "settle", "--timeout=30"])
    rig.wait_for("sway to add the touchscreen", lambda: any(
        i["name"] == rig.DEVICE_NAME and i["type"] == "touch" for i in swaymsg("get_inputs") or []), 60, sway_log)
    player = rig.Player(uinput)
    baseline = grim("baseline")
    start_service(binary, node)
    feedback, fb_out, fb_err = start_feedback(binary)
    print(f"ok: sway, wev, the service and edgeswipe feedback (uid {rig.USER}) up after {time.monotonic() - started:.0f} s",
          flush=True)

    expect_nothing("before touch-down", grim("before"), baseline)

    # A swipe that completes: in at 70 mm (175 px), shown mid-swipe disarmed; on past half the width (armed) at
    # 90 mm (225 px); released; gone.
    swipe_in(player, 700, 60)
    time.sleep(HOLD_S / 2)
    expect_arrow("swipe that completes, mid-swipe (60 mm in, progress 0.23)", grim("complete-mid"), baseline, 175, armed=False)
    move(player, [(t, {0: p}) for t, p in stroke(60 * MM, 700, 170 * MM, 900, 10, 15)[1:]])
    time.sleep(HOLD_S / 2)
    expect_arrow("swipe that completes, armed (170 mm in, progress 0.66)", grim("complete-armed"), baseline, 225, armed=True)
    player.frame({0: None})
    time.sleep(SETTLE_S)
    expect_nothing("after the completed swipe", grim("complete-after"), baseline)

    # A swipe that cancels: in at 120 mm (300 px), back out toward the edge, released.
    swipe_in(player, 1200, 60)
    time.sleep(HOLD_S / 2)
    expect_arrow("swipe that cancels, mid-swipe", grim("cancel-mid"), baseline, 300, armed=False)
    move(player, [(t, {0: p}) for t, p in stroke(60 * MM, 1200, 10 * MM, 1200, 10, 15)[1:]])
    player.frame({0: None})
    time.sleep(SETTLE_S)
    expect_nothing("after the cancelled swipe", grim("cancel-after"), baseline)

    # A tap at the edge, held while the screenshot is taken, and a drag mid-screen with a pause in it.
    player.frame({0: (20, 900)})
    time.sleep(0.1)
    expect_nothing("a finger held at the edge (a tap)", grim("tap-held"), baseline)
    player.frame({0: None})
    time.sleep(SETTLE_S)
    expect_nothing("after the tap", grim("tap-after"), baseline)
    offset = os.path.getsize(wev_log)
    drag = stroke(600, 400, 1250, 700, 15, 10) + stroke(1250, 700, 1900, 1000, 15, 10, start_ms=150)[1:]
    move(player, [(t, {0: p}) for t, p in drag[:16]])
    expect_nothing("a drag mid-screen, paused", grim("drag-mid"), baseline)
    move(player, [(t - 150, {0: p}) for t, p in drag[16:]])
    player.frame({0: None})
    time.sleep(SETTLE_S)
    expect_nothing("after the drag", grim("drag-after"), baseline)
    contacts = rig.client_contacts(wev_log, offset)
    want = [expected_px(*p) for _, p in drag]
    if len(contacts) != 1 or contacts[0]["end"] != "up" or len(contacts[0]["points"]) != len(want) or max(
            max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in zip(contacts[0]["points"], want)) > rig.TOLERANCE_PX:
        rig.fail(f"wev under the arrow's overlay: the drag's {len(want)} positions did not all arrive: {contacts}")
    print(f"ok: wev (the client under the arrow's overlay layer) got the mid-screen drag: {len(want)} positions, ended by up",
          flush=True)

    # The service's view: gestures it recognised, and what the feedback committed.
    lines = [json.loads(l) for l in open(fb_out) if l.startswith("{")]
    latencies = sorted(l["latencyMS"] for l in lines if "latencyMS" in l and "hidden" not in l)
    gestures = sorted({l["gestureId"] for l in lines if "gestureId" in l})
    if len(gestures) != 2:
        rig.fail(f"edgeswipe feedback drew {len(gestures)} gestures, expected the two swipes: {gestures}")

    def pct(q):
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"figure: frame -> arrow buffer committed: p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {latencies[-1]:.1f} ms "
          f"over {len(latencies)} pictures of {len(gestures)} swipes", flush=True)

    def switches():
        status = open(f"/proc/{feedback.pid}/status").read()
        fields = dict(l.split(":", 1) for l in status.splitlines() if ":" in l)
        return (int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"]),
                fields["VmRSS"].strip())
    before, _ = switches()
    time.sleep(10)
    after, rss = switches()
    print(f"figure: edgeswipe feedback idle for 10 s with no touch: {after - before} wake-ups (context switches); "
          f"RSS {rss}", flush=True)
    if after - before != 0:
        rig.fail(f"edgeswipe feedback woke {after - before} times in 10 s with no touch")
    print(f"ok: back arrow check done in {time.monotonic() - started:.0f} s", flush=True)
    band_preview(binary, baseline)


def band_columns(shot, baseline, y, side):
    """The columns from the edge inward at row y that differ from the baseline (the band's strip), and the colour of
    the strip's innermost one. The first output (HEADLESS-1, where the bands go) is the shot's leftmost 640 px; the
    rig's second output lies to its right."""
    _, _, rows = shot
    _, _, base = baseline
    w = OUTPUT_W
    xs = range(0, w) if side == "left" else range(w - 1, -1, -1)
    n = 0
    for x in xs:
        if max(abs(a - b) for a, b in zip(rows[y][x], base[y][x])) <= 2:
            break
        n += 1
    inner = (n - 1) if side == "left" else (w - n)
    return n, tuple(rows[y][inner][:3]) if n else None


def band_preview(binary, baseline):
    """Issue 38 item 4: `feedback --show-bands` draws the left and right bands (edge_zone_mm, default 5) at their
    width: 256 x 192 mm over 640 x 480 px is 2.5 px/mm, so 5 mm is 12.5 px, drawn 13 (nearest); the innermost
    column is the opaque amber line (255, 158, 0). A reload to edge_zone_mm 9 (22.5 px, drawn 23) redraws them."""
    log_err = f"{rig.WORK}/bands.err"
    open(log_err, "w").close()
    os.chown(log_err, rig.USER, rig.USER)
    p = subprocess.Popen([binary, "feedback", "--socket", f"{rig.WORK}/control.sock", "--show-bands", "--haptics", "off",
                          "--no-report-outputs", "--focus", "none"],
                         stdout=subprocess.DEVNULL, stderr=open(log_err, "a"), preexec_fn=rig.drop_root,
                         env=rig.user_env(WAYLAND_DISPLAY="wayland-1"))
    rig.children.append(p)
    rig.diagnostic_logs.append(log_err)
    for zone, px in ((5, 13), (9, 23)):
        if zone != 5:
            config = f"{rig.WORK}/edgeswipe.yaml"
            with open(config, "a") as f:
                f.write(f"  thresholds:\n    edge_zone_mm: {zone}\n")
            subprocess.run(["pkill", "-HUP", "-f", f"{binary} run --config"], check=False)
        said = f"bands: left {float(zone)} mm = {px} px, right {float(zone)} mm = {px} px"
        rig.wait_for(f"edgeswipe feedback to draw the {zone} mm bands", lambda: said in open(log_err).read(), 60, log_err)
        time.sleep(SETTLE_S)
        shot = grim(f"bands-{zone}mm")
        for side in ("left", "right"):
            for y in (40, 240, 440):
                n, inner = band_columns(shot, baseline, y, side)
                if n != px or inner != (255, 158, 0):
                    rig.fail(f"band preview, {zone} mm {side} band at y {y}: {n} px drawn (want {px} = {zone} mm x 2.5 px/mm, "
                             f"nearest), innermost column {inner} (want the amber line (255, 158, 0))")
        print(f"ok: band preview: the {zone} mm left and right bands are {px} px wide at y 40, 240, 440 "
              f"({zone} mm x 2.5 px/mm = {zone * 2.5} px), the inner line amber" + (", after the reload" if zone != 5 else ""),
              flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        rig.stop_children()
