// edgeswipe.js: EdgeSwipe's browser kit (docs/kiosk.md, "The browser kit"). An ES module, no build step, no
// dependency: `import { connect } from "/edgeswipe.js"`. It follows the back gesture of `edgeswipe run --http`,
// registers the page and its open overlays as back handlers, declares the page's marked elements as exclusion
// rectangles in screen millimetres, and keeps a history-based page's back in step. Protocol: docs/protocol.md.

/** The control protocol version this module speaks (the hello's `protocol`; the service's ControlProtocol.version). */
export const PROTOCOL = 8;
/** The version the module's own commands need: back handlers came with 2 (3 added `reportOutput`, 4 the outputs'
 *  ownership and the `screens` event, 5 `reportFocus`, 6 the `nearMiss` class and 7 the `gnome-shell` focus source, which the module does not need), so its handler commands name 2 and a version-2
 *  service serves the module whole. */
export const BACK_HANDLERS_PROTOCOL = 2;

/** The spring that smooths progress once: Android's SpringForce STIFFNESS_MEDIUM (1500 s⁻²) with damping
 *  ratio 1 (critically damped, no overshoot), unit mass: damping = 2·√stiffness ≈ 77.5 s⁻¹. It lags a steady
 *  finger by 2/√stiffness ≈ 52 ms and never passes its target. */
export const SPRING = Object.freeze({ stiffness: 1500, damping: 2 * Math.sqrt(1500) });

/** Marks: an exclusion (value: a service screen name, or empty for every screen), an overlay. */
export const EXCLUDE_ATTRIBUTE = "data-edgeswipe-exclude";
export const OVERLAY_ATTRIBUTE = "data-edgeswipe-overlay";

const MAX_RECTS = 16;                          // the service's limit per client (docs/protocol.md)
/** Issue 37 (protocol 8): an element marked so is a content region, a back may begin from anywhere in it; its
 *  value, if any, names the region (else the kit numbers it). */
export const CONTENT_ATTRIBUTE = "data-edgeswipe-content";
/** A horizontal scroller: at its leading edge a back pan claims, away from it the pan is the scroller's. */
export const HSCROLL_ATTRIBUTE = "data-edgeswipe-hscroll";
/** An element that handles its own horizontal swipes: a pan on it is never a back. */
export const OWN_SWIPES_ATTRIBUTE = "data-edgeswipe-own-swipes";
const MAX_CONTENT_REGIONS = 16;                // the service's limit per client (docs/protocol.md)

/** The kit's answer to a contentQuery about a pan whose finger is over `target`, in a region read in
 *  `direction` ("ltr" or "rtl"): the nearest marked element decides. An own-swipes element yields ("ownSwipes");
 *  a horizontal scroller yields ("scroller") unless at its leading edge (scrollLeft 0: a left-to-right
 *  scroller's start; in a right-to-left one Chromium counts scrollLeft from 0 at the start to negative); then,
 *  or with neither, `page(target, direction)` may say no (false: yield "page"); else it claims. */
export function contentAnswer(target, direction, page = null) {
  for (let el = target; el; el = el.parentElement) {
    if (el.hasAttribute(OWN_SWIPES_ATTRIBUTE)) return { answer: "yield", reason: "ownSwipes" };
    if (el.hasAttribute(HSCROLL_ATTRIBUTE)) {
      const atLeadingEdge = direction === "rtl" ? el.scrollLeft >= 0 : el.scrollLeft <= 0;
      if (!atLeadingEdge) return { answer: "yield", reason: "scroller" };
      break;
    }
  }
  if (page && page(target, direction) === false) return { answer: "yield", reason: "page" };
  return { answer: "claim" };
}
const BACKOFF_MS = [100, 200, 400, 800, 1000];  // reconnection delays; the last repeats

/** One step of the critically damped spring (exact solution, so the frame rate does not change the curve).
 *  `state` {x, v}; returns the state `dt` seconds later, moving towards `target`. */
export function springStep(state, target, dt, spring = SPRING) {
  const w = Math.sqrt(spring.stiffness);
  const c1 = state.x - target;
  const c2 = state.v + w * c1;
  const e = Math.exp(-w * dt);
  return { x: target + (c1 + c2 * dt) * e, v: (c2 - w * (c1 + c2 * dt)) * e };
}

