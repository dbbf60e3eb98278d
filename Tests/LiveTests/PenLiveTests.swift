import FixtureSupport
import Foundation
import Glibc
import Testing
import TouchInput

extension LiveSuite {
    /// Issue 36 on a real kernel: a pen-capable panel as two uinput nodes of one device (ScriptedPanel: a
    /// 300 x 200 mm touchscreen and its pen, id 0018:2d1f, phys usb-live-1/input0 and /input1 as a USB panel's
    /// interfaces give them) read by the real `edgeswipe run` with a right-edge recognizer (band 5 mm, activation
    /// 6 mm). While the pen hovers, the heel of the hand landing 3 mm from the right edge and sliding 40 mm inward
    /// (past the 6 mm activation after 30 ms) fails at its touch-down with penInProximity; 200 ms after the pen
    /// leaves (the linger is 90 ms) a finger from the same place is a back. The pen unplugged while it hovers over
    /// a hand it gated: the hand stays gated until it lifts, the gate opens (said once) and the next finger is a
    /// back. `list-devices` names both pairs: this one by the udev device group libinput's helper gives it from the
    /// phys, a phys-less one (as iptsd's nodes) by its name stem.
    @Suite struct PenLiveTests {
        static let phys = "usb-live-1"
        static let group = "18/2d1f/101:usb-live-1"
        static let entry = """
              - match:
                  name: "Live Pen Panel Touchscreen"
                edges: [right]

            """

        /// The heel of a hand: lands `fromEdgeMM` from the right edge at y and slides 2 mm left every 10 ms, 20 frames.
        static func heel(_ touch: VirtualDevice, id: Int32, startMS: Double, y: Double) -> [ScriptStep] {
            fingerStroke(touch, trackingID: id, startMS: startMS,
                         points: (0...20).map { (x: ScriptedPanel.widthMM - 3 - 2 * Double($0), y: y) })
        }

        /// A finger's back swipe: lands 3 mm from the right edge, 8 mm left every 10 ms for 10 frames (80 mm,
        /// 800 mm/s at the lift: a completing velocity is 200 mm/s).
        static func backSwipe(_ touch: VirtualDevice, id: Int32, startMS: Double, y: Double) -> [ScriptStep] {
            fingerStroke(touch, trackingID: id, startMS: startMS,
                         points: (0...10).map { (x: ScriptedPanel.widthMM - 3 - 8 * Double($0), y: y) })
        }

        @Test func aHoveringPenGatesTheHandAFingerAfterItLeavesIsABackAndAnUnplugOpensTheGate() throws {
            let service = try Service(stack: "home", devices: Self.entry, tag: "pen")
            let client = try service.connect(events: ["gesture"])
            let mark = service.logMark
            let touch = try VirtualDevice(ScriptedPanel.touchscreen(name: "Live Pen Panel Touchscreen", product: 0x0101),
                                          phys: Self.phys + "/input0")
            let pen = try VirtualDevice(ScriptedPanel.pen(name: "Live Pen Panel Pen", product: 0x0101), phys: Self.phys + "/input1")
            try service.waitUntilAdded(touch.node, after: mark)
            let paired = "\(pen.node) \"Live Pen Panel Pen\": pen paired with"
            #expect(waitFor(seconds: 60) { service.child.stderr.contains(paired) }, "never paired: \(service.child.stderr.suffix(3000))")
            // libinput's udev helper (libinput-device-group.c) groups the two nodes as bustype/vendor/product in hex
            // and the phys without its last component; the rule reads that group first, as list-devices does.
            #expect(service.child.stderr.contains("(device group \(Self.group)): its proximity gates that device's touches"),
                    "\(service.child.stderr.suffix(3000))")
            try service.child.waitUntilOpen(pen.node)

            // Phase 1: hover 0-450 ms (1 mm right every 10 ms from x 150), the heel 100-310, the pen out at 450,
            // the finger at 650 (200 ms after).
            var script = penHover(pen, startMS: 0, from: (x: 150, y: 100), frames: 44)
            script += Self.heel(touch, id: 1, startMS: 100, y: 120)
            script.append(penOut(pen, atMS: 450))
            script += Self.backSwipe(touch, id: 2, startMS: 650, y: 100)
            try playScript(script, waitUntil: { client.pump(untilUs: $0) })
            _ = client.waitFor(seconds: 60) { $0["phase"] as? String == "ended" }
            client.drain(quiet: 1, seconds: 10)
            let first = client.received.compactMap { GestureStep(json: $0.object) }
            #expect(first.map(\.key) == ["failed right 1 (penInProximity)", "began right 1", "ended right 1 complete"],
                    "\(service.child.stderr.suffix(3000))")

