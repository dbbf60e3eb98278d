#!/usr/bin/env python3
"""The demo kiosk page (web/) in headless Chromium, following `edgeswipe run --http --replay` live.

Usage: Tests/Browser/kiosk-check.py PATH/TO/edgeswipe [OUT_DIR]

The daemon replays samples/demo-back-swipes.evemu as a device once the page's event stream opens. The page
sets the stack home > inbox > message. What the recording does comes from its own script
(samples/make-demo-sample.py) on the Pixel Tablet surface, 1600/11 = 145.45 mm wide:
  1. fast swipe 1.5 -> 110 mm, ending slowly: completes; progress at release 108.6/145.45 = 0.747;
     remaining (1 - 0.747) x 350 ms = 88 ms (NavigationConfig's 350 ms standard duration; the fling is slower)
  2. slow swipe 2 -> 40 -> 15 mm: cancels; max progress 38/145.45 = 0.26; release 13/145.45 = 0.089;
     remaining 0.089 x 350 = 31 ms, raised to the 50 ms minimum
  3. steady swipe 1 -> 90 mm in 0.5 s: completes; release 89/145.45 = 0.612; remaining 0.388 x 350 = 136 ms
     (the fling, 0.388 x 145.45 mm at 176 mm/s = 320 ms, is longer)
  4. a fast swipe at the root: nothing on the page takes it, so it is handed off (docs/protocol.md, "Back
     handlers": a `backDispatched` event with target "handoff", stack "root"); 5. a tap: nothing.
Checked twice: as page state (the page's own record of what it drew) and in screenshots (pixels of each
screen's body colour from web/style.css).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from checks import ROOT, arguments, expect, failures, free_port  # noqa: E402
from png import read_png  # noqa: E402

binary, out_dir = arguments("edgeswipe-kiosk-")
WIDTH, HEIGHT = 800, 600
BODY_Y = 400                      # below every header, text and button, above the notice and status bar
COLOURS = {"home": (200, 220, 255), "inbox": (255, 215, 180), "message": (200, 240, 200)}  # web/style.css
TOKEN = "kiosk-check-" + os.urandom(12).hex()


def screen_at(px, x, y):
    """The screen whose body colour (or its dimmed variant, up to 8% darker) is nearest the pixel."""
    c = px[y][x]
    best, best_d = None, 1e9
    for name, ref in COLOURS.items():
        for dim in (1.0, 0.96, 0.92):
            d = sum(abs(a - b * dim) for a, b in zip(c, ref))
            if d < best_d:
                best, best_d = name, d
    return best if best_d <= 45 else f"none{c}"


work = tempfile.mkdtemp(prefix="edgeswipe-kiosk-run-")
token_file = os.path.join(work, "token")
with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
    f.write(TOKEN + "\n")


def start_daemon(name):
    """`edgeswipe run --http` replaying the demo once a page watches; returns the process and its base URL."""
    port = free_port()
    log_path = os.path.join(out_dir, f"{name}.log")
    process = subprocess.Popen(
        [binary, "run", "--socket", os.path.join(work, f"{name}.sock"), "--http", str(port), "--http-token", token_file,
         "--web-root", os.path.join(ROOT, "web"), "--replay", os.path.join(ROOT, "samples/demo-back-swipes.evemu"),
         "--replay-delay", "2", "--replay-on-stream", "-v"],
        stdout=subprocess.DEVNULL, stderr=open(log_path, "w"))
    deadline = time.time() + 20
    while "http: listening" not in open(log_path).read():
        if process.poll() is not None or time.time() > deadline:
            sys.exit(f"kiosk-check: the daemon did not start; log: {log_path}\n" + open(log_path).read())
        time.sleep(0.05)
    return process, f"http://127.0.0.1:{port}"


def open_browser():
    """Chromium whose screen is the recording's device: 145.45 x 232.73 mm as 800 x 1280 CSS px (0.18182 mm per
    pixel both ways; edgeswipe.js maps the page's pixels to mm through it), the window at its top."""
    b = Browser(WIDTH, HEIGHT)
    b.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False,
           screenWidth=800, screenHeight=1280, positionX=0, positionY=0)
    return b