/** A CSS-pixel box of the viewport to screen millimetres. `view`: {screenX, screenY, screenWidth,
 *  screenHeight, devicePixelRatio} (the window's place on the screen and the screen's size, CSS pixels);
 *  `screen`: {widthMM, heightMM} as the service publishes it (after rotation, as the user sees it). Pixels are
 *  taken to device pixels (× devicePixelRatio) and the screen's device pixels span its millimetres. The box is
 *  clipped to the screen; null when nothing of it is on the screen. */
export function boxToMM(box, view, screen) {
  const dpr = view.devicePixelRatio || 1;
  const mmX = screen.widthMM / (view.screenWidth * dpr), mmY = screen.heightMM / (view.screenHeight * dpr);
  const left = Math.max(0, (view.screenX + box.left) * dpr * mmX);
  const top = Math.max(0, (view.screenY + box.top) * dpr * mmY);
  const right = Math.min(screen.widthMM, (view.screenX + box.left + box.width) * dpr * mmX);
  const bottom = Math.min(screen.heightMM, (view.screenY + box.top + box.height) * dpr * mmY);
  if (!(right - left > 0 && bottom - top > 0)) return null;
  const r = (v) => Math.round(v * 100) / 100;
  return { x: r(left), y: r(top), width: r(right - left), height: r(bottom - top) };
}

/** Where the window is: the page's viewport on the screen. In a kiosk (full screen, no browser chrome) the
 *  viewport starts at the window's screenX/screenY; `offset` adds the chrome's height where there is some. */
function currentView(offset) {
  return { screenX: window.screenX + offset.x, screenY: window.screenY + offset.y, screenWidth: screen.width,
           screenHeight: screen.height, devicePixelRatio: window.devicePixelRatio || 1 };
}

/** The token from the URL fragment: `#token=T` (with other `&`-separated fields). */
export function tokenFromFragment(hash = location.hash) {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") || "";
}

/** What the version check says: null when module and service speak the same protocol, else a sentence. */
export function versionMismatch(serviceProtocol) {
  if (serviceProtocol === PROTOCOL) return null;
  if (typeof serviceProtocol !== "number") return "the service's hello names no protocol version";
  if (serviceProtocol < BACK_HANDLERS_PROTOCOL) {
    return `edgeswipe.js speaks protocol ${PROTOCOL}, the service ${serviceProtocol}: back handlers need ` +
           `${BACK_HANDLERS_PROTOCOL}; upgrade the service (or load the edgeswipe.js it serves)`;
  }
  if (serviceProtocol < PROTOCOL) {
    return `edgeswipe.js speaks protocol ${PROTOCOL}, the service ${serviceProtocol}: it serves all the module ` +
           `uses (back handlers, protocol ${BACK_HANDLERS_PROTOCOL}); load the edgeswipe.js it serves to match it`;
  }
  return `edgeswipe.js speaks protocol ${PROTOCOL}, the service ${serviceProtocol}: it still serves ` +
         `${PROTOCOL}, but load the edgeswipe.js it serves to get its additions`;
}

/** Connects to the service: see EdgeSwipe. */
export function connect(options = {}) {
  const kit = new EdgeSwipe(options);
  kit.start();
  return kit;
}

/**
 * Events (`kit.addEventListener(name, e => e.detail)`, or `kit.on(name, fn)`):
 * connected {stream, screens, protocol, reconnect}, disconnected {}, version {module, service, message},
 * started / progress / armed / disarmed / committed / cancelled {target: "page"|"overlay", element, progress,
 * raw, gesture}, frame {progress, raw, velocity} (each animation frame while the spring moves), handoff
 * {source: "page"|"service"}, exclusions {result}, error {command, reply}, event {event} (every service event).
 */
