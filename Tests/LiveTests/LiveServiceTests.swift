import EdgeSwipeDaemon
import Foundation
import Gestures
import Navigation
import Testing
import TouchInput
import TouchTrace
import TouchModel
import EdgeSwipeControl

extension LiveSuite {
    /// Issue 8 (and issue 6's live tests) on the real `edgeswipe run`: a kiosk front end on the control socket
    /// follows an interactive pop driven by a replayed swipe; KEY_BACK reaches a reader of the service's virtual
    /// keyboard for the swipe handed off at the root, and for no swipe the stack popped (issue 24); a uinput
    /// keyboard and mouse are never opened; an unplug mid-swipe cancels cleanly and a re-plugged
    /// device is picked up. Latency from the kernel's event time to the client's receipt is measured.
    @Suite struct LiveServiceTests {
        /// Swipes 1-3 of the demo pop b -> a, cancel on a, pop a -> home; swipe 4 is handed off at the root.
        static let stack = ["home", "a", "b"]

        /// Navigation events as the client sees them, without the progress stream (its count follows frames) and
        /// `transitionSettling` (when the finger lifted; not a UIKit callback: SessionCoreTests checks it live and
        /// in a replay).
        private func navigationKeys(_ lines: [[String: Any]]) -> [String] {
            lines.compactMap { o in
                guard o["type"] as? String == "navigation", let e = o["event"] as? String,
                      e != "transitionProgress", e != "transitionSettling",
                      // Back decisions are the `back` class's, which this client does not subscribe to
                      // (BackHandlerServiceTests follows them); the replay prints them among navigation events.
                      e != "backDispatched", e != "backTargetGone" else { return nil }
                let detail = (o["screen"] as? String) ?? [o["from"], o["to"]].map { ($0 as? String) ?? "nil" }.joined(separator: "->")
                return "\(e) \(detail)"
            }
        }

