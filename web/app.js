// EdgeSwipe kiosk demo: follows the navigation backend of `edgeswipe run --http` (docs/kiosk.md).
// The backend owns the stack; this page draws it. A dialog over the page takes the back first (an overlay back
// handler); at the root the back is handed off to the service's configured actions, and the page says so. Pushes go through POST /commands; the interactive pop is
// drawn from the event stream: transitionBegan, transitionProgress (the finger), transitionSettling (the
// finger lifted: outcome and remaining duration), transitionFinished / transitionCancelled.
// URL fragment: #token=TOKEN (required) & stack=home,inbox,message (optional initial stack).
"use strict";

const SCREENS = {
  home: { title: "Home", header: false, text: "A plain screen with a navigation bar.", next: "inbox" },
  inbox: { title: "Inbox", header: true, subtitle: "Flexible header instead of the bar",
           text: "Swipe from the left edge to go back.", next: "message" },
  message: { title: "Message", header: true, subtitle: "Another flexible header",
             text: "The screen below shows through while you swipe. The slider at the left edge keeps its touches: "
                 + "a swipe that starts on it does not go back.", next: null, slider: true },
};
// The slider on the message screen, in millimetres on the screen (the recognizers' space), declared to the
// backend as an exclusion for that screen: a touch-down on it never begins a back swipe (docs/protocol.md).
// Below the header, and clear of the back swipes of samples/demo-back-swipes.evemu (y 80-140 mm).
const SLIDER_MM = { x: 0, y: 30, width: 12, height: 30 };
const PUSH_MS = 350;      // the backend's standard transition (NavigationConfig.transitionDurationMs)
const PARALLAX = 0.3;     // the screen below starts a third of the way out, as on iOS

const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token") || "";
const stage = document.getElementById("stage");
const notice = document.getElementById("notice");
const statusLine = document.getElementById("status");

// What the page shows. `history` is for tests and debugging: one entry per event handled.
const kiosk = window.kiosk = {
  stack: [], phase: "connecting", progress: 0, from: null, to: null, refused: null, history: [], errors: [],
  handoffs: 0, lastTarget: null,
  dialog: { open: false, handler: null, progress: 0, closedBy: null },  // the overlay (openDialog)
  exclusion: null,  // the reply to the last setExclusions
};

function screenElement(name) {
  const spec = SCREENS[name] || { title: name, header: false, text: "", next: null };
  const el = document.createElement("section");
  el.className = "screen screen-" + name;
  el.dataset.screen = name;
  const back = document.createElement("button");
  back.className = "back";
  back.textContent = "‹ Back";
  back.addEventListener("click", () => command({ command: "pop" }));
  const head = document.createElement("header");
  if (spec.header) {
    head.className = "flex-header";
    const h1 = document.createElement("h1");
    h1.textContent = spec.title;
    const sub = document.createElement("p");
    sub.textContent = spec.subtitle;
    head.append(back, h1, sub);
  } else {
    head.className = "bar";
    head.append(back, document.createTextNode(spec.title));
  }
  const content = document.createElement("div");
  content.className = "content";
  const p = document.createElement("p");
  p.textContent = spec.text;
  content.append(p);
  const opener = document.createElement("button");
  opener.className = "open-dialog";
  opener.textContent = "Open dialog";
  opener.addEventListener("click", () => openDialog());
  if (spec.next) {
    const open = document.createElement("button");
    open.textContent = "Open " + SCREENS[spec.next].title;
    open.addEventListener("click", () => command({ command: "push", name: spec.next, header: SCREENS[spec.next].header }));
    content.append(open);
  }
  content.append(opener);
  const dim = document.createElement("div");
  dim.className = "dim";
  el.append(head, content, dim);
  if (spec.slider) {
    const slider = document.createElement("input");
    slider.type = "range";
    slider.className = "edge-slider";
    slider.setAttribute("aria-label", "volume");
    el.append(slider);
  }
  return el;
}