export class EdgeSwipe extends EventTarget {
  constructor(options = {}) {
    super();
    this.base = options.base || "";
    this.token = options.token || tokenFromFragment();
    this.classes = Array.from(new Set(["back", ...(options.events || [])]));
    this.history = !!options.history;
    this.defaultHandler = options.defaultHandler ?? true;
    this.contentCallback = options.contentAnswer || null;   // (element, direction) => false to yield a pan
    this.contentIds = new WeakMap();  // marked content element -> its region id
    this.contentNext = 1;
    this.sentContent = new Map();     // region id -> JSON of what was declared on this stream
    this.viewportOffset = options.viewportOffset || { x: 0, y: 0 };
    this.spring = options.spring || SPRING;
    this.declaredStack = options.stack || null;   // re-declared on every connection
    this.stream = null;
    this.screens = [];
    this.version = { module: PROTOCOL, service: null, message: null };
    this.handlers = new Map();    // owner ("page" or an element) -> {stream, id|null}
    this.overlays = [];           // open overlay elements, oldest first
    this.watchers = new Map();    // marked overlay -> CloseWatcher
    this.exclusions = null;       // the service's last result for this page's rectangles
    this.sentRects = null;        // JSON of what was last sent on this stream
    this.back = null;             // the gesture this page is the target of: {owner, x, v, raw}
    this.connections = 0;
    this.attempt = 0;
    this.frameQueued = false;
    this.springFrame = 0;
    this.exclusionsBusy = false;
    this.observed = new WeakSet();  // marked elements under the ResizeObserver (observing again would re-fire)
    this.closed = false;
  }

