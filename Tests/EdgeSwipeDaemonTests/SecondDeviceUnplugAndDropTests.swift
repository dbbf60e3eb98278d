import EdgeSwipeControl
import FixtureSupport
import Foundation
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 33, item 1, the rest of the class: device 2 unplugged or losing events (SYN_DROPPED) while device 1's
/// back swipe drives the pop, on both backends: evdev (the service decodes events) and libinput (frame sources,
/// fed frames in mm). As in `SecondDeviceDuringBackTests`, the oracle is device 1 alone: navigation's lines
/// must be the same. And device 1's own unplug mid-swipe ends its pop on both backends, so later swipes pop.
@Suite struct SecondDeviceUnplugAndDropTests {
    typealias S = SecondDeviceDuringBackTests
    let strokes = SecondDeviceDuringBackTests()

    enum Backend: String, CaseIterable { case evdev, libinput }

    /// What happens on device 2, at times relative to device 1's first touch-down.
    enum Device2 {
        case nothing
        /// Device 2's events (on the demo's description), played as recorded.
        case events([InputEvent])
        /// Device 2 touches down with `events`, then is unplugged at `at`.
        case unplugged([InputEvent], at: Microseconds)
    }

    func options() throws -> PipelineOptions { try strokes.options() }

    /// Plays the demo on device 1 and `device2` on a second device of the same description through one core,
    /// as a live session would: merged in time order, an unplug as `remove` at its time. `unplugFirst`: device 1
    /// is unplugged at that time instead (its events after it are not played). Returns every output line.
    func play(_ backend: Backend, _ device2: Device2, unplugFirst: Microseconds? = nil) throws -> [String] {
        let demo = try strokes.demo()
        let description = demo.devices[0].description
        let o = try options()
        let navigation = o.stack.map {
            NavigationSession(screens: $0, config: o.navigation, popRecognizer: o.popRecognizer, now: 0)
        }
        var lines: [String] = []
        let core = SessionCore(navigation: navigation, emitFrames: false) {
            lines.append(EventJSON.output($0, deviceName: { _ in nil }))
        }
        core.flushNavigation()
        // libinput: frames in mm, as the evdev decoder of the same description makes them.
        func source() throws -> (SessionSource, DevicePipeline?) {
            switch backend {
            case .evdev:
                return (core.add(try DevicePipeline(device: description, options: o)), nil)
            case .libinput:
                let decoding = try DevicePipeline(device: description, options: o)
                let frames = try DevicePipeline(frameSourceNamed: description.name, node: "/dev/input/event9",
                                                size: decoding.geometry.size, options: o)
                return (core.add(frames), decoding)
            }
        }
        let (one, oneDecoder) = try source()
        let (two, twoDecoder) = try source()
        var events: [(Microseconds, Int, InputEvent)] = demo.devices[0].events.map { ($0.time, 0, $0) }
        var unplugTwo: Microseconds?
        switch device2 {
        case .nothing: break
        case .events(let e): events += e.map { ($0.time, 1, $0) }
        case .unplugged(let e, let at):
            events += e.filter { $0.time < at }.map { ($0.time, 1, $0) }
            unplugTwo = at
        }
        events.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var removed: Set<Int> = []
        func unplug(_ k: Int, _ s: SessionSource, _ t: Microseconds) {
            guard !removed.contains(k) else { return }
            removed.insert(k)
            // libinput lifts a removed device's touches itself before DEVICE_REMOVED; the service's remove
            // must end the gesture either way, so none is sent here.
            core.remove(s, now: t)
        }
        for (t, k, e) in events {
            if let at = unplugTwo, t >= at { unplug(1, two, at) }
            if let at = unplugFirst, t >= at { unplug(0, one, at) }
            if removed.contains(k) { continue }
            let (s, decoder) = k == 0 ? (one, oneDecoder) : (two, twoDecoder)
            if let decoder {
                if let (frame, _) = decoder.feed(e) { core.process(frame, from: s) }
            } else {
                core.feed(e, to: s)
            }
        }
        let end = events.last!.0
        if let at = unplugTwo { unplug(1, two, at) }
        for (k, s) in [(0, one), (1, two)] where !removed.contains(k) { core.cancel(s, now: end) }
        core.fire(upTo: .max)
        return lines
    }

