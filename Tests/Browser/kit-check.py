#!/usr/bin/env python3
"""edgeswipe.js (web/) in headless Chromium against `edgeswipe run --http --replay`, swipes replayed as a device.

Usage: Tests/Browser/kit-check.py PATH/TO/edgeswipe [OUT_DIR]

The page is web/history-example.html (three history entries, a slider at the left edge marked
data-edgeswipe-exclude). Chromium emulates the Pixel Tablet's screen in CSS pixels, 800 x 1280 (the recording's
device is 1599/11 x 2559/11 = 145.36 x 232.64 mm, so 0.1817 mm per pixel both ways), with an 800 x 600 window
200 px down it. The slider (history-example.css: 40 x 120 px at (0, 300)) is therefore at x 0, y (200 + 300) x
0.1817 = 90.87 mm, 7.27 x 21.81 mm. The swipes, written here (stroke()), start 1.5 mm from the left edge:

Run 1, the page three entries deep:
  1. fast to 110 mm at y 60 mm: commits: back one entry (three -> two)
  2. slow out to 40 mm and back to 15 mm at y 60: cancelled, progress peaking near 38.5/145.45 = 0.26
  3. steady to 90 mm at y 60: commits: two -> one
  4. fast at the first entry: commits, nothing navigates, the page's hand-off callback runs
  5. fast at y 100 mm, on the slider: refused at touch-down (gesture failed, excludedArea), the page hears nothing
  then the slider moved, resized and removed: the service's rectangle follows.
Run 2: the page two entries deep with a modal dialog open, the service restarted under it: the module reconnects
and declares its handlers (default + the dialog's overlay) and the slider again within 2 s, each once; then
  1. fast swipe: the dialog closes (the overlay handler), the page stays on two
  2. fast swipe: back one entry (two -> one)
Between the two, the module's own tests (Tests/Browser/kit/kit-tests.html) in the same browser, against a service.
Figures: edgeswipe.js's size, the time from the service's event (its kernel time) to the page's callback.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from checks import ROOT, arguments, expect, failures, free_port  # noqa: E402

binary, out_dir = arguments("edgeswipe-kit-")
started_at = time.monotonic()
WIDTH, HEIGHT, SCREEN_W, SCREEN_H, WINDOW_Y = 800, 600, 800, 1280, 200
# The service's size of the device: its axes' ranges over their resolution, 1599/11 x 2559/11 mm.
MM_X, MM_Y = (1599 / 11) / SCREEN_W, (2559 / 11) / SCREEN_H   # 0.18170, 0.18175 mm per CSS px
TOKEN = "kit-check-" + os.urandom(12).hex()


# --- Recordings: the demo sample's device description, strokes written here.
DESCRIPTION = [line for line in open(os.path.join(ROOT, "samples/demo-back-swipes.evemu")).read().splitlines()
               if not line.startswith("E:")]
RES, RATE_HZ = 11, 120


def recording(path, strokes):
    """strokes: (t0, path_mm(u) -> (x, y), duration_s); one finger each, 120 Hz, no jitter."""
    lines = list(DESCRIPTION)
    for tracking_id, (t0, path_mm, duration) in enumerate(strokes, start=1):
        n = max(2, round(duration * RATE_HZ))
        for i in range(n + 1):
            t = t0 + i / RATE_HZ
            x, y = (round(v * RES) for v in path_mm(i / n))
            if i == 0:
                lines.append(f"E: {t:.6f} 0003 0039 {tracking_id:04d}")
            lines += [f"E: {t:.6f} 0003 0035 {x:04d}", f"E: {t:.6f} 0003 0036 {y:04d}"]
            if i == 0:
                lines.append(f"E: {t:.6f} 0001 014a 0001")
            lines.append(f"E: {t:.6f} 0000 0000 0000")
        t = t0 + (n + 1) / RATE_HZ
        lines += [f"E: {t:.6f} 0003 0039 -001", f"E: {t:.6f} 0001 014a 0000", f"E: {t:.6f} 0000 0000 0000"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def ease_out(u):
    return 1 - (1 - u) ** 2


def fast(y):
    return lambda u: (1.5 + 108.5 * ease_out(u), y)


work = tempfile.mkdtemp(prefix="edgeswipe-kit-run-")
run1, run2 = os.path.join(work, "run1.evemu"), os.path.join(work, "run2.evemu")
recording(run1, [(0.5, fast(60), 0.25),
                 (2.0, lambda u: (((2 + 38 * (u / 0.6)) if u < 0.6 else (40 - 25 * min(1, (u - 0.6) / 0.3))), 60), 1.0),
                 (4.0, lambda u: (1 + 89 * u, 60), 0.5),
                 (6.0, fast(60), 0.25),
                 (7.5, fast(100), 0.25)])
recording(run2, [(0.5, fast(60), 0.25), (2.0, fast(60), 0.25)])

# The web root: web/ and the module's tests beside it (the bridge serves one flat directory).
web_root = os.path.join(work, "web")
os.makedirs(web_root)
for d in (os.path.join(ROOT, "web"), os.path.join(ROOT, "Tests/Browser/kit")):
    for name in os.listdir(d):
        shutil.copy(os.path.join(d, name), web_root)
token_file = os.path.join(work, "token")
with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
    f.write(TOKEN + "\n")


def start_daemon(name, port, replay=None, delay=2.0):
    log_path = os.path.join(out_dir, f"{name}.log")
    args = [binary, "run", "--socket", os.path.join(work, f"{name}.sock"), "--http", str(port),
            "--http-token", token_file, "--web-root", web_root, "-v"]
    # Without a recording the service still needs a device, so the page has a screen: the same recording,
    # played after an hour.
    args += ["--replay", replay or run1, "--replay-delay", str(delay if replay else 3600), "--replay-on-stream"]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=open(log_path, "w"))
    deadline = time.time() + 20
    while "http: listening" not in open(log_path).read():
        if process.poll() is not None or time.time() > deadline:
            sys.exit(f"kit-check: the daemon did not start; log: {log_path}\n" + open(log_path).read())
        time.sleep(0.01)
    return process


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        return None


class Listener(threading.Thread):
    """The test's own event stream: what the service sent, as (CLOCK_MONOTONIC at receipt, event)."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.url = f"http://127.0.0.1:{port}/events?events=gesture,back,transition&token={TOKEN}"
        self.events = []
        self.start()

    def run(self):
        try:
            with urllib.request.urlopen(self.url, timeout=60) as stream:
                for raw in stream:
                    if raw.startswith(b"data: "):
                        self.events.append((time.monotonic(), json.loads(raw[6:])))
        except OSError:
            pass   # the service stopped


