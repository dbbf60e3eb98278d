// Issue 34: edgeswipe.js reads what the service's encoders write. service-lines.json holds lines written by the
// Swift encoders (EdgeSwipeControlTests/KitFixtureTests: a 160 × 256 mm panel on DSI-1, the page's default handler 4,
// gesture 7 committed from progress 0.25 to 0.75, and one cancelled), fed here through the kit's own decoder
// (`message`, as a data line of the event stream). Expected values come from those inputs, by hand.
// Shared by kit-tests.js (in the browser) and service-lines-node.mjs (node, no browser).
export function checkServiceLines(lines, { EdgeSwipe, boxToMM, versionMismatch, PROTOCOL }, check) {
  // The hello: not dropped, its protocol this module's, its screen the panel's.
  {
    const kit = new EdgeSwipe({ defaultHandler: false, token: "fixture" });
    let hello = null;
    kit.hello = (e) => { hello = e; };   // the kit's connection steps (commands to a service) are not under test here
    kit.message(lines.hello);
    check("service lines: the encoders' hello is a usable event", hello !== null && !kit.dropped, lines.hello);
    check("service lines: the hello names this module's protocol and its stream",
          hello && hello.protocol === PROTOCOL && versionMismatch(hello.protocol) === null && hello.stream === "kit-fixture", JSON.stringify(hello));
    const s = hello && hello.screens && hello.screens[0];
    check("service lines: the hello's screen is 160 × 256 mm, rotation 0, on DSI-1",
          s && s.widthMM === 160 && s.heightMM === 256 && s.rotation === 0 && s.flipped === false && s.output === "DSI-1", JSON.stringify(s));
    // 800 × 1280 CSS px over 160 × 256 mm: 0.2 mm per px; a 50 × 100 px box at (10, 20) is (2, 4) mm, 10 × 20 mm.
    const view = { screenX: 0, screenY: 0, screenWidth: 800, screenHeight: 1280, devicePixelRatio: 1 };
    const r = s && boxToMM({ left: 10, top: 20, width: 50, height: 100 }, view, s);
    check("service lines: the hello's screen converts pixels to millimetres", r && r.x === 2 && r.y === 4 && r.width === 10 && r.height === 20, JSON.stringify(r));
    const state = JSON.parse(lines.state);
    check("service lines: the state reply carries the same screens", JSON.stringify(state.result.screens) === JSON.stringify(hello && hello.screens), lines.state);
  }
  // A committed back and a cancelled one, as the page's default handler (4) gets them.
  for (const [name, expected] of [["committed", ["started 0.25", "progress 0.5", "armed 0.5", "committed 0.75"]],
                                  ["cancelled", ["started 0.125", "cancelled 0.25 released"]]]) {
    const kit = new EdgeSwipe({ defaultHandler: false, token: "fixture" });
    kit.animate = () => {};              // the spring is kit-tests.js's; here only what the lines say
    kit.handlers.set("page", { id: 4 });
    const seen = [];
    for (const event of ["started", "progress", "armed", "committed", "cancelled"]) {
      kit.on(event, (d) => seen.push(`${event} ${d.raw}${d.reason ? " " + d.reason : ""}` + (d.gestureId === 7 ? "" : " (gesture id " + d.gestureId + ")")));
    }
    for (const line of lines[name]) kit.message(line);
    check(`service lines: a ${name} back reaches the page as ${expected.join(", ")}`, !kit.dropped && JSON.stringify(seen) === JSON.stringify(expected), JSON.stringify(seen));
  }
}
