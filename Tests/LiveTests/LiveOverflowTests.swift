import EdgeSwipeDaemon
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

extension LiveSuite {
    /// Issue 8, "Overflow": a flood overflows the kernel's evdev buffer while the reader is paused. libevdev
    /// reports SYN_DROPPED and resyncs; the decoder (live mode) ends up with no stuck contact after the lift, and
    /// the swipes that follow are recognised as offline.
    @Suite struct LiveOverflowTests {
        @Test func floodPastTheKernelBufferLeavesNoStuckContact() throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            // The reader is this thread: it opens the node now and reads only when told, so the flood below
            // piles up in the kernel's per-client buffer.
            let live = try LiveDevice(path: device.node)
            let pipeline = try DevicePipeline(device: live.description, options: ReplayCase.demo.options, mode: .live)
            var frames: [TouchFrame] = []
            var steps: [GestureStep] = []
            var dropped = 0
            var events = 0
            func drain() throws {
                var outcome: ReadOutcome
                repeat {
                    outcome = try live.read { e in
                        events += 1
                        if e.type == EventType.syn && e.code == SynCode.dropped { dropped += 1 }
                        if let (frame, gestures) = pipeline.feed(e) {
                            frames.append(frame)
                            steps += gestures.compactMap(GestureStep.init)
                        }
                    }
                } while outcome == .limitReached || (outcome == .drained && live.hasPendingEvents)
                #expect(outcome != .unplugged)
            }

            let x = EventCodeNames.code(type: EventType.abs, named: "ABS_MT_POSITION_X")!
            let y = EventCodeNames.code(type: EventType.abs, named: "ABS_MT_POSITION_Y")!
            /// A finger put down mid-screen, then wiggled for `frames` frames (2 events each): all written unread.
            func flood(trackingID: Int32, frames: Int) throws {
                try device.write(EventType.abs, AbsCode.mtSlot, 0)
                try device.write(EventType.abs, AbsCode.mtTrackingID, trackingID)
                try device.write(EventType.abs, x, 1200)
                try device.write(EventType.abs, y, 800)
                try device.write(EventType.key, KeyCode.btnTouch, 1)
                try device.write(EventType.syn, SynCode.report, 0)
                for i in 0..<frames {
                    try device.write(EventType.abs, x, 1200 + Int32(i % 50) + 1)
                    try device.write(EventType.syn, SynCode.report, 0)
                }
            }
            func lift() throws {
                try device.write(EventType.abs, AbsCode.mtTrackingID, -1)
                try device.write(EventType.key, KeyCode.btnTouch, 0)
                try device.write(EventType.syn, SynCode.report, 0)
            }
            func active() -> Int { frames.last?.contacts.filter(\.isActive).count ?? -1 }

            // 1. The finger is still down when the reader wakes: 4000 frames (8000 events, far past the kernel's
            //    per-client buffer of a few hundred to a few thousand events) overflowed it. libevdev's resync
            //    gives the current state: one contact, active, at the last written position.
            try flood(trackingID: 500, frames: 4000)
            try drain()
            print("live-tests: overflow 1: \(events) events read of 8006 written, \(dropped) SYN_DROPPED, \(frames.count) frames")
            #expect(dropped >= 1, "the flood did not overflow the kernel buffer")
            #expect(events < 8006)
            #expect(frames.last?.resynced == true || frames.contains { $0.resynced })
            #expect(active() == 1)
            #expect(frames.last?.contacts.first?.deviceX == 1200 + Int32(3999 % 50) + 1)
            // ...and lifted: no stuck contact.
            try lift()
            try drain()
            #expect(active() == 0, "\(String(describing: frames.last))")

            // 2. Touch, flood and lift all before the reader wakes: after the resync nothing is down.
            let droppedBefore = dropped
            events = 0
            try flood(trackingID: 501, frames: 4000)
            try lift()
            try drain()
            print("live-tests: overflow 2: \(events) events read of 8009 written, \(dropped - droppedBefore) SYN_DROPPED")
            #expect(dropped > droppedBefore)
            #expect(active() <= 0, "\(String(describing: frames.last))")
            #expect(pipeline.diagnostics.contains { if case .synDropped = $0 { return true } else { return false } })
            // The touches were mid-screen: no edge swipe, at most their failure.
            #expect(steps.allSatisfy { $0.phase == "failed" }, "\(steps)")

            // Afterwards: the demo's swipes, written frame by frame at their recorded times and read as they come
            // (this thread alternates), give the offline replay's gestures.
            steps.removeAll()
            frames.removeAll()
            try device.play(trace.devices[0].events, after: { _ in
                try? drain()
                return false
            })
            usleep(100_000)
            try drain()
            #expect(steps.map(\.key) == ReplayCase.demoExpected)
            #expect(frames.last?.contacts.allSatisfy { !$0.isActive } ?? false)
            live.close()
        }
    }
}