const elements = new Map();
function element(name) {
  if (!elements.has(name)) elements.set(name, screenElement(name));
  return elements.get(name);
}

// Places the top screen at `progress` of the width (0: covering, 1: gone right) and the one below with parallax.
function place(top, below, progress, ms) {
  const width = stage.clientWidth;
  const easing = ms > 0 ? `transform ${ms}ms cubic-bezier(0.2, 0.8, 0.2, 1), opacity ${ms}ms` : "none";
  for (const el of stage.children) {
    if (el !== top && el !== below) el.remove();
  }
  if (below && below.parentNode !== stage) stage.append(below);
  if (top.parentNode !== stage) stage.append(top);
  top.className = top.className.replace(/ (top|below)/g, "") + " top";
  for (const el of [top, below]) {
    if (el) el.querySelector(".back").hidden = kiosk.stack.indexOf(el.dataset.screen) <= 0;
  }
  top.style.transition = easing;
  top.style.transform = `translate3d(${progress * width}px, 0, 0)`;
  top.querySelector(".dim").style.opacity = "0";
  if (below) {
    below.className = below.className.replace(/ (top|below)/g, "") + " below";
    below.style.transition = easing;
    below.style.transform = `translate3d(${-PARALLAX * (1 - progress) * width}px, 0, 0)`;
    const dim = below.querySelector(".dim");
    dim.style.transition = easing;
    dim.style.opacity = String(0.08 * (1 - progress));
  }
}

function showSettled() {
  const top = kiosk.stack[kiosk.stack.length - 1];
  if (!top) return;
  kiosk.phase = "idle";
  kiosk.progress = 0;
  kiosk.from = kiosk.to = null;
  place(element(top), null, 0, 0);
  publishState();
}

function publishState() {
  const b = document.body.dataset;
  b.phase = kiosk.phase;
  b.top = kiosk.stack[kiosk.stack.length - 1] || "";
  b.stack = kiosk.stack.join(",");
  b.progress = kiosk.progress.toFixed(3);
  b.revealed = kiosk.phase === "tracking" || kiosk.phase === "settling" ? kiosk.to || "" : "";
  statusLine.textContent = `${kiosk.phase} · stack ${kiosk.stack.join(" › ")}` +
    (b.revealed ? ` · back to ${kiosk.to} ${(kiosk.progress * 100).toFixed(0)}%` : "");
}

function showNotice(text, reason) {
  kiosk.refused = reason;
  document.body.dataset.refused = reason;
  notice.className = reason === "handoff" ? "handoff" : "";
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(showNotice.timer);
  showNotice.timer = setTimeout(() => { notice.hidden = true; }, 4000);
}

const REFUSALS = {
  root: "this is the first screen: there is nothing to go back to",
  navigationBarHidden: "the bar is hidden on this screen",
  transitionInProgress: "a transition is still running",
  touchInNavigationBar: "the touch started in the navigation bar",
  wrongEdge: "back comes from the other edge",
  delegate: "the screen refused",
};

// Every hello is a new event stream (a reconnection too), and the rectangles of the old one are gone with it:
// declare them again, for this stream. Only while the message screen is on the stack (the backend refuses a
// rectangle for a screen it does not hold).
async function declareExclusions(stream, pushed = []) {
  const onStack = kiosk.stack.includes("message") || pushed.includes("message");
  const rects = onStack ? [Object.assign({ screen: "message" }, SLIDER_MM)] : [];
  const response = await fetch("/commands?stream=" + encodeURIComponent(stream), {
    method: "POST",
    headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
    body: JSON.stringify({ command: "setExclusions", rects }),
  });
  kiosk.exclusion = await response.json();
  applyExclusions(kiosk.exclusion.result);
}

// What the backend keeps of the rectangles: the reply above, or an "exclusions" event when a rotation, a
// device or another client changed it (docs/protocol.md).
function applyExclusions(result) {
  const screen = result && result.capScreen;
  // Millimetres to pixels on a full-screen kiosk: the stage spans the screen's width.
  if (screen) stage.style.setProperty("--px-per-mm", String(stage.clientWidth / screen.widthMM));
}

