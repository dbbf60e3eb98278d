// EdgeSwipe kiosk demo on edgeswipe.js (docs/kiosk.md): follows the navigation backend of `edgeswipe run --http`.
// The backend owns the stack; this page draws it from the transition events (transitionBegan, transitionProgress,
// transitionSettling, transitionFinished / transitionCancelled). The module keeps the connection, registers the
// open <dialog> as an overlay back handler and closes it on a committed back, and declares the slider marked
// data-edgeswipe-exclude in screen millimetres. At the root the back is the service's hand-off.
// URL fragment: #token=TOKEN (required) & stack=home,inbox,message (optional initial stack) & dialog=1.
import { connect } from "./edgeswipe.js";

const SCREENS = {
  home: { title: "Home", header: false, text: "A plain screen with a navigation bar.", next: "inbox" },
  inbox: { title: "Inbox", header: true, subtitle: "Flexible header instead of the bar",
           text: "Swipe from the left edge to go back.", next: "message" },
  message: { title: "Message", header: true, subtitle: "Another flexible header",
             text: "The screen below shows through while you swipe. The slider at the left edge keeps its touches: "
                 + "a swipe that starts on it does not go back.", next: null, slider: true },
};
const PUSH_MS = 350;      // the backend's standard transition (NavigationConfig.transitionDurationMs)
const PARALLAX = 0.3;     // the screen below starts a third of the way out, as on iOS

const params = new URLSearchParams(location.hash.slice(1));
const wanted = (params.get("stack") || "").split(",").filter((n) => n);
const spec = (name) => ({ name, header: !!(SCREENS[name] && SCREENS[name].header) });
const stage = document.getElementById("stage");
const notice = document.getElementById("notice");
const statusLine = document.getElementById("status");

// What the page shows. `history` is for tests and debugging: one entry per event handled.
const kiosk = window.kiosk = {
  stack: [], phase: "connecting", progress: 0, from: null, to: null, refused: null, history: [], errors: [],
  handoffs: 0, lastTarget: null, dialog: { open: false, progress: 0 }, exclusion: null, exclusions: [],
};
// The page follows the service's stack, so it is not the default back handler: at the root the service hands
// the back off to its configured actions.
const es = kiosk.es = connect({ events: ["transition"], defaultHandler: false,
                                stack: wanted.length ? wanted.map(spec) : undefined });

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
    slider.setAttribute("data-edgeswipe-exclude", "");  // declared while the message screen shows
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

function onEvent(e) {
  if (e.type !== "navigation") return;
  const top = () => kiosk.stack[kiosk.stack.length - 1];
  switch (e.event) {
    case "backDispatched":
      // Who took the back swipe (docs/protocol.md, "Back handlers"). At the root nothing on the page takes it:
      // the service hands it to its configured actions (KEY_BACK to the browser, a command, or nothing).
      kiosk.lastTarget = e.target;   // a hand-off is the module's `handoff` event, below
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

// The dialog: a modal <dialog>, which the module registers as an overlay back handler while it is open. The
// card follows the finger (progress), a committed back closes it (requestClose), a cancelled one puts it back.
const dialog = document.getElementById("dialog");
function showDialog(progress) {
  kiosk.dialog = { open: dialog.open, progress: dialog.open ? progress : 0 };
  dialog.style.transform = `translate3d(${progress * 40}%, 0, 0) scale(${1 - 0.1 * progress})`;
  dialog.style.opacity = String(1 - 0.6 * progress);
  document.body.dataset.dialog = dialog.open ? "open" : "closed";
}
es.on("frame", (d) => { if (d.target === "overlay") showDialog(d.progress); });
for (const name of ["started", "progress", "cancelled"]) {
  es.on(name, (d) => { if (d.target === "overlay") kiosk.dialog.progress = d.raw; });
}
function openDialog() { dialog.showModal(); showDialog(0); }
dialog.addEventListener("close", () => showDialog(0));
dialog.querySelector("button").addEventListener("click", () => dialog.close());

es.on("handoff", () => {
  kiosk.handoffs += 1;
  document.body.dataset.handoffs = String(kiosk.handoffs);
  showNotice("Back handed off: nothing to go back to on this page, so the system's back action runs", "handoff");
});
es.on("exclusions", (d) => { kiosk.exclusion = { type: "reply", result: d.result }; kiosk.exclusions.push(d.result); });
es.on("error", (d) => { kiosk.errors.push(d.reply); showNotice(`${d.command.command} refused: ${d.reply.message}`, d.reply.code); });
es.on("disconnected", () => { statusLine.textContent = "event stream interrupted; reconnecting…"; });
es.on("connected", async (d) => {
  // Millimetres to pixels on a full-screen kiosk (the slider is placed in mm): the screen spans the service's.
  if (d.screens[0]) stage.style.setProperty("--px-per-mm", String(screen.width / d.screens[0].widthMM));
  await refreshStack();   // a reconnection too: events may have been missed
  if (!d.reconnect && params.get("dialog") === "1") openDialog();
  document.body.dataset.ready = "1";
});
es.on("event", (d) => {
  const e = d.event;
  onEvent(e);
  kiosk.history.push({ t: performance.now(), type: e.type, event: e.event || e.type, kind: e.kind || null,
                       handler: e.handler ?? null, role: e.role || null, gestureId: e.gestureId ?? null,
                       dialog: dialog.open, dialogProgress: kiosk.dialog.progress,
                       outcome: e.outcome || null, remainingMs: e.remainingMs ?? null, phase: kiosk.phase,
                       progress: kiosk.progress, top: kiosk.stack[kiosk.stack.length - 1] || null,
                       revealed: document.body.dataset.revealed || null, reason: e.reason || null,
                       target: e.target || null, stackState: e.stack || null });
  if (kiosk.history.length > 2000) kiosk.history.splice(0, 1000);
});

const command = (body) => es.command(body);
async function refreshStack() {
  const reply = await command({ command: "state" });
  if (reply.type !== "reply") return;
  kiosk.stack = reply.result.stack.map((s) => s.name);
  es.keepStack(kiosk.stack.map(spec));   // what a restarted service gets back
  if (!reply.result.transitioning) showSettled();
}

if (!es.token) statusLine.textContent = "no token: open this page as …/#token=TOKEN (see docs/kiosk.md)";
window.addEventListener("resize", () => { if (kiosk.phase === "idle") showSettled(); });
