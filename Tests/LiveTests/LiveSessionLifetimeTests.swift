import EdgeSwipeDaemon
import EdgeSwipeSystem
import Testing
import TouchInput
import TouchModel
import TouchTrace

extension LiveSuite {
    /// A device's handler on the event loop captures its session unowned(unsafe) (no reference-count check per
    /// wake-up), which is sound only if no handler outlives the session: its deinit unregisters them.
    @Suite struct LiveSessionLifetimeTests {
        @Test func aDroppedSessionLeavesNoHandlerOnTheLoop() throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            let loop = try EventLoop()
            let before = loop.registrationCount
            var options = ReplayCase.demo.options
            options.emitFrames = true
            var frames = 0
            func touch(_ id: Int32) throws {
                try device.write(EventType.abs, AbsCode.mtSlot, 0)
                try device.write(EventType.abs, AbsCode.mtTrackingID, id)
                try device.write(EventType.abs, AbsCode.mtPositionX, 400)
                try device.write(EventType.abs, AbsCode.mtPositionY, 300)
                try device.write(EventType.syn, SynCode.report, 0)
            }
            do {
                let session = try LiveSession(loop: loop, options: options, navigation: nil) { output in
                    if case .frame = output { frames += 1 }
                }
                try session.add(LiveDevice(path: device.node))
                // The device and the session's deadline timer.
                #expect(loop.registrationCount == before + 2)
                // While the session lives, a frame written to the device reaches it through the loop.
                try touch(5)
                #expect(try loop.runOnce(timeoutMilliseconds: 2000) == 1)
                #expect(frames == 1)
                withExtendedLifetime(session) {}
            }
            #expect(loop.registrationCount == before)
            // Events on the device now wake nothing: the loop has no handler to call into the freed session.
            try touch(7)
            #expect(try loop.runOnce(timeoutMilliseconds: 200) == 0)
            #expect(frames == 1)
        }

        /// Issue 14 item 13: an unplug says "its contacts were cancelled" (a warning in the service) only when a
        /// finger was down; an idle unplug is only reported through `onUnplug`.
        @Test(arguments: [false, true]) func unplugWarnsOnlyWhenAContactWasCancelled(fingerDown: Bool) throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            let loop = try EventLoop()
            var notes: [String] = []
            var cancelledFrames = 0
            var unplugged: [String] = []
            var options = ReplayCase.demo.options
            options.emitFrames = true
            let session = try LiveSession(loop: loop, options: options, navigation: nil) { output in
                switch output {
                case .deviceNote(let text, _): notes.append(text)
                case .frame(let f, _) where f.contacts.contains { $0.phase == .cancelled }: cancelledFrames += 1
                default: break
                }
            }
            session.onUnplug = { _, path in unplugged.append(path) }
            try session.add(LiveDevice(path: device.node))
            func write(trackingID: Int32) throws {
                try device.write(EventType.abs, AbsCode.mtSlot, 0)
                try device.write(EventType.abs, AbsCode.mtTrackingID, trackingID)
                try device.write(EventType.abs, AbsCode.mtPositionX, 400)
                try device.write(EventType.abs, AbsCode.mtPositionY, 300)
                try device.write(EventType.syn, SynCode.report, 0)
                #expect(try loop.runOnce(timeoutMilliseconds: 2000) == 1)
            }
            try write(trackingID: 5)
            if !fingerDown { try write(trackingID: -1) }   // lifted again: nothing is down when the device goes
            device.destroy()
            for _ in 0..<3 where unplugged.isEmpty { _ = try loop.runOnce(timeoutMilliseconds: 2000) }
            #expect(unplugged == [device.node])
            #expect(session.sourceCount == 0)
            #expect(cancelledFrames == (fingerDown ? 1 : 0))
            #expect(notes == (fingerDown ? ["\(device.node) unplugged; its contacts were cancelled"] : []))
        }
    }
}
