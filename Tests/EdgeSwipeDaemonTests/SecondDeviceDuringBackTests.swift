import EdgeSwipeControl
import FixtureSupport
import Foundation
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 33, item 1: a touch on a second device while the first device's back swipe drives the interactive pop.
/// Each device has its own recognizers with the same names (`left-1`); a gesture's identity in navigation and
/// dispatch is the device and the recognizer, so the second device's touch must not end, refuse or take over the
/// first device's pop. The oracle is independent of the code: whatever the second device does off the first
/// device's gesture, navigation does exactly what it does with the first device alone.
@Suite struct SecondDeviceDuringBackTests {
    static let EV_SYN: UInt16 = 0, EV_KEY: UInt16 = 1, EV_ABS: UInt16 = 3
    static let BTN_TOUCH: UInt16 = 330, ABS_MT_SLOT: UInt16 = 0x2f, ABS_MT_TRACKING_ID: UInt16 = 0x39
    static let ABS_MT_POSITION_X: UInt16 = 0x35, ABS_MT_POSITION_Y: UInt16 = 0x36, ABS_X: UInt16 = 0, ABS_Y: UInt16 = 1

    func demo() throws -> Trace {
        try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
    }

    func options() throws -> PipelineOptions {
        var o = PipelineOptions()
        o.stack = try StackSpec.parse("home,inbox,message,four")
        return o
    }

    /// The times at which the demo's fingers touch down (BTN_TOUCH 1), read from the recording itself.
    func touchDowns(_ trace: Trace) -> [Microseconds] {
        trace.devices[0].events.filter { $0.type == Self.EV_KEY && $0.code == Self.BTN_TOUCH && $0.value == 1 }.map(\.time)
    }

    /// One finger on the second device: down at `start` at (x, y) as fractions of the axes, moved by `dx` (a
    /// fraction of the x axis) over `steps` frames 8 ms apart, then lifted.
    func stroke(_ d: DeviceDescription, start: Microseconds, x: Double, y: Double, dx: Double = 0, steps: Int = 1,
                trackingID: Int32 = 900) -> [InputEvent] {
        let ax = d.absInfo[Self.ABS_MT_POSITION_X]!, ay = d.absInfo[Self.ABS_MT_POSITION_Y]!
        func at(_ f: Double, _ a: AbsInfo) -> Int32 { a.minimum + Int32(Double(a.maximum - a.minimum) * f) }
        var out: [InputEvent] = []
        func ev(_ t: Microseconds, _ type: UInt16, _ code: UInt16, _ v: Int32) {
            out.append(InputEvent(time: t, type: type, code: code, value: v))
        }
        func position(_ t: Microseconds, _ fx: Double) {
            ev(t, Self.EV_ABS, Self.ABS_MT_POSITION_X, at(fx, ax)); ev(t, Self.EV_ABS, Self.ABS_MT_POSITION_Y, at(y, ay))
            if d.absInfo[Self.ABS_X] != nil { ev(t, Self.EV_ABS, Self.ABS_X, at(fx, ax)); ev(t, Self.EV_ABS, Self.ABS_Y, at(y, ay)) }
        }
        ev(start, Self.EV_ABS, Self.ABS_MT_SLOT, 0)
        ev(start, Self.EV_ABS, Self.ABS_MT_TRACKING_ID, trackingID)
        position(start, x)
        ev(start, Self.EV_KEY, Self.BTN_TOUCH, 1)
        ev(start, Self.EV_SYN, 0, 0)
        var t = start
        for i in 1...max(steps, 1) {
            t = start + Microseconds(UInt64(i) * 8_000)
            position(t, x + dx * Double(i) / Double(max(steps, 1)))
            ev(t, Self.EV_SYN, 0, 0)
        }
        t += 8_000
        ev(t, Self.EV_ABS, Self.ABS_MT_TRACKING_ID, -1)
        ev(t, Self.EV_KEY, Self.BTN_TOUCH, 0)
        ev(t, Self.EV_SYN, 0, 0)
        return out
    }