            // Phase 2: the pen hovers again; the heel lands at 50 ms, the pen node is unplugged at 100 ms (the heel
            // 10 mm in, past the activation), the heel slides on and lifts at 250: still gated. Once the service
            // says the pen went away, a finger is a back.
            let seen = client.received.count
            var unplug = penHover(pen, startMS: 0, from: (x: 200, y: 100), frames: 9)
            unplug += Self.heel(touch, id: 3, startMS: 50, y: 120)
            unplug.append(ScriptStep(atMS: 100, act: .run { pen.destroy() }))
            try playScript(unplug, waitUntil: { client.pump(untilUs: $0) })
            let wentAway = "went away: touches are no longer gated by a pen"
            #expect(waitFor(seconds: 30) { service.child.stderr.contains(wentAway) }, "\(service.child.stderr.suffix(3000))")
            try playScript(Self.backSwipe(touch, id: 4, startMS: 0, y: 100), waitUntil: { client.pump(untilUs: $0) })
            var ends = 0
            _ = client.waitFor(seconds: 60) { o in
                if o["phase"] as? String == "ended" { ends += 1 }
                return ends == 2
            }
            client.drain(quiet: 1, seconds: 10)
            let second = client.received.dropFirst(seen).compactMap { GestureStep(json: $0.object) }
            #expect(second.map(\.key) == ["failed right 1 (penInProximity)", "began right 1", "ended right 1 complete"],
                    "\(service.child.stderr.suffix(3000))")
            let log = service.child.stderr
            #expect(log.components(separatedBy: wentAway).count - 1 == 1, "said more than once: \(log.suffix(3000))")
            #expect(service.child.isRunning)
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr.suffix(3000))")
        }

        /// A right-handed writer's pen leans right (ABS_TILT_X 3000 at 5730 units per radian: 30 degrees), so the
        /// hand rests right of the tip: touches from the tip's x less 20 mm (pen_hand_margin_mm) to the right edge are
        /// gated. The tip hovers from x 150 mm to 195 mm; a finger from the left edge (3 mm in, to 83 mm) is a back,
        /// the heel landing 3 mm from the right edge fails with penInProximity.
        @Test func aRightHandedTiltGatesTheRightBandButNotTheLeft() throws {
            let name = "Live Tilt Panel Touchscreen"
            let service = try Service(stack: "home", devices: "      - match:\n          name: \"\(name)\"\n        edges: [left, right]\n\n",
                                      tag: "pen-tilt")
            let client = try service.connect(events: ["gesture"])
            let mark = service.logMark
            let touch = try VirtualDevice(ScriptedPanel.touchscreen(name: name, product: 0x0505), phys: "usb-live-2/input0")
            let pen = try VirtualDevice(ScriptedPanel.pen(name: "Live Tilt Panel Pen", product: 0x0505), phys: "usb-live-2/input1")
            try service.waitUntilAdded(touch.node, after: mark)
            #expect(waitFor(seconds: 60) { service.child.stderr.contains("\(pen.node) \"Live Tilt Panel Pen\": pen paired with") },
                    "never paired: \(service.child.stderr.suffix(3000))")
            try service.child.waitUntilOpen(pen.node)

            var script = penHover(pen, startMS: 0, from: (x: 150, y: 100), frames: 45, tiltX: 3000)
            script += fingerStroke(touch, trackingID: 1, startMS: 50, points: (0...10).map { (x: 3 + 8 * Double($0), y: 100) })
            script += Self.heel(touch, id: 2, startMS: 200, y: 120)
            script.append(penOut(pen, atMS: 460))
            try playScript(script, waitUntil: { client.pump(untilUs: $0) })
            _ = client.waitFor(seconds: 60) { $0["reason"] as? String == "penInProximity" }
            client.drain(quiet: 1, seconds: 10)
            let steps = client.received.compactMap { GestureStep(json: $0.object) }
            // The left finger lands 297 mm from the right edge: the right edge's recognizer says so at its touch-down.
            #expect(steps.map(\.key) == ["failed right 1 (notInEdgeZone)", "began left 1", "ended left 1 complete",
                                         "failed right 1 (penInProximity)"],
                    "\(service.child.stderr.suffix(3000))")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr.suffix(3000))")
        }

        @Test func listDevicesNamesThePhysPairAndThePhysLessPair() throws {
            let touch = try VirtualDevice(ScriptedPanel.touchscreen(name: "Live Pen Panel Touchscreen", product: 0x0101),
                                          phys: Self.phys + "/input0")
            let pen = try VirtualDevice(ScriptedPanel.pen(name: "Live Pen Panel Pen", product: 0x0101), phys: Self.phys + "/input1")
            // As iptsd's uinput nodes: no phys, one vendor and product, "... Touch" and "... Stylus".
            let iptsTouch = try VirtualDevice(ScriptedPanel.touchscreen(name: "Live IPTS Touch", product: 0x0202))
            let iptsPen = try VirtualDevice(ScriptedPanel.pen(name: "Live IPTS Stylus", product: 0x0202))
            // Another product's phys-less pen: the fallback needs the same vendor and product.
            let stray = try VirtualDevice(ScriptedPanel.pen(name: "Live IPTS Stylus", product: 0x0303))
            let r = try Subprocess.run(Tools.edgeswipe, ["list-devices"])
            #expect(r.status == 0, "\(r.stderr)")
            // One block per node, blank lines between; each row "Key:" padded to 12 columns.
            var rows: [String: [String: String]] = [:]
            for block in r.stdout.components(separatedBy: "\n\n") {
                var fields: [String: String] = [:]
                for line in block.split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                if let node = fields["Kernel"] { rows[node] = fields }
            }
            #expect(rows[touch.node]?["Pen"] == "pen: Live Pen Panel Pen (device group \(Self.group))", "\(r.stdout)")
            #expect(rows[pen.node]?["Pen"] == "pairs with Live Pen Panel Touchscreen (\(touch.node), device group \(Self.group))")
            #expect(rows[iptsTouch.node]?["Pen"] == "pen: Live IPTS Stylus (no phys; same vendor and product, name stem \"Live IPTS\")")
            #expect(rows[iptsPen.node]?["Pen"]
                    == "pairs with Live IPTS Touch (\(iptsTouch.node), no phys; same vendor and product, name stem \"Live IPTS\")")
            #expect(rows[stray.node]?["Pen"]
                    == "pairs with nothing: no phys, and no phys-less touch device with id 2d1f:0303 and name stem \"Live IPTS\"")
            print("live-tests: list-devices with two pen pairs:\n\(r.stdout)")
        }
    }
}