    func firstTouchDown() throws -> Microseconds { try #require(strokes.touchDowns(try strokes.demo()).first) }

    func count(_ lines: [String], _ type: String) -> Int { lines.filter { $0.contains("\"\(type)\"") }.count }

    /// Transitions that ended: finished or cancelled (a pop released short of completing).
    func ended(_ lines: [String]) -> Int { count(lines, "transitionFinished") + count(lines, "transitionCancelled") }

    @Test("the two backends give the demo the same navigation")
    func backendsAgree() throws {
        let evdev = try play(.evdev, .nothing), libinput = try play(.libinput, .nothing)
        #expect(count(evdev, "transitionFinished") >= 2)
        #expect(strokes.navigationLines(libinput) == strokes.navigationLines(evdev))
    }

    /// Device 2 unplugged while it touches (mid-screen, at the left edge, during a failing swipe) or while
    /// idle, at each point of device 1's first swipe.
    @Test(arguments: Backend.allCases, [0, 10_000, 40_000, 80_000, 150_000] as [UInt64])
    func secondDeviceUnpluggedDuringTheFirstsSwipe(_ backend: Backend, offset: UInt64) throws {
        let aloneLines = try play(backend, .nothing)
        #expect(count(aloneLines, "transitionBegan") == ended(aloneLines))
        let alone = strokes.navigationLines(aloneLines)
        let first = try firstTouchDown()
        let d = try strokes.demo().devices[0].description
        let start = first + Microseconds(offset)
        let touches: [(String, [InputEvent])] = [
            ("idle", []),
            ("touching mid-screen", strokes.stroke(d, start: start, x: 0.5, y: 0.5, steps: 10)),
            ("touching at the left edge", strokes.stroke(d, start: start, x: 0.002, y: 0.5, steps: 10)),
            ("in its own swipe from the left edge", strokes.stroke(d, start: start, x: 0.002, y: 0.5, dx: 0.6, steps: 12)),
        ]
        for (name, events) in touches {
            // Unplugged 24 ms after its touch-down: three frames in, before its lift.
            let lines = try play(backend, .unplugged(events, at: start + 24_000))
            let nav = strokes.navigationLines(lines)
            #expect(!lines.contains { $0.contains("transitionInProgress") } || name.hasPrefix("in its own"),
                    "\(backend): device 2 \(name), unplugged at +\(offset / 1000 + 24) ms")
            if name.hasPrefix("in its own") {
                // Its own swipe may have begun a pop of its own; whatever began finishes.
                #expect(count(lines, "transitionBegan") == ended(lines),
                        "\(backend): device 2 \(name), unplugged at +\(offset / 1000 + 24) ms")
            } else {
                #expect(nav == alone, "\(backend): device 2 \(name), unplugged at +\(offset / 1000 + 24) ms")
            }
        }
    }

    /// The libinput backend with device 2's tap, tap at the edge and failing swipe (SecondDeviceDuringBackTests
    /// plays them through the evdev backend in a replay).
    @Test(arguments: [0, 10_000, 40_000, 80_000, 150_000, 300_000] as [UInt64])
    func secondFrameSourceTouchesDuringTheFirstsSwipe(offset: UInt64) throws {
        let alone = strokes.navigationLines(try play(.libinput, .nothing))
        let d = try strokes.demo().devices[0].description
        let start = try firstTouchDown() + Microseconds(offset)
        let kinds: [(String, [InputEvent])] = [
            ("tap", strokes.stroke(d, start: start, x: 0.5, y: 0.5)),
            ("tap at the left edge", strokes.stroke(d, start: start, x: 0.002, y: 0.5)),
            ("failing swipe", strokes.stroke(d, start: start, x: 0.6, y: 0.3, dx: -0.3, steps: 6)),
        ]
        for (name, events) in kinds {
            #expect(strokes.navigationLines(try play(.libinput, .events(events))) == alone, "device 2: \(name) at +\(offset / 1000) ms")
        }
    }

    /// SYN_DROPPED on device 2 (evdev: the kernel's buffer overran; the recording's rest of that frame is lost
    /// and its contacts are cancelled), while it touches or idle.
    @Test(arguments: [0, 10_000, 40_000, 80_000, 150_000] as [UInt64])
    func secondDeviceDropsEventsDuringTheFirstsSwipe(offset: UInt64) throws {
        let alone = strokes.navigationLines(try play(.evdev, .nothing))
        let first = try firstTouchDown()
        let d = try strokes.demo().devices[0].description
        let start = first + Microseconds(offset)
        func dropped(_ events: [InputEvent], at t: Microseconds) -> [InputEvent] {
            // SYN_DROPPED then the rest of that frame (lost), ended by its SYN_REPORT.
            events.filter { $0.time < t } + [
                InputEvent(time: t, type: S.EV_SYN, code: 3, value: 0),
                InputEvent(time: t, type: S.EV_ABS, code: S.ABS_MT_POSITION_X, value: 100),
                InputEvent(time: t, type: S.EV_SYN, code: 0, value: 0),
            ] + events.filter { $0.time > t }
        }
        let cases: [(String, [InputEvent])] = [
            ("idle", dropped([], at: start)),
            ("touching mid-screen", dropped(strokes.stroke(d, start: start, x: 0.5, y: 0.5, steps: 10), at: start + 20_000)),
            ("touching at the left edge", dropped(strokes.stroke(d, start: start, x: 0.002, y: 0.5, steps: 10), at: start + 20_000)),
        ]
        for (name, events) in cases {
            let lines = try play(.evdev, .events(events))
            #expect(strokes.navigationLines(lines) == alone, "device 2 \(name), SYN_DROPPED at +\(offset / 1000) ms")
        }
    }

    /// Device 1 unplugged in the middle of its own first swipe: its pop ends, nothing stays in transition, and
    /// the demo's later swipes, played on device 2, each begin a pop as they do with device 1 alone.
    @Test(arguments: Backend.allCases, [40_000, 80_000, 150_000] as [UInt64])
    func firstDeviceUnpluggedMidSwipeEndsItsPop(_ backend: Backend, offset: UInt64) throws {
        let demo = try strokes.demo()
        let downs = strokes.touchDowns(demo)
        #expect(downs.count == 5, "the sample's five strokes")
        let rest = demo.devices[0].events.filter { $0.time >= downs[1] }
        let alone = try play(backend, .nothing)
        let lines = try play(backend, .events(rest), unplugFirst: downs[0] + Microseconds(offset))
        let what = "\(backend), device 1 unplugged at +\(offset / 1000) ms"
        #expect(count(lines, "transitionBegan") == ended(lines), "\(what): \(strokes.navigationLines(lines))")
        #expect(!lines.contains { $0.contains("transitionInProgress") }, "\(what)")
        let pops = { (l: [String]) in l.filter { $0.contains("\"transitionBegan\"") && $0.contains("interactivePop") }.count }
        #expect(pops(lines) == pops(alone), "\(what)")
        #expect(pops(alone) >= 2)
    }
}