function onEvent(e) {
  if (e.type === "hello") {
    statusLine.textContent = "connected";
    kiosk.stream = e.stream || null;
    if (started && kiosk.stream) declareExclusions(kiosk.stream);  // start() declares them after the first setStack
    // The old stream's handler went with it: an open dialog registers again on the new one.
    if (started && kiosk.dialog.open) registerDialogHandler();
    if (started) refreshStack();  // a reconnection: events may have been missed
    else start();
    return;
  }
  if (e.type === "exclusions") {
    kiosk.exclusion = { type: "reply", result: e.result };
    applyExclusions(e.result);
    return;
  }
  if (e.type === "back") { onBack(e); return; }
  if (e.type !== "navigation") return;
  const top = () => kiosk.stack[kiosk.stack.length - 1];
  switch (e.event) {
    case "backDispatched":
      // Who took the back swipe (docs/protocol.md, "Back handlers"). At the root nothing on the page takes it:
      // the service hands it to its configured actions (KEY_BACK to the browser, a command, or nothing).
      kiosk.lastTarget = e.target;
      if (e.target === "handoff") {
        kiosk.handoffs += 1;
        document.body.dataset.handoffs = String(kiosk.handoffs);
        showNotice("Back handed off: nothing to go back to on this page, so the system's back action runs", "handoff");
      }
      break;
    case "transitionBegan":
      if (e.kind === "interactivePop") {
        kiosk.phase = "tracking";
        kiosk.from = e.from;
        kiosk.to = e.to;
        kiosk.progress = 0;
        place(element(e.from), element(e.to), 0, 0);
      } else if (e.kind === "push" && e.to) {
        kiosk.phase = "animating";
        const below = top() ? element(top()) : null;
        kiosk.stack.push(e.to);
        place(element(e.to), below, 1, 0);
        requestAnimationFrame(() => requestAnimationFrame(() => place(element(e.to), below, 0, PUSH_MS)));
      } else if (e.kind === "pop" && e.from && e.to) {
        kiosk.phase = "animating";
        place(element(e.from), element(e.to), 1, PUSH_MS);
      } else {
        kiosk.phase = "animating";
      }
      break;
    case "transitionProgress":
      if (kiosk.phase === "tracking") {
        kiosk.progress = e.progress;
        place(element(kiosk.from), element(kiosk.to), e.progress, 0);
      }
      break;
    case "transitionSettling":
      kiosk.phase = "settling";
      kiosk.outcome = e.outcome;
      kiosk.settleMs = e.remainingMs;
      place(element(kiosk.from), element(kiosk.to), e.outcome === "complete" ? 1 : 0, e.remainingMs);
      break;
    case "transitionFinished":
      if (e.kind === "interactivePop" || e.kind === "pop" || e.kind === "popToRoot" || e.kind === "setScreens") {
        refreshStack();  // the backend's stack is the truth; pops and replacements are read back
      }
      if ((e.kind === "interactivePop" || e.kind === "pop" || e.kind === "popToRoot") && e.to) {
        const i = kiosk.stack.lastIndexOf(e.to);
        if (i >= 0) kiosk.stack.length = i + 1;
      }
      showSettled();
      break;
    case "transitionCancelled":
      showSettled();
      break;
    case "popRefused":
      showNotice(`Back refused (${e.reason}): ${REFUSALS[e.reason] || e.detail || ""}`, e.reason);
      break;
  }
  publishState();
}

// The dialog: an overlay over the page. While it is open it holds an overlay back handler (docs/protocol.md,
// "Back handlers"): the service gives it the next back swipe ahead of the stack, as its own stream. The card
// follows the finger (started, progressed); invoked closes it; cancelled puts it back.
const dialog = document.getElementById("dialog");
const dialogCard = dialog.querySelector(".card");