        @Test func frontEndFollowsInteractivePopsKeyBackIsInjectedAndNoKeyboardIsOpened() throws {
            let keyboard = try VirtualDevice(OtherDevices.keyboard())
            let mouse = try VirtualDevice(OtherDevices.mouse())
            let service = try Service(stack: Self.stack.joined(separator: ","),
                                      actions: "    - on: complete\n      edge: left\n      key: KEY_BACK\n", tag: "front")
            let client = try service.connect(events: ["transition", "appearance", "gesture"])

            // A reader on the service's own uinput keyboard (created at start, for the KEY_BACK action).
            var injectorNode: String?
            #expect(waitFor(seconds: 30) { injectorNode = eventNode(named: "edgeswipe virtual keyboard"); return injectorNode != nil })
            let keyReader = try LiveDevice(path: try #require(injectorNode))

            // The touchscreen arrives after the service started: hotplug through the udev tag.
            let trace = try ReplayCase.demo.trace()
            let mark = service.logMark
            let touch = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(touch.node, after: mark)
            try checkNeverOpened(service, [keyboard.node, mouse.node, keyReader.path])

            try touch.play(trace.devices[0].events, waitUntil: { client.pump(untilUs: $0) })
            _ = client.waitFor(seconds: 60) { $0["type"] as? String == "gesture" && $0["reason"] as? String == "notInEdgeZone" }
            client.drain(quiet: 1.5, seconds: 30)
            let lines = client.received.map(\.object)

            // The same gestures and navigation as the offline replay of the file on the same stack.
            var options = ReplayCase.demo.options
            options.stack = Self.stack.map { ScreenSpec(name: $0, kind: .plain) }
            let replay = try ReplaySession(trace: trace, options: options)
            var offlineLines: [[String: Any]] = []
            var offlineSteps: [GestureStep] = []
            replay.run { out in
                switch out {
                case .gesture(let g, _): if let s = GestureStep(g) { offlineSteps.append(s) }
                case .navigation(let n):
                    if let o = try? JSONSerialization.jsonObject(with: Data(EventJSON.navigation(n).utf8)) as? [String: Any] {
                        offlineLines.append(o)
                    }
                default: break
                }
            }
            let liveSteps = lines.compactMap { GestureStep(json: $0) }
            #expect(liveSteps.map(\.key) == ReplayCase.demoExpected)
            #expect(agree(liveSteps, offlineSteps) == nil)
            // The offline replay also reports the initial setScreens, which happened before the client subscribed.
            let offlineAll = navigationKeys(offlineLines)
            let offlineNav = offlineAll.first == "transitionBegan nil->b" ? Array(offlineAll.dropFirst(4)) : offlineAll
            let liveNav = navigationKeys(lines)
            #expect(liveNav == offlineNav, "live \(liveNav)\noffline \(offlineNav)")

            // UIKit order, stated independently for the first pop (complete) and the second (cancelled).
            let first = ["transitionBegan b->a", "willDisappear b", "willAppear a", "didDisappear b", "didAppear a",
                         "transitionFinished b->a"]
            let second = ["transitionBegan a->home", "willDisappear a", "willAppear home", "willDisappear home",
                          "didDisappear home", "willAppear a", "didAppear a", "transitionCancelled a->home"]
            #expect(Array(liveNav.prefix(14)) == first + second)
            // Progress is reported while the finger moves, between the begin and the finish of the first pop.
            let names = lines.compactMap { $0["type"] as? String == "navigation" ? $0["event"] as? String : nil }
            if let b = names.firstIndex(of: "transitionBegan"), let f = names.firstIndex(of: "transitionFinished") {
                #expect(names[b..<f].filter { $0 == "transitionProgress" }.count >= 3)
            } else {
                Issue.record("no interactive pop: \(names)")
            }
            let state = try service.state(client, id: 7)
            #expect(state.stack == ["home"] && !state.transitioning)

            // KEY_BACK once: for swipe 4, handed off at the root; never beside the stack's pops (issue 24).
            var keys: [String] = []
            _ = waitFor(seconds: 10) {
                _ = try? keyReader.read { e in
                    if e.type == EventType.key { keys.append("\(EventCodeNames.codeName(type: e.type, code: e.code) ?? "?") \(e.value)") }
                }
                return keys.count >= 4
            }
            #expect(keys == ["KEY_BACK 1", "KEY_BACK 0"])

            try checkNeverOpened(service, [keyboard.node, mouse.node, keyReader.path])
            Latency.report(client.received, name: "socket client, demo replay")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// The service's fds never point at a keyboard, a mouse or its own virtual keyboard; they do at the touchscreen.
        private func checkNeverOpened(_ service: Service, _ nodes: [String]) throws {
            let open = service.openPaths
            for node in nodes { #expect(!open.contains(node), "edgeswipe run holds \(node) open: \(open)") }
            #expect(open.contains { $0.hasPrefix("/dev/input/event") }, "no input device open at all: \(open)")
        }

        /// A touchpad (read raw through libevdev by the service) with its settings from a device entry of the
        /// configuration: size (it reports no resolution) and a bottom-edge recognizer. The ALPS recording's long
        /// stroke from the bottom edge begins and ends cancelled, as offline with the same settings.
        @Test func touchpadThroughTheServiceUsesItsDeviceEntry() throws {
            let devices = """
                  - match:
                      udev:
                        ID_INPUT_TOUCHPAD: "1"
                    size: 100x60
                    edges: [bottom]

                """
            let service = try Service(stack: "home", devices: devices, tag: "touchpad")
            let client = try service.connect(events: ["gesture"])
            let c = ReplayCase.alps
            let trace = try c.trace()
            var options = PipelineOptions()
            options.configuredSize = PhysicalSize(widthMM: 100, heightMM: 60)
            options.recognizers = [EdgeSwipeConfig(edges: [.bottom])]
            let offline = try Offline.gestures(trace, options: options)
            #expect(offline.map(\.key) == ["began bottom 1", "ended bottom 1 cancel"])

            let mark = service.logMark
            let pad = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(pad.node, after: mark)
            try pad.play(trace.devices[0].events, waitUntil: { client.pump(untilUs: $0) })
            _ = client.waitFor(seconds: 60) { $0["phase"] as? String == "ended" }
            client.drain(quiet: 1, seconds: 10)
            let live = client.received.compactMap { GestureStep(json: $0.object) }
            #expect(agree(live, offline) == nil)
            Latency.report(client.received, name: "socket client, touchpad through libevdev")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// Issue 14 item 12: a touchscreen that reports no axis resolution (as eGalax, 3M, N-Trig and Atmel panels
        /// do), under the default backend: libinput adds it, and the service measures it with the size of its device
        /// entry instead of dropping it. The demo's strokes on the demo's panel with its resolution removed, and
        /// the size it had (1599/11 x 2559/11 mm), give the offline replay's gestures and three pops.
        @Test func panelWithoutResolutionThroughLibinputTakesItsConfiguredSize() throws {
            let trace = try ReplayCase.demo.trace()
            var panel = trace.devices[0].description
            panel.name = "EdgeSwipe panel without resolution"
            for code in Array(panel.absInfo.keys) { panel.absInfo[code]?.resolution = 0 }
            let devices = """
                  - match:
                      name: "EdgeSwipe panel without resolution"
                    size: 145.3636x232.6364

                """
            let service = try Service(stack: Self.stack.joined(separator: ","), devices: devices, tag: "noresolution")
            let client = try service.connect(events: ["gesture", "transition"])
            var options = PipelineOptions()
            options.configuredSize = PhysicalSize(widthMM: 145.3636, heightMM: 232.6364)
            var offlineTrace = trace
            offlineTrace.devices[0].description = panel
            let offline = try Offline.gestures(offlineTrace, options: options)
            #expect(offline.map(\.key) == ReplayCase.demoExpected)

            let mark = service.logMark
            let touch = try VirtualDevice(panel)
            try service.waitUntilAdded(touch.node, after: mark)
            let log = String(service.child.stderr.utf8.dropFirst(mark)) ?? ""
            #expect(log.contains("\(touch.node) \"\(panel.name)\": touchscreen through libinput, 145.4x232.6 mm (configured)"), "\(log)")
            #expect(!log.contains("not used"), "\(log)")
            try touch.play(trace.devices[0].events, waitUntil: { client.pump(untilUs: $0) })
            _ = client.waitFor(seconds: 60) { $0["type"] as? String == "gesture" && $0["reason"] as? String == "notInEdgeZone" }
            client.drain(quiet: 1.5, seconds: 30)
            let live = client.received.compactMap { GestureStep(json: $0.object) }
            #expect(live.map(\.key) == ReplayCase.demoExpected)
            #expect(agree(live, offline) == nil)
            let state = try service.state(client, id: 4)
            #expect(state.stack == ["home"] && !state.transitioning, "\(state)")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// The service's reader paused for real (SIGSTOP) while a finger floods the touchscreen past the kernel
        /// buffer; after SIGCONT and the lift, nothing is stuck: the next swipe is a clean one-finger back swipe
        /// that pops, and nothing began before it.
        @Test func serviceStoppedDuringAFloodRecovers() throws {
            let service = try Service(stack: "home,a", tag: "flood")
            let client = try service.connect(events: ["gesture", "transition"])
            let trace = try ReplayCase.demo.trace()
            let strokeOne = try #require(strokes(trace.devices[0].events).first)
            let mark = service.logMark
            let touch = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(touch.node, after: mark)

            let x = EventCodeNames.code(type: EventType.abs, named: "ABS_MT_POSITION_X")!
            let y = EventCodeNames.code(type: EventType.abs, named: "ABS_MT_POSITION_Y")!
            // A witness: another reader of the node, also not reading during the flood. Every client of a device
            // has a buffer of the same size, so its SYN_DROPPED shows the stopped service's buffer overflowed too.
            let witness = try LiveDevice(path: touch.node)
            #expect(kill(service.child.pid, SIGSTOP) == 0)
            defer { kill(service.child.pid, SIGCONT) }
            try touch.write(EventType.abs, AbsCode.mtSlot, 0)
            try touch.write(EventType.abs, AbsCode.mtTrackingID, 700)
            try touch.write(EventType.abs, x, 1200)
            try touch.write(EventType.abs, y, 800)
            try touch.write(EventType.key, KeyCode.btnTouch, 1)
            try touch.write(EventType.syn, SynCode.report, 0)
            for i in 0..<4000 {
                try touch.write(EventType.abs, x, 1200 + Int32(i % 50) + 1)
                try touch.write(EventType.syn, SynCode.report, 0)
            }
            var witnessDropped = 0
            _ = try witness.read(limit: 100_000) { e in if e.type == EventType.syn && e.code == SynCode.dropped { witnessDropped += 1 } }
            #expect(witnessDropped >= 1, "the flood did not overflow a reader's buffer")
            witness.close()
            #expect(kill(service.child.pid, SIGCONT) == 0)
            client.pump(seconds: 1)
            try touch.write(EventType.abs, AbsCode.mtTrackingID, -1)
            try touch.write(EventType.key, KeyCode.btnTouch, 0)
            try touch.write(EventType.syn, SynCode.report, 0)
            client.pump(seconds: 1)
            #expect(service.child.isRunning)

            try touch.play(strokeOne, waitUntil: { client.pump(untilUs: $0) })
            let finished = client.waitFor(seconds: 60) { $0["event"] as? String == "transitionFinished" }
            #expect(finished?["from"] as? String == "a" && finished?["to"] as? String == "home")
            let steps = client.received.compactMap { GestureStep(json: $0.object) }.map(\.key)
            #expect(Array(steps.suffix(2)) == ["began left 1", "ended left 1 complete"], "\(steps)")
            #expect(steps.filter { $0.hasPrefix("began") }.count == 1, "\(steps)")
            let state = try service.state(client, id: 5)
            #expect(state.stack == ["home"] && !state.transitioning, "\(state)")
            print("live-tests: service flood: a witness reader saw \(witnessDropped) SYN_DROPPED; gestures \(steps)")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        @Test func unplugMidSwipeCancelsAndAReplugIsPickedUp() throws {
            let service = try Service(stack: "home,a", tag: "unplug")
            let client = try service.connect(events: ["transition", "gesture", "diagnostic"])
            let trace = try ReplayCase.demo.trace()
            let strokeOne = try #require(strokes(trace.devices[0].events).first)
            // Everything of the first (completing) stroke but its lift: the finger stays down.
            let liftFrame = strokeOne.dropLast().lastIndex { $0.isSynReport } ?? 0
            let held = Array(strokeOne[...liftFrame])

            var mark = service.logMark
            let first = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(first.node, after: mark)
            try first.play(held, waitUntil: { client.pump(untilUs: $0) })
            #expect(client.waitFor(seconds: 60) { $0["event"] as? String == "transitionBegan" && $0["kind"] as? String == "interactivePop" } != nil)
            first.destroy()

            let cancelled = client.waitFor(seconds: 60) { $0["type"] as? String == "gesture" && $0["phase"] as? String == "cancelled" }
            #expect(cancelled?["reason"] as? String == "contactsCancelled")
            #expect(client.waitFor(seconds: 60) { $0["event"] as? String == "transitionCancelled" } != nil)
            #expect(waitFor(seconds: 30) { !service.openPaths.contains(first.node) })
            #expect(service.child.isRunning)
            var state = try service.state(client, id: 2)
            #expect(state.stack == ["home", "a"] && !state.transitioning, "\(state)")

            // Plugged in again: picked up, and the full stroke pops.
            mark = service.logMark
            let second = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(second.node, after: mark)
            try second.play(strokeOne, waitUntil: { client.pump(untilUs: $0) })
            let finished = client.waitFor(seconds: 60) { $0["event"] as? String == "transitionFinished" }
            #expect(finished?["from"] as? String == "a" && finished?["to"] as? String == "home")
            state = try service.state(client, id: 3)
            #expect(state.stack == ["home"] && !state.transitioning, "\(state)")
            let steps = client.received.compactMap { GestureStep(json: $0.object) }.map(\.key)
            #expect(steps == ["began left 1", "cancelled left 1 (contactsCancelled)", "began left 1", "ended left 1 complete"])
            Latency.report(client.received, name: "socket client, unplug test")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }
    }
}

/// Kernel event time (CLOCK_MONOTONIC, set by LiveDevice; the gesture line's "time") to the client's receipt.
enum Latency {
    static func report(_ lines: [ControlClient.Line], name: String) {
        let ms = lines.compactMap { l -> Double? in
            guard l.object["type"] as? String == "gesture", let t = l.object["time"] as? Double else { return nil }
            return (Double(l.receivedUs) - t * 1_000_000) / 1000
        }.sorted()
        guard !ms.isEmpty else {
            Issue.record("no gesture lines for latency")
            return
        }
        #expect(ms.first! >= 0 && ms.last! < 10_000, "latency out of sanity range: \(ms.first!)...\(ms.last!) ms")
        func pct(_ p: Double) -> Double { ms[min(ms.count - 1, Int((p * Double(ms.count - 1)).rounded()))] }
        let line = "latency (\(name)): n=\(ms.count) " + String(format: "p50=%.2f ms p99=%.2f ms max=%.2f ms", pct(0.5), pct(0.99), ms.last!)
        print("live-tests: \(line)")
        if let dir = ProcessInfo.processInfo.environment["VMRUN_RESULTS"], let f = fopen(dir + "/latency.txt", "a") {
            fputs(line + "\n", f)
            fclose(f)
        }
    }
}