    func replayed(_ trace: Trace) throws -> [String] {
        var lines: [String] = []
        try ReplaySession(trace: trace, options: options()).run(sink: {
            lines.append(EventJSON.output($0, deviceName: { _ in nil }))
        })
        return lines
    }

    /// Navigation's own lines (not the gestures' or frames'), which must not depend on the second device.
    func navigationLines(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("\"transition") || $0.contains("\"popRefused\"") || $0.contains("\"stack\"") }
    }

    func withSecondDevice(_ events: (DeviceDescription, Microseconds) -> [InputEvent]) throws -> (alone: [String], both: [String]) {
        let trace = try demo()
        let first = try #require(touchDowns(trace).first)
        var both = trace
        let d = trace.devices[0].description
        both.devices.append(TraceDevice(description: d, events: events(d, first)))
        return (try replayed(trace), try replayed(both))
    }

    /// The reproduction: one tap mid-screen on device 2, 40 ms after device 1's first swipe touched down.
    @Test func aTapOnASecondDeviceDuringABackSwipeLeavesNavigationAsWithTheFirstAlone() throws {
        let (alone, both) = try withSecondDevice { d, first in stroke(d, start: first + 40_000, x: 0.5, y: 0.5) }
        // The demo's swipes finish their pops with the first device alone (the reference has what matters).
        #expect(alone.filter { $0.contains("\"transitionFinished\"") }.count >= 2)
        #expect(!both.contains { $0.contains("transitionInProgress") })
        #expect(navigationLines(both) == navigationLines(alone))
    }

    /// The class: device 2 does each kind of thing while device 1's first swipe is tracked, begun or driving, or
    /// just released (the offsets put device 2's touch-down at those points of device 1's stroke): a tap, a
    /// swipe that fails (along the edge), its own back swipe from the left edge (refused while the pop runs, or
    /// its own pop after it), and a swipe from the right edge.
    @Test(arguments: [0, 10_000, 40_000, 80_000, 150_000, 300_000] as [UInt64])
    func everyKindOfSecondDeviceTouchAtEveryPointOfTheFirstsSwipe(offset: UInt64) throws {
        let kinds: [(String, (DeviceDescription, Microseconds) -> [InputEvent])] = [
            ("tap", { d, t in stroke(d, start: t, x: 0.5, y: 0.5) }),
            ("tap at the left edge", { d, t in stroke(d, start: t, x: 0.002, y: 0.5) }),
            ("failing swipe", { d, t in stroke(d, start: t, x: 0.6, y: 0.3, dx: -0.3, steps: 6) }),
        ]
        for (name, events) in kinds {
            let (alone, both) = try withSecondDevice { d, first in events(d, first + Microseconds(offset)) }
            #expect(navigationLines(both) == navigationLines(alone), "device 2: \(name) at +\(offset / 1000) ms")
        }
        // Device 2's own back swipe from the left edge: it may pop too (after device 1's pop has settled), but it
        // never wedges navigation: every transition that begins finishes, and nothing is refused for ever.
        let (alone, both) = try withSecondDevice { d, first in
            stroke(d, start: first + Microseconds(offset), x: 0.002, y: 0.5, dx: 0.6, steps: 12)
        }
        let began = both.filter { $0.contains("\"transitionBegan\"") }.count
        let finished = both.filter { $0.contains("\"transitionFinished\"") }.count
        // Every transition that begins finishes, as with device 1 alone (the initial non-animated stack has no finish).
        let unfinishedAlone = alone.filter { $0.contains("\"transitionBegan\"") }.count
            - alone.filter { $0.contains("\"transitionFinished\"") }.count
        #expect(began - finished == unfinishedAlone, "device 2's own swipe at +\(offset / 1000) ms: \(began) began, \(finished) finished")
        // Device 2's swipe can add a pop of its own; it never takes one of device 1's away.
        let finishedAlone = alone.filter { $0.contains("\"transitionFinished\"") }.count
        #expect(finished >= finishedAlone, "device 2's own swipe at +\(offset / 1000) ms")
    }
}
