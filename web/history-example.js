// A single-page app on edgeswipe.js: three pages in the browser's history (pushState), the page as the default back
// handler. A committed back goes back one entry; at the first page nothing navigates and the page shows the
// hand-off. The view follows the back's smoothed progress (the module's spring). `window.spa` records what
// happened, for tests (Tests/Browser/kit-check.py). URL fragment: #token=TOKEN [&depth=N: N entries at start]
// [&dialog=1: the dialog open at start].
import { connect } from "./edgeswipe.js";

const PAGES = ["one", "two", "three"];
const view = document.getElementById("view");
const dialog = document.getElementById("dialog");
const notice = document.getElementById("notice");
const params = new URLSearchParams(location.hash.slice(1));
// The service's stack is one screen: every back on the page is the page's own (its default handler).
const kit = connect({ history: true, stack: [{ name: "history-example" }] });
const spa = window.spa = { kit, frames: [], events: [], handoffs: 0, pops: 0, gestures: 0, declaredStream: null };

function page() { return (history.state && history.state.page) || "one"; }
function render() {
  const name = page(), next = PAGES[PAGES.indexOf(name) + 1];
  document.body.dataset.page = name;
  view.querySelector("h1").textContent = "Page " + name;
  view.querySelector("p").textContent = "Swipe from the left edge to go back" + (next ? "." : "; the slider keeps its touches.");
  view.querySelector("#next").textContent = next ? "Open " + next : "Last page";
  view.querySelector("#next").disabled = !next;
  view.style.transform = "";
}
function go(name) { history.pushState({ page: name }, "", "#" + location.hash.slice(1)); render(); }

view.querySelector("#next").addEventListener("click", () => go(PAGES[PAGES.indexOf(page()) + 1]));
view.querySelector("#open").addEventListener("click", () => dialog.showModal());
dialog.querySelector("button").addEventListener("click", () => dialog.close());
window.addEventListener("popstate", () => { spa.pops += 1; render(); });

// The page's animation: the view slides right with the smoothed progress of a back it is the target of, and
// springs back on a cancel; on a commit the page behind it is rendered at once.
let following = false;
kit.on("started", (d) => { following = d.target === "page"; spa.gestures += 1; });
kit.on("committed", () => { following = false; view.style.transform = ""; });
kit.on("frame", (d) => {
  if (!following || d.target !== "page") return;
  view.style.transform = `translate3d(${d.progress * view.clientWidth}px, 0, 0)`;
  spa.frames.push({ gesture: spa.gestures, progress: d.progress, raw: d.raw, x: new DOMMatrix(getComputedStyle(view).transform).m41 });
});
for (const name of ["started", "progress", "armed", "disarmed", "committed", "cancelled", "handoff"]) {
  kit.on(name, (d) => spa.events.push({ name, wall: performance.timeOrigin + performance.now(), target: d.target || null,
                                        raw: d.raw ?? null, time: d.gesture ? d.gesture.time : null, page: page() }));
}
kit.on("handoff", () => {
  spa.handoffs += 1;
  notice.hidden = false;
  setTimeout(() => { notice.hidden = true; }, 3000);
});
kit.on("connected", () => { document.body.dataset.connected = String(kit.connections); });
kit.on("exclusions", (d) => { if (d.cause === "declared") spa.declaredStream = kit.stream; });

if (history.state === null || !history.state.page) history.replaceState({ page: "one" }, "");
for (let n = 1; n < Number(params.get("depth") || 1) && n < PAGES.length; n += 1) go(PAGES[n]);
if (params.get("dialog") === "1") dialog.showModal();
render();