  on(name, fn) {
    const listener = (e) => fn(e.detail);
    this.addEventListener(name, listener);
    return () => this.removeEventListener(name, listener);
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail }));
  }

  start() {
    if (this.history) this.startHistory();
    const schedule = () => this.scheduleScan();
    this.resizeObserver = new ResizeObserver(schedule);
    this.mutationObserver = new MutationObserver(schedule);
    this.mutationObserver.observe(document.documentElement, { subtree: true, childList: true, attributes: true,
      attributeFilter: [EXCLUDE_ATTRIBUTE, OVERLAY_ATTRIBUTE, CONTENT_ATTRIBUTE, "open", "hidden", "style", "class", "dir"] });
    window.addEventListener("resize", schedule);
    window.addEventListener("scroll", schedule, { capture: true, passive: true });
    this.open();
  }

  close() {
    this.closed = true;
    this.source?.close();
    clearTimeout(this.retryTimer);
    clearTimeout(this.handlerTimer);
    this.resizeObserver?.disconnect();
    this.mutationObserver?.disconnect();
  }

  // MARK: Connection

  open() {
    if (this.closed) return;
    const url = `${this.base}/events?events=${this.classes.join(",")}&token=${encodeURIComponent(this.token)}`;
    const source = this.source = new EventSource(url);
    let sawHello = false;
    source.onmessage = (m) => {
      if (source !== this.source) return;
      sawHello = true;
      this.message(m.data);
    };
    source.onerror = () => {
      if (source !== this.source) return;
      // The service went (restart, stop): our own backoff, not EventSource's `retry`, so the page is back
      // within about a second of the service. Everything of the old stream went with it.
      source.close();
      this.source = null;
      this.stream = null;
      this.handlers.clear();
      const b = this.back;
      if (b && !b.ended) {
        this.end("cancelled", { target: b.owner === "page" ? "page" : "overlay", element: b.owner === "page" ? null : b.owner,
                                progress: b.x, raw: b.raw, gesture: null, reason: "disconnected" });
      }
      this.emit("disconnected", {});
      // A stream that never said hello may have been refused: an EventSource does not tell why, so the same
      // request is asked once more to read its status; 401 is a wrong token, which no retry mends.
      if (!sawHello) this.checkRefusal(url);
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.open(), delay);
    };
  }

  /** Asks `url` once for its status after a stream failed before its hello: on 401 the page gets `unauthorized`
   *  (and one console warning), since a wrong token otherwise shows only as endless `disconnected`. */
  async checkRefusal(url) {
    const abort = new AbortController();
    try {
      const reply = await fetch(url, { signal: abort.signal, cache: "no-store" });
      if (reply.status === 401) {
        if (!this.refusedOnce) console.warn("edgeswipe.js: the service refuses this page's token (HTTP 401); check #token= or the token option");
        this.refusedOnce = true;
        this.emit("unauthorized", { status: 401 });
      }
    } catch {
      // The service is not there at all: `disconnected` said it.
    } finally {
      abort.abort();   // a stream that did open is not read: the EventSource retry opens its own
    }
  }

  /** One data line of the stream. A line that is not a JSON object (a proxy's error page, `null`), or an event
   *  without the fields its type needs, is dropped: said once per stream, with a count, never thrown. */
  message(data) {
    let e = null;
    try { e = JSON.parse(data); } catch { e = null; }
    const usable = e !== null && typeof e === "object" && !Array.isArray(e) && typeof e.type === "string"
      && (e.type !== "exclusions" || (e.result !== null && typeof e.result === "object"));
    if (!usable) {
      this.dropped = (this.dropped || 0) + 1;
      if (this.dropped === 1) console.warn(`edgeswipe.js: dropped a line of the event stream that is not a usable event: ${String(data).slice(0, 80)}`);
      return;
    }
    this.receive(e);
  }

  receive(e) {
    if (e.type === "hello") this.hello(e);
    else if (e.type === "back") this.backEvent(e);
    else if (e.type === "contentQuery") this.answerContentQuery(e);
    else if (e.type === "exclusions") {
      this.exclusions = e.result;
      this.emit("exclusions", { result: e.result, cause: e.cause });
      if (JSON.stringify(e.result.capScreens) !== JSON.stringify(this.capScreens)) this.refreshScreens();
    } else if (e.type === "navigation" && e.event === "backDispatched" && e.target === "handoff") {
      this.emit("handoff", { source: "service", event: e });
    }
    this.emit("event", { event: e });   // after the module's own events, so a listener sees their effect
  }

  /** Every hello is a new stream: what the page had registered went with the old one, so all of it is
   *  declared again here, once per stream. */
  async hello(e) {
    this.attempt = 0;
    this.dropped = 0;     // unusable lines of this stream (message)
    this.stream = e.stream;
    this.screens = e.screens || [];
    this.handlers.clear();
    this.sentRects = null;
    this.sentContent = new Map();
    this.version = { module: PROTOCOL, service: e.protocol, message: versionMismatch(e.protocol) };
    if (this.version.message) {
      console.warn("edgeswipe.js: " + this.version.message);
      this.emit("version", this.version);
    }
    const reconnect = this.connections > 0;
    this.connections += 1;
    const stream = e.stream;
    if (this.declaredStack) await this.command({ command: "setStack", screens: this.declaredStack });
    if (stream !== this.stream) return;
    this.syncHandlers();
    this.scheduleScan();
    this.emit("connected", { stream, screens: this.screens, protocol: e.protocol, reconnect });
  }

  async refreshScreens() {
    const reply = await this.command({ command: "state" });
    if (reply.type === "reply" && reply.result.screens) this.screens = reply.result.screens;
    this.capScreens = this.exclusions?.capScreens;
    this.sentRects = null;
    this.scheduleScan();
  }

  /** One command; `stream`: for this page's event stream (handlers, exclusions). Resolves to the reply or
   *  error object; an error is also an `error` event. */
  async command(body, stream = null) {
    const query = stream ? "?stream=" + encodeURIComponent(stream) : "";
    let reply;
    try {
      const response = await fetch(this.base + "/commands" + query, {
        method: "POST", body: JSON.stringify(body),
        headers: { "Authorization": "Bearer " + this.token, "Content-Type": "application/json" },
      });
      reply = await response.json();
    } catch (error) {
      reply = { type: "error", code: "unreachable", message: String(error) };
    }
    if (reply.type === "error") this.emit("error", { command: body, reply });
    return reply;
  }

  /** Replaces the service's stack, and re-declares it after a reconnection. */
  setStack(screens) {
    this.declaredStack = screens;
    return this.command({ command: "setStack", screens });
  }

  /** The stack to declare on the next connection, without sending it (a page that follows the service's
   *  stack keeps what it last read, so a restarted service gets it back). */
  keepStack(screens) {
    this.declaredStack = screens;
  }

  // MARK: Handlers

  /** The wanted handlers (the page's default one, an overlay per open overlay element) registered on this
   *  stream, each once; those no longer wanted unregistered. */
  syncHandlers() {
    const stream = this.stream;
    if (!stream || !(this.version.service >= BACK_HANDLERS_PROTOCOL)) return;
    const wanted = new Map(this.overlays.map((el) => [el, "overlay"]));
    if (this.defaultHandler) wanted.set("page", "default");
    for (const [owner, entry] of this.handlers) {
      if (wanted.has(owner) || entry.stream !== stream) continue;
      this.handlers.delete(owner);
      if (entry.id !== null) this.command({ command: "unregisterBackHandler", handler: entry.id }, stream);
      else entry.cancelled = true;   // registered when its reply comes, then unregistered at once
    }
    for (const [owner, priority] of wanted) {
      if (this.handlers.has(owner)) continue;
      const entry = { stream, id: null, cancelled: false };
      this.handlers.set(owner, entry);
      this.command({ command: "registerBackHandler", priority, protocol: BACK_HANDLERS_PROTOCOL }, stream).then((reply) => {
        if (reply.type !== "reply") {
          if (this.handlers.get(owner) === entry) this.handlers.delete(owner);
          if (reply.code === "refused" && entry.stream === this.stream) this.retryHandlers(reply);
          return;
        }
        this.handlerDelay = 0;
        entry.id = reply.result.handler;
        if (entry.cancelled && entry.stream === this.stream) {
          this.command({ command: "unregisterBackHandler", handler: entry.id }, entry.stream);
        }
      });
    }
  }

  /** A refused registration (the stream's room of back handlers full): said, and the wanted handlers asked for
   *  again after 1 s, doubling to 30 s; a registration starts the delays over. */
  retryHandlers(reply) {
    if (this.handlerTimer || this.closed) return;
    const delay = this.handlerDelay = Math.min((this.handlerDelay || 500) * 2, 30000);
    console.warn(`edgeswipe: the service refused a back handler (${reply.message}); asking again in ${delay / 1000} s`);
    this.handlerTimer = setTimeout(() => { this.handlerTimer = 0; this.syncHandlers(); }, delay);
  }

  /** The handlers this page holds on its current stream: [{owner, priority, id}]. */
  registeredHandlers() {
    return Array.from(this.handlers, ([owner, e]) => ({ owner, id: e.id, stream: e.stream }))
      .filter((h) => h.stream === this.stream);
  }

  ownerOf(handlerId) {
    for (const [owner, entry] of this.handlers) if (entry.id === handlerId) return owner;
    return null;
  }

  backEvent(e) {
    if (e.role !== "target") return;
    const owner = this.ownerOf(e.handler);
    if (owner === null) return;
    const raw = e.gesture && typeof e.gesture.progress === "number" ? e.gesture.progress : 0;
    const target = owner === "page" ? "page" : "overlay";
    const detail = () => ({ target, element: owner === "page" ? null : owner, progress: this.back.x, raw,
                            gesture: e.gesture, gestureId: e.gestureId });
    switch (e.event) {
      case "started":
        this.back = { owner, x: raw, v: 0, raw, goal: raw, gestureId: e.gestureId ?? null };
        this.emit("started", detail());
        break;
      case "progressed":
        if (!this.back) return;
        this.back.raw = this.back.goal = raw;
        this.animate();
        this.emit("progress", detail());
        break;
      case "armed":
      case "disarmed":
        if (this.back) this.emit(e.event, detail());
        break;
      case "invoked":
        if (!this.back) return;
        this.end("committed", detail());
        this.commit(owner);
        break;
      case "cancelled":
        if (!this.back) return;
        this.end("cancelled", Object.assign(detail(), { reason: e.reason }));
        break;
    }
  }

  /** The gesture ended: the spring goes to 1 (committed) or back to 0. */
  end(name, detail) {
    this.back.ended = true;
    this.back.goal = name === "committed" ? 1 : 0;
    this.animate();
    this.emit(name, detail);
  }

  /** A committed back: an overlay closes (its CloseWatcher or the dialog's requestClose, where the browser has
   *  them), the page goes back one history entry, or, at its root, gets the hand-off. */
  commit(owner) {
    if (owner === "page") {
      if (!this.history) return;
      if (this.historyIndex() > 0) history.back();
      else this.emit("handoff", { source: "page" });
      return;
    }
    if (owner instanceof HTMLDialogElement) {
      if (typeof owner.requestClose === "function") owner.requestClose(); else owner.close();
    } else {
      const watcher = this.watchers.get(owner);
      if (watcher) watcher.requestClose(); else this.closeMarked(owner);
    }
  }

  closeMarked(element) {
    if (element.dispatchEvent(new Event("close", { cancelable: true }))) element.hidden = true;
  }

  /** Smooths progress with the spring, one step per animation frame, until it rests on its target. */
  animate() {
    if (this.springFrame) return;
    let last = performance.now();
    const frame = (now) => {
      this.springFrame = 0;
      const b = this.back;
      if (!b) return;
      // requestAnimationFrame's time is the frame's start, which may precede performance.now() taken above:
      // never a negative step (the view would step back while the finger moves on).
      const next = springStep(b, b.goal, Math.min(0.05, Math.max(0, now - last) / 1000), this.spring);
      last = Math.max(last, now);
      b.x = next.x;
      b.v = next.v;
      this.emit("frame", { target: b.owner === "page" ? "page" : "overlay", progress: b.x, raw: b.raw,
                           velocity: b.v, goal: b.goal, gestureId: b.gestureId ?? null });
      if (Math.abs(b.x - b.goal) > 1e-4 || Math.abs(b.v) > 1e-3) this.springFrame = requestAnimationFrame(frame);
    };
    this.springFrame = requestAnimationFrame(frame);
  }

  // MARK: History

  /** The page's history states must be objects or null: the module adds its field to them. */
  startHistory() {
    document.documentElement.style.overscrollBehaviorX = "none";
    // Each entry of this page carries its place (0 = the page's first), so the root is known whatever came
    // before it in the tab, and nothing navigates away from the page.
    if (typeof (history.state || {}).edgeswipeIndex !== "number") {
      history.replaceState(Object.assign({}, history.state, { edgeswipeIndex: 0 }), "");
    }
    const push = history.pushState.bind(history);
    history.pushState = (state, title, url) => {
      const index = this.historyIndex() + 1;
      push(Object.assign({}, state, { edgeswipeIndex: index }), title, url);
    };
    const replace = history.replaceState.bind(history);
    history.replaceState = (state, title, url) => {
      replace(Object.assign({}, state, { edgeswipeIndex: this.historyIndex() }), title, url);
    };
  }

  historyIndex() {
    const i = (history.state || {}).edgeswipeIndex;
    return typeof i === "number" ? i : 0;
  }

  // MARK: Overlays and exclusions

  /** At most once per animation frame: the open overlays and the marked rectangles, declared when changed. */
  scheduleScan() {
    if (this.frameQueued) return;
    this.frameQueued = true;
    requestAnimationFrame(() => {
      this.frameQueued = false;
      this.scanOverlays();
      this.declareExclusions();
      this.declareContentRegions();
    });
  }

  scanOverlays() {
    const open = Array.from(document.querySelectorAll(`dialog[open], [${OVERLAY_ATTRIBUTE}]`)).filter((el) =>
      el instanceof HTMLDialogElement ? el.matches(":modal") : !el.hidden && el.getClientRects().length > 0);
    const before = this.overlays;
    this.overlays = before.filter((el) => open.includes(el)).concat(open.filter((el) => !before.includes(el)));
    for (const el of before) {
      if (!this.overlays.includes(el)) { this.watchers.get(el)?.destroy(); this.watchers.delete(el); }
    }
    for (const el of this.overlays) {
      if (el instanceof HTMLDialogElement || this.watchers.has(el) || typeof CloseWatcher !== "function") continue;
      const watcher = new CloseWatcher();
      watcher.onclose = () => { this.watchers.delete(el); this.closeMarked(el); };
      this.watchers.set(el, watcher);
    }
    if (before.length !== this.overlays.length || before.some((el, i) => el !== this.overlays[i])) this.syncHandlers();
  }

  /** The marked elements' boxes in screen millimetres, as the service takes them. */
  rectangles() {
    const marked = document.querySelectorAll(`[${EXCLUDE_ATTRIBUTE}]`);
    const screen = this.screens[0];
    if (!screen) {
      // No touch device known yet (one plugged in later): ask again in a second while something is marked.
      if (marked.length && !this.screenTimer) {
        this.screenTimer = setTimeout(() => { this.screenTimer = 0; this.refreshScreens(); }, 1000);
      }
      return [];
    }
    const view = currentView(this.viewportOffset);
    const rects = [];
    for (const el of marked) {
      if (!this.observed.has(el)) { this.observed.add(el); this.resizeObserver.observe(el); }
      const mm = el.getClientRects().length ? boxToMM(el.getBoundingClientRect(), view, screen) : null;
      if (!mm) continue;
      const name = el.getAttribute(EXCLUDE_ATTRIBUTE);
      if (name) mm.screen = name;
      rects.push(mm);
    }
    if (rects.length > MAX_RECTS) console.warn(`edgeswipe.js: ${rects.length} marked elements, the first ${MAX_RECTS} declared`);
    return rects.slice(0, MAX_RECTS);
  }

  /** One setExclusions in flight at a time; what changed meanwhile goes in the next. */
  async declareExclusions() {
    if (!this.stream || this.exclusionsBusy) return;
    const rects = this.rectangles();
    const json = JSON.stringify(rects);
    if (json === this.sentRects) return;
    const stream = this.stream;
    this.exclusionsBusy = true;
    this.sentRects = json;
    const reply = await this.command({ command: "setExclusions", rects }, stream);
    this.exclusionsBusy = false;
    if (stream !== this.stream) return;
    if (reply.type === "reply") {
      this.exclusions = reply.result;
      this.capScreens = reply.result.capScreens;
      this.emit("exclusions", { result: reply.result, cause: "declared" });
    }   // an error (an `error` event) is not retried until the rectangles change or the stream does
    this.scheduleScan();
  }

  // MARK: Content regions (issue 37, protocol 8)

  /** The marked content elements as regions on this stream: new or moved ones declared, gone ones withdrawn. */
  async declareContentRegions() {
    const screen = this.screens[0];
    if (!this.stream || !screen || this.contentBusy) return;
    const stream = this.stream;
    const view = currentView(this.viewportOffset);
    const wanted = new Map();
    for (const el of document.querySelectorAll(`[${CONTENT_ATTRIBUTE}]`)) {
      if (wanted.size >= MAX_CONTENT_REGIONS) { console.warn(`edgeswipe.js: more than ${MAX_CONTENT_REGIONS} content regions, the first declared`); break; }
      const rect = el.getClientRects().length ? boxToMM(el.getBoundingClientRect(), view, screen) : null;
      if (!rect) continue;
      if (!this.contentIds.has(el)) this.contentIds.set(el, el.getAttribute(CONTENT_ATTRIBUTE) || "content-" + this.contentNext++);
      const direction = getComputedStyle(el).direction === "rtl" ? "rtl" : "ltr";
      wanted.set(this.contentIds.get(el), { command: "declareContentRegion", protocol: 8, region: this.contentIds.get(el), rect, direction });
    }
    this.contentBusy = true;
    for (const id of Array.from(this.sentContent.keys())) {
      if (wanted.has(id)) continue;
      this.sentContent.delete(id);
      await this.command({ command: "withdrawContentRegion", protocol: 8, region: id }, stream);
    }
    for (const [id, body] of wanted) {
      const json = JSON.stringify(body);
      if (this.sentContent.get(id) === json) continue;
      this.sentContent.set(id, json);
      const reply = await this.command(body, stream);
      if (reply.type === "reply") this.emit("contentRegion", { region: id, result: reply.result });
    }
    this.contentBusy = false;
  }

  /** The service asks about a pan in one of this page's regions: the element under the finger decides
   *  (contentAnswer), answered at once on this stream. */
  answerContentQuery(q) {
    const screen = this.screens[0];
    let target = null;
    if (screen && q.positionMM) {
      // boxToMM's inverse: device pixels cancel, (screenX + px) / screenWidth of the screen's millimetres.
      const view = currentView(this.viewportOffset);
      const x = q.positionMM.x / screen.widthMM * view.screenWidth - view.screenX;
      const y = q.positionMM.y / screen.heightMM * view.screenHeight - view.screenY;
      target = document.elementFromPoint(x, y);
    }
    const decided = target ? contentAnswer(target, q.direction, this.contentCallback) : { answer: "yield", reason: "page" };
    this.emit("contentQuery", { query: q, ...decided });
    return this.command({ command: "contentAnswer", protocol: 8, seq: q.seq, ...decided }, this.stream);
  }
}