daemon = None
browser = None
try:
    daemon, base = start_daemon("daemon")
    try:
        urllib.request.urlopen(urllib.request.Request(base + "/commands", data=b'{"command":"state"}'), timeout=5)
        expect(False, "POST /commands without the token is refused")
    except urllib.error.HTTPError as e:
        expect(e.code == 401, f"POST /commands without the token is refused (HTTP {e.code})")

    browser = open_browser()
    browser.call("Page.navigate", url=f"{base}/#token={TOKEN}&stack=home,inbox,message")
    state_js = ("JSON.stringify({d: document.body ? Object.assign({}, document.body.dataset) : {},"
                " n: window.kiosk ? kiosk.history.length : 0})")
    shots = []          # (label, path, state before, state after)
    settled_seen = 0
    mid_taken = set()   # swipe numbers (count of interactive begins) with a mid-gesture screenshot
    begins = 0
    end = time.time() + 40
    while time.time() < end:
        s = json.loads(browser.evaluate(state_js))
        d = s["d"]
        hist = browser.evaluate("JSON.stringify(window.kiosk ? kiosk.history.filter("
                                "h => h.event !== 'transitionProgress') : [])")
        hist = json.loads(hist)
        begins = sum(1 for h in hist if h["event"] == "transitionBegan" and h["kind"] == "interactivePop")
        if d.get("phase") == "tracking" and float(d.get("progress", 0)) >= 0.15 and begins not in mid_taken:
            path = os.path.join(out_dir, f"mid-{begins}.png")
            browser.screenshot(path)
            after = json.loads(browser.evaluate(state_js))["d"]
            mid_taken.add(begins)
            shots.append((f"mid-{begins}", path, d, after))
        interactive_ends = [h for h in hist if h["event"] in ("transitionFinished", "transitionCancelled")
                            and h["kind"] == "interactivePop"]
        if len(interactive_ends) > settled_seen and d.get("phase") == "idle":
            settled_seen = len(interactive_ends)
            path = os.path.join(out_dir, f"settled-{settled_seen}.png")
            browser.screenshot(path)
            shots.append((f"settled-{settled_seen}", path, d, json.loads(browser.evaluate(state_js))["d"]))
        if any(h.get("target") == "handoff" for h in hist) and d.get("refused") == "handoff":
            time.sleep(0.2)
            path = os.path.join(out_dir, "handoff.png")
            browser.screenshot(path)
            shots.append(("handoff", path, d, json.loads(browser.evaluate(state_js))["d"]))
            break
        time.sleep(0.03)
    # A push from the page itself: its "Open Inbox" button posts {"command":"push"} to /commands.
    browser.evaluate("document.querySelector('.screen.top .content button').click()")
    push_deadline = time.time() + 10
    while time.time() < push_deadline:
        d = json.loads(browser.evaluate(state_js))["d"]
        if d.get("phase") == "idle" and d.get("top") == "inbox":
            break
        time.sleep(0.05)
    time.sleep(0.1)
    push_shot = os.path.join(out_dir, "pushed.png")
    browser.screenshot(push_shot)
    exclusions = json.loads(browser.evaluate("JSON.stringify(kiosk.exclusions)") or "[]")
    history = json.loads(browser.evaluate("JSON.stringify(kiosk.history)"))
    with open(os.path.join(out_dir, "history.json"), "w") as f:
        json.dump(history, f, indent=1)

    # --- Page state: the page's own record of every event it drew.
    pops = []   # one dict per interactive pop
    for h in history:
        if h["event"] == "transitionBegan" and h["kind"] == "interactivePop":
            pops.append({"from": h["top"], "revealed": h["revealed"], "max": 0.0, "tracking_reveals": set()})
        elif pops and h["event"] == "transitionProgress" and h["phase"] == "tracking":
            pops[-1]["max"] = max(pops[-1]["max"], h["progress"])
            pops[-1]["tracking_reveals"].add(h["revealed"])
        elif pops and h["event"] == "transitionSettling":
            pops[-1].update(outcome=h["outcome"], remaining=h["remainingMs"], release=h["progress"],
                            settle_t=h["t"])
        elif pops and h["event"] in ("transitionFinished", "transitionCancelled") and h["kind"] == "interactivePop":
            pops[-1].update(end=h["event"], top_after=h["top"], end_t=h["t"])
    expect(len(pops) == 3, f"three interactive pops drawn (got {len(pops)})")
    expected = [("message", "inbox", "complete", "transitionFinished", "inbox", 0.747, 88.5),
                ("inbox", "home", "cancel", "transitionCancelled", "inbox", 0.26, 50.0),
                ("inbox", "home", "complete", "transitionFinished", "home", 0.612, 135.8)]
    for i, (frm, below, outcome, end_event, top_after, peak, remaining) in enumerate(expected):
        if i >= len(pops):
            break
        p = pops[i]
        n = i + 1
        expect(p["from"] == frm and p["tracking_reveals"] == {below},
               f"pop {n}: {frm} slides, {below} revealed below while tracking (got {p['from']}, {p['tracking_reveals']})")
        expect(abs(p["max"] - peak) <= 0.03, f"pop {n}: progress peaks at {peak} ± 0.03 (got {p['max']:.3f})")
        expect(p.get("outcome") == outcome, f"pop {n}: settles towards '{outcome}' (got {p.get('outcome')})")
        expect(p.get("remaining") is not None and abs(p["remaining"] - remaining) <= 3,
               f"pop {n}: backend gives {remaining} ± 3 ms remaining (got {p.get('remaining')})")
        expect(p.get("end") == end_event and p.get("top_after") == top_after,
               f"pop {n}: {end_event} on {top_after} (got {p.get('end')} on {p.get('top_after')})")
        if "end_t" in p and "settle_t" in p:
            took = p["end_t"] - p["settle_t"]
            expect(remaining - 40 <= took <= remaining + 400,
                   f"pop {n}: the end came {took:.0f} ms after release, about the {remaining} ms given")
    decisions = [(h["target"], h["stackState"]) for h in history if h["event"] == "backDispatched"]
    expect(decisions == [("navigation", "canPop")] * 3 + [("handoff", "root")],
           f"the three pops go to the stack, the fourth swipe is handed off at the root (got {decisions})")
    handoffs = [h for h in history if h["event"] == "backDispatched" and h["target"] == "handoff"]
    expect(len(handoffs) == 1 and handoffs[0]["top"] == "home", "the hand-off is shown on home")
    expect(not any(h["event"] == "popRefused" for h in history), "nothing is refused")

    # --- Screenshots.
    mids = [s for s in shots if s[0].startswith("mid-") and s[2].get("phase") == "tracking"
            and s[3].get("phase") == "tracking"]
    expect(len(mids) >= 1, f"at least one screenshot taken mid-gesture ({[s[0] for s in shots]})")
    for label, path, before, after in mids:
        w, h, px = read_png(path)
        p_lo = min(float(before["progress"]), float(after["progress"]))
        p_hi = max(float(before["progress"]), float(after["progress"]))
        x_below, x_top = int(0.5 * p_lo * w), int((p_hi + (1 - p_hi) / 2) * w)
        below, top = before["revealed"], before["top"]
        got_below, got_top = screen_at(px, x_below, BODY_Y), screen_at(px, x_top, BODY_Y)
        expect(got_below == below,
               f"{label}: at progress {p_lo:.2f}-{p_hi:.2f} the screen below ({below}) shows at x={x_below} (got {got_below})")
        expect(got_top == top, f"{label}: the sliding screen ({top}) is still at x={x_top} (got {got_top})")
    settled = {s[0]: s for s in shots if s[0].startswith("settled-")}
    for label, want in (("settled-1", "inbox"), ("settled-2", "inbox"), ("settled-3", "home")):
        if label not in settled:
            expect(False, f"{label}: screenshot taken")
            continue
        w, h, px = read_png(settled[label][1])
        got = {screen_at(px, x, BODY_Y) for x in (w // 10, w // 2, w - w // 10)}
        what = {"settled-1": "the pop ends on inbox", "settled-2": "the cancelled swipe returns to inbox",
                "settled-3": "the second completed pop ends on home"}[label]
        expect(got == {want}, f"{label}: {what}: the whole width is {want} (got {got})")
    handoff_shot = [s for s in shots if s[0] == "handoff"]
    if handoff_shot:
        w, h, px = read_png(handoff_shot[0][1])
        # web/style.css: #notice.handoff is #1a4fa0.
        blue = sum(1 for y in range(h - 120, h) for x in range(w // 4, 3 * w // 4)
                   if abs(px[y][x][0] - 0x1a) < 30 and abs(px[y][x][1] - 0x4f) < 30 and abs(px[y][x][2] - 0xa0) < 30)
        expect(blue > 500, f"handoff: the hand-off notice is on screen ({blue} blue pixels)")
        expect(screen_at(px, w // 2, BODY_Y) == "home", "handoff: home stays")
    else:
        expect(False, "handoff: screenshot taken")

    # The page marks its slider (data-edgeswipe-exclude); edgeswipe.js declares its box in mm over the page's event
    # stream. web/style.css places it at x 0, y 30 mm, 12 x 30 mm (30 mm is under the 31.75 mm cap, so nothing is
    # cut), clear of the swipes (y 80-140 mm).
    first = next((r for r in exclusions if r.get("rects")), None)
    got = (first or {}).get("rects", [None])[0]
    expect(got is not None and all(abs(got[k] - v) <= 1 for k, v in (("x", 0), ("y", 30), ("width", 12), ("height", 30)))
           and first["clipped"] == [],
           f"the page's slider is an exclusion within 1 mm of x 0, y 30, 12 x 30 mm (first declared: {json.dumps(first)[:300]})")
    pushes = [h for h in history if h["event"] == "transitionBegan" and h["kind"] == "push"]
    expect(len(pushes) == 1 and pushes[0]["top"] == "inbox",
           f"the page's button pushed inbox through POST /commands (got {[(h['kind'], h['top']) for h in pushes]})")
    w, h, px = read_png(push_shot)
    got = {screen_at(px, x, BODY_Y) for x in (w // 10, w // 2, w - w // 10)}
    expect(got == {"inbox"}, f"pushed: the whole width is inbox (got {got})")
    # SIGTERM while the page's event stream is open: a clean stop.
    daemon.terminate()
    try:
        status = daemon.wait(timeout=10)
    except subprocess.TimeoutExpired:
        status = None
    expect(status == 0, f"the service stops cleanly on SIGTERM with a stream open (exit status {status})")

    # --- The dialog (issue 24): home > inbox with a dialog over it, which holds an overlay back handler. Swipe 1
    # closes the dialog (the stack stays), swipe 2 is the cancelled pop, swipe 3 pops to home, swipe 4 at the
    # root is handed off.
    browser.close()
    browser = None
    daemon, base = start_daemon("dialog")
    browser = open_browser()
    browser.call("Page.navigate", url=f"{base}/#token={TOKEN}&stack=home,inbox&dialog=1")
    shots = {}
    end = time.time() + 40
    while time.time() < end:
        d = json.loads(browser.evaluate(state_js))["d"]
        if "open" not in shots and d.get("dialog") == "open" and d.get("phase") == "idle":
            time.sleep(0.3)   # the stack's own animation in
            shots["open"] = os.path.join(out_dir, "dialog-open.png")
            browser.screenshot(shots["open"])
        if "open" in shots and "closed" not in shots and d.get("dialog") == "closed":
            time.sleep(0.2)
            shots["closed"] = os.path.join(out_dir, "dialog-closed.png")
            browser.screenshot(shots["closed"])
        if d.get("refused") == "handoff":
            time.sleep(0.2)
            shots["handoff"] = os.path.join(out_dir, "dialog-handoff.png")
            browser.screenshot(shots["handoff"])
            break
        time.sleep(0.03)
    history = json.loads(browser.evaluate("JSON.stringify(kiosk.history)"))
    with open(os.path.join(out_dir, "dialog-history.json"), "w") as f:
        json.dump(history, f, indent=1)
    decisions = [(h["target"], h["stackState"]) for h in history if h["event"] == "backDispatched"]
    expect(decisions == [("handler", "canPop"), ("navigation", "canPop"), ("navigation", "canPop"), ("handoff", "root")],
           f"dialog: swipe 1 to the dialog's handler, 2 and 3 to the stack, 4 handed off (got {decisions})")
    dialog_events = [h["event"] for h in history if h["type"] == "back"]
    expect(dialog_events[:1] == ["started"] and dialog_events[-1:] == ["invoked"]
           and all(e in ("progressed", "armed", "disarmed") for e in dialog_events[1:-1])
           and all(h["role"] == "target" and h["gestureId"] == 1 for h in history if h["type"] == "back"),
           f"dialog: its handler got gesture 1 as its own stream, started to invoked (got {dialog_events[:3]}...{dialog_events[-2:]})")
    moved = max((h["dialogProgress"] for h in history if h["type"] == "back"), default=0)
    expect(abs(moved - 0.747) <= 0.03, f"dialog: the card followed the finger to progress 0.747 ± 0.03 (got {moved:.3f})")
    pops = [(h["kind"], h["event"], h["top"]) for h in history
            if h["event"] in ("transitionFinished", "transitionCancelled") and h["kind"] == "interactivePop"]
    expect(pops == [("interactivePop", "transitionCancelled", "inbox"), ("interactivePop", "transitionFinished", "home")],
           f"dialog: then the cancelled pop and the pop to home (got {pops})")
    for name, want in (("open", "dialog"), ("closed", "inbox"), ("handoff", "home")):
        if name not in shots:
            expect(False, f"dialog: screenshot {name} taken")
            continue
        w, h, px = read_png(shots[name])
        c = px[h // 2][w // 2]
        if want == "dialog":  # web/style.css: #dialog .card is #6a1b9a
            expect(abs(c[0] - 0x6a) < 30 and abs(c[1] - 0x1b) < 30 and abs(c[2] - 0x9a) < 30,
                   f"dialog-open: the dialog's card is in the middle of the screen (got {c})")
        else:
            got = {screen_at(px, x, BODY_Y) for x in (w // 10, w // 2, w - w // 10)}
            expect(got == {want}, f"dialog-{name}: the whole width is {want} (got {got})")
finally:
    if browser:
        browser.close()
    daemon.terminate()
    try:
        daemon.wait(timeout=10)
    except subprocess.TimeoutExpired:
        daemon.kill()
    shutil.rmtree(work, ignore_errors=True)
if failures:
    sys.exit(f"kiosk-check: {len(failures)} check(s) failed; screenshots and log in {out_dir}")
print(f"kiosk-check: all checks passed; screenshots in {out_dir}")
