import CEvdev
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Glibc
import Testing
import TouchInput
import TouchModel
import TouchTrace

extension LiveSuite {
    /// Issue 16's ownership mode on the real `edgeswipe run --own`: the clone is a copy of the source (libevdev's
    /// view of both nodes), the source is grabbed (a second reader gets nothing), mid-screen frames reach a reader
    /// of the clone unchanged, udev marks the clone and does not tag it; `kill -9` of the service gives the device
    /// back and removes the clone; unplugging the source removes the clone while the service runs on.
    @Suite struct OwnershipLiveTests {
        /// The demo's touchscreen (Google Pixel Tablet, 2560x1600 at 11 units/mm, MT slots 0-9).
        static func touchscreen() throws -> DeviceDescription { try ReplayCase.demo.trace().devices[0].description }

        /// A one-finger drag in the middle of the screen (no edge zone): `count` frames 20 units apart, then the lift.
        static func midScreenDrag(trackingID: Int32, count: Int = 20) -> [[InputEvent]] {
            let abs = EventType.abs
            func e(_ code: UInt16, _ v: Int32) -> InputEvent { InputEvent(time: 0, type: abs, code: code, value: v) }
            let syn = InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0)
            // Slot 0 is the current slot already: the input core would drop an ABS_MT_SLOT 0, so none is written.
            var frames = [[e(AbsCode.mtTrackingID, trackingID), e(AbsCode.mtPositionX, 1200),
                           e(AbsCode.mtPositionY, 800), syn]]
            for i in 1..<count { frames.append([e(AbsCode.mtPositionX, 1200 + Int32(i) * 20), syn]) }
            frames.append([e(AbsCode.mtTrackingID, -1), syn])
            return frames
        }

        /// The source's phys, as a USB touchscreen's driver gives one: the clone must have it too.
        static let sourcePhys = "usb-0000:00:14.0-7/input0"

        /// Starts the service with `--own`, plugs in the touchscreen and waits until the service owns it; returns
        /// the clone's node.
        static func ownedTouchscreen(tag: String) throws -> (Service, VirtualDevice, String) {
            let service = try Service(stack: "home,a", arguments: ["--own"], tag: tag)
            let mark = service.logMark
            let source = try VirtualDevice(try touchscreen(), phys: Self.sourcePhys)
            try service.waitUntilAdded(source.node, after: mark)
            var clone: String?
            guard waitFor(seconds: 30, { clone = edgeSwipeClone(of: source.node); return clone != nil }), let clone else {
                throw LiveTestError("no clone of \(source.node); the service's log ends:\n\(service.child.stderr.suffix(2000))")
            }
            try udevSettle()
            return (service, source, clone)
        }

        @Test func theCloneCopiesTheSourceAndTheSourceIsOwned() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-clone")
            #expect(service.child.stderr.contains("owned: grabbed, forwarded through \(cloneNode)"))

