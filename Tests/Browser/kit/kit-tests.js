// edgeswipe.js's own tests, in the browser it runs in. Expected values are worked out by hand beside each check
// (the spring's closed form, the pixel arithmetic), not taken from the module. Results: window.kitTests.
import { PROTOCOL, BACK_HANDLERS_PROTOCOL, SPRING, springStep, boxToMM, versionMismatch, tokenFromFragment, EdgeSwipe, contentAnswer } from "./edgeswipe.js";
import { checkServiceLines } from "./service-lines-check.js";

const results = [];
const kitTests = window.kitTests = { done: false, results };
const near = (a, b, eps) => Math.abs(a - b) <= eps;
function check(name, ok, detail = "") { results.push({ name, ok: !!ok, detail: String(detail) }); }
const frames = (n) => new Promise((resolve) => {
  const step = () => (n-- <= 0 ? resolve() : requestAnimationFrame(step));
  requestAnimationFrame(step);
});
async function until(what, ms = 3000) {
  const end = performance.now() + ms;
  while (!what()) {
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

// The spring: critically damped, step response x(t) = 1 − (1 + ωt)·e^(−ωt), ω = √1500 ≈ 38.73 s⁻¹.
{
  const w = Math.sqrt(1500);
  check("SPRING is stiffness 1500, damping 2·√1500", SPRING.stiffness === 1500 && near(SPRING.damping, 77.46, 0.01), JSON.stringify(SPRING));
  const s = springStep({ x: 0, v: 0 }, 1, 1 / w);
  check("spring: at t = 1/ω the step response is 1 − 2/e = 0.2642", near(s.x, 0.26424, 1e-4), s.x);
  let a = { x: 0, v: 0 };
  for (let i = 0; i < 10; i += 1) a = springStep(a, 1, 0.0016);
  const b = springStep({ x: 0, v: 0 }, 1, 0.016);
  check("spring: ten 1.6 ms steps = one 16 ms step (frame rate does not change the curve)", near(a.x, b.x, 1e-9) && near(a.v, b.v, 1e-7), `${a.x} ${b.x}`);
  let c = { x: 0, v: 0 }, max = 0;
  for (let i = 0; i < 200; i += 1) { c = springStep(c, 1, 0.008); max = Math.max(max, c.x); }
  check("spring: never passes its target, rests on it within 1.6 s", max <= 1 && near(c.x, 1, 1e-4), `${max} ${c.x}`);
  const lag = springStep({ x: 0, v: 1 }, 1, 0);   // dt 0: unchanged
  check("spring: dt 0 changes nothing", lag.x === 0 && lag.v === 1, JSON.stringify(lag));
}

// Pixels to millimetres: the Pixel Tablet's 145.45 × 232.73 mm (1600/11 × 2560/11) as an 800 × 1280 CSS px
// screen, so 0.18182 mm per pixel on both axes; the window 200 px down the screen.
{
  const mmScreen = { widthMM: 1600 / 11, heightMM: 2560 / 11 };
  const view = { screenX: 0, screenY: 200, screenWidth: 800, screenHeight: 1280, devicePixelRatio: 1 };
  const r = boxToMM({ left: 0, top: 300, width: 40, height: 120 }, view, mmScreen);
  // y: (200 + 300) px × 0.181818 = 90.91 mm; width 40 × 0.1818 = 7.27; height 120 × 0.1818 = 21.82.
  check("boxToMM: a 40 × 120 px box at (0, 300) in a window 200 px down", r && r.x === 0 && r.y === 90.91 && r.width === 7.27 && r.height === 21.82, JSON.stringify(r));
  const r2 = boxToMM({ left: 0, top: 300, width: 40, height: 120 }, Object.assign({}, view, { devicePixelRatio: 2 }), mmScreen);
  check("boxToMM: devicePixelRatio 2 gives the same millimetres (device pixels and the screen's both double)", JSON.stringify(r2) === JSON.stringify(r), JSON.stringify(r2));
  const r3 = boxToMM({ left: 10, top: 0, width: 40, height: 10 }, Object.assign({}, view, { screenX: 100 }), mmScreen);
  check("boxToMM: the window's screenX moves it (110 px = 20 mm)", r3 && r3.x === 20 && r3.width === 7.27, JSON.stringify(r3));
  const r4 = boxToMM({ left: -20, top: 0, width: 40, height: 10 }, view, mmScreen);
  check("boxToMM: a box partly left of the screen is clipped at 0 (20 px kept = 3.64 mm)", r4 && r4.x === 0 && r4.width === 3.64, JSON.stringify(r4));
  check("boxToMM: a box off the screen is nothing", boxToMM({ left: -50, top: 0, width: 40, height: 10 }, view, mmScreen) === null);
  check("boxToMM: an empty box is nothing", boxToMM({ left: 0, top: 0, width: 0, height: 10 }, view, mmScreen) === null);
}

// Versions and the token.
// The module's protocol is pinned to the service's by "the service speaks this module's protocol" below (the
// service that serves this page); these checks read PROTOCOL so a new protocol version does not need them edited.
check(`PROTOCOL is a version past back handlers' 2 (got ${PROTOCOL})`, Number.isInteger(PROTOCOL) && PROTOCOL > 2 && BACK_HANDLERS_PROTOCOL === 2);
check("versionMismatch: the same version is no message", versionMismatch(PROTOCOL) === null, versionMismatch(PROTOCOL));
check("versionMismatch: a service without back handlers is told to upgrade", new RegExp(`protocol ${PROTOCOL}, the service 1: back handlers need 2; upgrade the service`).test(versionMismatch(1)), versionMismatch(1));
check("versionMismatch: a version-2 service serves all the module uses", new RegExp(`protocol ${PROTOCOL}, the service 2: it serves all the module uses`).test(versionMismatch(2)) && !/upgrade/.test(versionMismatch(2)), versionMismatch(2));
check(`versionMismatch: a newer service still serves ${PROTOCOL}`, new RegExp(`the service ${PROTOCOL + 1}: it still serves ${PROTOCOL}`).test(versionMismatch(PROTOCOL + 1)), versionMismatch(PROTOCOL + 1));
check("versionMismatch: no version named", /names no protocol/.test(versionMismatch(undefined)));
check("tokenFromFragment: #token=abc&stack=x", tokenFromFragment("#token=abc&stack=x") === "abc");
check("tokenFromFragment: no token", tokenFromFragment("#stack=x") === "");

// Issue 34: the lines the service's encoders write (service-lines.json, made by EdgeSwipeControlTests), read by the kit.
try {
  const lines = await (await fetch("service-lines.json", { cache: "no-store" })).json();
  checkServiceLines(lines, { EdgeSwipe, boxToMM, versionMismatch, PROTOCOL }, check);
} catch (x) {
  check("service lines: service-lines.json is served and read", false, x);
}

// Against the service that serves this page: connection, screens, handlers once, overlays, exclusions.
const kit = new EdgeSwipe({});
const sent = [];
const command = kit.command.bind(kit);
kit.command = (body, stream) => { sent.push(body); return command(body, stream); };
kit.start();
check("connects and hears the hello", await until(() => kit.stream !== null), kit.stream);
check("the service speaks this module's protocol", kit.version.service === PROTOCOL && kit.version.message === null, JSON.stringify(kit.version));
const s0 = kit.screens[0] || {};
// The recording's device: axes 0-1599 and 0-2559 at 11 units per mm.
check("the hello publishes the touchscreen: 1599/11 × 2559/11 = 145.36 × 232.64 mm, rotation 0", near(s0.widthMM, 145.364, 0.01) && near(s0.heightMM, 232.636, 0.01) && s0.rotation === 0 && "output" in s0, JSON.stringify(kit.screens));
await until(() => kit.registeredHandlers().some((h) => h.owner === "page" && h.id !== null));
kit.syncHandlers(); kit.syncHandlers();
await frames(2);
const registers = () => sent.filter((b) => b.command === "registerBackHandler");
check("the page's default handler is registered once, however often handlers are synced", registers().length === 1 && registers()[0].priority === "default", JSON.stringify(registers()));
check("handler commands name protocol 2, which a version-2 service serves too", registers().every((b) => b.protocol === 2), JSON.stringify(registers()));

const dialog = document.createElement("dialog");
document.body.append(dialog);
dialog.showModal();
check("an open modal dialog becomes an overlay handler", await until(() => kit.registeredHandlers().some((h) => h.owner === dialog && h.id !== null)), JSON.stringify(registers()));
check("... registered once", registers().filter((b) => b.priority === "overlay").length === 1);
dialog.close();
check("a closed dialog's handler is unregistered", await until(() => sent.some((b) => b.command === "unregisterBackHandler")) && !kit.registeredHandlers().some((h) => h.owner === dialog));
const plain = document.createElement("dialog");
document.body.append(plain);
plain.show();   // not modal: not an overlay
await frames(3);
check("a non-modal dialog is not an overlay", !kit.overlays.includes(plain));
plain.remove();

const marked = document.createElement("div");
marked.setAttribute("data-edgeswipe-exclude", "");
Object.assign(marked.style, { position: "fixed", left: "0px", top: "100px", width: "20px", height: "50px" });
document.body.append(marked);
const declared = () => kit.exclusions && kit.exclusions.rects;
const mmX = s0.widthMM / screen.width, mmY = s0.heightMM / screen.height;
const expectRect = (top, h) => ({ x: 0, y: (screenY + top) * mmY, width: 20 * mmX, height: h * mmY });
const sameRect = (got, want) => got && near(got.x, want.x, 0.01) && near(got.y, want.y, 0.01) && near(got.width, want.width, 0.01) && near(got.height, want.height, 0.01);
check("a marked element is declared in mm", await until(() => declared() && sameRect(declared()[0], expectRect(100, 50))), JSON.stringify(declared()));
const before = sent.filter((b) => b.command === "setExclusions").length;
for (let i = 0; i < 5; i += 1) marked.style.top = `${110 + i}px`;   // five changes in one frame
await frames(4);
const after = sent.filter((b) => b.command === "setExclusions").length;
check("changes within one frame are declared once", after - before === 1 && sameRect(declared()[0], expectRect(114, 50)), `${after - before} ${JSON.stringify(declared())}`);
marked.style.height = "80px";
check("a resized element is declared again", await until(() => sameRect(declared()[0], expectRect(114, 80))), JSON.stringify(declared()));
marked.remove();
check("a removed element's rectangle goes", await until(() => declared() && declared().length === 0), JSON.stringify(declared()));

// Issue 33: data lines that are not usable events are dropped, never thrown (before: a non-JSON line, `null` and an
// `exclusions` event without `result` threw out of onmessage), and said once per stream with a count.
{
  const warned = [], warn = console.warn;
  console.warn = (m) => warned.push(m);
  const thrown = [];
  for (const data of ["not json", "null", '{"type":"exclusions"}', "[1]", '"text"']) {
    try { kit.source.onmessage({ data }); } catch (x) { thrown.push(`${data}: ${x}`); }
  }
  console.warn = warn;
  check("lines that are not usable events are dropped, not thrown", thrown.length === 0, thrown.join("; "));
  check("... said once per stream, with the 5 counted", warned.length === 1 && kit.dropped === 5, `${warned.length} ${kit.dropped}`);
  check("... and the stream goes on", kit.source !== null && kit.stream !== null);
}

// Issue 33: requestAnimationFrame's time may precede the performance.now() the spring starts from; its first step
// is then 0, never negative, so the view never steps back while the finger moves on. The frames are driven by hand:
// the first 4 ms before the start, then one 16 ms after the other.
{
  const raf = window.requestAnimationFrame;
  const queued = [];
  window.requestAnimationFrame = (f) => { queued.push(f); return queued.length; };
  const k2 = new EdgeSwipe({});
  const progress = [];
  k2.on("frame", (d) => progress.push(d.progress));
  k2.back = { owner: "page", x: 0.2, v: 0, raw: 0.5, goal: 0.5, ended: false, gestureId: 7 };
  const ids = [];
  k2.on("frame", (d) => ids.push(d.gestureId));
  const t0 = performance.now();
  k2.animate();
  const times = [t0 - 4, t0 + 12, t0 + 28, t0 + 44];
  for (const t of times) { const f = queued.shift(); if (f) f(t); }
  window.requestAnimationFrame = raf;
  // Step 1: dt = max(0, −4 ms) = 0, so x stays 0.2; then 16 ms steps towards 0.5, each further on.
  const rising = progress.every((p, i) => i === 0 || p >= progress[i - 1]);
  check("the spring never steps back: first frame before its start time is a zero step", progress.length === 4 && near(progress[0], 0.2, 1e-12) && rising && progress[3] > 0.2 && progress[3] < 0.5,
        JSON.stringify(progress));
  check("frame events carry the gesture's id", ids.length === 4 && ids.every((id) => id === 7), JSON.stringify(ids));
}
kit.close();

// Issue 33, gap: a wrong token gave the page nothing but endless `disconnected`; now it also gets `unauthorized`.
{
  const wrong = new EdgeSwipe({ token: "not-the-token" });
  const seen = [];
  wrong.on("unauthorized", (d) => seen.push(d.status));
  const warn = console.warn;
  console.warn = () => {};
  wrong.start();
  const told = await until(() => seen.length > 0, 4000);
  wrong.close();
  console.warn = warn;
  check("a wrong token is told to the page (unauthorized, 401), not only disconnected", told && seen[0] === 401 && wrong.stream === null, JSON.stringify(seen));
}

// Issue 37: the kit's own answer to a contentQuery, from the marked element under the finger. A 100 px wide
// scroller with 400 px of content: at scrollLeft 0 (its leading edge) a back pan claims; scrolled 200 px it
// yields "scroller"; an own-swipes element yields; a page callback returning false yields "page".
{
  // Styles through the CSSOM: the bridge's Content-Security-Policy refuses style attributes.
  const box = document.createElement("div");
  box.innerHTML = `<div id="hs" data-edgeswipe-hscroll><div id="hsi"></div></div>` +
                  `<div id="own" data-edgeswipe-own-swipes><span id="owni">x</span></div><p id="plain">p</p>` +
                  `<div id="rs" dir="rtl" data-edgeswipe-hscroll><div id="rsi"></div></div>`;
  document.body.appendChild(box);
  for (const id of ["hs", "rs"]) Object.assign(document.getElementById(id).style, { width: "100px", overflowX: "auto" });
  for (const id of ["hsi", "rsi"]) Object.assign(document.getElementById(id).style, { width: "400px", height: "20px" });
  const hs = document.getElementById("hs"), rs = document.getElementById("rs");
  const atStart = contentAnswer(document.getElementById("hsi"), "ltr");
  check("content: a scroller at its leading edge claims the pan", atStart.answer === "claim", JSON.stringify(atStart));
  hs.scrollLeft = 200;
  const scrolled = contentAnswer(document.getElementById("hsi"), "ltr");
  check("content: the scroller 200 px in yields, scroller", hs.scrollLeft === 200 && scrolled.answer === "yield" && scrolled.reason === "scroller",
        `${hs.scrollLeft} of ${hs.scrollWidth} in ${hs.clientWidth} ${JSON.stringify(scrolled)}`);
  const rtlStart = contentAnswer(document.getElementById("rsi"), "rtl");
  rs.scrollLeft = -200;
  const rtlScrolled = contentAnswer(document.getElementById("rsi"), "rtl");
  check("content: right to left, at its start (scrollLeft 0) claims, 200 px in (-200) yields", rtlStart.answer === "claim" && rs.scrollLeft === -200 && rtlScrolled.reason === "scroller",
        `${JSON.stringify(rtlStart)} ${rs.scrollLeft} ${JSON.stringify(rtlScrolled)}`);
  const own = contentAnswer(document.getElementById("owni"), "ltr");
  check("content: an own-swipes element yields, ownSwipes", own.answer === "yield" && own.reason === "ownSwipes", JSON.stringify(own));
  const plain = contentAnswer(document.getElementById("plain"), "ltr");
  const refused = contentAnswer(document.getElementById("plain"), "ltr", () => false);
  check("content: plain content claims; the page's callback saying false yields, page", plain.answer === "claim" && refused.reason === "page",
        `${JSON.stringify(plain)} ${JSON.stringify(refused)}`);
  box.remove();
}

kitTests.done = true;
document.getElementById("out").textContent = results.map((r) => (r.ok ? "ok   " : "FAIL ") + r.name + (r.ok ? "" : " — " + r.detail)).join("\n");