def command(port, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/commands", data=json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + TOKEN})
    return json.load(urllib.request.urlopen(request, timeout=5))


def wait_for(what, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if what():
            return True
        time.sleep(0.02)
    return False


def near_rect(got, want, tol=1.0):
    return got is not None and all(abs(got[k] - want[k]) <= tol for k in ("x", "y", "width", "height"))


def slider_mm(left, top, width, height):
    """The slider's CSS box in screen mm, worked out here from the emulated geometry."""
    return {"x": left * MM_X, "y": (WINDOW_Y + top) * MM_Y, "width": width * MM_X, "height": height * MM_Y}


daemon = browser = None
latencies = []
try:
    port = free_port()
    daemon = start_daemon("run1", port, run1)
    browser = Browser(WIDTH, HEIGHT)
    browser.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False,
                 screenWidth=SCREEN_W, screenHeight=SCREEN_H, positionX=0, positionY=WINDOW_Y)
    ev = lambda js: browser.evaluate(js)  # noqa: E731
    ev_json = lambda js: json.loads(ev(f"JSON.stringify({js})"))  # noqa: E731
    browser.call("Page.navigate", url=f"http://127.0.0.1:{port}/history-example.html#token={TOKEN}&depth=3")
    expect(wait_for(lambda: ev("typeof spa === 'object' && spa.kit.stream !== null && spa.kit.exclusions !== null"), 10),
           "run 1: the page connects and declares its slider")
    listener = Listener(port)
    start_len = ev("history.length")
    expect(ev("document.body.dataset.page") == "three" and start_len >= 3, f"run 1: three entries deep (history.length {start_len})")
    expect(ev("getComputedStyle(document.documentElement).overscrollBehaviorX") == "none",
           "the module turns the page's horizontal overscroll off")
    rects = ev_json("spa.kit.exclusions.rects")
    want = slider_mm(0, 300, 40, 120)
    expect(len(rects) == 1 and near_rect(rects[0], want),
           f"the service's rectangle is within 1 mm of the slider's place, {want} (got {rects})")
    expect(command(port, {"command": "state"})["result"]["backHandlers"] == {"default": 1, "overlay": 0, "observer": 0},
           "the page holds one default back handler")
    wait_for(lambda: sum(1 for _, e in listener.events if e.get("type") == "gesture" and e.get("phase") in ("ended", "failed")) >= 5, 25)
    time.sleep(0.5)
    spa = ev_json("{events: spa.events, frames: spa.frames, pops: spa.pops, handoffs: spa.handoffs, page: document.body.dataset.page,"
                  " length: history.length, index: history.state.edgeswipeIndex, width: innerWidth}")
    with open(os.path.join(out_dir, "run1-page.json"), "w") as f:
        json.dump(spa, f, indent=1)
    service = [e for _, e in listener.events]
    with open(os.path.join(out_dir, "run1-service.json"), "w") as f:
        json.dump(service, f, indent=1)

    # Progress in order: each of the page's `progress` callbacks carries the service's raw progress of one
    # `changed` gesture frame, in the service's order.
    gestures = [e for e in service if e.get("type") == "gesture"]
    service_progress = [e["progress"] for e in gestures if e["phase"] == "changed"]
    page_progress = [e["raw"] for e in spa["events"] if e["name"] == "progress"]
    expect(page_progress == service_progress and len(page_progress) > 40,
           f"progress arrives in order: the page's {len(page_progress)} values are the service's {len(service_progress)}")
    names = [e["name"] for e in spa["events"] if e["name"] in ("started", "committed", "cancelled", "handoff")]
    expect(names == ["started", "committed", "started", "cancelled", "started", "committed", "started", "committed", "handoff"],
           f"the page's callbacks: commit, cancel, commit, commit + hand-off at the root (got {names})")
    frames = spa["frames"]
    expect(frames and all(abs(f["x"] - f["progress"] * spa["width"]) <= 1 for f in frames),
           f"the page's animation follows the smoothed progress: the view's x is progress x width in all {len(frames)} frames")
    # Swipe 2, the slow one: the smoothed progress follows the finger up, never past it, and back to 0.
    starts = [i for i, e in enumerate(spa["events"]) if e["name"] == "started"]
    raw2 = [e["raw"] for e in spa["events"][starts[1]:starts[2]] if e["name"] == "progress"] if len(starts) > 2 else [0]
    frames2 = [f for f in frames if f["gesture"] == 2]
    peak2 = max((f["progress"] for f in frames2), default=0)
    expect(abs(max(raw2) - 0.265) <= 0.03, f"swipe 2 peaks at 38.5/145.45 = 0.265 ± 0.03 raw (got {max(raw2):.3f})")
    expect(frames2 and abs(peak2 - max(raw2)) <= 0.03 and peak2 <= max(raw2) + 1e-6 and frames2[-1]["progress"] < 0.01,
           f"swipe 2: the page's view follows the finger to within 0.03 of its peak, never past it, and springs back "
           f"(peak {peak2:.3f} of {max(raw2):.3f}, last {frames2[-1]['progress'] if frames2 else None}, {len(frames2)} frames)")
    expect(spa["pops"] == 2 and spa["page"] == "one" and spa["index"] == 0 and spa["length"] == start_len,
           f"two commits moved back exactly one entry each, the third at the root moved nothing (pops {spa['pops']}, "
           f"page {spa['page']}, index {spa['index']}, history.length {spa['length']} of {start_len})")
    expect(spa["handoffs"] == 1, f"the hand-off callback ran once, at the root (got {spa['handoffs']})")
    decisions = [(e["target"], e.get("priority"), e["stack"]) for e in service if e.get("event") == "backDispatched"]
    expect(decisions == [("handler", "default", "root")] * 4,
           f"the service gave the four swipes to the page's default handler (got {decisions})")
    refused = [e for e in gestures if e["phase"] == "failed"]
    expect(len(refused) == 1 and "excludedArea" in refused[0].get("detail", "") and abs(refused[0].get("startMM", {}).get("y", 0) - 100) < 1,
           f"the swipe starting on the slider is refused at touch-down, excludedArea (got {[(e.get('detail'), e.get('startMM')) for e in refused]})")
    expect(sum(1 for e in spa["events"] if e["name"] == "started") == 4, "the page heard nothing of the refused swipe")

    # Latency: the service's event time is the frame's kernel time on CLOCK_MONOTONIC; the page's callback time is
    # the wall clock. Both clocks of this host, joined by the offset Python reads between them.
    offset = min((time.time() - time.monotonic()) for _ in range(50))
    for e in spa["events"]:
        if e["time"] is not None:
            latencies.append(e["wall"] - (e["time"] + offset) * 1000)

    # Moving, resizing, removing the slider: the rectangle the service holds follows.
    def rect_after(js, want, label):
        ev(js)
        ok = wait_for(lambda: near_rect((ev_json("spa.kit.exclusions.rects") or [None])[0], want, 0.05), 3)
        expect(ok, f"{label}: the service's rectangle is {want} (got {ev_json('spa.kit.exclusions.rects')})")
    rect_after("slider.style.top = '100px'", slider_mm(0, 100, 40, 120), "slider moved up 200 px")
    rect_after("slider.style.height = '150px'", slider_mm(0, 100, 40, 150), "slider resized to 150 px")
    rect_after("slider.style.left = '20px'", slider_mm(20, 100, 40, 150), "slider moved 20 px right")
    ev("slider.remove()")
    expect(wait_for(lambda: command(port, {"command": "state"})["result"]["exclusions"] == 0, 3),
           "slider removed: the service holds no rectangle")

    status = stop(daemon)
    expect(status == 0, f"run 1: the service stops cleanly (exit status {status})")

    # --- Run 2: dialog open, the service restarted under the page.
    daemon = start_daemon("run2-before", port)
    # The module's own tests, in this browser, against a service with its device (run 1's went with its recording's end).
    browser.call("Page.navigate", url=f"http://127.0.0.1:{port}/kit-tests.html#token={TOKEN}")
    done = wait_for(lambda: ev("window.kitTests ? kitTests.done : false"), 20)
    results = ev_json("window.kitTests ? kitTests.results : []")
    for r in results:
        expect(r["ok"], f"kit-tests: {r['name']}" + ("" if r["ok"] else f" ({r['detail']})"))
    expect(done and len(results) >= 25, f"kit-tests: ran to the end ({len(results)} checks)")
    browser.call("Page.navigate", url=f"http://127.0.0.1:{port}/history-example.html#token={TOKEN}&depth=2&dialog=1")
    held = lambda: ev("typeof spa === 'object' && spa.kit.registeredHandlers().length === 2 && spa.kit.registeredHandlers().every(h => h.id !== null)"  # noqa: E731
                      " && spa.kit.exclusions !== null && spa.declaredStream === spa.kit.stream")
    expect(wait_for(held, 10), "run 2: the page holds its default handler, the dialog's overlay handler and the slider")
    old_stream = ev("spa.kit.stream")
    stop(daemon)
    daemon = start_daemon("run2", port, run2, delay=2.5)
    up = time.monotonic()
    back = wait_for(lambda: ev(f"spa.kit.stream !== null && spa.kit.stream !== '{old_stream}'") and held(), 5)
    took = time.monotonic() - up
    expect(back and took <= 2.0, f"after the restart the module reconnected and declared everything again in {took:.2f} s (at most 2 s)")
    listener = Listener(port)
    state = command(port, {"command": "state"})["result"]
    expect(state["backHandlers"] == {"default": 1, "overlay": 1, "observer": 0} and state["exclusions"] == 1,
           f"nothing registered twice: one default and one overlay handler, one rectangle (got {state['backHandlers']}, {state['exclusions']})")
    wait_for(lambda: sum(1 for _, e in listener.events if e.get("type") == "gesture" and e.get("phase") == "ended") >= 2, 15)
    time.sleep(0.4)
    service = [e for _, e in listener.events]
    decisions = [(e["target"], e.get("priority")) for e in service if e.get("event") == "backDispatched"]
    expect(decisions == [("handler", "overlay"), ("handler", "default")],
           f"run 2: swipe 1 to the dialog's overlay handler, swipe 2 to the page (got {decisions})")
    spa = ev_json("{pops: spa.pops, page: document.body.dataset.page, dialog: document.getElementById('dialog').open,"
                  " connected: spa.kit.connections}")
    expect(spa["dialog"] is False and spa["pops"] == 1 and spa["page"] == "one",
           f"run 2: the first swipe closed the dialog, the second went back one entry (got {spa})")
    stop(daemon)
    daemon = None
finally:
    if browser:
        browser.close()
    if daemon:
        stop(daemon)
    shutil.rmtree(work, ignore_errors=True)

module_bytes = os.path.getsize(os.path.join(ROOT, "web/edgeswipe.js"))
if latencies:
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]  # noqa: E731
    print(f"edgeswipe.js: {module_bytes} bytes; service event -> page callback over {len(latencies)} callbacks: "
          f"p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, max {latencies[-1]:.1f} ms")
print(f"kit-check: {time.monotonic() - started_at:.1f} s")
if failures:
    sys.exit(f"kit-check: {len(failures)} check(s) failed; logs in {out_dir}")
print(f"kit-check: all checks passed; logs in {out_dir}")