            // libevdev's view of both nodes: the same but for the clone's marker property.
            let original = try LiveDevice(path: source.node)
            let clone = try LiveDevice(path: cloneNode)
            let a = original.description, b = clone.description
            let madeName = try Self.touchscreen().name
            #expect(b.name == a.name && b.name == madeName)
            #expect(b.id == a.id)
            #expect(b.properties == a.properties.union([0x1f]) && b.properties.contains(UInt16(INPUT_PROP_DIRECT)))
            #expect(!a.properties.contains(0x1f))
            #expect(b.codes == a.codes)
            for (code, info) in a.absInfo {
                let c = b.absInfo[code]
                #expect(c?.minimum == info.minimum && c?.maximum == info.maximum && c?.resolution == info.resolution
                        && c?.fuzz == info.fuzz && c?.flat == info.flat, "axis \(code): source \(info), clone \(String(describing: c))")
            }
            #expect(Set(b.absInfo.keys) == Set(a.absInfo.keys))
            #expect(b.slotCount == 10 && a.slotCount == 10)
            #expect(b.absInfo[AbsCode.mtPositionX]?.resolution == 11)
            // And as the description the test made the source from (independent of libevdev's reading of the source).
            let made = try Self.touchscreen()
            #expect(b.absInfo[AbsCode.mtPositionX]?.maximum == made.absInfo[AbsCode.mtPositionX]?.maximum)
            #expect(b.id == made.id)
            let sysName = cloneNode.split(separator: "/").last.map(String.init) ?? ""
            let phys = try String(contentsOfFile: "/sys/class/input/\(sysName)/device/phys", encoding: .utf8)
            let sourceName = source.node.split(separator: "/").last.map(String.init) ?? ""
            #expect(phys.trimmingCharacters(in: .whitespacesAndNewlines) == Self.sourcePhys)

            // udev: the clone is marked and not tagged, the source is tagged.
            let devNumber = try String(contentsOfFile: "/sys/class/input/\(sysName)/dev", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let sourceNumber = try String(contentsOfFile: "/sys/class/input/\(sourceName)/dev", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(access("/run/udev/tags/edgeswipe/c\(devNumber)", F_OK) != 0, "the clone is tagged edgeswipe")
            #expect(access("/run/udev/tags/edgeswipe/c\(sourceNumber)", F_OK) == 0, "the source is not tagged")
            let record = (try? String(contentsOfFile: "/run/udev/data/c\(devNumber)", encoding: .utf8)) ?? ""
            #expect(record.contains("E:EDGESWIPE_CLONE=1"), "udev record of the clone:\n\(record)")
            #expect(record.contains("E:ID_INPUT_TOUCHSCREEN=1"), "a compositor sees the clone as a touchscreen")
            // The service never opened its clone (it holds the uinput descriptor, not the node).
            #expect(!service.openPaths.contains(cloneNode), "\(service.openPaths)")

            // Mid-screen frames: the clone's reader gets them, event for event; the source's second reader nothing.
            let frames = Self.midScreenDrag(trackingID: 41)
            var sent: [(written: UInt64, events: [InputEvent])] = []
            for frame in frames {
                let t = Monotonic.now().rawValue
                for e in frame { try source.write(e) }
                sent.append((t, frame))
                usleep(10_000)
            }
            var got: [InputEvent] = []
            var gotSource = 0
            _ = waitFor(seconds: 30) {
                _ = try? clone.read { got.append($0) }
                _ = try? original.read { _ in gotSource += 1 }
                return got.filter(\.isSynReport).count >= frames.count
            }
            usleep(300_000)
            _ = try? clone.read { got.append($0) }
            _ = try? original.read { _ in gotSource += 1 }
            let expected = frames.flatMap { $0 }.map { [$0.type, $0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] }
            #expect(got.map { [$0.type, $0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] } == expected)
            #expect(gotSource == 0, "a second reader of the owned source got \(gotSource) events")
            // Forwarding delay per frame, the clone's kernel time against the time the frame was written.
            let cloneTimes = got.filter(\.isSynReport).map(\.time.rawValue)
            if cloneTimes.count == sent.count {
                OwnershipFigures.report(zip(cloneTimes, sent).map { Int64($0) - Int64($1.written) }, name: "forwarded mid-screen frame")
            }
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// A left-edge back swipe, recognised: `count` frames from 1 mm off the edge, 5.5 mm inward each.
        static func edgeSwipe(trackingID: Int32, count: Int = 20) -> [[InputEvent]] {
            let abs = EventType.abs
            func e(_ code: UInt16, _ v: Int32) -> InputEvent { InputEvent(time: 0, type: abs, code: code, value: v) }
            let syn = InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0)
            var frames = [[e(AbsCode.mtTrackingID, trackingID), e(AbsCode.mtPositionX, 10), e(AbsCode.mtPositionY, 700), syn]]
            for i in 1..<count { frames.append([e(AbsCode.mtPositionX, 10 + Int32(i) * 60), syn]) }
            frames.append([e(AbsCode.mtTrackingID, -1), syn])
            return frames
        }

        /// A recognised edge swipe never reaches the clone; a mid-screen drag after it does, whole.
        @Test func aRecognisedEdgeSwipeNeverReachesTheClone() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-edge")
            let client = try service.connect(events: ["gesture"])
            let clone = try LiveDevice(path: cloneNode)
            for frame in Self.edgeSwipe(trackingID: 7) {
                for e in frame { try source.write(e) }
                client.pump(untilUs: Monotonic.now().rawValue + 10_000)
            }
            let ended = client.waitFor(seconds: 30) { $0["type"] as? String == "gesture" && $0["phase"] as? String == "ended" }
            let steps = client.received.map(\.object).compactMap { GestureStep(json: $0) }.map(\.key)
            #expect(ended != nil && steps.first == "began left 1", "\(steps)")
            let drag = Self.midScreenDrag(trackingID: 42, count: 5)
            for frame in drag {
                for e in frame { try source.write(e) }
                usleep(10_000)
            }
            var got: [InputEvent] = []
            _ = waitFor(seconds: 30) {
                _ = try? clone.read { got.append($0) }
                return got.filter(\.isSynReport).count >= drag.count
            }
            usleep(300_000)
            _ = try? clone.read { got.append($0) }
            let key = { (e: InputEvent) in [e.type, e.code, UInt16(bitPattern: Int16(truncatingIfNeeded: e.value))] }
            #expect(got.map(key) == drag.flatMap { $0 }.map(key), "the clone got the edge swipe or lost the drag")
            #expect(!got.contains { $0.code == AbsCode.mtTrackingID && $0.value == 7 })
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// Figures (no thresholds: the VM's timing follows the host's load), into RESULTS/ownership.txt: the delay
        /// ownership adds to forwarded mid-screen frames (the clone's kernel time of each SYN_REPORT against the
        /// time just before the test wrote it to the source), and the hold time of edge contacts that fail (a tap;
        /// a finger that stays still past the 250 ms activation time-out): their first frame's time on the clone
        /// against the time their touch-down was written. Each failed contact reaches the clone whole.
        @Test func figuresForwardedDelayAndHoldTime() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-figures")
            let clone = try LiveDevice(path: cloneNode)
            var got: [InputEvent] = []
            let drainClone = { _ = try? clone.read { got.append($0) } }
            let abs = EventType.abs
            func e(_ code: UInt16, _ v: Int32) -> InputEvent { InputEvent(time: 0, type: abs, code: code, value: v) }
            let syn = InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0)
            /// Writes a frame; returns the CLOCK_MONOTONIC µs just before its SYN_REPORT went in.
            func write(_ frame: [InputEvent]) throws -> UInt64 {
                for event in frame.dropLast() { try source.write(event) }
                let t = Monotonic.now().rawValue
                try source.write(frame.last!)
                return t
            }
            func pause(_ us: UInt64) {
                let end = Monotonic.now().rawValue + us
                while Monotonic.now().rawValue < end { drainClone(); usleep(2_000) }
            }

            // Mid-screen: 200 frames, 5 ms apart.
            var written: [UInt64] = []
            for frame in Self.midScreenDrag(trackingID: 50, count: 199) {
                written.append(try write(frame))
                pause(5_000)
            }
            pause(500_000)
            let midTimes = got.filter(\.isSynReport).map(\.time.rawValue)
            #expect(midTimes.count == written.count, "clone frames \(midTimes.count), written \(written.count)")
            if midTimes.count == written.count {
                OwnershipFigures.report(zip(midTimes, written).map { Int64($0) - Int64($1) }, name: "added delay, forwarded mid-screen frames")
            }

            // Mid-screen frames while a second finger is down at the left edge (issue 22): 10 rounds of an edge contact
            // on slot 1, held, then 20 ms later a 20-frame drag on slot 0, 5 ms apart, then both lift. The edge
            // contact is held until the drag's first frame fails the one-finger swipe (two fingers down): that
            // frame releases its held frame first, so it is given apart from the drag's later frames.
            var firstDelays: [Int64] = [], laterDelays: [Int64] = [], edgeReleasedAtFirst = 0
            for round in 0..<10 {
                let start = got.count
                let edgeID = Int32(300 + round), dragID = Int32(400 + round)
                _ = try write([e(AbsCode.mtSlot, 1), e(AbsCode.mtTrackingID, edgeID), e(AbsCode.mtPositionX, 10),
                               e(AbsCode.mtPositionY, 600), syn])
                pause(20_000)
                var dragWritten: [UInt64] = []
                for k in 0..<20 {
                    let frame = k == 0
                        ? [e(AbsCode.mtSlot, 0), e(AbsCode.mtTrackingID, dragID), e(AbsCode.mtPositionX, 1200), e(AbsCode.mtPositionY, 800), syn]
                        : [e(AbsCode.mtPositionX, 1200 + Int32(k) * 20), syn]
                    dragWritten.append(try write(frame))
                    pause(5_000)
                }
                // Slot 0 lifts last, so the source's current slot is 0 again for what follows.
                _ = try write([e(AbsCode.mtSlot, 1), e(AbsCode.mtTrackingID, -1), syn])
                _ = try write([e(AbsCode.mtSlot, 0), e(AbsCode.mtTrackingID, -1), syn])
                pause(150_000)
                // The clone's frames of this round: each slot-0 position names its drag frame (1200 + 20 k).
                var slot = -1, dragFrame: Int?, edgeSeen = false
                for event in got[start...] {
                    if event.type == abs && event.code == AbsCode.mtSlot { slot = Int(event.value) }
                    if event.type == abs && event.code == AbsCode.mtTrackingID && event.value == edgeID { edgeSeen = true }
                    if event.type == abs && event.code == AbsCode.mtPositionX && slot == 0 && event.value >= 1200 {
                        dragFrame = Int(event.value - 1200) / 20
                    }
                    guard event.isSynReport, let k = dragFrame, k < dragWritten.count else { continue }
                    let delay = Int64(event.time.rawValue) - Int64(dragWritten[k])
                    if k == 0 {
                        firstDelays.append(delay)
                        if edgeSeen { edgeReleasedAtFirst += 1 }
                    } else {
                        laterDelays.append(delay)
                    }
                    dragFrame = nil
                }
            }
            #expect(firstDelays.count == 10 && laterDelays.count == 190, "drag frames on the clone: \(firstDelays.count) + \(laterDelays.count)")
            #expect(edgeReleasedAtFirst == 10, "the held edge contact reached the clone by the drag's first frame in \(edgeReleasedAtFirst) of 10 rounds")
            OwnershipFigures.report(firstDelays, name: "added delay, first mid-screen frame while an edge contact is held (releases it)")
            OwnershipFigures.report(laterDelays, name: "added delay, later mid-screen frames, edge contact down")

            // Edge contacts that fail: 10 taps (down, a 1-unit move 20 ms later, lift 20 ms after that) and 10 still
            // fingers lifted after 400 ms. Each has its own tracking id.
            var downs: [(id: Int32, kind: String, written: UInt64)] = []
            for i in 0..<20 {
                let id = Int32(200 + i)
                let y = Int32(200 + (i % 10) * 120)
                let tap = i < 10
                downs.append((id, tap ? "tap" : "still", try write([e(AbsCode.mtTrackingID, id), e(AbsCode.mtPositionX, 10),
                                                                   e(AbsCode.mtPositionY, y), syn])))
                if tap {
                    pause(20_000)
                    _ = try write([e(AbsCode.mtPositionY, y + 1), syn])
                    pause(20_000)
                } else {
                    pause(400_000)
                }
                _ = try write([e(AbsCode.mtTrackingID, -1), syn])
                pause(150_000)
            }
            pause(500_000)
            var holds: [String: [Int64]] = [:]
            for down in downs {
                // The contact's first frame on the clone: the SYN_REPORT after its tracking id.
                guard let start = got.firstIndex(where: { $0.code == AbsCode.mtTrackingID && $0.value == down.id && $0.type == abs }),
                      let report = got[start...].firstIndex(where: \.isSynReport) else {
                    Issue.record("edge \(down.kind) \(down.id) never reached the clone")
                    continue
                }
                // Whole: its lift follows.
                #expect(got[report...].contains { $0.type == abs && $0.code == AbsCode.mtTrackingID && $0.value == -1 })
                holds[down.kind, default: []].append(Int64(got[report].time.rawValue) - Int64(down.written))
            }
            for kind in ["tap", "still"] {
                OwnershipFigures.report(holds[kind] ?? [], name: "hold time, failed edge contacts (\(kind))")
            }
            #expect(holds["still"]?.allSatisfy { $0 >= 250_000 } == true, "a still finger was released before the 250 ms time-out: \(holds)")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        /// The service stopped (SIGSTOP) while a finger floods the source past its buffer: it reads SYN_DROPPED when
        /// continued, and the clone's finger is lifted and reported again, then lifted with the real lift. Nothing
        /// stays down on the clone: every tracking id started there ends.
        @Test func anOverflowLeavesNothingStuckOnTheClone() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-overflow")
            let clone = try LiveDevice(path: cloneNode)
            var got: [InputEvent] = []
            let abs = EventType.abs
            func e(_ code: UInt16, _ v: Int32) -> InputEvent { InputEvent(time: 0, type: abs, code: code, value: v) }
            let syn = InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0)
            for event in [e(AbsCode.mtTrackingID, 60), e(AbsCode.mtPositionX, 1000), e(AbsCode.mtPositionY, 800), syn] {
                try source.write(event)
            }
            _ = waitFor(seconds: 10) { _ = try? clone.read { got.append($0) }; return got.contains(where: \.isSynReport) }
            #expect(kill(service.child.pid, SIGSTOP) == 0)
            for i in 0..<4000 {
                try source.write(e(AbsCode.mtPositionX, 1000 + Int32(i % 500)))
                try source.write(syn)
                if i % 100 == 0 { _ = try? clone.read { got.append($0) } }
            }
            #expect(kill(service.child.pid, SIGCONT) == 0)
            // The continued service reads the overflow and its resync; the clone's reader keeps up meanwhile.
            _ = waitFor(seconds: 2) { _ = try? clone.read { got.append($0) }; usleep(20_000); return false }
            for event in [e(AbsCode.mtTrackingID, -1), syn] { try source.write(event) }
            var quiet = 0
            _ = waitFor(seconds: 30) {
                let before = got.count
                _ = try? clone.read { got.append($0) }
                quiet = got.count == before ? quiet + 1 : 0
                usleep(50_000)
                return quiet >= 20
            }
            let ids = got.filter { $0.type == abs && $0.code == AbsCode.mtTrackingID }.map(\.value)
            #expect(ids.last == -1, "the clone's last tracking id: \(ids.suffix(6))")
            #expect(ids.filter { $0 >= 0 }.count == ids.filter { $0 == -1 }.count, "starts and ends on the clone: \(ids)")
            #expect(ids.filter { $0 >= 0 }.count >= 2, "the finger was not lifted and reported again after the drop: \(ids)")
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        @Test func killNineGivesTheDeviceBackAndRemovesTheClone() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-kill")
            let reader = try LiveDevice(path: source.node)
            let killed = Monotonic.now().rawValue
            #expect(kill(service.child.pid, SIGKILL) == 0)
            // Frames every 20 ms until the reader of the source gets one: the grab ended with the service.
            var firstEventUs: UInt64?
            var id: Int32 = 100
            _ = waitFor(seconds: 10) {
                for frame in Self.midScreenDrag(trackingID: id, count: 1) { for e in frame { try? source.write(e) } }
                id += 1
                _ = try? reader.read { _ in if firstEventUs == nil { firstEventUs = Monotonic.now().rawValue } }
                if firstEventUs == nil { usleep(20_000) }
                return firstEventUs != nil
            }
            let after = firstEventUs.map { Double($0 - killed) / 1000 }
            #expect(after != nil && after! < 1000, "a reader of the source got events \(after.map { "\($0) ms" } ?? "never") after kill -9")
            print("ownership: kill -9 -> a reader of the source reads again after \(after.map { String(format: "%.1f", $0) } ?? "-") ms")
            #expect(waitFor(seconds: 10) { access(cloneNode, F_OK) != 0 }, "the clone \(cloneNode) outlived the service")
            #expect(service.child.wait(seconds: 10) != nil)
        }

        /// Issue 27, item 4: a panel ownership cannot take (single touch: no contacts to hold back one by one) is
        /// read without ownership, with one warning naming it and why, rather than dropped: no clone is made and a
        /// second reader still gets its events (nothing grabbed it).
        @Test func aPanelThatCannotBeOwnedIsUsedWithoutOwnershipWithOneWarning() throws {
            let service = try Service(stack: "home,a", arguments: ["--own"], tag: "own-single-touch")
            let mark = service.logMark
            let axis = AbsInfo(minimum: 0, maximum: 4095, resolution: 16)
            let panel = DeviceDescription(name: "EdgeSwipe single-touch panel",
                                          id: InputID(bustype: 0x03, vendor: 0x1d6b, product: 0x0e18, version: 1),
                                          codes: [EventType.key: [UInt16(BTN_TOUCH)], EventType.abs: [AbsCode.x, AbsCode.y]],
                                          absInfo: [AbsCode.x: axis, AbsCode.y: axis], properties: [UInt16(INPUT_PROP_DIRECT)])
            let source = try VirtualDevice(panel)
            try service.waitUntilAdded(source.node, after: mark)
            let log = String(decoding: Array(service.child.stderr.utf8)[mark...], as: UTF8.self)
            let warnings = log.split(separator: "\n").filter { $0.contains("used without ownership") }
            #expect(warnings.count == 1, "\(log)")
            #expect(warnings.first?.contains(source.node) == true && warnings.first?.contains("no multitouch slots") == true)
            #expect(edgeSwipeClone(of: source.node) == nil)
            let reader = try LiveDevice(path: source.node)
            for (type, code, value) in [(EventType.key, UInt16(BTN_TOUCH), Int32(1)), (EventType.abs, AbsCode.x, 2000),
                                        (EventType.abs, AbsCode.y, 2000), (EventType.syn, SynCode.report, 0)] {
                try source.write(type, code, value)
            }
            var got = 0
            _ = waitFor(seconds: 10) {
                _ = try? reader.read { _ in got += 1 }
                return got >= 4
            }
            #expect(got >= 4, "a second reader of the unowned panel got \(got) events")
            #expect(service.child.isRunning)
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }

        @Test func unplugRemovesTheCloneAndTheServiceRunsOn() throws {
            let (service, source, cloneNode) = try Self.ownedTouchscreen(tag: "own-unplug")
            source.destroy()
            #expect(waitFor(seconds: 30) { access(cloneNode, F_OK) != 0 }, "the clone \(cloneNode) outlived its source")
            #expect(service.child.isRunning)
            // A device plugged in again is owned again, with a new clone.
            let mark = service.logMark
            let again = try VirtualDevice(try Self.touchscreen())
            try service.waitUntilAdded(again.node, after: mark)
            #expect(waitFor(seconds: 30) { edgeSwipeClone(of: again.node) != nil })
            #expect(service.child.stop(SIGTERM) == 0, "edgeswipe run: \(service.child.stderr)")
        }
    }
}

/// Per-frame delays of ownership mode, p50/p99, printed and written to `RESULTS/ownership.txt` (figures only:
/// no threshold, the VM's timing follows the host's load).
enum OwnershipFigures {
    static func report(_ delaysUs: [Int64], name: String) {
        guard !delaysUs.isEmpty else { return }
        let sorted = delaysUs.sorted()
        func p(_ q: Double) -> Int64 { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))] }
        let line = "ownership: \(name): n=\(sorted.count) p50=\(Double(p(0.5)) / 1000) ms p99=\(Double(p(0.99)) / 1000) ms"
        print(line)
        if let results = ProcessInfo.processInfo.environment["VMRUN_RESULTS"] {
            let path = "\(results)/ownership.txt"
            if let h = FileHandle(forWritingAtPath: path) {
                h.seekToEndOfFile()
                h.write(Data((line + "\n").utf8))
                try? h.close()
            } else {
                try? (line + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            }
        }
    }
}