function showDialog() {
  dialog.hidden = !kiosk.dialog.open;
  const p = kiosk.dialog.progress;
  dialogCard.style.transform = `translate3d(${p * 40}%, 0, 0) scale(${1 - 0.1 * p})`;
  dialog.style.opacity = String(1 - 0.6 * p);
  document.body.dataset.dialog = kiosk.dialog.open ? "open" : "closed";
}

async function registerDialogHandler() {
  if (!kiosk.stream) return;
  const reply = await command({ command: "registerBackHandler", priority: "overlay", protocol: 2 }, kiosk.stream);
  if (reply.type === "reply") kiosk.dialog.handler = reply.result.handler;
}

async function openDialog() {
  kiosk.dialog = { open: true, handler: null, progress: 0, closedBy: null };
  showDialog();
  await registerDialogHandler();
}

async function closeDialog(by) {
  const handler = kiosk.dialog.handler;
  kiosk.dialog = { open: false, handler: null, progress: 0, closedBy: by };
  showDialog();
  if (handler !== null) await command({ command: "unregisterBackHandler", handler }, kiosk.stream);
}

function onBack(e) {
  if (e.role !== "target" || e.handler !== kiosk.dialog.handler) return;
  switch (e.event) {
    case "started":
    case "progressed":
      kiosk.dialog.progress = e.gesture.progress || 0;
      break;
    case "invoked":
      closeDialog("back");
      return;
    case "cancelled":
      kiosk.dialog.progress = 0;
      break;
  }
  showDialog();
}

dialog.querySelector("button").addEventListener("click", () => closeDialog("button"));

async function command(body, stream) {
  const response = await fetch("/commands" + (stream ? "?stream=" + encodeURIComponent(stream) : ""), {
    method: "POST",
    headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = await response.json();
  if (reply.type === "error") {
    kiosk.errors.push(reply);
    showNotice(`${body.command} refused: ${reply.message}`, reply.code);
  }
  return reply;
}

async function refreshStack() {
  const reply = await command({ command: "state" });
  if (reply.type !== "reply") return;
  kiosk.stack = reply.result.stack.map((s) => s.name);
  if (!reply.result.transitioning) showSettled();
}

let started = false;
async function start() {
  if (started) return;  // EventSource reconnects send a new hello: the stack is already set
  started = true;
  const wanted = (params.get("stack") || "").split(",").filter((n) => n);
  if (wanted.length) {
    await command({ command: "setStack",
                    screens: wanted.map((name) => ({ name, header: !!(SCREENS[name] && SCREENS[name].header) })) });
  }
  await refreshStack();
  if (kiosk.stream) await declareExclusions(kiosk.stream, wanted);  // the stack may still be animating in
  if (params.get("dialog") === "1") await openDialog();
  document.body.dataset.ready = "1";
}

if (!token) {
  statusLine.textContent = "no token: open this page as …/#token=TOKEN (see docs/kiosk.md)";
} else {
  const events = new EventSource("/events?events=transition,back&token=" + encodeURIComponent(token));
  events.onmessage = (m) => {
    const e = JSON.parse(m.data);
    onEvent(e);
    kiosk.history.push({ t: performance.now(), type: e.type, event: e.event || e.type, kind: e.kind || null,
                         handler: e.handler ?? null, role: e.role || null, gestureId: e.gestureId ?? null,
                         dialog: kiosk.dialog.open, dialogProgress: kiosk.dialog.progress,
                         outcome: e.outcome || null, remainingMs: e.remainingMs ?? null, phase: kiosk.phase,
                         progress: kiosk.progress, top: kiosk.stack[kiosk.stack.length - 1] || null,
                         revealed: document.body.dataset.revealed || null, reason: e.reason || null,
                         target: e.target || null, stackState: e.stack || null });
    if (kiosk.history.length > 2000) kiosk.history.splice(0, 1000);
  };
  events.onerror = () => { statusLine.textContent = "event stream interrupted; reconnecting…"; };
}
window.addEventListener("resize", () => { if (kiosk.phase === "idle") showSettled(); });
